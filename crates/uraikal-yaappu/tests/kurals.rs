//! The whole Thirukkural through the scanner: the worked kurals of the reference scan exactly as shown, at
//! least the recorded number of kurals are valid குறள் வெண்பா, every other one names its problems, and the
//! scansion agrees with an independent analyser where that one succeeds.

use std::collections::BTreeMap;
use std::path::PathBuf;

use uraikal_yaappu::scan;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Kural number → the two lines joined by a newline (fixtures/thirukkural/thirukkural.tsv).
fn kurals() -> BTreeMap<u32, String> {
    let text = std::fs::read_to_string(workspace().join("fixtures/thirukkural/thirukkural.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (f[0].parse().unwrap(), format!("{}\n{}", f[8], f[9]))
        })
        .collect()
}

/// Valid kurals reached by the rules of SPEC section Y; a change that lowers it is a regression.
const VALID_AT_LEAST: usize = 1292;

#[test]
fn all_kurals_scan_and_every_failure_is_explained() {
    let kurals = kurals();
    assert_eq!(kurals.len(), 1330);
    let mut valid = 0;
    for (n, text) in &kurals {
        let s = scan(text);
        if s.valid {
            valid += 1;
            assert_eq!(s.metre, Some("குறள் வெண்பா"), "kural {n}");
            assert!(s.problems.is_empty(), "kural {n}");
        } else {
            assert!(!s.problems.is_empty(), "kural {n} is not valid but names no problem");
        }
        for c in &s.cirs {
            assert_eq!(c.letters.concat(), c.text, "kural {n}");
            assert_eq!(c.asai_text.concat(), c.text, "kural {n}");
        }
    }
    assert!(valid >= VALID_AT_LEAST, "{valid} valid kurals, expected at least {VALID_AT_LEAST}");
}

fn check(n: u32, patterns: &[&str], talai: &[&str], toggles: usize) {
    let s = scan(&kurals()[&n]);
    let got: Vec<&str> = s.cirs.iter().map(|c| c.pattern.unwrap_or("?")).collect();
    assert_eq!(got, patterns, "kural {n}");
    let got: Vec<&str> = s.talai.iter().map(|t| t.name()).collect();
    assert_eq!(got, talai, "kural {n}");
    assert!(s.valid, "kural {n}: {:?}", s.problems);
    assert_eq!(s.toggles.len(), toggles, "kural {n}: {:?}", s.toggles);
}

const IYAR: &str = "இயற்சீர் வெண்டளை";
const VEN: &str = "வெண்சீர் வெண்டளை";

#[test]
fn worked_kurals_of_the_reference() {
    check(
        1,
        &["புளிமா", "புளிமா", "புளிமாங்காய்", "தேமா", "புளிமா", "புளிமா", "பிறப்பு"],
        &[IYAR, IYAR, VEN, IYAR, IYAR, IYAR],
        0,
    );
    check(
        2,
        &["கூவிளங்காய்", "தேமா", "புளிமாங்காய்", "கூவிளங்காய்", "தேமா", "புளிமா", "மலர்"],
        &[VEN, IYAR, VEN, VEN, IYAR, IYAR],
        0,
    );
    check(
        7,
        &["கருவிளங்காய்", "தேமாங்காய்", "தேமாங்காய்", "தேமா", "கருவிளங்காய்", "தேமா", "பிறப்பு"],
        &[VEN, VEN, VEN, IYAR, VEN, IYAR],
        0,
    );
    let s = scan(&kurals()[&2]);
    assert_eq!(s.cirs[5].asai_text, ["தொழா", "அர்"]); // alapedai counted
    let s = scan(&kurals()[&7]);
    assert_eq!(s.cirs[2].text, "தாள்சேர்ந்தார்க்");
    assert_eq!(s.cirs[6].asai_text, ["அரி", "து"]);
}

#[test]
fn collapsing_the_alapedai_of_kural_2_breaks_it() {
    let text = kurals()[&2].replace("தொழாஅர்", "தொழார்");
    let s = scan(&text);
    assert!(!s.valid);
    assert!(s.problems.iter().any(|p| p.contains("தொழார்")), "{:?}", s.problems);
}

#[test]
fn kutriyalukaram_elides_across_words() {
    let s = scan("வான்நின்று உலகம் வழங்கி வருதலால்\nதான்அமிழ்தம் என்றுணரற் பாற்று.");
    let texts: Vec<&str> = s.cirs.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(&texts[..2], ["வான்நின்", "றுலகம்"]);
}

#[test]
fn other_venba_shapes_and_bad_input() {
    // Not a venba at all: one line.
    let s = scan("அகர முதல");
    assert!(!s.valid && s.problems.iter().any(|p| p.contains("two lines")));
    // Nothing to scan.
    for text in ["", "hello, world", "...", "\u{0BCD}\u{0BBF}"] {
        let s = scan(text);
        assert!(!s.valid && !s.problems.is_empty(), "{text:?}");
    }
}

/// The independent analyser (thirukkural-visaineri, MIT) read in place: where it succeeds and both give
/// seven cirs, the share of cir patterns that agree.
#[test]
fn agreement_with_an_independent_analyser() {
    let path = workspace().join("../shared/data/thirukkural/thirukkural_prosody_visaineri.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        uraikal_test_support::skipped(&format!("{} is absent; the cross-check did not run", path.display()));
        return;
    };
    let kurals = kurals();
    let (mut same, mut total) = (0usize, 0usize);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["status"] != "success" {
            continue;
        }
        let theirs: Vec<&str> = v["adis"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|a| a["cirs"].as_array().unwrap().iter().map(|c| c["vaaippaadu"].as_str().unwrap_or("")))
            .collect();
        let n = v["number"].as_u64().unwrap() as u32;
        let ours = scan(&kurals[&n]);
        if theirs.len() != 7 || ours.cirs.len() != 7 {
            continue;
        }
        total += 7;
        same += ours.cirs.iter().zip(&theirs).filter(|(c, t)| c.pattern == Some(**t)).count();
    }
    let agreement = same as f64 / total as f64;
    eprintln!("cir patterns agree with visaineri on {same}/{total} = {agreement:.4}");
    assert!(agreement >= AGREEMENT_AT_LEAST, "agreement {agreement:.4} fell below {AGREEMENT_AT_LEAST}");
}

/// The agreement reached (docs/yaappu.md); a change that lowers it is a regression.
const AGREEMENT_AT_LEAST: f64 = 0.975;
