//! `uraikal prep` run as the real binary: exit codes (0 written, 1 `--strict` found problems, 2 bad input)
//! and the files it writes (SPEC P).

use std::path::Path;
use std::process::{Command, Output};

fn uraikal(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uraikal")).args(args).current_dir(dir).output().unwrap()
}

fn fixture() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/prep/kural_docs.parquet").display().to_string()
}

#[test]
fn d4_writes_passages_and_meta_under_data() {
    let work = tempfile::tempdir().unwrap();
    let out = uraikal(work.path(), &["prep", "d4", "--parquet", &fixture(), "--slice", "D4.kural", "--n", "5", "--seed", "3"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(work.path().join("data/d4_D4.kural.jsonl")).unwrap();
    assert_eq!(text.lines().count(), 5);
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(work.path().join("data/d4_D4.kural.meta.json")).unwrap()).unwrap();
    assert_eq!(meta["written"], 5);
    assert!(meta["cleaning"].as_str().unwrap().contains("uraikal_text::clean"));
}

#[test]
fn bad_inputs_exit_2_with_a_message() {
    let work = tempfile::tempdir().unwrap();
    let bad = work.path().join("bad.parquet");
    std::fs::write(&bad, b"PAR1 not really parquet").unwrap();
    for args in [
        vec!["prep", "d4", "--parquet", bad.to_str().unwrap(), "--slice", "x", "--n", "5"],
        vec!["prep", "d4", "--parquet", &fixture(), "--slice", "x", "--n", "5", "--column", "chapter"],
        vec!["prep", "fleurs"],
        vec!["prep", "kathbath", "--dir", work.path().to_str().unwrap()],
    ] {
        let out = uraikal(work.path(), &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("error:") && !err.contains("panick"), "{args:?}: {err}");
    }
}

#[test]
fn strict_problems_exit_1_and_write_nothing() {
    let work = tempfile::tempdir().unwrap();
    let ta = work.path().join("ta");
    std::fs::create_dir_all(ta.join("clips")).unwrap();
    std::fs::write(ta.join("test.tsv"), "path\tsentence\nabsent.mp3\tவணக்கம்\n").unwrap();
    let dir = ta.to_str().unwrap();
    let out = uraikal(work.path(), &["prep", "common_voice", "--dir", dir, "--strict"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing_audio"));
    assert!(!work.path().join("data/a1_common_voice.jsonl").exists());
    // Without --strict the only utterance is left out, which leaves nothing usable: bad input.
    let out = uraikal(work.path(), &["prep", "common_voice", "--dir", dir]);
    assert_eq!(out.status.code(), Some(2));
}
