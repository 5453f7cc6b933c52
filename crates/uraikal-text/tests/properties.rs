//! Property tests (proptest): `letters` is lossless, `clean` and `normalize` are idempotent, and no input
//! panics any function (SPEC T1.1, T3, N).

use proptest::prelude::*;
use uraikal_text::{
    clean, clean_with, length, letters, letters_with, normalize, tamil_share, CleanOptions, LetterOptions,
};

/// Strings built mostly from the Tamil block, with the characters that meet Tamil in real text: spaces,
/// Latin, digits, punctuation, joiners, soft hyphen, combining marks, emoji.
fn tamilish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => (0x0B80u32..=0x0BFF).prop_map(|cp| char::from_u32(cp).unwrap()),
        1 => prop::sample::select(vec![' ', '\t', '\n', 'a', 'Z', '1', '.', ',', '!', '(', '\u{200B}', '\u{200C}', '\u{200D}', '\u{00AD}', '\u{FEFF}', '\u{0301}', '\u{0323}', 'É', '🙂', '\u{1F3FD}', '\u{00A0}', '\r']),
        1 => any::<char>(),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|chars| chars.into_iter().collect())
}

fn is_tamil_digit(c: char) -> bool {
    ('\u{0BE6}'..='\u{0BEF}').contains(&c)
}

fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![tamilish(), any::<String>()]
}

/// SPEC N1–N7 written as plainly as possible, to check the fast implementation against.
fn reference_normalize(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};
    use unicode_script::{Script, UnicodeScript};
    let nfc: String = text.nfc().collect();
    let without_format: String = nfc.chars().filter(|c| c.general_category() != GeneralCategory::Format).collect();
    let mut mapped = String::new();
    for c in without_format.chars() {
        let group = c.general_category_group();
        if is_tamil_digit(c) {
            mapped.push(char::from(b'0' + (c as u32 - 0x0BE6) as u8));
        } else if group == GeneralCategoryGroup::Letter && c.script() == Script::Latin {
            mapped.extend(c.to_lowercase());
        } else if matches!(group, GeneralCategoryGroup::Punctuation | GeneralCategoryGroup::Symbol) {
            mapped.push(' ');
        } else {
            mapped.push(c);
        }
    }
    let spaced = mapped.split_whitespace().collect::<Vec<_>>().join(" ");
    if without_format != nfc {
        spaced.nfc().collect()
    } else {
        spaced
    }
}

proptest! {
    // 2,000 cases unless PROPTEST_CASES asks for more (a long search before a release).
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
    ))]

    #[test]
    fn letters_is_lossless(text in any_text()) {
        for ligatures in [false, true] {
            let units: Vec<&str> = letters_with(&text, LetterOptions::ligatures(ligatures)).map(|l| l.text).collect();
            prop_assert!(units.iter().all(|u| !u.is_empty()));
            prop_assert_eq!(units.concat(), text.clone());
            for unit in units {
                let _ = length(unit);
            }
        }
    }

    #[test]
    fn clean_is_idempotent(text in any_text()) {
        for legacy_au in [false, true] {
            let options = CleanOptions::legacy_au(legacy_au);
            let once = clean_with(&text, options);
            prop_assert_eq!(clean_with(&once, options), once.clone());
        }
    }

    #[test]
    fn normalize_is_idempotent_and_tidy(text in any_text()) {
        let once = normalize(&text);
        prop_assert_eq!(&once, &reference_normalize(&text));
        prop_assert_eq!(normalize(&once), once.clone());
        prop_assert!(!once.starts_with(' ') && !once.ends_with(' ') && !once.contains("  "));
        let leftover = once.chars().any(|c| c.is_ascii_uppercase() || c.is_ascii_punctuation() || is_tamil_digit(c));
        prop_assert!(!leftover, "left over in {:?}", once);
    }

    #[test]
    fn share_is_a_fraction(text in any_text()) {
        let share = tamil_share(&text);
        prop_assert!((0.0..=1.0).contains(&share));
        // Cleaning never removes Tamil letters wholesale.
        let _ = letters(&clean(&text)).count();
    }
}
