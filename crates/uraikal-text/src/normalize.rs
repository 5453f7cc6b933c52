//! The frozen scoring normaliser of track A1 (SPEC N) and `tamil_share` (SPEC T4).
//!
//! Speed matters here (every reference and hypothesis of a benchmark goes through it), so the NFC check has a
//! fast path for text made of ASCII and Tamil, and the character classes have fast paths for both.

use std::borrow::Cow;

use crate::category::{class, is_latin_letter, Class};
use crate::nfc::to_nfc;
use crate::tamil::is_tamil;

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
    let text = to_nfc(text); // N1
    let bytes = text.as_bytes();
    let mut out = Normalized {
        text: String::with_capacity(text.len()),
        space_pending: false,
    };
    let mut recompose = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            match b {
                b'A'..=b'Z' => out.push((b + 32) as char), // N4
                b'!'..=b'/' | b':'..=b'@' | b'['..=b'`' | b'{'..=b'~' | b'\t'..=b'\r' | b' ' => out.separate(), // N5, N6
                _ => out.push(b as char),
            }
            i += 1;
            continue;
        }
        if b == 0xE0 && matches!(bytes.get(i + 1), Some(0xAE | 0xAF)) {
            let cp = 0x0B80 + ((u32::from(bytes[i + 1]) - 0xAE) << 6) + (u32::from(bytes[i + 2]) & 0x3F);
            match cp {
                0x0BE6..=0x0BEF => out.push((b'0' + (cp - 0x0BE6) as u8) as char), // N3
                0x0BF3..=0x0BFA => out.separate(),                                 // N5: Tamil symbols
                _ => out.push_str(&text[i..i + 3]),
            }
            i += 3;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        match class(c) {
            Class::Format => recompose = true,            // N2
            Class::PunctuationOrSymbol => out.separate(), // N5
            _ if c.is_whitespace() => out.separate(),     // N6
            Class::Letter if is_latin_letter(c) => {
                // N4
                for lower in c.to_lowercase() {
                    out.push(lower);
                }
            }
            _ => out.push(c),
        }
        i += c.len_utf8();
    }
    // N7: dropping a format character can leave a base and its mark side by side; compose them again.
    if recompose {
        if let Cow::Owned(composed) = to_nfc(&out.text) {
            return composed;
        }
    }
    out.text
}

/// The output of `normalize` under construction: separators become one space, and only between words.
struct Normalized {
    text: String,
    space_pending: bool,
}

impl Normalized {
    #[inline]
    fn separate(&mut self) {
        self.space_pending = !self.text.is_empty();
    }

    #[inline]
    fn flush_space(&mut self) {
        if self.space_pending {
            self.text.push(' ');
            self.space_pending = false;
        }
    }

    #[inline]
    fn push(&mut self, c: char) {
        self.flush_space();
        self.text.push(c);
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        self.flush_space();
        self.text.push_str(s);
    }
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
    fn share() {
        assert_eq!(tamil_share("தமிழ் abc"), 0.625);
        assert_eq!(tamil_share(""), 0.0);
        assert_eq!(tamil_share("தமிழ்"), 1.0);
        assert_eq!(tamil_share("௧௨"), 0.0);
    }
}
