//! `uraikal score`, `compare` and `demo` end to end (SPEC S5.5, S9, S10, S11), on fixtures/a1.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn uraikal(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uraikal")).args(args).current_dir(cwd).output().unwrap()
}

fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/a1").join(name).display().to_string()
}

#[test]
fn score_writes_results_and_prints_the_table() {
    // SPEC S9.1: the leaderboard record format; the readable table.
    let dir = tempfile::tempdir().unwrap();
    let (m, h) = (fixture("a1_sample.jsonl"), fixture("hyps_sample.jsonl"));
    let out = uraikal(&["score", "--manifest", &m, "--hyp", &h, "--system", "sample", "--bootstrap", "50", "--alignments", "al.jsonl"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8(out.stdout).unwrap();
    let table: String = table.lines().filter(|l| !l.starts_with("results:") && !l.starts_with("alignments:")).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("score_table", table);

    let records: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.path().join("results/sample.json")).unwrap()).unwrap();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 3);
    let keys: Vec<&str> = records[0].as_object().unwrap().keys().map(String::as_str).collect();
    insta::assert_snapshot!("record_keys", keys.join("\n"));
    assert_eq!(records[2]["slice"], "macro");
    assert_eq!(records[0]["manifests"][0]["sha256"].as_str().unwrap().len(), 64);

    // SPEC S11.1: one alignment line per utterance.
    let alignments = std::fs::read_to_string(dir.path().join("al.jsonl")).unwrap();
    assert_eq!(alignments.lines().count(), 152);
    let first: serde_json::Value = serde_json::from_str(alignments.lines().next().unwrap()).unwrap();
    assert_eq!(first["word_chunks"][1][0], "delete");
}

#[test]
fn bad_input_exits_2_names_the_line_and_writes_nothing() {
    // SPEC S5.5
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"id\": \"a\", \"audio\": \"a\", \"text\": \"x\", \"slice\": \"s\"}\n{\"id\": \"b\", \"text\": \n").unwrap();
    let out = uraikal(&["score", "--manifest", bad.to_str().unwrap(), "--hyp", &fixture("hyps_sample.jsonl"), "--system", "x", "--out", "r.json", "--alignments", "a.jsonl"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.jsonl:2: not valid JSON"), "{err}");
    assert!(!dir.path().join("r.json").exists() && !dir.path().join("a.jsonl").exists());
    let out = uraikal(&["score", "--manifest", &fixture("a1_sample.jsonl"), "--hyp", &fixture("hyps_sample.jsonl"), "--system", "../x"], dir.path());
    assert_eq!(out.status.code(), Some(2));

    // One file for both outputs, or an unbounded bootstrap: refused before anything is read or written.
    let (m, h) = (fixture("a1_sample.jsonl"), fixture("hyps_sample.jsonl"));
    let out = uraikal(&["score", "--manifest", &m, "--hyp", &h, "--system", "x", "--alignments", "./results/x.json"], dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code() == Some(2) && err.contains("same path"), "{err}");
    assert!(!dir.path().join("r.json").exists());
    let out = uraikal(&["score", "--manifest", &m, "--hyp", &h, "--system", "x", "--bootstrap", "99999999999"], dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code() == Some(2) && err.contains("at most 1000000"), "{err}");
}

#[test]
fn report_lists_word_and_letter_confusions() {
    // SPEC S11.2
    let dir = tempfile::tempdir().unwrap();
    let out = uraikal(&["score", "--manifest", &fixture("a1_sample.jsonl"), "--hyp", &fixture("hyps_sample.jsonl"), "--system", "s", "--bootstrap", "0", "--report", "--top", "3", "--json"], dir.path());
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"].as_array().unwrap().len(), 3);
    assert!(v["report"]["words"]["substitutions"].as_array().unwrap().len() <= 3);
    assert!(!v["report"]["letters"]["substitutions"].as_array().unwrap().is_empty());
}

#[test]
fn compare_reports_a_paired_difference_per_slice() {
    // SPEC S10
    let dir = tempfile::tempdir().unwrap();
    let h = fixture("hyps_sample.jsonl");
    let out = uraikal(&["compare", "--manifest", &fixture("a1_sample.jsonl"), "--hyp", &h, "--hyp", &h, "--bootstrap", "20", "--json"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let slices: Vec<&str> = rows.as_array().unwrap().iter().map(|r| r["slice"].as_str().unwrap()).collect();
    assert_eq!(slices, ["kural", "other", "macro"]);
    assert_eq!(rows[0]["wer"]["difference"], 0.0);
    assert_eq!(rows[0]["wer"]["p_value"], 1.0);
}

#[test]
fn demo_runs_from_any_folder() {
    let dir = tempfile::tempdir().unwrap();
    let out = uraikal(&["demo", "--bootstrap", "20"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("EXAMPLES") && text.contains("example-light") && text.contains("kural WER %"), "{text}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the demo writes nothing");
}

#[test]
fn score_with_lattices_adds_the_oiwer_column() {
    // SPEC S12: a manifest line may carry "lattice"; the table and the records gain OIWER.
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("m.jsonl");
    std::fs::write(
        &manifest,
        concat!(
            r#"{"id":"a","audio":"a.wav","text":"நான் போயிட்டு வந்தேன்","slice":"kathbath","lattice":[["நான்"],["போயிட்டு","போய்விட்டு"],["வந்தேன்"]]}"#, "\n",
            r#"{"id":"b","audio":"b.wav","text":"அவர் போன் பண்ணினார்","slice":"kathbath","lattice":"{அவர்} {Phone | போன்} {பண்ணினார்}"}"#, "\n",
            r#"{"id":"c","audio":"c.wav","text":"பத்து பேர் வந்தார்கள்","slice":"fleurs"}"#, "\n",
        ),
    )
    .unwrap();
    let hyps = dir.path().join("h.jsonl");
    std::fs::write(
        &hyps,
        concat!(
            r#"{"id":"a","hyp":"நான் போய் விட்டு வந்தேன்"}"#, "\n",
            r#"{"id":"b","hyp":"அவர் phone பண்ணினார்"}"#, "\n",
            r#"{"id":"c","hyp":"10 பேர் வந்தாங்க"}"#, "\n",
        ),
    )
    .unwrap();
    let (m, h) = (manifest.display().to_string(), hyps.display().to_string());
    let out = uraikal(&["score", "--manifest", &m, "--hyp", &h, "--system", "lat", "--bootstrap", "0", "--out", "r.json"], dir.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table: String = String::from_utf8(out.stdout).unwrap().lines().filter(|l| !l.starts_with("results:")).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("score_table_with_lattices", table);
    let records: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.path().join("r.json")).unwrap()).unwrap();
    // fleurs: 1 substitution (வந்தாங்க) over 3 words; kathbath: 0 over 6 (WER: s + i, then s: 3 over 6).
    assert_eq!((records[0]["slice"].as_str(), records[0]["oiwer"].as_f64()), (Some("fleurs"), Some(1.0 / 3.0)));
    assert_eq!((records[1]["oiwer"].as_f64(), records[1]["wer"].as_f64()), (Some(0.0), Some(3.0 / 6.0)));

    // A bad lattice: exit 2, file and line named, nothing written.
    std::fs::write(&manifest, r#"{"id":"a","audio":"a.wav","text":"அவன்","slice":"s","lattice":"{அவன்} வந்தான்"}"#).unwrap();
    let out = uraikal(&["score", "--manifest", &m, "--hyp", &h, "--system", "lat", "--out", "bad.json"], dir.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("m.jsonl:1: \"lattice\": text outside the {…} groups (\"வந்தான்\")"), "{err}");
    assert!(!dir.path().join("bad.json").exists());
}
