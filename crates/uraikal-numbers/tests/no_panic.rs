//! Property tests: to_digits, from_numerals and tn accept any input without panicking, and to_digits never
//! loses the text around the numbers it rewrites.

use proptest::prelude::*;
use uraikal_numbers::{from_numerals, tn, to_digits, to_words, Register};

/// Tamil-heavy strings: number words, suffixes, Tamil letters and numerals, spaces, punctuation, anything.
fn tamil_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("ரெண்டு".to_string()),
        Just("லட்சம்".to_string()),
        Just("கோடியே".to_string()),
        Just("ஒரு".to_string()),
        Just("புள்ளி".to_string()),
        Just("மைனஸ்".to_string()),
        Just("ஆவது".to_string()),
        Just("க்கு".to_string()),
        Just(" ".to_string()),
        Just(",".to_string()),
        (0u64..1_000_000_000_000).prop_map(|n| to_words(n as i64, Register::Spoken).unwrap()),
        "[\u{0B80}-\u{0BFF}]{1,4}",
        "[௦-௺]{1,3}",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn to_digits_accepts_anything(text in tamil_text()) {
        let out = to_digits(&text);
        // Whatever is not a Tamil word survives unchanged (digits, '-', '.' only ever get added).
        let others = |s: &str| s.chars().filter(|c| !('\u{0B80}'..='\u{0BFF}').contains(c) && !c.is_ascii_digit()
            && !matches!(c, '-' | '.' | ' ')).collect::<String>();
        prop_assert_eq!(others(&out), others(&text));
    }

    #[test]
    fn from_numerals_accepts_anything(text in "[௦-௺ ]{0,12}|\\PC{0,8}") {
        let _ = from_numerals(&text);
    }

    #[test]
    fn to_digits_is_stable_on_arbitrary_unicode(text in "\\PC{0,40}") {
        let _ = to_digits(&text);
    }

    #[test]
    fn tn_accepts_anything(text in "[0-9,.:/+₹%°$ \\-–a-zA-Zகமலாஆம்்ிு]{0,24}|\\PC{0,30}") {
        for register in [Register::Spoken, Register::Written] {
            let spoken = tn(&text, register);
            // Text without digits or signs passes through unchanged.
            if !text.contains(|c: char| c.is_ascii_digit() || matches!(c, '₹' | '%' | '°')) {
                prop_assert_eq!(&spoken, &text);
            }
        }
    }
}
