//! Real text: all 1,330 kurals (fixtures/thirukkural, committed) and the prose sets of ../shared/data/prose
//! (read in place; reported as SKIPPED when absent).

use std::path::{Path, PathBuf};

use uraikal_text::{clean, letters, letters_with, normalize, LetterKind, LetterOptions};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// (number, line1, line2) of every kural.
fn kurals() -> Vec<(String, String, String)> {
    let path = workspace_root().join("fixtures/thirukkural/thirukkural.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), fields[8].to_string(), fields[9].to_string())
        })
        .collect()
}

#[test]
fn every_kural_segments_without_an_invalid_unit() {
    let kurals = kurals();
    assert_eq!(kurals.len(), 1330);
    for (number, line1, line2) in &kurals {
        for line in [line1, line2] {
            for ligatures in [false, true] {
                let units: Vec<_> = letters_with(line, LetterOptions::ligatures(ligatures)).collect();
                assert_eq!(units.iter().map(|l| l.text).collect::<String>(), *line, "kural {number}");
                let invalid: Vec<&str> =
                    units.iter().filter(|l| l.kind == LetterKind::Invalid).map(|l| l.text).collect();
                assert!(invalid.is_empty(), "kural {number}: invalid units {invalid:?} in {line}");
            }
            // The kurals are correct modern Unicode: clean leaves them alone.
            assert_eq!(clean(line), *line, "kural {number}");
        }
    }
}

/// Reads a prose set in place, or says that it was skipped.
fn prose(relative: &str) -> Option<String> {
    let path = workspace_root().join("../shared/data/prose").join(relative);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(_) => {
            uraikal_test_support::skipped(&format!(
                "../shared/data/prose/{relative} absent ({}); prose checks not run",
                path.display()
            ));
            None
        }
    }
}

#[test]
fn prose_sets() {
    let sets = [
        ("flores200/tam_Taml.devtest", 2),
        ("ntrex128/newstest2019-ref.tam.txt", 2),
        ("tico19/tico19-test.tam", 8),
        ("tatoeba/tatoeba-test-v2021-08-07.tam", 3),
    ];
    for (relative, expected_non_nfc) in sets {
        let Some(text) = prose(relative) else { continue };
        let mut non_nfc = 0;
        for (number, line) in text.lines().enumerate() {
            let at = format!("{relative}:{}", number + 1);
            assert_eq!(letters(line).map(|l| l.text).collect::<String>(), line, "{at}");
            let cleaned = clean(line);
            assert_eq!(clean(&cleaned), cleaned, "{at}");
            assert!(unicode_normalization::is_nfc(&cleaned), "{at}: clean output is not NFC");
            let normalized = normalize(line);
            assert_eq!(normalize(&normalized), normalized, "{at}");
            if !unicode_normalization::is_nfc(line) {
                non_nfc += 1;
                // The damage is decomposed ொ/ோ; clean composes it and changes nothing else.
                let nfc: String = unicode_normalization::UnicodeNormalization::nfc(line).collect();
                assert_eq!(cleaned, nfc, "{at}");
            } else {
                // Correct modern text is never changed, beyond dropping ZWSP, BOM and soft hyphens (T3.1).
                let visible: String =
                    line.chars().filter(|c| !matches!(c, '\u{200B}' | '\u{FEFF}' | '\u{00AD}')).collect();
                assert_eq!(cleaned, visible, "{at}");
            }
        }
        assert_eq!(non_nfc, expected_non_nfc, "non-NFC lines in {relative}");
    }
}
