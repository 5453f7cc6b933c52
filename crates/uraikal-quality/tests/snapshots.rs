//! Named snapshots of whole assessments (signals, score, decision, reasons) for one document of each kind
//! (SPEC Q1–Q4), so that any change in a signal shows in review.

use uraikal_quality::register::Model;
use uraikal_quality::{assess, Config};

const PROSE: &str = "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய \
                     நாடுகளில் அலுவல் மொழியாக உள்ளது.";

fn rounded(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            serde_json::json!((n.as_f64().unwrap() * 1e6).round() / 1e6)
        }
        serde_json::Value::Array(a) => a.into_iter().map(rounded).collect(),
        serde_json::Value::Object(o) => o.into_iter().map(|(k, v)| (k, rounded(v))).collect(),
        other => other,
    }
}

fn snapshot(name: &str, text: &str) {
    let a = assess(text, &Config::default());
    insta::assert_json_snapshot!(name, rounded(serde_json::to_value(&a).unwrap()));
}

#[test]
fn clean_prose() {
    snapshot("quality_clean_prose", PROSE);
}

#[test]
fn visual_order() {
    snapshot(
        "quality_visual_order",
        "தமிழ் ெமாழி உலகின் மிகப் பழைமயான ெமாழிகளில் ஒன்று. இது இந்தியா, இலங்ைக, சிங்கப்பூர் ஆகிய நாடுகளில் \
         அலுவல் ெமாழியாக உள்ளது.",
    );
}

#[test]
fn repeated_lines() {
    snapshot("quality_repetition", &format!("{PROSE}\n{PROSE}\n{PROSE}"));
}

#[test]
fn boilerplate() {
    snapshot(
        "quality_boilerplate",
        "முகப்பு | செய்திகள் | விளையாட்டு\nPrivacy Policy | Terms of Use\nமேலும் படிக்க >>\nதமிழ் மொழி உலகின் \
         மிகப் பழமையான மொழிகளில் ஒன்று.\nFollow us on Instagram",
    );
}

#[test]
fn register_of_three_kinds() {
    let model = Model::default_model();
    let lines: Vec<String> = [
        "அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு.",
        PROSE,
        "naan veetukku poren, nee vaa da",
        "நான் நாளைக்கு ஆபீஸுக்கு போறேன் ங்க",
    ]
    .iter()
    .map(|t| {
        let c = model.classify(t);
        format!("{} ← {}", c.register, t.replace('\n', " / "))
    })
    .collect();
    insta::assert_snapshot!("register_examples", lines.join("\n"));
}
