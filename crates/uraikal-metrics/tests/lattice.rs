//! Lattice references and OIWER against Vimarsha's golden outputs (fixtures/vimarsha, SPEC L), plus the
//! uraikal mode's documented improvements on Tamil cases.

use std::path::PathBuf;

use serde_json::Value;
use uraikal_metrics::lattice::{build_lattice, oiwer, vimarsha_normalize, ErrorKind, Language, Lattice, Mode, Reading};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vimarsha").join(name)
}

/// The JSON rows of a fixture file with their line numbers. normalize.jsonl carries one stray non-JSON
/// line (`y`) from its generator; that exact line is skipped, anything else unreadable fails.
fn rows(name: &str) -> Vec<(usize, Value)> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || (name == "normalize.jsonl" && line == "y") {
            continue;
        }
        let value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", index + 1));
        out.push((index + 1, value));
    }
    out
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

fn reference_of(row: &Value) -> Result<Lattice, uraikal_metrics::lattice::Error> {
    Lattice::read_value(&row["reference_lattice"], Reading::Vimarsha)
}

#[test]
fn vimarsha_mode_equals_every_golden_oiwer_row() {
    let rows = rows("oiwer.jsonl");
    assert!(rows.len() >= 100);
    for (line, row) in rows {
        let id = row["id"].as_str().unwrap();
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let hypothesis = row["hypothesis"].as_str().unwrap();
        let result = reference_of(&row).and_then(|r| oiwer(hypothesis, &r, language, Mode::Vimarsha));
        if let Some(error) = row.get("error") {
            let err = result.expect_err(id);
            let message = error["message"].as_str().unwrap();
            match error["type"].as_str().unwrap() {
                "ValueError" => assert_eq!(err.kind(), &ErrorKind::EmptyLattice, "{id}"),
                "TypeError" => assert!(
                    matches!(err.kind(), ErrorKind::NonStringVariant { .. } | ErrorKind::MalformedLattice(_)),
                    "{id}"
                ),
                other => panic!("{id}: unexpected error type {other}"),
            }
            assert!(err.to_string().starts_with(message), "{id}: {err} vs {message}");
            continue;
        }
        let got = result.unwrap_or_else(|e| panic!("oiwer.jsonl:{line} {id}: {e}"));
        let at = format!("oiwer.jsonl:{line} {id}");
        assert_eq!(got.percent(), row["score"].as_f64().unwrap(), "{at} score");
        assert_eq!(got.insertions as u64, row["insertions"].as_u64().unwrap(), "{at} I");
        assert_eq!(got.deletions as u64, row["deletions"].as_u64().unwrap(), "{at} D");
        assert_eq!(got.substitutions as u64, row["substitutions"].as_u64().unwrap(), "{at} S");
        assert_eq!(got.reference_words as u64, row["reference_words"].as_u64().unwrap(), "{at} N");
        let ops: Vec<&str> = got.operations.iter().map(|o| o.as_str()).collect();
        assert_eq!(ops, strings(&row["operations"]), "{at} operations");
        assert_eq!(got.hypothesis_alignment, strings(&row["hypothesis_alignment"]), "{at} hyp");
        assert_eq!(got.reference_alignment, strings(&row["reference_alignment"]), "{at} ref");
        let tokens: Vec<String> =
            vimarsha_normalize(hypothesis, language).split_whitespace().map(String::from).collect();
        assert_eq!(tokens, strings(&row["normalized_hypothesis"]), "{at} normalised hypothesis");
    }
}

#[test]
fn vimarsha_normaliser_equals_golden_rows() {
    for (line, row) in rows("normalize.jsonl") {
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let got = vimarsha_normalize(row["text"].as_str().unwrap(), language);
        assert_eq!(got, row["normalized"].as_str().unwrap(), "normalize.jsonl:{line}");
    }
}

#[test]
fn brace_strings_parse_like_vimarsha() {
    for (line, row) in rows("parse_lattice.jsonl") {
        let parsed = Lattice::read(row["input"].as_str().unwrap(), Reading::Vimarsha).unwrap();
        assert_eq!(parsed.to_json(), row["parsed"], "parse_lattice.jsonl:{line}");
    }
}

#[test]
fn vimarsha_lattices_equal_every_golden_row() {
    let rows = rows("lattices.jsonl");
    assert!(rows.len() >= 25);
    for (line, row) in rows {
        let id = row["id"].as_str().unwrap();
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let hypotheses = strings(&row["hypotheses"]);
        let result = build_lattice(&hypotheses, language, Mode::Vimarsha);
        if let Some(error) = row.get("error") {
            let err = result.expect_err(id);
            assert_eq!(err.kind(), &ErrorKind::NoHypotheses, "{id}");
            assert_eq!(err.to_string(), error["message"].as_str().unwrap(), "{id}");
            continue;
        }
        let lattice = result.unwrap_or_else(|e| panic!("lattices.jsonl:{line} {id}: {e}"));
        assert_eq!(lattice.to_json(), row["lattice"], "lattices.jsonl:{line} {id}");
        assert_eq!(lattice.to_string(), row["lattice_string"].as_str().unwrap(), "lattices.jsonl:{line} {id}");
    }
}

/// (hypothesis, reference, expected errors, expected N) in the uraikal mode.
fn check_uraikal(hypothesis: &str, reference: &str, errors: usize, words: usize) {
    let lattice = Lattice::parse(reference).unwrap();
    let got = oiwer(hypothesis, &lattice, Language::Tamil, Mode::Uraikal).unwrap();
    assert_eq!((got.errors(), got.reference_words), (errors, words), "{hypothesis} | {reference}: {got:?}");
    assert_eq!(got.operations.len(), got.hypothesis_alignment.len());
}

#[test]
fn uraikal_mode_compounds() {
    let poyvittu = r#"[["நான்"], ["போயிட்டு", "போய்விட்டு", "போய் விட்டு"], ["வந்தேன்"]]"#;
    // A multi-word form is one path through its group, aligned inside the DP.
    check_uraikal("நான் போய் விட்டு வந்தேன்", poyvittu, 0, 4);
    check_uraikal("நான் போயிட்டு வந்தேன்", poyvittu, 0, 3);
    // A compound written apart in the hypothesis matches the joined form (and the reverse).
    check_uraikal("நான் போய் விட்டு வந்தேன்", "{நான்} {போய்விட்டு} {வந்தேன்}", 0, 3);
    check_uraikal("நான் போய்விட்டு வந்தேன்", r#"[["நான்"], ["போய் விட்டு"], ["வந்தேன்"]]"#, 0, 4);
    // Vimarsha counts the whole utterance's words when picking a phrase form: the uraikal mode does not.
    check_uraikal(
        "அவள் 1998ல பிறந்தாள்",
        r#"[["அவள்"], ["ஆயிரத்து தொள்ளாயிரத்து தொண்ணூற்று எட்டில்", "1998ல்", "1998 இல்"], ["பிறந்தாள்"]]"#,
        1,
        3,
    );
}

#[test]
fn uraikal_mode_optional_words() {
    let optional = r#"[["அவன்"], ["", "நேற்று"], ["வந்தான்"]]"#;
    check_uraikal("அவன் வந்தான்", optional, 0, 2);
    check_uraikal("அவன் நேற்று வந்தான்", optional, 0, 3);
    // A variant of the optional word is a substitution (the path with more reference words wins the tie).
    check_uraikal("அவன் நேத்து வந்தான்", optional, 1, 3);
    // A group of only the empty form is an empty group to the strict reading (SPEC L1); read as Vimarsha
    // reads it, the uraikal mode skips it.
    assert!(Lattice::parse("{அவன்} {} {வந்தான்}").is_err());
    let lattice = Lattice::read("{அவன்} {} {வந்தான்}", Reading::Vimarsha).unwrap();
    let got = oiwer("அவன் வந்தான்", &lattice, Language::Tamil, Mode::Uraikal).unwrap();
    assert_eq!((got.errors(), got.reference_words), (0, 2));
    // Vimarsha cannot express this: it drops empty forms, so the word becomes mandatory.
    let lattice = Lattice::parse(optional).unwrap();
    let vimarsha = oiwer("அவன் வந்தான்", &lattice, Language::Tamil, Mode::Vimarsha).unwrap();
    assert_eq!(vimarsha.deletions, 1);
}

#[test]
fn uraikal_mode_digits_and_number_words() {
    check_uraikal("௧௦ ரூபாய்", "{பத்து | 10} {ரூபாய்}", 0, 2);
    check_uraikal("10 ரூபாய்", "{பத்து} {ரூபாய்}", 0, 2);
    check_uraikal("பத்து ரூபாய்", "{10} {ரூபாய்}", 0, 2);
    check_uraikal("10000 ரூபாய்", r#"[["பத்தாயிரம்", "10,000"], ["ரூபாய்"]]"#, 0, 2);
    check_uraikal("ரெண்டாயிரத்தி முன்னூறு ரூபாய்", "{2300} {ரூபாய்}", 0, 3);
    // The number may be one word of a longer form (an utterance's whole text is one such form).
    check_uraikal("10 பேர் வந்தார்கள்", "{பத்து பேர் வந்தார்கள்}", 0, 3);
    check_uraikal("பத்து பேர் வந்தார்கள்", "{10 பேர் வந்தார்கள்}", 0, 3);
    check_uraikal("இரண்டாயிரத்து முந்நூறு பேர்", "{2300 பேர்}", 0, 3);
    check_uraikal("300ல 15 பேர்", "{முன்னூறுல பதினஞ்சு பேர்}", 0, 3);
    // Words that only look like numbers stay words: ஒரு as an article, ஏழை "poor".
    check_uraikal("1 ஆளு", "{ஒரு ஆளு}", 1, 2);
    check_uraikal("7ஐ", "{ஏழை}", 1, 1);
}

#[test]
fn uraikal_mode_case_and_format_characters() {
    check_uraikal("அவர் phone பண்ணினார்", r#"[["அவர்"], ["Phone", "போன்"], ["பண்ணினார்"]]"#, 0, 3);
    check_uraikal("ஒரு\u{200d}நாள்", "{ஒருநாள்}", 0, 1);
    check_uraikal("அவன் வந்தான்…", "{அவன்} {வந்தான்}", 0, 2);
}

#[test]
fn uraikal_mode_errors_and_alignment() {
    let lattice = Lattice::parse("{அவன்} {வந்தான்}").unwrap();
    let got = oiwer("அவள் வந்தான் இன்று", &lattice, Language::Tamil, Mode::Uraikal).unwrap();
    let ops: Vec<&str> = got.operations.iter().map(|o| o.as_str()).collect();
    assert_eq!(ops, ["s", "c", "i"]);
    assert_eq!(got.reference_alignment, ["அவன்", "வந்தான்", ""]);
    assert_eq!(got.percent(), 100.0);
    let empty = oiwer("", &lattice, Language::Tamil, Mode::Uraikal).unwrap();
    assert_eq!((empty.deletions, empty.percent()), (2, 100.0));
    for bad in ["[]", "{ . }", "[[\"\"]]"] {
        let lattice = Lattice::read(bad, Reading::Vimarsha).unwrap();
        let err = oiwer("x", &lattice, Language::Tamil, Mode::Uraikal).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::EmptyLattice, "{bad}");
    }
}

#[test]
fn uraikal_lattices_make_optional_words_and_split_compounds() {
    let check = |hypotheses: &[&str], expected: &str| {
        let lattice = build_lattice(hypotheses, Language::Tamil, Mode::Uraikal).unwrap();
        assert_eq!(lattice.to_string(), expected, "{hypotheses:?}");
    };
    check(&["நான் போயிட்டு வந்தேன்", "நான் போய் விட்டு வந்தேன்"], "{நான்} {போயிட்டு | போய் விட்டு} {வந்தேன்}");
    check(&["நான் போய் விட்டு வந்தேன்", "நான் போயிட்டு வந்தேன்"], "{நான்} {போய் விட்டு | போயிட்டு} {வந்தேன்}");
    check(&["அவன் வந்தான்", "அவன் நேற்று வந்தான்"], "{அவன்} {நேற்று | } {வந்தான்}");
    check(&["அவன் நேற்று வந்தான்", "அவன் வந்தான்"], "{அவன்} {நேற்று | } {வந்தான்}");
    check(&["அவர் ஒரு நல்ல மனிதர்", "அவர் ஓர் நல்ல மனிதர்", "Avar ஒரு நல்ல மனிதர்"], "{அவர் | avar} {ஒரு | ஓர்} {நல்ல} {மனிதர்}");
    // Every hypothesis is a path through its own lattice with no error.
    let hypotheses = ["சரி சரி நான் பாத்துக்கிறேன்", "சரி நான் பார்த்துக்கொள்கிறேன்", "சரி சரி நான் பார்த்துக் கொள்கிறேன்"];
    let lattice = build_lattice(&hypotheses, Language::Tamil, Mode::Uraikal).unwrap();
    for hypothesis in hypotheses {
        let got = oiwer(hypothesis, &lattice, Language::Tamil, Mode::Uraikal).unwrap();
        assert_eq!(got.errors(), 0, "{hypothesis} vs {lattice}");
    }
}

/// A row of the SPEC L4 table: (hypothesis, reference, vimarsha (errors, N), uraikal (errors, N)).
type L4Row<'a> = (&'a str, &'a str, (usize, usize), (usize, usize));

/// Every row of the table in SPEC L4.
#[test]
fn spec_l4_table() {
    let rows: [L4Row<'_>; 10] = [
        ("அவள் 1998ல பிறந்தாள்", "{அவள்} {ஆயிரத்து தொள்ளாயிரத்து தொண்ணூற்று எட்டில் | 1998ல் | 1998 இல்} {பிறந்தாள்}", (4, 6), (1, 3)),
        ("நான் போய் விட்டு வந்தேன்", "{நான்} {போய்விட்டு} {வந்தேன்}", (2, 3), (0, 3)),
        ("அவன் வந்தான்", "{அவன்} { | நேற்று} {வந்தான்}", (1, 3), (0, 2)),
        ("அவர் phone பண்ணினார்", "{அவர்} {Phone | போன்} {பண்ணினார்}", (1, 3), (0, 3)),
        ("௧௦ ரூபாய்", "{பத்து | 10} {ரூபாய்}", (1, 2), (0, 2)),
        ("10 ரூபாய்", "{பத்து} {ரூபாய்}", (1, 2), (0, 2)),
        ("10000 ரூபாய்", "{பத்தாயிரம் | 10,000} {ரூபாய்}", (1, 2), (0, 2)),
        ("அவன் வந்தான்…", "{அவன்} {வந்தான்}", (1, 2), (0, 2)),
        ("ஒரு\u{200d}நாள்", "{ஒருநாள்}", (0, 1), (0, 1)),
        ("அவன் நேற்று வந்தான்", "{அவன்} {. | நேற்று} {வந்தான்}", (0, 3), (0, 3)),
    ];
    for (hypothesis, reference, vimarsha, uraikal) in rows {
        let lattice = Lattice::parse(reference).unwrap();
        for (mode, expected) in [(Mode::Vimarsha, vimarsha), (Mode::Uraikal, uraikal)] {
            let got = oiwer(hypothesis, &lattice, Language::Tamil, mode).unwrap();
            assert_eq!((got.errors(), got.reference_words), expected, "{mode} {hypothesis} | {reference}");
        }
    }
    // The optional group of the last row: without the word, uraikal still scores 0; vimarsha deletes it.
    let lattice = Lattice::parse("{அவன்} {. | நேற்று} {வந்தான்}").unwrap();
    assert_eq!(oiwer("அவன் வந்தான்", &lattice, Language::Tamil, Mode::Uraikal).unwrap().errors(), 0);
    assert_eq!(oiwer("அவன் வந்தான்", &lattice, Language::Tamil, Mode::Vimarsha).unwrap().errors(), 1);
}
