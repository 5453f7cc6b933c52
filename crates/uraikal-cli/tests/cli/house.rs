//! Strict input (issue 18, SPEC L1): malformed lattices are errors naming the argument or `file:line` and the
//! column, in single and batch mode, with nothing written; `-` reads stdin; `uraikal version --json`.

use std::process::Output;

use crate::uraikal_with_stdin as uraikal;

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn malformed_lattices_are_errors_with_their_column() {
    let cases = [
        ("{a | b", "column 1"),
        ("{a | b} c }", "column 11"),
        ("[[\"a\"", "column 5"),
        ("{a} }", "column 5"),
        ("a {b}", "column 1"),
        ("{a} {", "column 5"),
        ("[[\"a\"], [\"b\"]] x", "column 16"),
        ("{a} {}", "column 5"),
    ];
    for (reference, column) in cases {
        let out = uraikal(&["oiwer", "--language", "ta", "--hypothesis", "a", "--reference", reference], "");
        assert_eq!(out.status.code(), Some(2), "{reference}");
        let err = stderr(&out);
        assert!(err.contains("--reference: ") && err.contains(column) && !err.contains("panick"), "{reference}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn vimarsha_mode_keeps_vimarshas_reading_of_well_formed_text() {
    // Vimarsha ignores words outside braces; unbalanced braces are refused in both modes.
    let ok = uraikal(
        &[
            "oiwer",
            "--language",
            "ta",
            "--hypothesis",
            "a b",
            "--reference",
            "{a} x {b}",
            "--mode",
            "vimarsha",
            "--json",
        ],
        "",
    );
    assert!(ok.status.success(), "{}", stderr(&ok));
    let strict = uraikal(
        &["oiwer", "--language", "ta", "--hypothesis", "a b", "--reference", "{a} x {b}", "--mode", "uraikal"],
        "",
    );
    assert_eq!(strict.status.code(), Some(2));
    let unbalanced =
        uraikal(&["oiwer", "--language", "ta", "--hypothesis", "a", "--reference", "{a | b", "--mode", "vimarsha"], "");
    assert_eq!(unbalanced.status.code(), Some(2));
}

#[test]
fn a_bad_batch_line_names_its_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("batch.jsonl");
    std::fs::write(
        &input,
        "{\"id\": \"1\", \"language\": \"ta\", \"hypothesis\": \"அவன் வந்தான்\", \"reference\": \"{அவன்} {வந்தான்}\"}\n\
         {\"id\": \"2\", \"language\": \"ta\", \"hypothesis\": \"அவன்\", \"reference\": [[\"அவன்\"], []]}\n",
    )
    .unwrap();
    let output = dir.path().join("out.jsonl");
    let out = uraikal(&["oiwer", "--input", input.to_str().unwrap(), "--output", output.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("batch.jsonl:2: \"reference\": reference group 1 is empty"), "{}", stderr(&out));
    assert!(!output.exists());
    let out = uraikal(&["oiwer", "--input", input.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_dash_reads_stdin() {
    let line = "{\"id\": \"1\", \"language\": \"ta\", \"hypothesis\": \"அவன் வந்தான்\", \"reference\": \"{அவன்} {வந்தான்}\"}\n";
    let out = uraikal(&["oiwer", "--input", "-"], line);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("{\"id\":\"1\",\"mode\":\"uraikal\",\"oiwer_percent\":0.0,")
    );
    let kural = "{\"id\": \"k1\", \"text\": \"அகர முதல எழுத்தெல்லாம் ஆதி பகவன் முதற்றே உலகு\"}\n";
    let out = uraikal(&["yaappu", "--input", "-"], kural);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"k1\""));
    let bad = uraikal(&["yaappu", "--input", "-"], "{\"id\": 1}\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("-:1:"), "{}", stderr(&bad));
}

#[test]
fn version_json_names_every_version() {
    let out = uraikal(&["version", "--json"], "");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["uraikal_version"], uraikal_metrics::URAIKAL_VERSION);
    assert_eq!(json["normalizer_version"], uraikal_text::NORMALIZER_VERSION);
    assert_eq!(json["unicode_version"], "17.0.0");
    assert_eq!(json["version"], env!("CARGO_PKG_VERSION"));
}
