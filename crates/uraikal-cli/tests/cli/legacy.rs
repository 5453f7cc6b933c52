//! `uraikal legacy` end to end (SPEC E7): the contract the acceptance checks use, exit codes, stdin line by line.

use std::process::Output;

use super::uraikal_with_stdin as uraikal;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn list_names_every_encoding() {
    let out = uraikal(&["legacy", "list", "--json"], b"");
    assert!(out.status.success());
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    insta::assert_snapshot!("legacy_list_names", names.join("\n"));
    assert_eq!(names.len(), 28);
    assert!(list.as_array().unwrap().iter().any(|e| e["name"] == "tscii"
        && e["kind"] == "charset"
        && e["aliases"].as_array().unwrap().iter().any(|a| a == "tscii-1.7")));
}

#[test]
fn decode_and_encode_line_by_line() {
    let out = uraikal(&["legacy", "decode", "--from", "bamini", "-"], b"jkpo;\nehL\n\nnraw;fhpa\n");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "தமிழ்\nநாடு\n\nசெயற்கரிய\n");
    let out = uraikal(&["legacy", "encode", "--to", "Shree-Lipi", "-"], "தமிழ்\nநாடு\n".as_bytes());
    assert!(out.status.success());
    let back = uraikal(&["legacy", "decode", "--from", "shreelipi", "-"], &out.stdout);
    assert_eq!(stdout(&back), "தமிழ்\nநாடு\n");
    let out = uraikal(&["legacy", "decode", "--from", "auto", "Source: www.example.org jkpo; ehL"], b"");
    assert_eq!(stdout(&out), "Source: www.example.org தமிழ் நாடு\n");
}

#[test]
fn detect_json() {
    let out = uraikal(&["legacy", "detect", "-", "--json"], "jkpo; ehL\nதமிழ் நாடு\n".as_bytes());
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["encoding"], "bamini");
    assert_eq!(lines[0]["runs"], serde_json::json!([{"start": 0, "end": 9, "encoding": "bamini"}]));
    assert_eq!(lines[1]["encoding"], serde_json::Value::Null);
    assert_eq!(lines[1]["runs"], serde_json::json!([]));
}

#[test]
fn tscii_bytes_as_iconv() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.bin");
    // கொம்பு தமிழ் in TSCII: A6 B8 A1 = கொ (pre-base ெ, consonant, ா), F5 ம், D2 பு.
    std::fs::write(&path, [0xA6, 0xB8, 0xA1, 0xF5, 0xD2, 0x20, 0xBE, 0xC1, 0xA2, 0xFA]).unwrap();
    let out = uraikal(&["legacy", "decode", "--from", "tscii", "--bytes", path.to_str().unwrap()], b"");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "கொம்பு தமிழ்\n");
}

#[test]
fn bad_input_exits_2() {
    let out = uraikal(&["legacy", "decode", "--from", "nosuch", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bamini") && err.contains("webulagam") && !err.contains("panick"), "{err}");
    let out = uraikal(&["legacy", "decode", "--from", "bamini", "-"], b"jkpo;\n\xff\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("offset 6"));
    // A letter Bamini cannot write: named with its position, nothing printed.
    let out = uraikal(&["legacy", "encode", "--to", "bamini", "-"], "தமிழ்\nதமிழ் ௐ\n".as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("stdin:2") && err.contains('ௐ') && err.contains("character 6"), "{err}");
    let out = uraikal(&["legacy", "encode", "--to", "bamini", "--lossy", "தமிழ் ௐ"], b"");
    assert_eq!(stdout(&out), "jkpo; ௐ\n");
}

/// SPEC E8: `text clean --legacy auto` converts legacy runs, then cleans; without it the text is only cleaned.
#[test]
fn clean_with_legacy_auto() {
    let out = uraikal(&["text", "clean", "--legacy", "auto", "-"], "Source: jkpo; ehL\nதமிழ் நாடு\n".as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout(&out), "Source: தமிழ் நாடு\nதமிழ் நாடு\n");
    let out = uraikal(&["text", "clean", "Source: jkpo; ehL"], b"");
    assert_eq!(stdout(&out), "Source: jkpo; ehL\n");
    let out = uraikal(&["text", "clean", "--legacy", "bamini", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}
