//! NFC with a fast path: text made of ASCII, Tamil and other stable characters is recognised as NFC by one
//! cheap scan, and only the whitespace-separated pieces that need it go through `unicode-normalization`.

use std::borrow::Cow;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// True only if `text` is certainly in NFC; false means "compose it" (composing NFC text is harmless).
pub(crate) fn is_surely_nfc(text: &str) -> bool {
    first_unstable(text, 0).is_none()
}

/// The byte position, from `from` on, of the first character that might change under NFC.
///
/// Below U+0300 every code point is NFC-stable with combining class 0; in the Tamil block only ா after ெ/ே
/// and ௗ after ெ/ஒ compose; other characters are accepted when their quick-check value is Yes and their
/// combining class is 0. The scan reads UTF-8 bytes: ASCII and Tamil need no decoding.
fn first_unstable(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += 1;
        } else if b == 0xE0 && matches!(bytes.get(i + 1), Some(0xAE | 0xAF)) {
            if matches!(bytes.get(i + 1..i + 3), Some([0xAE, 0xBE] | [0xAF, 0x97])) && !tamil_sign_is_stable(bytes, i) {
                return Some(i);
            }
            i += 3;
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            if !is_stable(c) {
                return Some(i);
            }
            i += c.len_utf8();
        }
    }
    None
}

/// For ா or ௗ at byte `i`: true unless the character before it is one it composes with (ெ/ே + ா, ெ/ஒ + ௗ).
#[inline]
pub(crate) fn tamil_sign_is_stable(bytes: &[u8], i: usize) -> bool {
    let before = if i >= 3 { &bytes[i - 3..i] } else { &[][..] };
    let sign_aa = bytes.get(i + 1..i + 3) == Some(&[0xAE, 0xBE][..]);
    let composes = match before {
        [0xE0, 0xAF, 0x86] => true,     // ெ composes with ா and ௗ
        [0xE0, 0xAF, 0x87] => sign_aa,  // ே with ா
        [0xE0, 0xAE, 0x92] => !sign_aa, // ஒ with ௗ
        _ => false,
    };
    !composes
}

/// A character outside ASCII and Tamil that NFC leaves alone whatever surrounds it: below U+0300, or with
/// quick-check Yes and combining class 0.
#[inline]
pub(crate) fn is_stable(c: char) -> bool {
    (c as u32) < 0x300 || (canonical_combining_class(c) == 0 && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes)
}

/// `text` in NFC, borrowed when it already is. Only the pieces around unstable characters are composed; pieces
/// end at ASCII whitespace, which never composes with a neighbour.
pub(crate) fn to_nfc(text: &str) -> Cow<'_, str> {
    let Some(mut bad) = first_unstable(text, 0) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    let mut done = 0;
    loop {
        let start = text[done..bad].rfind(|c: char| c.is_ascii_whitespace()).map_or(done, |k| done + k + 1);
        let end = text[bad..].find(|c: char| c.is_ascii_whitespace()).map_or(text.len(), |k| bad + k);
        out.push_str(&text[done..start]);
        out.extend(text[start..end].nfc());
        done = end;
        match first_unstable(text, done) {
            Some(next) => bad = next,
            None => break,
        }
    }
    out.push_str(&text[done..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_unicode_normalization() {
        for s in [
            "தமிழ்",
            "\u{0B95}\u{0BC6}\u{0BBE}",
            "\u{0B92}\u{0BD7}",
            "a\u{0301}",
            "ó",
            "கௌ",
            "\u{0BC6}\u{0BD7}",
            "க்\u{0334}",
            "— ₹ “x” \u{2126}",
            "x \u{0B95}\u{0BC7}\u{0BBE} y\ne\u{0301}",
        ] {
            let expected: String = s.nfc().collect();
            assert_eq!(to_nfc(s), expected, "{s:?}");
            if is_surely_nfc(s) {
                assert!(unicode_normalization::is_nfc(s), "{s:?}");
            }
        }
        assert!(is_surely_nfc("தமிழ் — “சொல்” ₹100"));
    }
}
