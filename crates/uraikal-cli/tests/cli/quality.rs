//! `uraikal quality` and `uraikal register` end to end (SPEC Q6): the JSON contract, `--repair`, exit 2
//! naming file:line on bad input, `register train` writing a model the classifier loads.

use std::process::Output;

use super::uraikal_with_stdin as uraikal;

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const PROSE: &str =
    "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய நாடுகளில் அலுவல் மொழியாக உள்ளது.";

#[test]
fn quality_json_with_repair() {
    let visual = PROSE.replace("மொழி", "ெமாழி").replace("இலங்கை", "இலங்ைக");
    let input = format!(
        "{}\n{}\n{}\n",
        serde_json::json!({"id": "clean", "text": PROSE}),
        serde_json::json!({"id": "visual", "text": visual}),
        serde_json::json!({"id": "short", "text": "தமிழ் மொழி"}),
    );
    let out = uraikal(&["quality", "-", "--repair", "--json"], input.as_bytes());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["decision"], "keep");
    assert_eq!(rows[0]["text"], PROSE);
    assert!(rows[0]["signals"]["tamil_share"].as_f64().unwrap() > 0.99);
    assert_eq!(rows[1]["decision"], "repair");
    assert_eq!(rows[1]["reasons"], serde_json::json!(["visual-order"]));
    assert_eq!(rows[1]["text"], PROSE);
    assert_eq!(rows[2]["decision"], "drop");
    assert_eq!(rows[2]["reasons"], serde_json::json!(["too-short"]));
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains("3 documents"), "{summary}");
}

#[test]
fn bad_input_names_the_line_and_exits_2() {
    let input = format!("{}\nnot json\n", serde_json::json!({"id": 1, "text": PROSE}));
    let out = uraikal(&["quality", "-", "--json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>:2"));
    let out = uraikal(&["quality", "-", "--text-field", "body"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>:1: no string field \"body\""));
}

#[test]
fn register_train_then_classify() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("labelled.jsonl");
    let model = dir.path().join("model.json");
    let mut lines = String::new();
    for t in ["naan veetukku poren", "avan kadaikku ponaan", "enna panra da"] {
        lines += &format!("{}\n", serde_json::json!({"text": t, "register": "tanglish"}));
    }
    for t in [PROSE, "அவர் நேற்று சென்னைக்குச் சென்றார்.", "அரசு புதிய திட்டத்தை அறிவித்தது."]
    {
        lines += &format!("{}\n", serde_json::json!({"text": t, "register": "formal"}));
    }
    std::fs::write(&data, lines).unwrap();
    let out = uraikal(&["register", "train", "--data", data.to_str().unwrap(), "--out", model.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let input = format!("{}\n", serde_json::json!({"id": "a", "text": "naan poren"}));
    let out = uraikal(&["register", "-", "--model", model.to_str().unwrap(), "--json"], input.as_bytes());
    assert!(out.status.success());
    let rows = json_lines(&out);
    assert_eq!(rows[0]["register"], "tanglish");
    assert_eq!(rows[0]["scores"].as_object().unwrap().len(), 2);
    // The shipped model knows all five labels.
    let out = uraikal(&["register", "-", "--json"], input.as_bytes());
    assert_eq!(json_lines(&out)[0]["scores"].as_object().unwrap().len(), 5);
    // An unknown label is bad input.
    std::fs::write(&data, "{\"text\": \"x\", \"register\": \"poetry\"}\n").unwrap();
    let out = uraikal(&["register", "train", "--data", data.to_str().unwrap(), "--out", model.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown register \"poetry\""));
}
