//! `decompose` and `compose` for Tamil and Sinhala (SPEC G6): a consonant with a vowel sign becomes the
//! consonant with virama followed by the independent vowel (நிலுவை → ந்இல்உவ்ஐ), a bare consonant gets its
//! inherent அ / අ (க → க்அ), and `compose` inverts it (ந்ஆர்இ → நாரி, க் + அ → க).
//!
//! Both work code point by code point and change nothing else: consonant+virama (mei), independent vowels,
//! ஃ, digits, joiners, other scripts and signs without a consonant before them pass through, so
//! `compose(decompose(x)) == x` for every text `decompose` accepts. It refuses, with the byte offset, a
//! virama directly followed by an independent vowel (its decomposition would compose into something else);
//! `compose` refuses a virama + vowel pair with no consonant before it (a lone sign).

use std::fmt;

/// Why `decompose` or `compose` refused a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ComposeErrorKind {
    /// `decompose`: a virama is directly followed by an independent vowel (க்அ, ්ඉ); decomposing it would
    /// not round-trip, because `compose` joins exactly that pair.
    ViramaBeforeVowel,
    /// `compose`: a virama and an independent vowel with no consonant before them (்அ).
    LoneSign,
}

/// The error of [`decompose`] and [`compose`]: what went wrong and where (byte offset of the virama).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComposeError {
    kind: ComposeErrorKind,
    offset: usize,
}

impl ComposeError {
    /// What went wrong.
    pub fn kind(&self) -> ComposeErrorKind {
        self.kind
    }

    /// Byte offset of the offending virama in the input.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ComposeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ComposeErrorKind::ViramaBeforeVowel => write!(
                f,
                "virama followed by an independent vowel at byte {}: already decomposed, it would not compose back",
                self.offset
            ),
            ComposeErrorKind::LoneSign => {
                write!(f, "lone sign at byte {}: a virama and a vowel with no consonant before them", self.offset)
            }
        }
    }
}

impl std::error::Error for ComposeError {}

/// One script's letters for (de)composition.
struct Script {
    virama: char,
    inherent: char,
    /// (vowel sign, independent vowel)
    vowels: &'static [(char, char)],
    is_consonant: fn(char) -> bool,
}

const TAMIL: Script = Script {
    virama: '\u{0BCD}',
    inherent: '\u{0B85}',
    vowels: &[
        ('\u{0BBE}', '\u{0B86}'),
        ('\u{0BBF}', '\u{0B87}'),
        ('\u{0BC0}', '\u{0B88}'),
        ('\u{0BC1}', '\u{0B89}'),
        ('\u{0BC2}', '\u{0B8A}'),
        ('\u{0BC6}', '\u{0B8E}'),
        ('\u{0BC7}', '\u{0B8F}'),
        ('\u{0BC8}', '\u{0B90}'),
        ('\u{0BCA}', '\u{0B92}'),
        ('\u{0BCB}', '\u{0B93}'),
        ('\u{0BCC}', '\u{0B94}'),
    ],
    // The whole consonant range, unassigned code points included (as grapheme-kit): harmless, since
    // decompose and compose treat them alike, and it keeps text with a stray U+0BA7 invertible.
    is_consonant: |c| matches!(c, '\u{0B95}'..='\u{0BB9}'),
};

const SINHALA: Script = Script {
    virama: '\u{0DCA}',
    inherent: '\u{0D85}',
    vowels: &[
        ('\u{0DCF}', '\u{0D86}'),
        ('\u{0DD0}', '\u{0D87}'),
        ('\u{0DD1}', '\u{0D88}'),
        ('\u{0DD2}', '\u{0D89}'),
        ('\u{0DD3}', '\u{0D8A}'),
        ('\u{0DD4}', '\u{0D8B}'),
        ('\u{0DD6}', '\u{0D8C}'),
        ('\u{0DD8}', '\u{0D8D}'),
        ('\u{0DF2}', '\u{0D8E}'),
        ('\u{0DDF}', '\u{0D8F}'),
        ('\u{0DF3}', '\u{0D90}'),
        ('\u{0DD9}', '\u{0D91}'),
        ('\u{0DDA}', '\u{0D92}'),
        ('\u{0DDB}', '\u{0D93}'),
        ('\u{0DDC}', '\u{0D94}'),
        ('\u{0DDD}', '\u{0D95}'),
        ('\u{0DDE}', '\u{0D96}'),
    ],
    is_consonant: |c| matches!(c, '\u{0D9A}'..='\u{0DC6}'),
};

fn script_of_consonant(c: char) -> Option<&'static Script> {
    [&TAMIL, &SINHALA].into_iter().find(|script| (script.is_consonant)(c))
}

fn is_virama(c: char) -> bool {
    c == TAMIL.virama || c == SINHALA.virama
}

fn independent_vowel_script(c: char) -> Option<&'static Script> {
    [&TAMIL, &SINHALA].into_iter().find(|script| c == script.inherent || script.vowels.iter().any(|&(_, v)| v == c))
}

/// Splits Tamil and Sinhala consonant+vowel letters into consonant + virama + independent vowel.
///
/// ```
/// use uraikal_text::{compose, decompose};
/// assert_eq!(decompose("நிலுவை").unwrap(), "ந்இல்உவ்ஐ");
/// assert_eq!(decompose("க்ஷேத்திரம்").unwrap(), "க்ஷ்ஏத்த்இர்அம்");
/// assert_eq!(compose(&decompose("ශ්\u{200D}රී ලංකා").unwrap()).unwrap(), "ශ්\u{200D}රී ලංකා");
/// assert!(decompose("க்அ").is_err());
/// ```
pub fn decompose(text: &str) -> Result<String, ComposeError> {
    let mut out = String::with_capacity(text.len() * 2);
    let mut chars = text.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if is_virama(c) {
            if let Some(&(_, next)) = chars.peek() {
                if independent_vowel_script(next).is_some() {
                    return Err(ComposeError { kind: ComposeErrorKind::ViramaBeforeVowel, offset });
                }
            }
            out.push(c);
            continue;
        }
        let Some(script) = script_of_consonant(c) else {
            out.push(c);
            continue;
        };
        out.push(c);
        match chars.peek() {
            Some(&(_, next)) if next == script.virama => {}
            Some(&(_, next)) => match script.vowels.iter().find(|&&(sign, _)| sign == next) {
                Some(&(_, vowel)) => {
                    chars.next();
                    out.push(script.virama);
                    out.push(vowel);
                }
                None => {
                    out.push(script.virama);
                    out.push(script.inherent);
                }
            },
            None => {
                out.push(script.virama);
                out.push(script.inherent);
            }
        }
    }
    Ok(out)
}

/// Joins consonant + virama + independent vowel back into one letter (the inverse of [`decompose`]).
///
/// ```
/// use uraikal_text::compose;
/// assert_eq!(compose("ந்ஆர்இ").unwrap(), "நாரி");
/// assert_eq!(compose("க்அ").unwrap(), "க");
/// assert_eq!(compose("ස්ඉං").unwrap(), "සිං");
/// assert!(compose("்அ").is_err());
/// ```
pub fn compose(text: &str) -> Result<String, ComposeError> {
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((offset, c)) = chars.next() {
        if is_virama(c) {
            if let Some(&(_, next)) = chars.peek() {
                if let Some(vowel_script) = independent_vowel_script(next) {
                    let consonant_script = previous.and_then(script_of_consonant);
                    match consonant_script {
                        Some(script) if std::ptr::eq(script, vowel_script) && c == script.virama => {
                            chars.next();
                            if next != script.inherent {
                                let sign = script.vowels.iter().find(|&&(_, v)| v == next).map(|&(s, _)| s);
                                out.extend(sign);
                            }
                            previous = Some(next);
                            continue;
                        }
                        _ => return Err(ComposeError { kind: ComposeErrorKind::LoneSign, offset }),
                    }
                }
            }
        }
        out.push(c);
        previous = Some(c);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, decomposed: &str) {
        assert_eq!(decompose(text).as_deref(), Ok(decomposed), "decompose({text:?})");
        assert_eq!(compose(decomposed).as_deref(), Ok(text), "compose({decomposed:?})");
    }

    #[test]
    fn tamil() {
        check("நிலுவை", "ந்இல்உவ்ஐ");
        check("நாரி", "ந்ஆர்இ");
        check("ஸ்ரீ", "ஸ்ர்ஈ");
        check("க்ஷா", "க்ஷ்ஆ");
        check("அஃது", "அஃத்உ");
        check("௦௧௨ ௐ", "௦௧௨ ௐ");
        check("ேபா", "ேப்ஆ");
        check("கௌரவம்", "க்ஔர்அவ்அம்");
        check("க்\u{200D}ஷ", "க்\u{200D}ஷ்அ");
        check("கௗ", "க்அௗ");
        check("கிு", "க்இு");
        check("Tamil தமிழ் 2024!", "Tamil த்அம்இழ் 2024!");
        check("பாரி\u{0BA7}க்கும்", "ப்ஆர்இ\u{0BA7}்அக்க்உம்");
    }

    #[test]
    fn sinhala() {
        check("ක්\u{200D}රමය", "ක්\u{200D}ර්අම්අය්අ");
        check("කි", "ක්ඉ");
        check("සුබ උදෑසනක්", "ස්උබ්අ උද්ඈස්අන්අක්");
        check("කාර්\u{200D}ය", "ක්ආර්\u{200D}ය්අ");
    }

    #[test]
    fn errors_name_the_virama() {
        let err = decompose("அக்அ").unwrap_err();
        assert_eq!((err.kind(), err.offset()), (ComposeErrorKind::ViramaBeforeVowel, 6));
        let err = compose("்அ").unwrap_err();
        assert_eq!((err.kind(), err.offset()), (ComposeErrorKind::LoneSign, 0));
        assert!(compose("அ்ஆ").is_err());
        assert!(compose("க්අ").is_err(), "Tamil consonant with Sinhala virama and vowel");
        assert_eq!(err.to_string(), "lone sign at byte 0: a virama and a vowel with no consonant before them");
    }
}
