//! Every code point of the Tamil block, and every consonant with every vowel sign, through `letters` and
//! `length` (SPEC T1, T2), and through `clean` and `normalize` without panics.

use uraikal_text::{clean, length, letters, normalize, Length, LetterKind};

const VOWELS: &str = "அஆஇஈஉஊஎஏஐஒஓஔ";
const CONSONANTS: &str = "கஙசஞடணதநபமயரலவழளறனஜஶஷஸஹ";
const VOWEL_SIGNS: &str = "\u{0BBE}\u{0BBF}\u{0BC0}\u{0BC1}\u{0BC2}\u{0BC6}\u{0BC7}\u{0BC8}\u{0BCA}\u{0BCB}\u{0BCC}";
const SHORT: &str = "அஇஉஎஒ\u{0BBF}\u{0BC1}\u{0BC6}\u{0BCA}";

fn units(text: &str) -> Vec<(String, LetterKind)> {
    letters(text).map(|l| (l.text.to_string(), l.kind)).collect()
}

/// What a lone code point of the Tamil block must be.
fn expected_kind(c: char) -> LetterKind {
    if VOWELS.contains(c) {
        LetterKind::Uyir
    } else if CONSONANTS.contains(c) {
        LetterKind::Uyirmei
    } else if c == 'ஃ' {
        LetterKind::Aaytham
    } else if VOWEL_SIGNS.contains(c) || matches!(c, '\u{0BCD}' | '\u{0BD7}' | '\u{0B82}') {
        LetterKind::Invalid
    } else {
        LetterKind::Other
    }
}

#[test]
fn every_tamil_code_point_alone() {
    for cp in 0x0B80..=0x0BFFu32 {
        let c = char::from_u32(cp).unwrap();
        let s = c.to_string();
        let kind = expected_kind(c);
        assert_eq!(units(&s), [(s.clone(), kind)], "U+{cp:04X}");
        let expected_length = match kind {
            LetterKind::Uyir | LetterKind::Uyirmei if SHORT.contains(c) || CONSONANTS.contains(c) => Length::Kuril,
            LetterKind::Uyir => Length::Nedil,
            LetterKind::Aaytham => Length::Aaytham,
            _ => Length::Other,
        };
        assert_eq!(length(&s), expected_length, "length U+{cp:04X}");
        // In a word, and after a consonant: never a panic, always lossless, clean and normalize idempotent.
        for text in [format!("க{c}"), format!("{c}க்"), format!("a{c} {c}{c}")] {
            let joined: String = letters(&text).map(|l| l.text).collect();
            assert_eq!(joined, text);
            assert_eq!(clean(&clean(&text)), clean(&text), "clean {text:?}");
            assert_eq!(normalize(&normalize(&text)), normalize(&text), "normalize {text:?}");
        }
    }
}

#[test]
fn every_consonant_with_every_vowel_sign() {
    for consonant in CONSONANTS.chars() {
        for sign in VOWEL_SIGNS.chars() {
            let letter = format!("{consonant}{sign}");
            let expected = if SHORT.contains(sign) { Length::Kuril } else { Length::Nedil };
            assert_eq!(units(&letter), [(letter.clone(), LetterKind::Uyirmei)], "{letter}");
            assert_eq!(length(&letter), expected, "{letter}");
            // A second sign never merges.
            let doubled = format!("{letter}{sign}");
            assert_eq!(
                units(&doubled),
                [(letter.clone(), LetterKind::Uyirmei), (sign.to_string(), LetterKind::Invalid)]
            );
            // A correct letter is left alone by clean.
            assert_eq!(clean(&letter), letter);
        }
        let mei = format!("{consonant}\u{0BCD}");
        assert_eq!(units(&mei), [(mei.clone(), LetterKind::Mei)]);
        assert_eq!(length(&mei), Length::Otru);
        assert_eq!(length(&consonant.to_string()), Length::Kuril);
        // Two-part vowels written in parts form one letter of the composed vowel's length.
        for (parts, expected) in [
            ("\u{0BC6}\u{0BBE}", Length::Kuril),
            ("\u{0BC7}\u{0BBE}", Length::Nedil),
            ("\u{0BC6}\u{0BD7}", Length::Nedil),
        ] {
            let letter = format!("{consonant}{parts}");
            assert_eq!(units(&letter), [(letter.clone(), LetterKind::Uyirmei)]);
            assert_eq!(length(&letter), expected, "{letter:?}");
        }
    }
}
