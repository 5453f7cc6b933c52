//! The frozen scoring normaliser of track A1 (SPEC N) and `tamil_share` (SPEC T4).
//!
//! Speed matters here (every reference and hypothesis of a benchmark goes through it), so the NFC check has a
//! fast path for text made of ASCII and Tamil, and the character classes have fast paths for both.

use unicode_normalization::UnicodeNormalization;

use crate::category::{class, is_latin_letter, Class};
use crate::tamil::*;

/// The version of the normaliser's rules (SPEC N). Result records carry it; it changes whenever a rule does.
pub const NORMALIZER_VERSION: &str = "1.0";

/// The frozen scoring normaliser (SPEC N1–N7): NFC; drop format characters (Cf); Tamil digits → ASCII;
/// Latin-script letters lower-cased; punctuation and symbols → space; whitespace runs → one space, trimmed.
/// Idempotent.
///
/// ```
/// assert_eq!(uraikal_text::normalize("Hello, World!"), "hello world");
/// assert_eq!(uraikal_text::normalize("௨௦௨௪ ஆம் ஆண்டு."), "2024 ஆம் ஆண்டு");
/// ```
pub fn normalize(text: &str) -> String {
    let composed;
    let text = if is_nfc(text) {
        text
    } else {
        composed = text.nfc().collect::<String>();
        &composed
    };
    let mut out = String::with_capacity(text.len());
    let mut space_pending = false;
    let mut recompose = false;
    let push = |out: &mut String, c: char, space_pending: &mut bool| {
        if *space_pending {
            out.push(' ');
            *space_pending = false;
        }
        out.push(c);
    };
    for c in text.chars() {
        if c.is_ascii() {
            match c {
                'A'..='Z' => push(&mut out, c.to_ascii_lowercase(), &mut space_pending),
                'a'..='z' | '0'..='9' => push(&mut out, c, &mut space_pending),
                '!'..='/' | ':'..='@' | '['..='`' | '{'..='~' | '\t'..='\r' | ' ' => space_pending = !out.is_empty(),
                _ => push(&mut out, c, &mut space_pending),
            }
            continue;
        }
        if let '\u{0BE6}'..='\u{0BEF}' = c {
            // N3: Tamil digits ௦–௯ → 0–9.
            let digit = (b'0' + (c as u32 - 0x0BE6) as u8) as char;
            push(&mut out, digit, &mut space_pending);
            continue;
        }
        match class(c) {
            Class::Format => recompose = true,                             // N2
            Class::PunctuationOrSymbol => space_pending = !out.is_empty(), // N5
            _ if c.is_whitespace() => space_pending = !out.is_empty(),     // N6
            Class::Letter if is_latin_letter(c) => {
                // N4
                for lower in c.to_lowercase() {
                    push(&mut out, lower, &mut space_pending);
                }
                recompose = true;
            }
            _ => push(&mut out, c, &mut space_pending),
        }
    }
    // N7: dropping a format character can leave a base and its mark side by side; compose them again.
    if recompose && !is_nfc(&out) {
        out = out.nfc().collect();
    }
    out
}

/// True when `text` is in NFC. Text made of ASCII and Tamil is checked here directly: below U+0300 every
/// code point is NFC-stable and a starter, and in the Tamil block only ா and ௗ compose with what precedes
/// them. Anything else goes to `unicode-normalization`.
fn is_nfc(text: &str) -> bool {
    let mut previous = '\0';
    for c in text.chars() {
        if (c as u32) < 0x300 {
        } else if is_tamil(c) {
            let composes = match c {
                SIGN_AA => matches!(previous, SIGN_E | SIGN_EE),
                AU_LENGTH_MARK => matches!(previous, SIGN_E | VOWEL_O),
                _ => false,
            };
            if composes {
                return false;
            }
        } else {
            return unicode_normalization::is_nfc(text);
        }
        previous = c;
    }
    true
}

/// The share of letter code points (general categories L and M) that are Tamil (U+0B80..=U+0BFF); 0.0 when
/// the text has no letters (SPEC T4).
///
/// ```
/// assert_eq!(uraikal_text::tamil_share("தமிழ் abc"), 5.0 / 8.0);
/// assert_eq!(uraikal_text::tamil_share("123 !"), 0.0);
/// ```
pub fn tamil_share(text: &str) -> f64 {
    let (mut tamil, mut letters) = (0usize, 0usize);
    for c in text.chars() {
        if matches!(class(c), Class::Letter | Class::Mark) {
            letters += 1;
            tamil += usize::from(is_tamil(c));
        }
    }
    if letters == 0 {
        0.0
    } else {
        tamil as f64 / letters as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &str) {
        assert_eq!(normalize(input), expected, "normalize({input:?})");
    }

    #[test]
    fn rules() {
        check("Hello, World!", "hello world"); // N4, N5
        check("௨௦௨௪", "2024"); // N3
        check("அ\u{200D}ஆ", "அஆ"); // N2
        check("  a\t b  ", "a b"); // N6
        check("\u{0B95}\u{0BC6}\u{0BBE}", "\u{0B95}\u{0BCA}"); // N1
        check("ÉCOLE Ωμέγα ǅ", "école Ωμέγα ǆ"); // Greek is not Latin: kept as it is
        check("x\u{00A0}\u{3000}y\u{2028}z", "x y z");
        check("«தமிழ்»—₹100 + 5% ௹", "தமிழ் 100 5");
        check("e\u{200D}\u{0301}", "\u{00E9}"); // N7
        check("\u{0B95}\u{0BC6}\u{200C}\u{0BBE}", "\u{0B95}\u{0BCA}"); // N7
        check("İ", "i\u{0307}");
        check("", "");
        check(" ,. ", "");
        check("௰௱௲", "௰௱௲"); // numbers, not digits: kept
    }

    #[test]
    fn nfc_fast_path_agrees() {
        for s in [
            "தமிழ்",
            "\u{0B95}\u{0BC6}\u{0BBE}",
            "\u{0B92}\u{0BD7}",
            "a\u{0301}",
            "ó",
            "கௌ",
            "\u{0BC6}\u{0BD7}",
        ] {
            assert_eq!(is_nfc(s), unicode_normalization::is_nfc(s), "{s:?}");
        }
    }

    #[test]
    fn share() {
        assert_eq!(tamil_share("தமிழ் abc"), 0.625);
        assert_eq!(tamil_share(""), 0.0);
        assert_eq!(tamil_share("தமிழ்"), 1.0);
        assert_eq!(tamil_share("௧௨"), 0.0);
    }
}
