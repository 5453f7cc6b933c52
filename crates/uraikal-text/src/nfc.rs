//! NFC with a fast path: text made of ASCII, Tamil and other stable characters is recognised as NFC by one
//! cheap scan, and only the whitespace-separated pieces that need it go through `unicode-normalization`.

use std::borrow::Cow;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::tamil::*;

/// True only if `text` is certainly in NFC; false means "compose it" (composing NFC text is harmless).
///
/// Below U+0300 every code point is NFC-stable with combining class 0; in the Tamil block only ா and ௗ
/// compose with what precedes them; other characters are accepted when their quick-check value is Yes and
/// their combining class is 0.
pub(crate) fn is_surely_nfc(text: &str) -> bool {
    let mut previous = '\0';
    for c in text.chars() {
        let stable = if (c as u32) < 0x300 {
            true
        } else if is_tamil(c) {
            match c {
                SIGN_AA => !matches!(previous, SIGN_E | SIGN_EE),
                AU_LENGTH_MARK => !matches!(previous, SIGN_E | VOWEL_O),
                _ => true,
            }
        } else {
            canonical_combining_class(c) == 0 && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
        };
        if !stable {
            return false;
        }
        previous = c;
    }
    true
}

/// `text` in NFC, borrowed when it already is. Pieces are cut after ASCII whitespace, which never composes
/// with a neighbour, so each piece can be composed on its own.
pub(crate) fn to_nfc(text: &str) -> Cow<'_, str> {
    if is_surely_nfc(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for piece in text.split_inclusive(|c: char| c.is_ascii_whitespace()) {
        if is_surely_nfc(piece) {
            out.push_str(piece);
        } else {
            out.extend(piece.nfc());
        }
    }
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
