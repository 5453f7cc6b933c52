//! Issue 21 end to end: `tokenizers train` writes the same bytes twice and measures on `--eval`;
//! `tokenizers extend` writes tokenizer.json and new_tokens.json; `--parallel` adds parity; bad input exits 2
//! with a message naming the problem and writes nothing.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

fn uraikal(args: &[&str]) -> Output {
    super::uraikal().args(args).output().expect("runs")
}

fn d4_data(path: &str) -> String {
    format!("{}/../uraikal-d4/data/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The bundled kurals split into a training file (the first 1,000) and a held-out file (the rest).
fn split_kurals(dir: &Path) -> (String, String) {
    let text = std::fs::read_to_string(d4_data("d4_kural.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let train = dir.join("train.jsonl");
    let held = dir.join("d4_held.jsonl");
    std::fs::write(&train, lines[..1000].join("\n") + "\n").unwrap();
    std::fs::write(&held, lines[1000..].join("\n") + "\n").unwrap();
    (train.display().to_string(), held.display().to_string())
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn train_is_deterministic_and_measures_held_out_passages() {
    let dir = tempfile::tempdir().unwrap();
    let (train, held) = split_kurals(dir.path());
    let out = dir.path().join("tamil.json");
    let again = dir.path().join("again.json");
    let args = ["tokenizers", "train", "--data", &train, "--vocab-size", "1500", "--seed", "1"];
    let o = uraikal(&[&args[..], &["--out", out.to_str().unwrap(), "--eval", &held]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("tamil"));
    let o = uraikal(&[&args[..], &["--out", again.to_str().unwrap()]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&again).unwrap());
    let report: Value = serde_json::from_slice(&std::fs::read(dir.path().join("tamil.d4.json")).unwrap()).unwrap();
    let r = &report["results"][0];
    assert_eq!((r["by_pretok"].as_f64(), r["round_trip"].as_f64()), (Some(0.0), Some(1.0)));
    assert!(r["vocab_size"].as_u64().is_some_and(|v| v <= 1500));
    assert_eq!(r["letter_cut"].as_f64(), Some(0.0));
}

#[test]
fn extend_writes_the_tokenizer_and_the_new_tokens() {
    let dir = tempfile::tempdir().unwrap();
    let (train, _) = split_kurals(dir.path());
    let out = dir.path().join("ext");
    let base = d4_data("tokenizers/whisper-multilingual");
    let o = uraikal(&["tokenizers", "extend", &base, "--data", &train, "--add", "200", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let new: Value = serde_json::from_slice(&std::fs::read(out.join("new_tokens.json")).unwrap()).unwrap();
    let new = new.as_array().unwrap();
    assert_eq!(new.len(), 200);
    assert_eq!(new[0]["id"], 51865, "after every base id");
    assert!(new.iter().all(|t| t["base_ids"].as_array().unwrap().len() >= 2));
    assert!(out.join("tokenizer.json").exists());
}

#[test]
fn parity_comes_with_parallel_text_by_id_or_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let ta = dir.path().join("ta.jsonl");
    std::fs::write(&ta, "{\"id\": \"1\", \"text\": \"தமிழ் மொழி\"}\n{\"id\": \"2\", \"text\": \"இனிது\"}\n").unwrap();
    let by_id = dir.path().join("en.jsonl");
    std::fs::write(&by_id, "{\"id\": \"2\", \"text\": \"is sweet\"}\n{\"id\": \"1\", \"text\": \"Tamil language\"}\n")
        .unwrap();
    let by_line = dir.path().join("en.txt");
    std::fs::write(&by_line, "Tamil language\nis sweet\n").unwrap();
    let tok = d4_data("tokenizers/whisper-multilingual");
    let mut parities = Vec::new();
    for en in [&by_id, &by_line] {
        let o = uraikal(&[
            "tokenizers",
            "--data",
            ta.to_str().unwrap(),
            "--parallel",
            en.to_str().unwrap(),
            "--tokenizer",
            &tok,
            "--json",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let report: Value = serde_json::from_slice(&o.stdout).unwrap();
        let r = &report["results"][0];
        assert_eq!(r["parity_pairs"], 2);
        assert!(r["vocab"]["tamil"].as_u64().is_some());
        parities.push(r["parity"].as_f64().unwrap());
    }
    assert_eq!(parities[0], parities[1]);
    std::fs::write(&by_line, "only one line\n").unwrap();
    let o = uraikal(&[
        "tokenizers",
        "--data",
        ta.to_str().unwrap(),
        "--parallel",
        by_line.to_str().unwrap(),
        "--tokenizer",
        &tok,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 lines for 2 passages"), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (train, _) = split_kurals(dir.path());
    let out = dir.path().join("x.json");
    let out_s = out.to_str().unwrap();
    let missing = dir.path().join("none.jsonl");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "\n  \n").unwrap();
    let bert = d4_data("tokenizers/bert-uncased-minilm");
    let cases: [(Vec<&str>, &str); 4] = [
        (
            vec!["tokenizers", "train", "--data", missing.to_str().unwrap(), "--vocab-size", "800", "--out", out_s],
            "none.jsonl",
        ),
        (
            vec!["tokenizers", "train", "--data", empty.to_str().unwrap(), "--vocab-size", "800", "--out", out_s],
            "no text",
        ),
        (
            vec!["tokenizers", "train", "--data", &train, "--vocab-size", "10", "--out", out_s],
            "smaller than the alphabet",
        ),
        (vec!["tokenizers", "extend", &bert, "--data", &train, "--add", "10", "--out", out_s], "cannot be extended"),
    ];
    for (args, message) in cases {
        let o = uraikal(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panick"));
        assert!(!out.exists());
    }
}
