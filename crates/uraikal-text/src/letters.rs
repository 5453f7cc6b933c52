//! Tamil letters (எழுத்து) and their prosodic length (SPEC T1, T2).
//!
//! The iterator works on UTF-8 bytes: every Tamil code point is three bytes `E0 AE|AF xx`, so the common case
//! needs no char decoding and no table lookup. Text outside the Tamil block is cut into extended grapheme
//! clusters by `unicode-segmentation`.

use unicode_segmentation::UnicodeSegmentation;

use crate::category::{class, Class};
use crate::tamil::*;

/// What kind of unit a [`Letter`] is (SPEC T1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LetterKind {
    /// An independent vowel (உயிர்), அ…ஔ.
    Uyir,
    /// A consonant with pulli (மெய்), e.g. க்.
    Mei,
    /// A consonant with one vowel sign, or bare with its inherent அ (உயிர்மெய்), e.g. கி, க.
    Uyirmei,
    /// ஃ (ஆய்தம்).
    Aaytham,
    /// A vowel sign, pulli, ௗ or ஂ with no base to attach to; always its own unit.
    Invalid,
    /// Anything else: other Tamil-block characters (digits, ௐ, symbols) and non-Tamil grapheme clusters.
    Other,
}

impl LetterKind {
    /// The lower-case name used in JSON output: "uyir", "mei", "uyirmei", "aaytham", "invalid", "other".
    pub fn as_str(self) -> &'static str {
        match self {
            LetterKind::Uyir => "uyir",
            LetterKind::Mei => "mei",
            LetterKind::Uyirmei => "uyirmei",
            LetterKind::Aaytham => "aaytham",
            LetterKind::Invalid => "invalid",
            LetterKind::Other => "other",
        }
    }
}

/// The prosodic length class of a letter (SPEC T2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Length {
    /// Short (குறில்): அ இ உ எ ஒ and consonants bearing them (or no sign).
    Kuril,
    /// Long (நெடில்): ஆ ஈ ஊ ஏ ஐ ஓ ஔ and consonants bearing them.
    Nedil,
    /// A mei (ஒற்று).
    Otru,
    /// ஃ.
    Aaytham,
    /// Not a Tamil letter: non-Tamil text, invalid units, or more or less than one letter.
    Other,
}

impl Length {
    /// "kuril", "nedil", "otru", "aaytham" or "other".
    pub fn as_str(self) -> &'static str {
        match self {
            Length::Kuril => "kuril",
            Length::Nedil => "nedil",
            Length::Otru => "otru",
            Length::Aaytham => "aaytham",
            Length::Other => "other",
        }
    }
}

/// One unit of [`letters`]: a slice of the input and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Letter<'a> {
    /// The letter's text, a slice of the input.
    pub text: &'a str,
    /// What kind of unit it is.
    pub kind: LetterKind,
}

impl<'a> Letter<'a> {
    /// The letter's text.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The prosodic length of the letter (SPEC T2).
    pub fn length(&self) -> Length {
        match self.kind {
            LetterKind::Mei => Length::Otru,
            LetterKind::Aaytham => Length::Aaytham,
            LetterKind::Invalid | LetterKind::Other => Length::Other,
            LetterKind::Uyir | LetterKind::Uyirmei => vowel_length(self.text),
        }
    }
}

impl std::fmt::Display for Letter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text)
    }
}

/// The length of the vowel a uyir or uyirmei carries: its independent vowel or its vowel sign(s); a bare
/// consonant (inherent அ) is kuril. Two-part vowels written in parts count as the composed vowel.
fn vowel_length(text: &str) -> Length {
    let mut vowels = text.chars().filter(|&c| is_vowel(c) || is_vowel_sign(c) || c == AU_LENGTH_MARK);
    let (first, second) = (vowels.next(), vowels.next());
    let short = match (first, second) {
        (None, _) => true,
        (Some(SIGN_E), Some(SIGN_AA)) => true, // ெ + ா = ொ
        (Some(_), Some(_)) => false,           // ே + ா = ோ, ெ + ௗ = ௌ, ஒ + ௗ = ஔ
        (Some(v), None) => is_short_vowel(v),
    };
    if short {
        Length::Kuril
    } else {
        Length::Nedil
    }
}

/// Options for [`letters_with`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct LetterOptions {
    /// Keep க்ஷ (with its sign) and ஸ்ரீ / ஶ்ரீ as one unit each instead of splitting them phonologically.
    pub ligatures: bool,
}

impl LetterOptions {
    /// Options with `ligatures` set as given.
    pub fn ligatures(ligatures: bool) -> Self {
        LetterOptions { ligatures }
    }
}

/// The letters of `text` with default options (SPEC T1). Lossless: the units concatenate to `text`.
///
/// ```
/// let units: Vec<&str> = uraikal_text::letters("தமிழ்").map(|l| l.text).collect();
/// assert_eq!(units, ["த", "மி", "ழ்"]);
/// ```
pub fn letters(text: &str) -> Letters<'_> {
    letters_with(text, LetterOptions::default())
}

/// The letters of `text` with the given options.
///
/// ```
/// use uraikal_text::{letters_with, LetterOptions};
/// let units: Vec<&str> = letters_with("லக்ஷ்மி", LetterOptions::ligatures(true)).map(|l| l.text).collect();
/// assert_eq!(units, ["ல", "க்ஷ்", "மி"]);
/// ```
pub fn letters_with(text: &str, options: LetterOptions) -> Letters<'_> {
    Letters { text, pos: 0, options }
}

/// The prosodic length of one letter given as a string; [`Length::Other`] unless `letter` is exactly one
/// letter (ligatures count as one).
///
/// ```
/// use uraikal_text::{length, Length};
/// assert_eq!(length("கை"), Length::Nedil);
/// assert_eq!(length("ல்"), Length::Otru);
/// assert_eq!(length("கடல்"), Length::Other);
/// ```
pub fn length(letter: &str) -> Length {
    let mut units = letters_with(letter, LetterOptions::ligatures(true));
    match (units.next(), units.next()) {
        (Some(unit), None) => unit.length(),
        _ => Length::Other,
    }
}

/// Iterator over the [`Letter`]s of a text; see [`letters`].
#[derive(Debug, Clone)]
pub struct Letters<'a> {
    text: &'a str,
    pos: usize,
    options: LetterOptions,
}

/// The offset in the Tamil block (code point − U+0B80) of the character starting at byte `i`, if Tamil.
#[inline(always)]
fn tamil_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3) {
        Some(&[0xE0, b1 @ (0xAE | 0xAF), b2]) => Some(((b1 - 0xAE) << 6) | (b2 & 0x3F)),
        _ => None,
    }
}

const VOWEL: u8 = 1;
const CONSONANT: u8 = 2;
const VOWEL_SIGN: u8 = 4;
const OTHER_SIGN: u8 = 8; // pulli, ௗ, ஂ
const AAYTHAM_FLAG: u8 = 16;

/// What each code point of the Tamil block is, indexed by offset (built from `crate::tamil`).
static TAMIL: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let c = match char::from_u32(0x0B80 + i as u32) {
            Some(c) => c,
            None => ' ',
        };
        table[i] = if is_vowel(c) {
            VOWEL
        } else if is_consonant(c) {
            CONSONANT
        } else if is_vowel_sign(c) {
            VOWEL_SIGN
        } else if is_sign(c) {
            OTHER_SIGN
        } else if c == AAYTHAM {
            AAYTHAM_FLAG
        } else {
            0
        };
        i += 1;
    }
    table
};

/// Offsets of the characters the letter rules look at.
const fn offset(c: char) -> u8 {
    (c as u32 - 0x0B80) as u8
}
const O_PULLI: u8 = offset(PULLI);
const O_SIGN_E: u8 = offset(SIGN_E);
const O_SIGN_EE: u8 = offset(SIGN_EE);
const O_SIGN_AA: u8 = offset(SIGN_AA);
const O_AU_MARK: u8 = offset(AU_LENGTH_MARK);
const O_KA: u8 = offset(KA);
const O_SSA: u8 = offset(SSA);
const O_SA: u8 = offset('\u{0BB8}');
const O_SHA: u8 = offset('\u{0BB6}');
const O_RA: u8 = offset('\u{0BB0}');
const O_II: u8 = offset('\u{0BC0}');
const O_VOWEL_O: u8 = offset(VOWEL_O);

impl<'a> Letters<'a> {
    /// The end of the Tamil unit starting at `self.pos` with block offset `first`, and its kind.
    #[inline(always)]
    fn tamil_unit(&self, first: u8) -> (usize, LetterKind) {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let at = |i: usize| tamil_at(bytes, i);
        let flags = TAMIL[first as usize];
        if flags & CONSONANT != 0 {
            let mut end = start + 3;
            if self.options.ligatures {
                if first == O_KA && at(end) == Some(O_PULLI) && at(end + 3) == Some(O_SSA) {
                    end += 6; // க்ஷ, then its sign as for any consonant
                } else if (first == O_SA || first == O_SHA)
                    && at(end) == Some(O_PULLI)
                    && at(end + 3) == Some(O_RA)
                    && at(end + 6) == Some(O_II)
                {
                    return (end + 9, LetterKind::Uyirmei); // ஸ்ரீ, ஶ்ரீ
                }
            }
            match at(end) {
                Some(O_PULLI) => (end + 3, LetterKind::Mei),
                Some(sign) if TAMIL[sign as usize] & VOWEL_SIGN != 0 => {
                    let two_part = matches!(
                        (sign, at(end + 3)),
                        (O_SIGN_E | O_SIGN_EE, Some(O_SIGN_AA)) | (O_SIGN_E, Some(O_AU_MARK))
                    );
                    (end + if two_part { 6 } else { 3 }, LetterKind::Uyirmei)
                }
                _ => (end, LetterKind::Uyirmei),
            }
        } else if flags & VOWEL != 0 {
            let two_part = first == O_VOWEL_O && at(start + 3) == Some(O_AU_MARK);
            (start + if two_part { 6 } else { 3 }, LetterKind::Uyir)
        } else if flags & AAYTHAM_FLAG != 0 {
            (start + 3, LetterKind::Aaytham)
        } else if flags & (VOWEL_SIGN | OTHER_SIGN) != 0 {
            (start + 3, LetterKind::Invalid)
        } else {
            (start + 3, LetterKind::Other)
        }
    }

    /// `end` extended over joiners and non-Tamil combining marks that follow a Tamil unit (they belong to
    /// its grapheme cluster).
    #[inline(never)]
    fn attachments(&self, mut end: usize) -> usize {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(end) {
            if b < 0x80 || tamil_at(bytes, end).is_some() {
                break;
            }
            let Some(c) = self.text[end..].chars().next() else {
                break;
            };
            if !(matches!(c, '\u{200C}' | '\u{200D}') || class(c) == Class::Mark) {
                break;
            }
            end += c.len_utf8();
        }
        end
    }

    /// The end of the non-Tamil unit at `self.pos`: an extended grapheme cluster, cut before any Tamil code
    /// point inside it (a Tamil sign never attaches to a non-Tamil base).
    #[inline(never)]
    fn other_unit(&self) -> usize {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let first = bytes[start];
        if first < 0x80 {
            match bytes.get(start + 1) {
                None => return start + 1,
                Some(&next) if next < 0x80 && !(first == b'\r' && next == b'\n') => return start + 1,
                Some(_) if tamil_at(bytes, start + 1).is_some() => return start + 1,
                _ => {}
            }
        }
        let rest = &self.text[start..];
        let cluster = rest.graphemes(true).next().unwrap_or(rest);
        let first_len = cluster.chars().next().map_or(0, char::len_utf8);
        let cut = cluster[first_len..].find(is_tamil).map_or(cluster.len(), |i| first_len + i);
        start + cut.max(first_len)
    }
}

impl<'a> Iterator for Letters<'a> {
    type Item = Letter<'a>;

    #[inline]
    fn next(&mut self) -> Option<Letter<'a>> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let first = *bytes.get(start)?;
        let (end, kind) = if let Some(offset) = tamil_at(bytes, start) {
            let (end, kind) = self.tamil_unit(offset);
            // Joiners and foreign marks are rare: look for them only when a non-ASCII, non-Tamil byte follows.
            match bytes.get(end) {
                Some(&b) if b >= 0x80 && tamil_at(bytes, end).is_none() => (self.attachments(end), kind),
                _ => (end, kind),
            }
        } else if first < 0x80
            && bytes.get(start + 1).is_none_or(|&next| next < 0x80 && !(first == b'\r' && next == b'\n'))
        {
            (start + 1, LetterKind::Other)
        } else {
            (self.other_unit(), LetterKind::Other)
        };
        self.pos = end;
        Some(Letter { text: &self.text[start..end], kind })
    }
}

impl std::iter::FusedIterator for Letters<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `expected` is the units joined by `|`; invalid units are written `!x`.
    fn check(input: &str, ligatures: bool, expected: &str) {
        let got: Vec<String> = letters_with(input, LetterOptions::ligatures(ligatures))
            .map(|l| if l.kind == LetterKind::Invalid { format!("!{}", l.text) } else { l.text.to_string() })
            .collect();
        assert_eq!(got.join("|"), expected, "letters({input:?}, ligatures={ligatures})");
    }

    fn check_lengths(input: &str, expected: &[Length]) {
        let got: Vec<Length> = letters(input).map(|l| l.length()).collect();
        assert_eq!(got, expected, "lengths of {input:?}");
    }

    #[test]
    fn reference_vectors() {
        // SPEC T1: tamil.md §1 vectors.
        check("தமிழ்", false, "த|மி|ழ்");
        check("அஃது", false, "அ|ஃ|து");
        check("லக்ஷ்மி", false, "ல|க்|ஷ்|மி");
        check("லக்ஷ்மி", true, "ல|க்ஷ்|மி");
        check("க்ஷேத்ரம்", false, "க்|ஷே|த்|ர|ம்");
        check("க்ஷேத்ரம்", true, "க்ஷே|த்|ர|ம்");
        check("ஸ்ரீ", false, "ஸ்|ரீ");
        check("ஸ்ரீ", true, "ஸ்ரீ");
        check("ஶ்ரீ", false, "ஶ்|ரீ");
        check("ஶ்ரீ", true, "ஶ்ரீ");
        check("ஔவை", false, "ஔ|வை");
        check("கௌரவம்", false, "கௌ|ர|வ|ம்");
        check("ஜ்வாலை", false, "ஜ்|வா|லை");
        check("ிக", false, "!ி|க");
        check("கிி", false, "கி|!ி");
        check("க்ா", false, "க்|!ா");
        check("a1தமிழ்", false, "a|1|த|மி|ழ்");
    }

    #[test]
    fn other_text_is_grapheme_clusters() {
        check("e\u{301}x\r\n🙂", false, "e\u{301}|x|\r\n|🙂");
        check("x\u{200D}ய", false, "x\u{200D}|ய");
        check("aி", false, "a|!ி");
        check("க\u{200D}ஷ", false, "க\u{200D}|ஷ");
        check("௧௨ ௐ", false, "௧|௨| |ௐ");
        check("கஂ", false, "க|!ஂ");
        check("\u{0B95}\u{0BC6}\u{0BBE}", false, "\u{0B95}\u{0BC6}\u{0BBE}");
        check("\u{0B92}\u{0BD7}", false, "\u{0B92}\u{0BD7}");
    }

    #[test]
    fn lengths() {
        use Length::*;
        check_lengths("கடல்", &[Kuril, Kuril, Otru]);
        check_lengths("தமிழ்", &[Kuril, Kuril, Otru]);
        check_lengths("அஃது", &[Kuril, Aaytham, Kuril]);
        check_lengths("ஸ்ரீ", &[Otru, Nedil]);
        check_lengths("ஔவை", &[Nedil, Nedil]);
        check_lengths("ஐ ஒ", &[Nedil, Other, Kuril]);
        check_lengths(
            "\u{0B95}\u{0BC6}\u{0BBE}\u{0B95}\u{0BC7}\u{0BBE}\u{0B95}\u{0BC6}\u{0BD7}",
            &[Kuril, Nedil, Nedil],
        );
        check_lengths("ிa", &[Other, Other]);
        assert_eq!(length("ஸ்ரீ"), Nedil);
        assert_eq!(length("க்ஷ"), Kuril);
        assert_eq!(length("க்ஷ்"), Otru);
        assert_eq!(length(""), Other);
        assert_eq!(length("a"), Other);
    }
}
