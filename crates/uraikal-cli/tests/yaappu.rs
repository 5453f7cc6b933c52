//! `uraikal yaappu` run as the real binary: the single-verse JSON, the batch form, and bad input in the batch
//! form (an error naming the line, and no partial output).

use std::process::{Command, Output};

use serde_json::Value;

fn uraikal(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_uraikal")).args(args).output().unwrap()
}

const KURAL_1: &str = "அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு.";

#[test]
fn single_verse_json() {
    let out = uraikal(&["yaappu", KURAL_1, "--json"]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["valid"], true);
    assert_eq!(v["metre"], "குறள் வெண்பா");
    assert_eq!(v["cirs"][6]["pattern"], "பிறப்பு");
    assert_eq!(v["talai"].as_array().unwrap().len(), 6);
}

#[test]
fn batch_keeps_ids_and_order() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("k.jsonl");
    let rows = [serde_json::json!({"id": 1, "text": KURAL_1}), serde_json::json!({"id": "x", "text": "அகர முதல"})];
    std::fs::write(&input, rows.iter().map(|r| r.to_string() + "\n").collect::<String>()).unwrap();
    let out = uraikal(&["yaappu", "--input", input.to_str().unwrap()]);
    assert!(out.status.success());
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!((lines[0]["id"].clone(), lines[0]["valid"].clone()), (Value::from(1), Value::from(true)));
    assert_eq!(lines[1]["id"], "x");
    assert_eq!(lines[1]["valid"], false);
    assert!(!lines[1]["problems"].as_array().unwrap().is_empty());
}

#[test]
fn a_bad_record_is_an_error_with_its_line_and_nothing_is_printed() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("k.jsonl");
    let good = serde_json::json!({"id": 1, "text": KURAL_1}).to_string();
    std::fs::write(&input, format!("{good}\n{{\"id\": 2, \"text\": 5}}\n")).unwrap();
    let out = uraikal(&["yaappu", "--input", input.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "partial output: {}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stderr).contains("k.jsonl:2"));
}
