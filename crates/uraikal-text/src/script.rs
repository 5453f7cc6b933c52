//! Script normalisation for Tamil and Sinhala before grapheme segmentation (SPEC G5): NFC, grapheme-kit's
//! repairs of mis-typed vowel signs that are correct, and NFC again, so the output is always NFC.
//!
//! The grapheme metrics apply it to both sides before segmenting; `graphemes` itself never changes text.

use std::borrow::Cow;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// grapheme-kit's Tamil repairs, applied in this order after NFC (and the ZWNJ rule between the second and
/// the third, as grapheme-kit does).
const TAMIL_BEFORE_ZWNJ: &[(&str, &str)] = &[
    ("\u{0BBE}\u{0BCD}", "\u{0BB0}\u{0BCD}"), // ா் is ர் typed with the look-alike aa sign
    ("\u{0BBE}\u{0BBF}", "\u{0BB0}\u{0BBF}"), // ாி is ரி
];
const TAMIL_AFTER_ZWNJ: &[(&str, &str)] = &[
    ("\u{0BBE}\u{0BC6}", "\u{0BCA}"), // ா + ெ typed in visual order: ொ
    ("\u{0BBE}\u{0BC7}", "\u{0BCB}"), // ா + ே: ோ
];

/// grapheme-kit's Sinhala repairs that can match after NFC, in its order. Their outputs are not NFC (ෙ + ා + ්
/// is ෝ); the final NFC composes them, which grapheme-kit forgets (SPEC G5.3).
const SINHALA: &[(&str, &str)] = &[
    ("\u{0DCA}\u{0DCF}\u{0DD9}", "\u{0DD9}\u{0DCF}\u{0DCA}"),
    ("\u{0DCF}\u{0DCA}\u{0DD9}", "\u{0DDD}"),
    ("\u{0DDA}\u{0DCF}", "\u{0DD9}\u{0DCF}\u{0DCA}"),
    ("\u{0DDF}\u{0DD9}", "\u{0DDE}"),
    ("\u{0DCA}\u{0DD9}", "\u{0DD9}\u{0DCA}"),
];

/// Tamil signs after which ள is not the second half of a split ௌ.
const TAMIL_SIGNS_AFTER_LLA: &[char] = &[
    '\u{0BBE}', '\u{0BBF}', '\u{0BC0}', '\u{0BC1}', '\u{0BC2}', '\u{0BC6}', '\u{0BC7}', '\u{0BC8}', '\u{0BCA}',
    '\u{0BCB}', '\u{0BCC}', '\u{0BCD}',
];

/// Normalises Tamil and Sinhala text for grapheme-level comparison; the output is NFC (borrowed when the
/// text needs no change).
///
/// After NFC: ா் → ர், ாி → ரி; a ZWNJ next to a Tamil or Sinhala character is removed, and so is a ZWJ
/// after one that joins nothing (at the end or before a space); ாெ → ொ, ாே → ோ;
/// ெ + ள not followed by a sign → ௌ (the common split spelling of au); Sinhala signs typed out of order
/// are reordered (්ෙ → ේ and four more); then NFC again. Other scripts pass through NFC only.
///
/// ```
/// use uraikal_text::normalize_script;
/// assert_eq!(normalize_script("கெளரவம்"), "கௌரவம்");
/// assert_eq!(normalize_script("வெள்ளம்"), "வெள்ளம்");
/// assert_eq!(normalize_script("ක\u{0DCA}\u{0DD9}"), "කේ");
/// ```
pub fn normalize_script(text: &str) -> Cow<'_, str> {
    let nfc = is_nfc(text);
    if nfc && !needs_repair(text) {
        return Cow::Borrowed(text);
    }
    let mut out: String = if nfc { text.to_string() } else { text.nfc().collect() };
    if !needs_repair(&out) {
        return Cow::Owned(out);
    }
    for &(from, to) in TAMIL_BEFORE_ZWNJ {
        replace_in_place(&mut out, from, to);
    }
    if out.contains(ZWNJ) || out.contains(ZWJ) {
        out = remove_idle_joiners(&out);
    }
    for &(from, to) in TAMIL_AFTER_ZWNJ {
        replace_in_place(&mut out, from, to);
    }
    if out.contains("\u{0BC6}\u{0BB3}") {
        out = fold_split_au(&out);
    }
    for &(from, to) in SINHALA {
        replace_in_place(&mut out, from, to);
    }
    if !is_nfc(&out) {
        out = out.nfc().collect();
    }
    Cow::Owned(out)
}

/// Whether `text` is NFC, without running the composer for Tamil and Sinhala vowel signs: the quick check
/// answers "maybe" for every ா, ௗ, ා, ්, ෟ, which compose only after the few letters tested here.
fn is_nfc(text: &str) -> bool {
    if let Some(nfc) = tamil_is_nfc(text) {
        return nfc;
    }
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => return true,
        IsNormalized::No => return false,
        IsNormalized::Maybe => {}
    }
    let mut previous = '\0';
    for c in text.chars() {
        let composes_or_reorders = match c {
            '\u{0BBE}' | '\u{0BD7}' => matches!(previous, '\u{0B92}' | '\u{0BC6}' | '\u{0BC7}'),
            '\u{0DCA}' => matches!(previous, '\u{0DD9}' | '\u{0DDC}') || canonical_combining_class(previous) > 9,
            '\u{0DCF}' | '\u{0DDF}' => previous == '\u{0DD9}',
            _ => previous == '\u{0DCA}' && (1..9).contains(&canonical_combining_class(c)),
        };
        if composes_or_reorders {
            return false;
        }
        previous = c;
    }
    let others = text.chars().filter(|c| !matches!(c, '\u{0BBE}' | '\u{0BD7}' | '\u{0DCA}' | '\u{0DCF}' | '\u{0DDF}'));
    is_nfc_quick(others) == IsNormalized::Yes || unicode_normalization::is_nfc(text)
}

/// NFC for text of ASCII, Tamil and joiners only, in one pass (`None` for any other character). Tamil's only
/// combining class is the virama's, so order never matters; NFC fails only where a two-part vowel is
/// written in parts: ெ/ே + ா, ெ + ௗ, ஒ + ௗ.
fn tamil_is_nfc(text: &str) -> Option<bool> {
    let mut previous = '\0';
    for c in text.chars() {
        match c {
            '\0'..='\u{7F}' | '\u{200C}' | '\u{200D}' => {}
            '\u{0BBE}' if matches!(previous, '\u{0BC6}' | '\u{0BC7}') => return Some(false),
            '\u{0BD7}' if matches!(previous, '\u{0BC6}' | '\u{0B92}') => return Some(false),
            '\u{0B80}'..='\u{0BFF}' => {}
            _ => return None,
        }
        previous = c;
    }
    Some(true)
}

/// True when some rule could fire: a joiner, ா before ் ி ெ ே, ெ before ள, or a Sinhala sign.
fn needs_repair(text: &str) -> bool {
    let mut previous = '\0';
    for c in text.chars() {
        let fires = match c {
            ZWNJ | ZWJ | '\u{0DCA}'..='\u{0DDF}' => true,
            '\u{0BCD}' | '\u{0BBF}' | '\u{0BC6}' | '\u{0BC7}' => previous == '\u{0BBE}',
            '\u{0BB3}' => previous == '\u{0BC6}',
            _ => false,
        };
        if fires {
            return true;
        }
        previous = c;
    }
    false
}

fn replace_in_place(text: &mut String, from: &str, to: &str) {
    if text.contains(from) {
        *text = text.replace(from, to);
    }
}

fn is_tamil_or_sinhala(c: char) -> bool {
    matches!(c, '\u{0B80}'..='\u{0BFF}' | '\u{0D80}'..='\u{0DFF}')
}

/// Drops each ZWNJ that touches a Tamil or Sinhala character (elsewhere, in Persian or Devanagari, it
/// shapes text), and each ZWJ after a Tamil or Sinhala character that joins nothing: at the end of the text or
/// before a character of another script, a space or punctuation.
fn remove_idle_joiners(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (index, &c) in chars.iter().enumerate() {
        let before = index.checked_sub(1).map(|i| chars[i]);
        let after = chars.get(index + 1).copied();
        let idle = match c {
            ZWNJ => before.is_some_and(is_tamil_or_sinhala) || after.is_some_and(is_tamil_or_sinhala),
            ZWJ => before.is_some_and(is_tamil_or_sinhala) && !after.is_some_and(is_tamil_or_sinhala),
            _ => false,
        };
        if !idle {
            out.push(c);
        }
    }
    out
}

/// ெ + ள → ௌ unless a vowel sign or virama follows the ள (வெள்ளம், தெளிவு keep their ள).
fn fold_split_au(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        if c == '\u{0BC6}'
            && chars.get(index + 1) == Some(&'\u{0BB3}')
            && !chars.get(index + 2).is_some_and(|next| TAMIL_SIGNS_AFTER_LLA.contains(next))
        {
            out.push('\u{0BCC}');
            index += 2;
        } else {
            out.push(c);
            index += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &str) {
        assert_eq!(normalize_script(text), expected, "normalize_script({text:?})");
    }

    #[test]
    fn tamil_repairs() {
        check("கெளரவம்", "கௌரவம்");
        check("வெள்ளம்", "வெள்ளம்");
        check("தெளிவு", "தெளிவு");
        check("கா்", "கர்");
        check("காி", "கரி");
        check("காெ", "கொ");
        check("காே", "கோ");
        check("க\u{0BC6}\u{0BBE}", "கொ");
        check("க்\u{200C}ஷ", "க்ஷ");
        check("ெகா", "ெகா");
    }

    #[test]
    fn sinhala_repairs_end_in_nfc() {
        check("ක\u{0DCA}\u{0DD9}", "කේ");
        check("ක\u{0DDA}\u{0DCF}", "කෝ");
        check("ක\u{0DCA}\u{0DCF}\u{0DD9}", "කෝ");
        check("ක\u{0DCF}\u{0DCA}\u{0DD9}", "කෝ");
        check("ක\u{0DDF}\u{0DD9}", "කෞ");
        check("ක්\u{200D}ය", "ක්\u{200D}ය");
        check("ක්\u{200D}", "ක්");
        check("ක\u{200D}්ව", "ක\u{200D}්ව");
    }

    #[test]
    fn idle_tamil_joiners_go() {
        check("இயக்கி\u{200D}", "இயக்கி");
        check("கி\u{200D} வா", "கி வா");
        check("தமி\u{200D}ழ்", "தமி\u{200D}ழ்");
    }

    #[test]
    fn nfc_check_agrees_with_the_composer() {
        for text in [
            "\u{0B92}\u{0BD7}x",
            "க\u{0BC7}\u{0BBE}",
            "க\u{0BC6}\u{0BD7}",
            "abc க்ஷ",
            "கொ",
            "க\u{0BC6}\u{0BBE}",
            "கா",
            "ஔ",
            "\u{0B92}\u{0BD7}",
            "ක\u{0DD9}\u{0DCA}",
            "කේ",
            "ක්",
            "e\u{0301}",
            "ක්\u{0301}",
            "a\u{0301}\u{0DCA}",
        ] {
            assert_eq!(is_nfc(text), unicode_normalization::is_nfc(text), "{text:?}");
        }
    }

    #[test]
    fn other_scripts_keep_joiners() {
        check("👨\u{200D}👩", "👨\u{200D}👩");
        check("a\u{200D}", "a\u{200D}");
        check("می\u{200C}خواهم", "می\u{200C}خواهم");
        check("\u{200C}", "\u{200C}");
        check("", "");
        check("a\u{0301}", "á");
    }
}
