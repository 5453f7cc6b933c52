//! `uraikal report`: from `uraikal score` outputs on the A1 fixture to one self-contained HTML file; bad input
//! is exit status 2 with the file (and line) named, and no report file.

use std::path::{Path, PathBuf};
use std::process::Output;

fn uraikal(args: &[&str]) -> Output {
    super::uraikal().args(args).output().expect("runs uraikal")
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/a1").join(name).display().to_string()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Scores the fixture as `system`, with alignments; answers (results, alignments).
fn score(dir: &Path, system: &str) -> (PathBuf, PathBuf) {
    let (out, alignments) = (dir.join(format!("{system}.json")), dir.join(format!("{system}.jsonl")));
    let o = uraikal(&[
        "score",
        "--manifest",
        &fixture("a1_sample.jsonl"),
        "--hyp",
        &fixture("hyps_sample.jsonl"),
        "--system",
        system,
        "--bootstrap",
        "50",
        "--out",
        path(&out),
        "--alignments",
        path(&alignments),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (out, alignments)
}

#[test]
fn report_of_two_systems_with_alignments() {
    let dir = tempfile::tempdir().unwrap();
    let (a, a_al) = score(dir.path(), "sys-a");
    let (b, _) = score(dir.path(), "sys-b");
    let html = dir.path().join("report.html");
    let o = uraikal(&[
        "report",
        path(&a),
        path(&b),
        "--alignments",
        path(&a_al),
        "--out",
        path(&html),
        "--title",
        "Fixture",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let h = std::fs::read_to_string(&html).unwrap();
    for name in ["sys-a", "sys-b", "kural", "other", "macro", "Error analysis: sys-a"] {
        assert!(h.contains(name), "{name}");
    }
    assert_eq!(h.matches("<svg").count(), 3, "a chart per slice");
    assert!(!h.contains("http:") && !h.contains("https:"));
    // The rates are the result files' own, as printed.
    let records: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&a).unwrap()).unwrap();
    let macro_wer =
        records.as_array().unwrap().iter().find(|r| r["slice"] == "macro").unwrap()["wer"].as_f64().unwrap();
    assert!(h.contains(&format!("<td>{:.2}</td>", 100.0 * macro_wer)));
}

#[test]
fn bad_input_is_exit_2_naming_the_file_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("report.html");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "[{\"system\": \"s\",\n  \"slice\": }]").unwrap();
    let o = uraikal(&["report", path(&broken), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("broken.json:2: not JSON"), "{err}");
    assert!(!html.exists());

    let (a, _) = score(dir.path(), "sys-a");
    let alignments = dir.path().join("bad.jsonl");
    std::fs::write(&alignments, "{\"id\": \"u\", \"reference\": \"a\", \"word_chunks\": []}\n{\"id\": \"v\"}\n")
        .unwrap();
    let o = uraikal(&["report", path(&a), "--alignments", path(&alignments), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.jsonl: line 2: missing field \"word_chunks\""), "{err}");
    assert!(!html.exists());

    let o = uraikal(&["report", path(&dir.path().join("absent.json")), "--out", path(&html)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("absent.json"));
}
