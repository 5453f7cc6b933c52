//! Laws (SPEC Q4, Q3.2): no input panics, the score stays in [0, 1], a kept document's repaired text is the
//! input, repair is idempotent on what it repairs, and a register's scores sum to 1.

use proptest::prelude::*;
use uraikal_quality::register::Model;
use uraikal_quality::{assess, Config, Decision};

/// Text made of the pieces that matter here: Tamil letters and signs, Latin-1, Latin, spaces and newlines.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[\u{0B80}-\u{0BFF}]{1,6}",
            "[a-zA-Z]{1,8}",
            "[\u{00A0}-\u{00FF}]{1,4}",
            Just(" ".to_owned()),
            Just("\n".to_owned()),
            Just("தமிழ் ".to_owned()),
            Just("à®¤à®®à®¿".to_owned()),
            Just("ெகாடு ".to_owned()),
            any::<char>().prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn never_panics_and_the_score_is_a_probability(t in text()) {
        let a = assess(&t, &Config::default());
        prop_assert!((0.0..=1.0).contains(&a.score), "score {}", a.score);
        if a.decision == Decision::Keep {
            prop_assert_eq!(&a.repaired, &t);
        }
        if a.decision == Decision::Repair {
            prop_assert!(!a.reasons.is_empty());
        }
    }

    #[test]
    fn register_scores_sum_to_one(t in text()) {
        let c = Model::default_model().classify(&t);
        let sum: f64 = c.scores.values().sum();
        prop_assert!((sum - 1.0).abs() < 1e-9, "sum {sum}");
        prop_assert!(c.scores.contains_key(&c.register));
    }
}

#[test]
fn a_repaired_document_is_kept_when_assessed_again() {
    let prose = "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய \
                 நாடுகளில் அலுவல் மொழியாக உள்ளது. பல நூற்றாண்டுகளாக இலக்கியம் வளர்ந்து வருகிறது.";
    let config = Config::default();
    assert_eq!(assess(prose, &config).decision, Decision::Keep);
    let mojibake: String = prose.as_bytes().iter().map(|&b| char::from(b)).collect();
    let a = assess(&mojibake, &config);
    assert_eq!(a.decision, Decision::Repair, "{:?}", a.reasons);
    assert_eq!(a.repaired, prose);
    assert_eq!(assess(&a.repaired, &config).decision, Decision::Keep);
}

#[test]
fn latin_spam_inside_tamil_text_is_not_tamil() {
    // SPEC Q3.2: Latin-script words beyond max_latin_word_share.
    let prose = "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய \
                 நாடுகளில் அலுவல் மொழியாக உள்ளது.";
    let spam: Vec<String> =
        prose.split_whitespace().enumerate().map(|(k, w)| format!("{w} cheap-deals{k} casino")).collect();
    let a = assess(&spam.join(" "), &Config::default());
    assert_eq!(a.decision, Decision::Drop);
    assert!(a.reasons.contains(&uraikal_quality::Reason::NotTamil), "{:?}", a.reasons);
    assert_eq!(assess(prose, &Config::default()).decision, Decision::Keep);
}

#[test]
fn text_that_lost_its_signs_is_broken() {
    // SPEC Q1.3a: the vowel signs and pulli stripped (as a mark-stripping tokenizer or font does).
    let prose = "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய \
                 நாடுகளில் அலுவல் மொழியாக உள்ளது. பல நூற்றாண்டுகளாக இலக்கியம் வளர்ந்து வருகிறது. \
                 தமிழ் இலக்கியம் சங்க காலம் முதல் இன்று வரை தொடர்ந்து வளர்ந்து வருகிறது.";
    assert_eq!(assess(prose, &Config::default()).decision, Decision::Keep);
    let stripped: String = prose.chars().filter(|c| !('\u{0BBE}'..='\u{0BCD}').contains(c)).collect();
    let a = assess(&stripped, &Config::default());
    assert_eq!(a.decision, Decision::Drop);
    assert!(a.reasons.contains(&uraikal_quality::Reason::BrokenLetters), "{:?}", a.reasons);
}
