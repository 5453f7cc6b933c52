//! `uraikal oiwer` and `uraikal build-lattices` run as the real binary: JSON keys, batch output, and bad
//! input reported with its line (SPEC L).

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn uraikal(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uraikal"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn single_utterance_json_has_the_contract_keys() {
    let out = uraikal(&[
        "oiwer",
        "--language",
        "ta",
        "--hypothesis",
        "நான் கடைக்கு போய்விட்டு வந்தேன்",
        "--reference",
        "{நான்} {நேற்று} {கடைக்கு} {போயிட்டு | போய்விட்டு} {வந்தேன்}",
        "--mode",
        "vimarsha",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["oiwer_percent"], 20.0);
    assert_eq!(json["deletions"], 1);
    assert_eq!(json["reference_words"], 5);
    assert_eq!(
        json["operations"],
        serde_json::json!(["c", "d", "c", "c", "c"])
    );
    assert_eq!(json["hypothesis_alignment"][1], "");
    assert_eq!(json["reference_alignment"][1], "நேற்று");
    for key in ["insertions", "substitutions"] {
        assert_eq!(json[key], 0, "{key}");
    }
}

#[test]
fn batch_writes_one_result_per_record() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(
        dir.path(),
        "in.jsonl",
        concat!(
            r#"{"id": "a", "language": "tamil", "hypothesis": "அவன் வந்தான்", "reference": [["அவன்"], ["வந்தான்"]]}"#,
            "\n\n",
            r#"{"id": 2, "language": "ta", "hypothesis": "அவள் வந்தான்", "reference": "{அவன்} {வந்தான்}"}"#,
            "\n",
        ),
    );
    let out = uraikal(&["oiwer", "--input", &input, "--mode", "vimarsha"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[0]["id"].clone(), rows[0]["oiwer_percent"].clone()),
        (Value::from("a"), Value::from(0.0))
    );
    assert_eq!(
        (rows[1]["id"].clone(), rows[1]["oiwer_percent"].clone()),
        (Value::from(2), Value::from(50.0))
    );
    assert!(
        stderr(&out).contains("corpus OIWER 25.00%"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn batch_errors_name_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = r#"{"id": "a", "language": "ta", "hypothesis": "அவன்", "reference": [["அவன்"]]}"#;
    let cases = [
        (
            r#"{"id": "b", "language": "english", "hypothesis": "x", "reference": [["x"]]}"#,
            "unsupported language",
        ),
        (
            r#"{"id": "b", "language": "ta", "hypothesis": "x", "reference": []}"#,
            "no non-empty variants",
        ),
        (
            r#"{"id": "b", "language": "ta", "hypothesis": "x", "reference": [[10]]}"#,
            "must be a string",
        ),
        (
            r#"{"id": "b", "language": "ta", "hypothesis": "x", "reference": 5}"#,
            "must be a list",
        ),
        (
            r#"{"id": "b", "language": "ta", "hypothesis": "x"#,
            "invalid JSON",
        ),
    ];
    for (bad, expected) in cases {
        let input = write(dir.path(), "bad.jsonl", &format!("{good}\n{bad}\n"));
        let out = uraikal(&["oiwer", "--input", &input]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(
            err.contains("bad.jsonl:2:") && err.contains(expected),
            "{bad}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty(), "no partial output on error");
    }
}

#[test]
fn single_utterance_bad_input_is_a_clear_error() {
    for (language, reference, expected) in [
        ("tam", "{அவன்}", "unsupported language"),
        ("ta", "[]", "no non-empty variants"),
        (
            "ta",
            "[[\"அவன்\", 3]]",
            "reference variant in group 0 must be a string",
        ),
        ("ta", "{ . | , }", "no non-empty variants"),
    ] {
        let out = uraikal(&[
            "oiwer",
            "--language",
            language,
            "--hypothesis",
            "அவன்",
            "--reference",
            reference,
            "--mode",
            "vimarsha",
        ]);
        assert_eq!(out.status.code(), Some(2), "{reference}");
        assert!(stderr(&out).contains(expected), "{}", stderr(&out));
    }
}

fn fixture(name: &str) -> String {
    format!(
        "{}/../../fixtures/vimarsha/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn build_lattices_output_is_byte_identical_to_vimarsha() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.jsonl");
    let out = uraikal(&[
        "build-lattices",
        &fixture("lattice_cli_input.jsonl"),
        out_path.to_str().unwrap(),
        "--language",
        "tamil",
        "--mode",
        "vimarsha",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = std::fs::read_to_string(fixture("lattice_cli_output.jsonl")).unwrap();
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), expected);
}

#[test]
fn build_lattices_errors_name_the_line_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = r#"{"id": "a", "language": "ta", "x_transcription": "அவன் வந்தான்", "y_transcription": "அவள் வந்தாள்"}"#;
    let cases = [
        ("[1, 2]", "expected a JSON object"),
        ("[1, 2", "invalid JSON: EOF while parsing a list"),
        ("{\"id\": ", "invalid JSON"),
        (
            r#"{"id": "b", "x_transcription": "அவன்"}"#,
            "missing language/lang",
        ),
        (
            r#"{"id": "b", "lang": "ta", "reference_transcription": "அவன்"}"#,
            "no *_transcription fields",
        ),
        (
            r#"{"id": "b", "lang": "english", "x_transcription": "x"}"#,
            "unsupported language",
        ),
        (
            r#"{"id": "b", "lang": "ta", "x_transcription": " . ", "y_transcription": "!"}"#,
            "at least one non-empty",
        ),
    ];
    for (bad, expected) in cases {
        let input = write(dir.path(), "in.jsonl", &format!("{good}\n\n{bad}\n"));
        let out_path = dir.path().join("out.jsonl");
        let out = uraikal(&["build-lattices", &input, out_path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(
            err.contains("in.jsonl:3:") && err.contains(expected),
            "{bad}: {err}"
        );
        assert!(!out_path.exists(), "no partial output for {bad}");
    }
    // A good file already in place stays as it was, and the temporary file is gone (the output is written
    // as it is built, into a file that only a complete run puts in place).
    let out_path = dir.path().join("out.jsonl");
    std::fs::write(&out_path, "old\n").unwrap();
    let many_good = format!("{good}\n").repeat(500);
    let input = write(dir.path(), "in.jsonl", &format!("{many_good}[1, 2]\n"));
    let out = uraikal(&["build-lattices", &input, out_path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("in.jsonl:501:"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), "old\n");
    let mut names: Vec<String> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["in.jsonl", "out.jsonl"]);
}

/// `/dev/stdout` as the output file: records arrive on stdout (written through the descriptor, not by
/// replacing anything), and a bad line still writes nothing there.
#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_as_output_gets_everything_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let good = r#"{"id": "a", "language": "ta", "x_transcription": "அவன் வந்தான்", "y_transcription": "அவள் வந்தாள்"}"#;
    let input = write(dir.path(), "in.jsonl", &format!("{good}\n{good}\n"));
    let out = uraikal(&["build-lattices", &input, "/dev/stdout"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 2);
    assert!(text.lines().all(|l| serde_json::from_str::<Value>(l).unwrap()["lattice"].is_array()));

    let bad = write(dir.path(), "bad.jsonl", &format!("{good}\n[1, 2]\n"));
    let out = uraikal(&["build-lattices", &bad, "/dev/stdout"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "partial output: {}", String::from_utf8_lossy(&out.stdout));

    let record = r#"{"id": "u1", "language": "ta", "hypothesis": "அவன்", "reference": [["அவன்"]]}"#;
    let batch = write(dir.path(), "batch.jsonl", &format!("{record}\n{{\"id\": 2}}\n"));
    let out = uraikal(&["oiwer", "--input", &batch, "--output", "/dev/stdout"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "partial output: {}", String::from_utf8_lossy(&out.stdout));
}
