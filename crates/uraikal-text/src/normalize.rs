//! The frozen scoring normaliser of track A1 (SPEC N) and `tamil_share` (SPEC T4).
//!
//! Speed matters here (every reference and hypothesis of a benchmark goes through it), so the NFC check has a
//! fast path for text made of ASCII and Tamil, and the character classes have fast paths for both.

use std::borrow::Cow;

use crate::category::{class, is_latin_letter, Class};
use crate::nfc::to_nfc;

/// The version of the normaliser's rules (SPEC N). Result records carry it; it changes whenever a rule does.
pub const NORMALIZER_VERSION: &str = "1.1";

/// The frozen scoring normaliser (SPEC N1–N7): NFC; drop format characters (Cf); Tamil digits → ASCII;
/// Latin-script letters lower-cased; punctuation and symbols → space; whitespace runs → one space, trimmed.
/// Idempotent.
///
/// ```
/// assert_eq!(uraikal_text::normalize("Hello, World!"), "hello world");
/// assert_eq!(uraikal_text::normalize("௨௦௨௪ ஆம் ஆண்டு."), "2024 ஆம் ஆண்டு");
/// ```
pub fn normalize(text: &str) -> String {
    // N1: most text is already NFC, which the main loop verifies as it goes; otherwise compose and start over.
    normalize_nfc(text, true).unwrap_or_else(|| normalize_nfc(&to_nfc(text), false).unwrap_or_default())
}

/// N2–N7 on `text`, which is NFC unless `verify` finds that it is not (then `None`).
fn normalize_nfc(text: &str, verify: bool) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Output { text, out: String::with_capacity(text.len()), run_start: 0 };
    let mut recompose = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            match b {
                b'a'..=b'z' | b'0'..=b'9' => {}
                b' ' if out.after_word(i) => {}
                b'A'..=b'Z' => out.replace(i, 1, Some((b + 32) as char)), // N4
                b'!'..=b'/' | b':'..=b'@' | b'['..=b'`' | b'{'..=b'~' | b'\t'..=b'\r' | b' ' => out.separate(i, 1), // N5, N6
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == 0xE0 && matches!(bytes.get(i + 1), Some(0xAE | 0xAF)) {
            let cp = 0x0B80 + ((u32::from(bytes[i + 1]) - 0xAE) << 6) + (u32::from(bytes[i + 2]) & 0x3F);
            match cp {
                0x0BE6..=0x0BEF => out.replace(i, 3, Some((b'0' + (cp - 0x0BE6) as u8) as char)), // N3
                0x0BF3..=0x0BFA => out.separate(i, 3),                                            // N5: Tamil symbols
                0x0BBE | 0x0BD7 if verify && !crate::nfc::tamil_sign_is_stable(bytes, i) => return None,
                _ => {}
            }
            i += 3;
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        let len = c.len_utf8();
        if verify && !crate::nfc::is_stable(c) {
            return None;
        }
        match class(c) {
            Class::Format => {
                // N2
                out.replace(i, len, None);
                recompose = true;
            }
            Class::PunctuationOrSymbol => out.separate(i, len), // N5
            _ if c.is_whitespace() => out.separate(i, len),     // N6
            Class::Letter if is_latin_letter(c) && !c.is_lowercase() => {
                // N4
                out.flush(i, len);
                let lower = c.to_lowercase();
                // N7: `İ` → i + U+0307 writes a mark, which NFC must order among the marks after it.
                recompose |= lower.len() > 1;
                out.out.extend(lower);
            }
            _ => {}
        }
        i += len;
    }
    out.flush(bytes.len(), 0);
    let mut normalized = out.out;
    if normalized.ends_with(' ') {
        normalized.pop();
    }
    // N7: dropping a format character can leave a base and its mark side by side, and a lower-cased `İ` can
    // leave U+0307 before a mark NFC puts first; compose (and order) them again.
    if recompose {
        if let Cow::Owned(composed) = to_nfc(&normalized) {
            return Some(composed);
        }
    }
    Some(normalized)
}

/// The output of `normalize` under construction. Characters that stay as they are accumulate as a run of the
/// input (`run_start..` the current position) and are copied in one go; separators become one space, and
/// only after a word (a final space is removed at the end).
struct Output<'t> {
    text: &'t str,
    out: String,
    run_start: usize,
}

impl Output<'_> {
    /// True when the last character kept so far is not a space (so a space may follow it).
    #[inline]
    fn after_word(&self, at: usize) -> bool {
        if at > self.run_start {
            self.text.as_bytes()[at - 1] != b' '
        } else {
            self.out.as_bytes().last().is_some_and(|&b| b != b' ')
        }
    }

    /// Copies the pending run up to `at` and starts a new one after the `len` bytes at `at`.
    #[inline]
    fn flush(&mut self, at: usize, len: usize) {
        self.out.push_str(&self.text[self.run_start..at]);
        self.run_start = at + len;
    }

    /// The `len` bytes at `at` are replaced by `with` (or dropped).
    #[inline]
    fn replace(&mut self, at: usize, len: usize, with: Option<char>) {
        self.flush(at, len);
        if let Some(c) = with {
            self.out.push(c);
        }
    }

    /// The `len` bytes at `at` are a separator: one space, after a word only.
    #[inline]
    fn separate(&mut self, at: usize, len: usize) {
        let space = self.after_word(at);
        self.flush(at, len);
        if space {
            self.out.push(' ');
        }
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
    let bytes = text.as_bytes();
    let (mut tamil, mut letters) = (0usize, 0usize);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (len, is_letter, in_tamil) = if b < 0x80 {
            (1, b.is_ascii_alphabetic(), false)
        } else if b == 0xE0 && matches!(bytes.get(i + 1), Some(0xAE | 0xAF)) {
            let c = char::from_u32(0x0B80 + ((u32::from(bytes[i + 1]) - 0xAE) << 6) + (u32::from(bytes[i + 2]) & 0x3F));
            (3, c.is_some_and(|c| matches!(class(c), Class::Letter | Class::Mark)), true)
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            (c.len_utf8(), matches!(class(c), Class::Letter | Class::Mark), false)
        };
        letters += usize::from(is_letter);
        tamil += usize::from(is_letter && in_tamil);
        i += len;
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
        // N7 (normaliser 1.1, found by `cargo xtask fuzz`): İ's U+0307 (class 230) goes after a following
        // virama (class 9), as NFC orders them; 1.0 left them in the wrong order, so a second pass changed it.
        check("İ\u{0DCA}", "i\u{0DCA}\u{0307}");
        check("Yİ\u{0DCA}`", "yi\u{0DCA}\u{0307}");
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
