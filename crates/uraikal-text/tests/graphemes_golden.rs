//! Golden agreement of graphemes, decompose and compose with grapheme-kit 0.1.1 and Unicode 17 (SPEC G), on
//! fixtures/metrics/{graphemes,decompose}.jsonl (copied from ../shared/golden/metrics), plus properties.
//!
//! Tamil/Sinhala clusters equal grapheme-kit's on its normalised text, compared without ZWJs (grapheme-kit
//! drops some, SPEC G4). Devanagari/Bengali clusters equal regex `\X` (Unicode 17). decompose/compose equal
//! grapheme-kit where it round-trips, except the rows in `DECOMPOSE_DEFECTS` (SPEC G6).

use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;
use uraikal_text::{compose, decompose, graphemes, normalize_script};

fn rows(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/metrics").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("JSON line")).collect()
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("array").iter().map(|v| v.as_str().expect("string").to_string()).collect()
}

fn without_zwj(clusters: Vec<String>) -> Vec<String> {
    clusters.into_iter().map(|c| c.replace('\u{200D}', "")).filter(|c| !c.is_empty()).collect()
}

#[test]
fn tamil_and_sinhala_clusters_equal_grapheme_kit() {
    let mut differ = Vec::new();
    let mut total = 0;
    for row in rows("graphemes.jsonl") {
        let lang = row["lang"].as_str().unwrap();
        let normalized = row["grapheme_kit_normalized"].as_str().unwrap();
        if !matches!(lang, "ta" | "si") || normalized.is_empty() || row["grapheme_kit_clusters"].is_null() {
            continue;
        }
        total += 1;
        let ours = without_zwj(graphemes(normalized).map(String::from).collect());
        if ours != without_zwj(strings(&row["grapheme_kit_clusters"])) {
            differ.push(row["id"].as_i64().unwrap());
        }
    }
    assert_eq!(differ, Vec::<i64>::new(), "{} of {total} rows differ", differ.len());
}

#[test]
fn other_indic_clusters_equal_unicode_17() {
    for row in rows("graphemes.jsonl") {
        let text = row["text"].as_str().unwrap();
        if matches!(row["lang"].as_str().unwrap(), "hi" | "bn") && !text.is_empty() {
            let ours: Vec<String> = graphemes(text).map(String::from).collect();
            assert_eq!(ours, strings(&row["regex_X_clusters"]), "{text:?}");
        }
    }
}

/// decompose rows where grapheme-kit is wrong (SPEC G6): it drops the ZWJ of a Sinhala conjunct, and its
/// table maps ි to Armenian, leaving කි whole.
const DECOMPOSE_DEFECTS: &[&str] = &["ක්\u{200D}රමය", "වාක්\u{200D}ය", "කි"];

#[test]
fn decompose_and_compose_equal_grapheme_kit_where_it_round_trips() {
    let mut differ = Vec::new();
    for row in rows("decompose.jsonl") {
        let text = row["text"].as_str().unwrap();
        let Some(expected) = row["decomposed"].as_str() else {
            continue;
        };
        if row["op"] != "decompose_then_compose" || row["round_trip_ok"] != true {
            continue;
        }
        let ours = decompose(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(compose(&ours).as_deref(), Ok(text), "round trip of {text:?}");
        if ours != expected {
            differ.push(text.to_string());
        }
    }
    let known: Vec<String> = DECOMPOSE_DEFECTS.iter().map(|s| s.to_string()).collect();
    assert!(differ.iter().all(|t| known.contains(t)), "undocumented differences: {differ:?}");
}

#[test]
fn grapheme_kit_errors_become_answers_or_clear_errors() {
    for row in rows("decompose.jsonl") {
        let text = row["text"].as_str().unwrap();
        if row["decompose_error"].is_string() {
            match decompose(text) {
                Ok(ours) => assert_eq!(compose(&ours).as_deref(), Ok(text)),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}

fn indic_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> =
        "கஙசஞடணதநபமயரலவழளறனஷஸஶஹஜாிீுூெேைொோௌ்ஃஅஆஇௗக்ෙකයරශ්ාිීුෝේං\u{200D}\u{200C} a✁😀\u{0BA7}".chars().collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..24).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #[test]
    fn graphemes_are_lossless(text in indic_text()) {
        let clusters: Vec<&str> = graphemes(&text).collect();
        prop_assert_eq!(clusters.concat(), text.clone());
        prop_assert!(clusters.iter().all(|c| !c.is_empty()));
    }

    #[test]
    fn graphemes_are_lossless_on_any_string(text in any::<String>()) {
        let clusters: Vec<&str> = graphemes(&text).collect();
        prop_assert_eq!(clusters.concat(), text);
    }

    #[test]
    fn compose_inverts_decompose(text in indic_text()) {
        // Up to NFC: a vowel sign written in two parts (ெ + ா) decomposes as the one sign (ொ), which
        // compose writes as one code point (SPEC G6).
        use unicode_normalization::UnicodeNormalization;
        if let Ok(decomposed) = decompose(&text) {
            let composed = compose(&decomposed).map(|c| c.nfc().collect::<String>());
            prop_assert_eq!(composed, Ok(text.nfc().collect::<String>()));
        }
    }

    #[test]
    fn normalized_text_is_nfc(text in indic_text()) {
        use unicode_normalization::UnicodeNormalization;
        let normalized = normalize_script(&text);
        prop_assert_eq!(normalized.nfc().collect::<String>(), normalized);
    }
}
