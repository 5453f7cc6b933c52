//! The browser API's answers on real text (named snapshots) and its contract on any input (SPEC W1): JSON with
//! "ok" or "error", never a panic.

use proptest::prelude::*;
use serde_json::{json, Value};
use uraikal_wasm::{api::OPERATIONS, call};

fn ok(op: &str, args: Value) -> Value {
    let answer: Value = serde_json::from_str(&call(op, &args.to_string())).unwrap();
    answer.get("ok").cloned().unwrap_or_else(|| panic!("{op}: {answer}"))
}

const KURAL: &str = "அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு.";

#[test]
fn text_snapshots() {
    insta::assert_json_snapshot!("letters_kural_1", ok("letters", json!({"text": KURAL})));
    insta::assert_json_snapshot!("graphemes_sri", ok("graphemes", json!({"text": "ஸ்ரீ க்ஷேத்திரம்"})));
    insta::assert_json_snapshot!(
        "clean_normalize_decompose",
        json!({
            "clean": ok("clean", json!({"text": "ெகாடு"})),
            "normalize": ok("normalize", json!({"text": "  தமிழ்,  மொழி! "})),
            "decompose": ok("decompose", json!({"text": "நிலுவை"})),
            "compose": ok("compose", json!({"text": "ந்ஆர்இ"})),
        })
    );
}

#[test]
fn number_snapshots() {
    insta::assert_json_snapshot!(
        "numbers",
        json!({
            "spoken": ok("to_words", json!({"number": 2300})),
            "written": ok("to_words", json!({"number": "2300", "register": "written"})),
            "ordinal": ok("to_words", json!({"number": "3", "ordinal": true})),
            "digits": ok("to_digits", json!({"text": "முன்னூறுல பதினஞ்சு"})),
            "numerals": ok("to_numerals", json!({"number": 1956})),
            "from_numerals": ok("from_numerals", json!({"text": "௨௱௫"})),
            "tn": ok("tn", json!({"text": "₹1,250.50"})),
        })
    );
}

#[test]
fn metric_snapshots() {
    let pair = json!({"reference": "நான் நேற்று கடைக்கு போய் வந்தேன்", "hypothesis": "நான் நேத்து கடைக்கு வந்தேன்"});
    insta::assert_json_snapshot!("wer_pair", ok("wer", pair.clone()));
    let mut letters = pair.clone();
    letters["unit"] = json!("letter");
    insta::assert_json_snapshot!("cer_letters_pair", ok("cer", letters.clone()));
    insta::assert_json_snapshot!("chrf_letters_pair", ok("chrf", letters));
    let lattice = json!({"hypothesis": "நான் நேற்று கடைக்கு போயிட்டு வந்தேன்",
                         "reference": "[[\"நான்\"], [\"நேற்று\"], [\"கடைக்கு\"], [\"போயிட்டு\", \"போய்விட்டு\"], [\"வந்தேன்\"]]"});
    insta::assert_json_snapshot!("oiwer_lattice", ok("oiwer", lattice));
}

#[test]
fn yaappu_snapshot() {
    insta::assert_json_snapshot!("yaappu_kural_1", ok("yaappu", json!({"text": KURAL})));
}

#[test]
fn wer_equals_the_jiwer_golden_value() {
    // ../shared/golden/metrics/pairs.jsonl row 0 (Thirukkural 242, a dropped word): jiwer WER 1/7.
    let answer = ok(
        "wer",
        json!({"reference": "நல்லாற்றாள் நாடி அருளாள்க பல்லாற்றால் தேரினும் அஃதே துணை.",
                                  "hypothesis": "நல்லாற்றாள் நாடி பல்லாற்றால் தேரினும் அஃதே துணை."}),
    );
    assert_eq!(answer["wer"], json!(0.14285714285714285));
    assert_eq!(answer["chunks"], json!([["equal", 0, 2, 0, 2], ["delete", 2, 3, 2, 2], ["equal", 3, 7, 2, 6]]));
}

#[test]
fn legacy_operations_call_the_library() {
    assert_eq!(ok("legacy_decode", json!({"text": "jkpo; ehL", "from": "bamini"})), json!("தமிழ் நாடு"));
    assert_eq!(ok("legacy_decode", json!({"text": "Source: jkpo;", "from": "auto"})), json!("Source: தமிழ்"));
    assert_eq!(ok("legacy_encode", json!({"text": "தமிழ்", "to": "Bamini"})), json!("jkpo;"));
    assert_eq!(ok("legacy_encode", json!({"text": "தமிழ் ௐ", "to": "bamini", "lossy": true})), json!("jkpo; ௐ"));
    let refused: Value = serde_json::from_str(&call("legacy_encode", r#"{"text": "ௐ", "to": "bamini"}"#)).unwrap();
    assert!(refused["error"].as_str().unwrap().contains("cannot write"), "{refused}");
    let unknown: Value = serde_json::from_str(&call("legacy_decode", r#"{"text": "x", "from": "nosuch"}"#)).unwrap();
    assert!(unknown["error"].as_str().unwrap().contains("bamini"), "{unknown}");
    let detected = ok("legacy_detect", json!({"text": "Source: www.example.org jkpo; ehL\nதமிழ்"}));
    assert_eq!(detected[0]["encoding"], json!("bamini"));
    assert_eq!(detected[0]["runs"], json!([{"start": 24, "end": 33, "encoding": "bamini"}]));
    assert_eq!(detected[1]["encoding"], Value::Null);
    assert_eq!(ok("legacy_list", json!({})).as_array().unwrap().len(), 28);
}

proptest! {
    #[test]
    fn every_operation_answers_json_on_any_text(text in "\\PC{0,40}", other in "\\PC{0,20}", index in 0usize..21) {
        let op = OPERATIONS[index % OPERATIONS.len()];
        let args = json!({"text": text, "reference": text, "hypothesis": other, "number": other, "unit": "letter"});
        let answer: Value = serde_json::from_str(&call(op, &args.to_string())).unwrap();
        prop_assert!(answer.get("ok").is_some() ^ answer.get("error").is_some(), "{} {}", op, answer);
    }
}

proptest! {
    /// The joined batch is `normalize` per text, as a page calls it: JavaScript strings of any code units
    /// (astral characters, lone surrogates, and halves of a pair that only joining puts together) joined,
    /// the joined string read as wasm-bindgen reads it (`String::from_utf16_lossy`), each text as it would
    /// read alone; where the lengths say `OWN_PREFIX + k`, the page takes the first k units of its own string.
    #[test]
    fn normalize_joined_is_normalize_per_text(
        texts in proptest::collection::vec("\\PC{0,12}|[\\n\\t ]{0,3}|[a-z ]{0,5}", 0..6),
        raw in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![any::<u16>(), 0xD800u16..0xE000, Just(0x61u16)], 0..4),
            0..6,
        ),
    ) {
        let mut all: Vec<Vec<u16>> = texts.iter().map(|t| t.encode_utf16().collect()).collect();
        all.extend(raw);
        let joined = String::from_utf16_lossy(&all.concat());
        let mut lengths: Vec<u32> = all.iter().map(|t| t.len() as u32).collect();
        let answer = uraikal_wasm::normalize_joined(&joined, &mut lengths).unwrap();
        let mut at = 0;
        for (text, &length) in all.iter().zip(&lengths) {
            let expected: Vec<u16> = uraikal_text::normalize(&String::from_utf16_lossy(text)).encode_utf16().collect();
            if length >= uraikal_wasm::OWN_PREFIX {
                prop_assert_eq!(&text[..(length - uraikal_wasm::OWN_PREFIX) as usize], &expected[..]);
            } else {
                prop_assert_eq!(&answer[at..at + length as usize], &expected[..]);
                at += length as usize;
            }
        }
        prop_assert_eq!(at, answer.len());
    }
}
