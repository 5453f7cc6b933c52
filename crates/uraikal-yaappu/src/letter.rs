//! A prosodic view of one Tamil letter: its consonant, its vowel and whether it carries weight, built from
//! `uraikal_text::letters` and rebuilt into text after sandhi changes.

/// The twelve vowels, in order; index 0 is the inherent அ.
const UYIR: [char; 12] = ['அ', 'ஆ', 'இ', 'ஈ', 'உ', 'ஊ', 'எ', 'ஏ', 'ஐ', 'ஒ', 'ஓ', 'ஔ'];
/// The vowel signs for vowels 1..12 (index 0, அ, has none).
const SIGNS: [Option<char>; 12] = [
    None,
    Some('\u{0BBE}'),
    Some('\u{0BBF}'),
    Some('\u{0BC0}'),
    Some('\u{0BC1}'),
    Some('\u{0BC2}'),
    Some('\u{0BC6}'),
    Some('\u{0BC7}'),
    Some('\u{0BC8}'),
    Some('\u{0BCA}'),
    Some('\u{0BCB}'),
    Some('\u{0BCC}'),
];
const PULLI: char = '\u{0BCD}';

/// Vowel indices by name, for the rules that need them.
pub(crate) mod vowel {
    pub const A: u8 = 0;
    pub const AA: u8 = 1;
    pub const I: u8 = 2;
    pub const II: u8 = 3;
    pub const U: u8 = 4;
    pub const UU: u8 = 5;
    pub const E: u8 = 6;
    pub const EE: u8 = 7;
    pub const AI: u8 = 8;
    pub const O: u8 = 9;
    pub const OO: u8 = 10;
    pub const AU: u8 = 11;
}

/// One letter of a verse, as prosody sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Letter {
    /// The consonant, if any (None for an uyir or ஃ).
    pub consonant: Option<char>,
    /// The vowel index into [`UYIR`], None for a mei or ஃ.
    pub vowel: Option<u8>,
    /// True for ஃ.
    pub aaytham: bool,
}

impl Letter {
    /// Decodes a Tamil letter; None for anything that is not one (punctuation, Latin, a stray sign).
    pub fn parse(text: &str) -> Option<Letter> {
        let mut chars = text.chars();
        let first = chars.next()?;
        let rest: Vec<char> = chars.collect();
        if first == 'ஃ' && rest.is_empty() {
            return Some(Letter { consonant: None, vowel: None, aaytham: true });
        }
        if let Some(v) = UYIR.iter().position(|&u| u == first) {
            return rest.is_empty().then_some(Letter { consonant: None, vowel: Some(v as u8), aaytham: false });
        }
        if !('\u{0B95}'..='\u{0BB9}').contains(&first) {
            return None;
        }
        let vowel = match rest.as_slice() {
            [] => Some(0),
            [PULLI] => None,
            [sign] => Some(SIGNS.iter().position(|s| *s == Some(*sign))? as u8),
            _ => return None,
        };
        Some(Letter { consonant: Some(first), vowel, aaytham: false })
    }

    /// A consonant with a vowel (uyirmei).
    pub fn uyirmei(consonant: char, vowel: u8) -> Letter {
        Letter { consonant: Some(consonant), vowel: Some(vowel), aaytham: false }
    }

    /// The letter's text.
    pub fn text(&self) -> String {
        match (self.consonant, self.vowel) {
            (None, None) => "ஃ".to_string(),
            (None, Some(v)) => UYIR[v as usize].to_string(),
            (Some(c), None) => format!("{c}{PULLI}"),
            (Some(c), Some(v)) => match SIGNS[v as usize] {
                Some(sign) => format!("{c}{sign}"),
                None => c.to_string(),
            },
        }
    }

    /// A mei (consonant with pulli).
    pub fn is_mei(&self) -> bool {
        self.consonant.is_some() && self.vowel.is_none()
    }

    /// An independent vowel.
    pub fn is_uyir(&self) -> bool {
        self.consonant.is_none() && self.vowel.is_some()
    }

    /// Short vowel (kuril): அ இ உ எ ஒ, alone or on a consonant.
    pub fn is_kuril(&self) -> bool {
        matches!(self.vowel, Some(vowel::A | vowel::I | vowel::U | vowel::E | vowel::O))
    }

    /// Long vowel (nedil), ஐ and ஔ included.
    pub fn is_nedil(&self) -> bool {
        self.vowel.is_some() && !self.is_kuril()
    }

    /// கு சு டு து பு று: the letters that can be kutriyalukaram.
    pub fn is_hard_u(&self) -> bool {
        self.vowel == Some(vowel::U) && matches!(self.consonant, Some('க' | 'ச' | 'ட' | 'த' | 'ப' | 'ற'))
    }

    /// The short vowel that lengthens an alapedai after this letter's vowel (ஆ→அ, ஈ→இ, ஊ→உ, ஏ→எ,
    /// ஓ→ஒ, ஐ→இ, ஔ→உ).
    pub fn alapedai_vowel(&self) -> Option<u8> {
        Some(match self.vowel? {
            vowel::AA => vowel::A,
            vowel::II | vowel::AI => vowel::I,
            vowel::UU | vowel::AU => vowel::U,
            vowel::EE => vowel::E,
            vowel::OO => vowel::O,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_through_parse_and_text() {
        for text in ["அ", "ஔ", "ஃ", "க", "கா", "கௌ", "ன்", "ஷ்", "ஸ்"] {
            assert_eq!(Letter::parse(text).unwrap().text(), text);
        }
        for not_a_letter in ["a", ".", "\u{0BBF}", "கிி", ""] {
            assert_eq!(Letter::parse(not_a_letter), None, "{not_a_letter}");
        }
    }

    #[test]
    fn lengths() {
        assert!(Letter::parse("கொ").unwrap().is_kuril());
        assert!(Letter::parse("ஐ").unwrap().is_nedil());
        assert!(Letter::parse("கை").unwrap().is_nedil());
        assert!(Letter::parse("று").unwrap().is_hard_u());
        assert!(!Letter::parse("னு").unwrap().is_hard_u());
    }
}
