//! Property tests: to_digits, from_numerals and tn accept any input without panicking, and to_digits never
//! loses the text around the numbers it rewrites.

use proptest::prelude::*;
use uraikal_numbers::{from_numerals, tn, to_digits, to_words, Register, WORDS_LIMIT};

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

/// Number words longer than u64 (SPEC U7): the words stay as written, never a wrong number or a panic.
#[test]
fn to_digits_leaves_overflowing_numbers_as_words() {
    let words = to_words(1_844_674_407_370, Register::Spoken).unwrap();
    for tail in [" கோடியே தொண்ணூத்தொம்போது லட்சம்", " கோடி கோடி", " கோடியே ரெண்டு கோடி"]
    {
        let text = format!("{words}{tail}");
        assert_eq!(to_digits(&text), text);
        // The text around the number is still converted.
        assert_eq!(to_digits(&format!("ரெண்டு பேர், {text}")), format!("2 பேர், {text}"));
    }
    // Still within u64: converted.
    assert_eq!(to_digits(&format!("{words} கோடி")), "18446744073700000000");
}

/// Long runs of number words, scales and combining forms included, that often go beyond u64.
fn number_word_runs() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        2 => prop::sample::select(vec!["நூறு", "ஆயிரம்", "லட்சம்", "கோடி", "கோடியே"]).prop_map(String::from),
        1 => prop::sample::select(vec![
            "ஒண்ணு", "ரெண்டு", "ஒம்போது", "பத்து", "பதினஞ்சு", "தொண்ணூறு", "தொண்ணூத்தொம்போது", "நூத்தி", "நூத்து",
            "தொள்ளாயிரம்", "தொள்ளாயிரத்தி", "ஆயிரத்தி", "ஆயிரத்து", "ஒரு", "பூஜ்ஜியம்",
        ])
        .prop_map(String::from),
        // A whole spoken or written number up to the largest to_words reads (its combining forms included).
        2 => (0..WORDS_LIMIT, any::<bool>()).prop_map(|(n, spoken)| {
            let register = if spoken { Register::Spoken } else { Register::Written };
            to_words(n as i64, register).unwrap()
        }),
        // u64::MAX / 10^7 crores and then lakhs: it overflows only in the last additions.
        1 => (0..10_000_000i64).prop_map(|rest| {
            let crores = to_words((u64::MAX / 10_000_000) as i64, Register::Spoken).unwrap();
            format!("{crores} கோடியே {}", to_words(rest, Register::Spoken).unwrap())
        }),
    ];
    prop::collection::vec(word, 1..12).prop_map(|words| words.join(" "))
}

proptest! {
    #[test]
    fn to_digits_survives_long_number_word_runs(text in number_word_runs()) {
        let out = to_digits(&text);
        // Every digit run written is a number that fits a u64 (an overflow leaves the words as written).
        for run in out.split(|c: char| !c.is_ascii_digit()).filter(|run| !run.is_empty()) {
            prop_assert!(run.parse::<u64>().is_ok(), "{run} in {out}");
        }
    }

    #[test]
    fn to_digits_accepts_anything(text in tamil_text()) {
        let out = to_digits(&text);
        // Whatever is not a Tamil word survives unchanged (digits, '-', '.' only ever get added; the inline
        // whitespace between the words of one number goes with them, SPEC U7.1).
        let others = |s: &str| s.chars().filter(|c| !('\u{0B80}'..='\u{0BFF}').contains(c) && !c.is_ascii_digit()
            && !matches!(c, '-' | '.' | ' ' | '\t' | '\u{00A0}')).collect::<String>();
        prop_assert_eq!(others(&out), others(&text));
        // That whitespace goes only with number words turned into digits: where no digit appeared, it all stays.
        let count = |s: &str, f: fn(&char) -> bool| s.chars().filter(f).count();
        if count(&out, char::is_ascii_digit) == count(&text, char::is_ascii_digit) {
            let inline = |c: &char| matches!(c, '\t' | '\u{00A0}');
            prop_assert_eq!(count(&out, inline), count(&text, inline));
        }
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
