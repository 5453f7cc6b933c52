//! `uraikal tokenizers` end to end: the table and the results document, a broken tokenizer skipped with its
//! reason, bad passage files refused with file and line (nothing written), and `patch-pretok`.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

fn uraikal(args: &[&str]) -> Output {
    crate::uraikal().args(args).output().expect("runs")
}

/// A file of uraikal-d4's bundled data (its data/ folder: the tokenizers and the Kural passages).
fn d4_data(path: &str) -> String {
    format!("{}/../uraikal-d4/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The first `n` bundled kurals as a passage file `d4_kural.jsonl` in `dir`.
fn kurals(dir: &Path, n: usize) -> PathBuf {
    let text = std::fs::read_to_string(d4_data("d4_kural.jsonl")).unwrap();
    let path = dir.join("d4_kural.jsonl");
    let lines: Vec<&str> = text.lines().take(n).collect();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn measures_skips_the_broken_one_and_writes_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let data = kurals(dir.path(), 40);
    let broken = dir.path().join("broken");
    std::fs::create_dir(&broken).unwrap();
    std::fs::write(broken.join("tokenizer.json"), "{\"version\": \"1.0\", \"model\": ").unwrap();
    let out = dir.path().join("results/d4.json");
    let whisper = d4_data("tokenizers/whisper-multilingual");
    let bert = d4_data("tokenizers/bert-uncased-minilm/tokenizer.json");
    let args = ["tokenizers", "--data", data.to_str().unwrap(), "--tokenizer", &whisper, "--tokenizer", &bert];
    let more = ["--tokenizer", broken.to_str().unwrap(), "--grapheme-safe", "--out", out.to_str().unwrap()];
    let output = uraikal(&[&args[..], &more[..]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let table: Vec<&str> = stdout.lines().collect();
    assert!(table[0].starts_with("tokenizer") && table[0].contains("by pre-tok"), "{stdout}");
    let rows: Vec<&str> = table[2..].iter().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(rows, ["whisper-multilingual", "whisper-multilingual+grapheme-safe", "bert-uncased-minilm", "skipped"]);
    assert!(table[5].contains("not a valid tokenizer.json"), "{stdout}");

    let report: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let results = report["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    for r in results {
        assert_eq!(r["slice"], "kural");
        assert_eq!(r["passages"], 40);
        assert_eq!(r["uraikal_version"], report["uraikal_version"]);
        assert_eq!(r["sha256"].as_str().map(str::len), Some(64));
    }
    assert!(results[0]["by_pretok"].as_f64().unwrap() > 0.9);
    assert_eq!(results[1]["by_pretok"].as_f64(), Some(0.0));
    assert_eq!(results[2]["unk_tokens"].as_u64().map(|n| n > 0), Some(true));
    assert_eq!(report["skipped"][0]["tokenizer"], "broken");
    assert_eq!(report["data"][0]["passages"], 40);
    // SPEC D9: five Tamil words of the passages with each measured tokenizer's cuts (the pieces give the word).
    let examples = report["examples"].as_array().unwrap();
    assert_eq!(examples.len(), 5);
    for e in examples {
        let cuts = e["cuts"].as_array().unwrap();
        assert_eq!(cuts.len(), 3, "{e}");
        for c in cuts {
            let pieces: Vec<&str> = c["pieces"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
            assert_eq!(pieces.concat(), e["word"].as_str().unwrap());
        }
    }
    insta::assert_snapshot!("d4_examples", serde_json::to_string_pretty(&report["examples"]).unwrap());

    // --json prints the same document.
    let output = uraikal(&[&args[..], &["--json"][..]].concat());
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed["results"][0]["tokens"], results[0]["tokens"]);
}

#[test]
fn bad_passage_files_name_file_and_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d4.json");
    let bert = d4_data("tokenizers/bert-uncased-minilm");
    for (name, content, expected) in [
        ("d4_broken.jsonl", "{\"id\": 1, \"text\": \"அ\"}\n{\"id\": 2, \"text\": \n", "d4_broken.jsonl:2"),
        ("d4_notext.jsonl", "{\"id\": 1, \"text\": \"அ\"}\n\n{\"id\": 2}\n", "d4_notext.jsonl:3"),
        (
            "d4_twice.jsonl",
            "{\"id\": 1, \"text\": \"அ\"}\n{\"id\": 1, \"text\": \"ஆ\"}\n",
            "d4_twice.jsonl:2: duplicate",
        ),
        ("d4_empty.jsonl", "\n", "no passages in"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        let output = uraikal(&[
            "tokenizers",
            "--data",
            path.to_str().unwrap(),
            "--tokenizer",
            &bert,
            "--out",
            out.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(expected) && !stderr.contains("panick"), "{name}: {stderr}");
        assert!(!out.exists());
    }
}

#[test]
fn patch_pretok_writes_a_grapheme_safe_copy_and_refuses_safe_ones() {
    let dir = tempfile::tempdir().unwrap();
    let data = kurals(dir.path(), 10);
    let patched = dir.path().join("patched/tokenizer.json.gz");
    let whisper = d4_data("tokenizers/whisper-gpt2/tokenizer.json.gz");
    let output = uraikal(&["tokenizers", "patch-pretok", &whisper, patched.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let output =
        uraikal(&["tokenizers", "--data", data.to_str().unwrap(), "--tokenizer", patched.to_str().unwrap(), "--json"]);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["results"][0]["tokenizer"], "patched");
    assert_eq!(report["results"][0]["by_pretok"].as_f64(), Some(0.0));
    assert!(report["results"][0]["letter_cut"].as_f64().unwrap() > 0.9, "byte-level BPE still cuts letters");

    let not_needed = dir.path().join("bert.json");
    let bert = d4_data("tokenizers/bert-uncased-minilm/tokenizer.json");
    let output = uraikal(&["tokenizers", "patch-pretok", &bert, not_needed.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no letter regex to rewrite"));
    assert!(!not_needed.exists());
}

/// The readable table, as a user sees it (bundled fixtures, 40 kurals).
#[test]
fn the_table_reads_as_it_should() {
    let dir = tempfile::tempdir().unwrap();
    let data = kurals(dir.path(), 40);
    let whisper = d4_data("tokenizers/whisper-multilingual");
    let ailaysa = d4_data("tokenizers/ailaysa-asai-v1");
    let bert = d4_data("tokenizers/bert-uncased-minilm");
    let output = uraikal(&[
        "tokenizers",
        "--data",
        data.to_str().unwrap(),
        "--tokenizer",
        &whisper,
        "--tokenizer",
        &ailaysa,
        "--tokenizer",
        &bert,
        "--grapheme-safe",
    ]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    insta::assert_snapshot!(String::from_utf8(output.stdout).unwrap());
}
