//! Tamil romanisation (SPEC T7): ISO 15919 both ways (lossless on Tamil text: `from_iso15919(to_iso15919(t))
//! == t` for NFC Tamil), and a casual, one-way romanisation as people type Tamil in Latin letters.
//!
//! ISO 15919 for Tamil: vowels a ā i ī u ū e ē ai o ō au, ஃ ḵ; consonants k ṅ c ñ ṭ ṇ t n p m y r l v ḻ ḷ ṟ
//! ṉ and grantha j ś ṣ s h; ஂ ṁ. A consonant without a vowel sign carries "a"; with the virama, none. A colon
//! separates letters that would otherwise read as one: "a:i" (அஇ, not ஐ), "a:u", and a pure consonant before
//! an independent vowel ("k:a" is க்அ, "ka" is க). Everything else (digits, punctuation, other scripts) is
//! copied; from ISO 15919, text that is not a letter above is copied too.
//!
//! ```
//! use uraikal_text::{from_iso15919, to_casual, to_iso15919};
//! assert_eq!(to_iso15919("திருக்குறள்"), "tirukkuṟaḷ");
//! assert_eq!(from_iso15919("tirukkuṟaḷ"), "திருக்குறள்");
//! assert_eq!(to_iso15919("அஇ கை"), "a:i kai");
//! assert_eq!(to_casual("வணக்கம் தமிழ்"), "vanakkam thamizh");
//! ```

use crate::nfc::to_nfc;

const VIRAMA: char = '\u{0BCD}';

/// (independent vowel, vowel sign or '\0' for the inherent a, ISO 15919, casual).
const VOWELS: [(char, char, &str, &str); 12] = [
    ('அ', '\0', "a", "a"),
    ('ஆ', '\u{0BBE}', "ā", "aa"),
    ('இ', '\u{0BBF}', "i", "i"),
    ('ஈ', '\u{0BC0}', "ī", "ee"),
    ('உ', '\u{0BC1}', "u", "u"),
    ('ஊ', '\u{0BC2}', "ū", "oo"),
    ('எ', '\u{0BC6}', "e", "e"),
    ('ஏ', '\u{0BC7}', "ē", "ae"),
    ('ஐ', '\u{0BC8}', "ai", "ai"),
    ('ஒ', '\u{0BCA}', "o", "o"),
    ('ஓ', '\u{0BCB}', "ō", "oa"),
    ('ஔ', '\u{0BCC}', "au", "au"),
];

/// (consonant, ISO 15919, casual).
const CONSONANTS: [(char, &str, &str); 23] = [
    ('க', "k", "k"),
    ('ங', "ṅ", "ng"),
    ('ச', "c", "ch"),
    ('ஞ', "ñ", "nj"),
    ('ட', "ṭ", "d"),
    ('ண', "ṇ", "n"),
    ('த', "t", "th"),
    ('ந', "n", "n"),
    ('ப', "p", "p"),
    ('ம', "m", "m"),
    ('ய', "y", "y"),
    ('ர', "r", "r"),
    ('ல', "l", "l"),
    ('வ', "v", "v"),
    ('ழ', "ḻ", "zh"),
    ('ள', "ḷ", "l"),
    ('ற', "ṟ", "r"),
    ('ன', "ṉ", "n"),
    ('ஜ', "j", "j"),
    ('ஶ', "ś", "sh"),
    ('ஷ', "ṣ", "sh"),
    ('ஸ', "s", "s"),
    ('ஹ', "h", "h"),
];

const AAYTHAM: (char, &str, &str) = ('ஃ', "ḵ", "h");
const ANUSVARA: (char, &str, &str) = ('\u{0B82}', "ṁ", "m");

/// Which romanisation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Iso,
    Casual,
}

/// What the previous output ended with, for the colon rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Other,
    /// A written "a" (அ or an inherent vowel).
    A,
    /// A pure consonant (with virama).
    Dead,
}

/// Tamil text in ISO 15919.
pub fn to_iso15919(text: &str) -> String {
    romanise(text, Scheme::Iso)
}

/// Tamil text in a casual romanisation (one way: ழ zh, ச ch, ஈ ee, ஊ oo, ஏ ae, ஓ oa, த th, ட d; ண ந ன
/// are all n, ள ல l, ற ர r).
pub fn to_casual(text: &str) -> String {
    romanise(text, Scheme::Casual)
}

fn romanise(text: &str, scheme: Scheme) -> String {
    let text = to_nfc(text);
    let pick = |iso: &'static str, casual: &'static str| if scheme == Scheme::Iso { iso } else { casual };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut last = Last::Other;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if let Some(&(_, _, iso, casual)) = VOWELS.iter().find(|v| v.0 == c) {
            let needs_colon = match last {
                Last::Dead => true,
                Last::A => matches!(c, 'இ' | 'உ'),
                Last::Other => false,
            };
            if needs_colon && scheme == Scheme::Iso {
                out.push(':');
            }
            out.push_str(pick(iso, casual));
            last = if c == 'அ' { Last::A } else { Last::Other };
        } else if let Some(&(_, iso, casual)) = CONSONANTS.iter().find(|k| k.0 == c) {
            out.push_str(pick(iso, casual));
            match chars.get(i) {
                Some(&VIRAMA) => {
                    i += 1;
                    last = Last::Dead;
                }
                Some(sign) if VOWELS.iter().any(|v| v.1 == *sign) => {
                    let &(_, _, iso, casual) = VOWELS.iter().find(|v| v.1 == *sign).unwrap_or(&VOWELS[0]);
                    out.push_str(pick(iso, casual));
                    i += 1;
                    last = Last::Other;
                }
                _ => {
                    out.push('a');
                    last = Last::A;
                }
            }
        } else if c == AAYTHAM.0 {
            out.push_str(pick(AAYTHAM.1, AAYTHAM.2));
            last = Last::Other;
        } else if c == ANUSVARA.0 {
            out.push_str(pick(ANUSVARA.1, ANUSVARA.2));
            last = Last::Other;
        } else {
            out.push(c);
            last = Last::Other;
        }
    }
    out
}

/// ISO 15919 text back in Tamil script (the inverse of [`to_iso15919`]).
pub fn from_iso15919(text: &str) -> String {
    let text = to_nfc(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() * 2);
    // A consonant written but not yet given its vowel.
    let mut pending = false;
    let mut i = 0;
    while i < chars.len() {
        let colon_before_vowel = chars[i] == ':' && vowel_at(&chars[i + 1..]).is_some();
        if colon_before_vowel && (pending || out.ends_with('அ') || ends_with_inherent(&out)) {
            if pending {
                out.push(VIRAMA);
                pending = false;
            }
            i += 1;
            continue;
        }
        if let Some((at, used)) = vowel_at(&chars[i..]) {
            let (independent, sign, ..) = VOWELS[at];
            if pending {
                if sign != '\0' {
                    out.push(sign);
                }
                pending = false;
            } else {
                out.push(independent);
            }
            i += used;
            continue;
        }
        if pending {
            out.push(VIRAMA);
            pending = false;
        }
        let c = chars[i];
        i += 1;
        if let Some(&(tamil, ..)) = CONSONANTS.iter().find(|k| single(k.1) == Some(c)) {
            out.push(tamil);
            pending = true;
        } else if single(AAYTHAM.1) == Some(c) {
            out.push(AAYTHAM.0);
        } else if single(ANUSVARA.1) == Some(c) {
            out.push(ANUSVARA.0);
        } else {
            out.push(c);
        }
    }
    if pending {
        out.push(VIRAMA);
    }
    out
}

/// Whether the Tamil written so far ends in a consonant with its inherent vowel (for "ka:i").
fn ends_with_inherent(out: &str) -> bool {
    out.chars().next_back().is_some_and(|c| CONSONANTS.iter().any(|k| k.0 == c))
}

/// The one character of a romanisation (all of ISO 15919's consonants are one NFC character).
fn single(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The vowel written at the start of `chars` (the longest: "ai" before "a"), and its length.
fn vowel_at(chars: &[char]) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize)> = None;
    for (at, &(_, _, iso, _)) in VOWELS.iter().enumerate() {
        let len = iso.chars().count();
        if chars.len() >= len && chars[..len].iter().copied().eq(iso.chars()) && best.is_none_or(|(_, l)| len > l) {
            best = Some((at, len));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    // SPEC T7
    #[test]
    fn iso15919_of_known_words() {
        for (tamil, iso) in [
            ("தமிழ்", "tamiḻ"),
            ("திருக்குறள்", "tirukkuṟaḷ"),
            ("ஏழு", "ēḻu"),
            ("ஞானம்", "ñāṉam"),
            ("அஃது", "aḵtu"),
            ("ஸ்ரீ", "srī"),
            ("ஔவை", "auvai"),
        ] {
            assert_eq!(to_iso15919(tamil), iso);
            assert_eq!(from_iso15919(iso), tamil);
        }
    }

    #[test]
    fn the_colon_keeps_ambiguous_sequences_apart() {
        for tamil in ["அஇ", "கஇ", "கஉ", "க்அ", "அஉ", "க்ஆ"] {
            let iso = to_iso15919(tamil);
            assert!(iso.contains(':'), "{tamil} → {iso}");
            assert_eq!(from_iso15919(&iso), tamil);
        }
    }

    proptest::proptest! {
        #[test]
        fn tamil_round_trips(text in "([கஙசஞடணதநபமயரலவழளறனஜஶஷஸஹ][ாிீுூெேைொோௌ்]?|[அஆஇஈஉஊஎஏஐஒஓஔஃ]| |,){0,12}") {
            proptest::prop_assert_eq!(from_iso15919(&to_iso15919(&text)), text);
        }
    }
}
