//! Vimarsha's text normaliser, reproduced from its description (SPEC L2): a punctuation table, IndicNLP's
//! default script normaliser for 13 of the 22 languages, NFC, Python-`\s` whitespace collapsing.
//!
//! The order matters and is part of the compatibility: the table runs first, so IndicNLP's own punctuation
//! rewrites (`…` → `...`, `„` → `"`, `´` → `'`) leave ASCII punctuation inside tokens.

use unicode_normalization::char::{canonical_combining_class, compose};
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::language::{Language, Script};

/// Normalises `text` exactly as Vimarsha does for `language`; words are separated by single spaces.
///
/// ```
/// use uraikal_metrics::lattice::{vimarsha_normalize, Language};
/// assert_eq!(vimarsha_normalize("வணக்கம்… நண்பர்களே", Language::Tamil), "வணக்கம்... நண்பர்களே");
/// assert_eq!(vimarsha_normalize("நான், வந்தேன்!", Language::Tamil), "நான் வந்தேன்");
/// ```
pub fn vimarsha_normalize(text: &str, language: Language) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    vimarsha_normalize_into(text, language, &mut out);
    out
}

/// Appends the normalised `text` to `buffer` (so that many short forms can share one allocation).
pub(crate) fn vimarsha_normalize_into(text: &str, language: Language, buffer: &mut String) {
    let script = language.indic_script();
    let triggers = script.map_or(&Triggers::NONE, Triggers::cached);
    let start = buffer.len();
    let mut out = Collapsed { text: buffer, start, pending_space: false };
    let mut needs_script_pass = false;
    let mut previous = ' ';
    let mut outside_tamil = false;
    // IndicNLP's `''` → `"` can only meet apostrophes this loop wrote (ASCII ones became spaces).
    let mut apostrophes = false;
    // Runs of characters that stay as they are are copied in one piece.
    let mut run = 0;
    let mut at = 0;
    let bytes = text.as_bytes();
    while at < bytes.len() {
        let byte = bytes[at];
        if byte < 0x80 {
            let is_space = matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | 0x1C..=0x1F);
            if is_space || byte.is_ascii_punctuation() {
                out.push_str(&text[run..at]);
                out.space();
                run = at + 1;
            }
            at += 1;
            continue;
        }
        // Tamil-block characters (E0 AE xx, E0 AF xx) are in no table and never whitespace: they always take
        // the keeping arms below, so they skip the decoding and the match.
        // (An E0 lead byte in a str always has its two continuation bytes.)
        if byte == 0xE0 && matches!(bytes[at + 1], 0xAE | 0xAF) {
            let offset = (((bytes[at + 1] - 0xAE) as u32) << 6) | (bytes[at + 2] & 0x3F) as u32;
            let c = char::from_u32(0x0B80 + offset).expect("a Tamil-block code point");
            if script.is_some() {
                if triggers.block == 0x0B80 && triggers.last[offset as usize] {
                    needs_script_pass = needs_script_pass || triggers.fires(previous, c);
                }
                previous = c;
            } else {
                outside_tamil = true;
            }
            at += 3;
            continue;
        }
        let c = text[at..].chars().next().expect("a char starts here");
        let width = c.len_utf8();
        let action = match c {
            // Vimarsha's table: to a space.
            '\u{0965}' | '\u{0964}' | '\u{06D4}' | '\u{2019}' | '\u{2013}' | '\u{2014}' | '\u{2011}' => Action::Space,
            // Vimarsha's table: deleted (so a zero-width space joins words).
            '\u{2018}' | '\u{02BC}' | '\u{200B}'..='\u{200F}' | '\u{201C}' | '\u{201D}' => Action::Delete,
            c if script.is_some() => match c {
                // IndicNLP's common step (BOM, word joiner, soft hyphen removed; NBSP to a space).
                // Gurmukhi rewrites vowels before this step: there the removals wait until after.
                '\u{FEFF}' | '\u{FFFE}' | '\u{2060}' | '\u{00AD}' if script != Some(Script::Gurmukhi) => Action::Delete,
                // IndicNLP's punctuation step (after the table, hence the leaks).
                '\u{201E}' => Action::Replace("\""),
                '\u{00B4}' | '\u{201A}' => {
                    apostrophes = true;
                    Action::Replace("'")
                }
                '\u{2026}' => Action::Replace("..."),
                c if c.is_whitespace() => Action::Space,
                c => {
                    needs_script_pass = needs_script_pass || triggers.fires(previous, c);
                    previous = c;
                    outside_tamil = outside_tamil || !TAMIL_BLOCK.contains(&c);
                    Action::Keep
                }
            },
            c if c.is_whitespace() => Action::Space,
            _ => {
                outside_tamil = true;
                Action::Keep
            }
        };
        if !matches!(action, Action::Keep) {
            out.push_str(&text[run..at]);
            match action {
                Action::Space => out.space(),
                Action::Replace(with) => out.push_str(with),
                _ => {}
            }
            run = at + width;
        }
        at += width;
    }
    out.push_str(&text[run..]);
    // Tamil-block text is in NFC once IndicNLP's Tamil rules have run (a test proves it for every pair).
    let nfc_done = script == Some(Script::Tamil) && !outside_tamil;
    let fast = !needs_script_pass && script != Some(Script::Gurmukhi);
    if fast && !apostrophes && (nfc_done || !needs_nfc(&buffer[start..])) {
        return;
    }
    let mut out = buffer.split_off(start);
    if apostrophes && out.contains("''") {
        out = out.replace("''", "\"");
    }
    if script == Some(Script::Gurmukhi) {
        out = script_pass(out, GURMUKHI_VOWELS);
        if out.contains(['\u{FEFF}', '\u{FFFE}', '\u{2060}', '\u{00AD}']) {
            out.retain(|c| !matches!(c, '\u{FEFF}' | '\u{FFFE}' | '\u{2060}' | '\u{00AD}'));
            out = out.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ");
        }
    }
    if let (Some(script), true) = (script, needs_script_pass) {
        out = script_pass(out, rules(script));
    }
    if !nfc_done && needs_nfc(&out) {
        // NFC merges and reorders code points; it never creates or removes whitespace (the two spaces
        // that decompose, U+2000 and U+2001, are already single spaces here).
        out = out.nfc().collect();
    }
    buffer.push_str(&out);
}

const TAMIL_BLOCK: std::ops::RangeInclusive<char> = '\u{0B80}'..='\u{0BFF}';

enum Action {
    Keep,
    Space,
    Delete,
    Replace(&'static str),
}

/// Text being appended (from `start` on) with Python-`\s` runs collapsed to one space and no space at
/// either end.
struct Collapsed<'a> {
    text: &'a mut String,
    start: usize,
    pending_space: bool,
}

impl Collapsed<'_> {
    fn space(&mut self) {
        self.pending_space = self.text.len() > self.start;
    }

    fn push_str(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        if std::mem::take(&mut self.pending_space) {
            self.text.push(' ');
        }
        self.text.push_str(s);
    }
}

/// False when `text` is certainly in NFC: the quick check says yes, or says "maybe" but no character can
/// compose with the starter before it (Tamil's ா after a consonant, say). Conservative otherwise.
pub(crate) fn needs_nfc(text: &str) -> bool {
    if text.is_ascii() {
        return false;
    }
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => false,
        IsNormalized::No => true,
        IsNormalized::Maybe => {
            let mut starter: Option<char> = None;
            for c in text.chars() {
                if let Some(s) = starter {
                    if !c.is_ascii() && compose(s, c).is_some() {
                        return true;
                    }
                }
                if c.is_ascii() || canonical_combining_class(c) == 0 {
                    starter = Some(c);
                }
            }
            false
        }
    }
}

/// Ordered replacements of one IndicNLP script normaliser with default options. Rules that can never fire
/// after Vimarsha's table (the `|` → danda and `:` → visarga rules, the ZWJ chillus of Malayalam) are left out.
fn rules(script: Script) -> &'static [(&'static str, &'static str)] {
    match script {
        Script::Devanagari => &[
            ("\u{0972}", "\u{090F}"),
            ("\u{0929}", "\u{0928}\u{093C}"),
            ("\u{0931}", "\u{0930}\u{093C}"),
            ("\u{0934}", "\u{0933}\u{093C}"),
            ("\u{0958}", "\u{0915}\u{093C}"),
            ("\u{0959}", "\u{0916}\u{093C}"),
            ("\u{095A}", "\u{0917}\u{093C}"),
            ("\u{095B}", "\u{091C}\u{093C}"),
            ("\u{095C}", "\u{0921}\u{093C}"),
            ("\u{095D}", "\u{0922}\u{093C}"),
            ("\u{095E}", "\u{092B}\u{093C}"),
            ("\u{095F}", "\u{092F}\u{093C}"),
        ],
        Script::Gurmukhi => &[
            ("\u{0A33}", "\u{0A32}\u{0A3C}"),
            ("\u{0A36}", "\u{0A38}\u{0A3C}"),
            ("\u{0A59}", "\u{0A16}\u{0A3C}"),
            ("\u{0A5A}", "\u{0A17}\u{0A3C}"),
            ("\u{0A5B}", "\u{0A1C}\u{0A3C}"),
            ("\u{0A5E}", "\u{0A2B}\u{0A3C}"),
            ("\u{0A64}", "\u{0964}"),
            ("\u{0A65}", "\u{0965}"),
        ],
        Script::Gujarati => &[("\u{0AE4}", "\u{0964}"), ("\u{0AE5}", "\u{0965}")],
        Script::Oriya => &[
            ("\u{0B05}\u{0B3E}", "\u{0B06}"),
            ("\u{0B0F}\u{0B57}", "\u{0B10}"),
            ("\u{0B13}\u{0B57}", "\u{0B14}"),
            ("\u{0B5C}", "\u{0B21}\u{0B3C}"),
            ("\u{0B5D}", "\u{0B22}\u{0B3C}"),
            ("\u{0B64}", "\u{0964}"),
            ("\u{0B65}", "\u{0965}"),
            ("\u{0B7C}", "\u{0964}"),
            ("\u{0B35}", "\u{0B2C}"),
            ("\u{0B47}\u{0B56}", "\u{0B58}"),
            ("\u{0B47}\u{0B3E}", "\u{0B4B}"),
            ("\u{0B47}\u{0B57}", "\u{0B4C}"),
        ],
        Script::Bengali => &[
            ("\u{09DC}", "\u{09A1}\u{09BC}"),
            ("\u{09DD}", "\u{09A2}\u{09BC}"),
            ("\u{09DF}", "\u{09AF}\u{09BC}"),
            ("\u{09E4}", "\u{0964}"),
            ("\u{09E5}", "\u{0965}"),
            ("\u{09F7}", "\u{0964}"),
            ("\u{09C7}\u{09BE}", "\u{09CB}"),
            ("\u{09C7}\u{09D7}", "\u{09CC}"),
        ],
        Script::Tamil => &[
            ("\u{0BE4}", "\u{0964}"),
            ("\u{0BE5}", "\u{0965}"),
            ("\u{0B92}\u{0BD7}", "\u{0B94}"),
            ("\u{0BC6}\u{0BBE}", "\u{0BCA}"),
            ("\u{0BC7}\u{0BBE}", "\u{0BCB}"),
            ("\u{0BC6}\u{0BD7}", "\u{0BCC}"),
        ],
        Script::Telugu => &[("\u{0C64}", "\u{0964}"), ("\u{0C65}", "\u{0965}"), ("\u{0C46}\u{0C56}", "\u{0C48}")],
        Script::Kannada => &[
            ("\u{0CE4}", "\u{0964}"),
            ("\u{0CE5}", "\u{0965}"),
            ("\u{0CBF}\u{0CD5}", "\u{0CC0}"),
            ("\u{0CC6}\u{0CD5}", "\u{0CC7}"),
            ("\u{0CC6}\u{0CD6}", "\u{0CC8}"),
            ("\u{0CC6}\u{0CC2}", "\u{0CCA}"),
            ("\u{0CCA}\u{0CD5}", "\u{0CCB}"),
        ],
        Script::Malayalam => &[
            ("\u{0D64}", "\u{0964}"),
            ("\u{0D65}", "\u{0965}"),
            ("\u{0D46}\u{0D3E}", "\u{0D4A}"),
            ("\u{0D47}\u{0D3E}", "\u{0D4B}"),
            ("\u{0D46}\u{0D57}", "\u{0D4C}"),
            ("\u{0D57}", "\u{0D4C}"),
        ],
    }
}

/// Which characters can make a script's rules fire: every single-character rule's character, and every
/// two-character rule's second character (then the first is checked too). A bit per code point of the
/// script's 128-character block; everything here runs on chars of those blocks only. The rules are kept
/// as (first, second) code points (first 0 for a one-character rule), decoded once.
#[derive(Clone, Copy)]
struct Triggers {
    block: u32,
    /// Whether a rule ends in the block's code point at that offset.
    last: [bool; 128],
    pairs: [(u32, u32); MAX_RULES],
    len: usize,
}

/// The most rules any script has (Oriya's 12).
const MAX_RULES: usize = 12;

impl Triggers {
    const NONE: Triggers = Triggers { block: 0, last: [false; 128], pairs: [(0, 0); MAX_RULES], len: 0 };

    fn of(script: Script) -> Triggers {
        let rules = rules(script);
        let block = rules[0].0.chars().next().map_or(0, |c| c as u32 & !0x7F);
        let mut triggers = Triggers { block, ..Triggers::NONE };
        for (from, _) in rules {
            let mut chars = from.chars().map(|c| c as u32);
            let pair = match (chars.next(), chars.next()) {
                (Some(only), None) => (0, only),
                (Some(first), Some(second)) => (first, second),
                _ => continue,
            };
            debug_assert_eq!(pair.1 & !0x7F, block);
            triggers.last[(pair.1 & 0x7F) as usize] = true;
            triggers.pairs[triggers.len] = pair;
            triggers.len += 1;
        }
        triggers
    }

    /// [`Triggers::of`], built once per script (the normaliser runs once per form).
    fn cached(script: Script) -> &'static Triggers {
        use std::sync::OnceLock;
        // One slot per script; the match is exhaustive, so a new script cannot be left without one.
        static CACHE: [OnceLock<Triggers>; 9] = [const { OnceLock::new() }; 9];
        let slot = match script {
            Script::Devanagari => 0,
            Script::Gurmukhi => 1,
            Script::Gujarati => 2,
            Script::Bengali => 3,
            Script::Oriya => 4,
            Script::Tamil => 5,
            Script::Telugu => 6,
            Script::Kannada => 7,
            Script::Malayalam => 8,
        };
        CACHE[slot].get_or_init(|| Triggers::of(script))
    }

    #[inline]
    fn fires(&self, previous: char, c: char) -> bool {
        let code = c as u32;
        if code & !0x7F != self.block || !self.last[(code & 0x7F) as usize] {
            return false;
        }
        self.pairs[..self.len].iter().any(|&(first, second)| second == code && (first == 0 || first == previous as u32))
    }
}

/// Gurmukhi's independent-vowel rewrites, which IndicNLP runs before its common step.
const GURMUKHI_VOWELS: &[(&str, &str)] = &[
    ("\u{0A05}\u{0A3E}", "\u{0A06}"),
    ("\u{0A72}\u{0A3F}", "\u{0A07}"),
    ("\u{0A72}\u{0A40}", "\u{0A08}"),
    ("\u{0A73}\u{0A41}", "\u{0A09}"),
    ("\u{0A73}\u{0A42}", "\u{0A0A}"),
    ("\u{0A72}\u{0A47}", "\u{0A0F}"),
    ("\u{0A05}\u{0A48}", "\u{0A10}"),
    ("\u{0A73}\u{0A4B}", "\u{0A13}"),
    ("\u{0A05}\u{0A4C}", "\u{0A14}"),
];

fn script_pass(mut text: String, rules: &[(&str, &str)]) -> String {
    for (from, to) in rules {
        if text.contains(from) {
            text = text.replace(from, to);
        }
    }
    text
}

/// The words of normalised text (single spaces, none at either end; nothing for empty text). A byte loop:
/// `str::split(' ')` costs ~100 instructions a word, where words are a few letters long.
pub(crate) fn words(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = (!text.is_empty()).then_some(text);
    std::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|b| b == b' ') {
            Some(at) => {
                rest = Some(&current[at + 1..]);
                Some(&current[..at])
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_as_str_split_does_except_that_empty_text_has_none() {
        assert_eq!(words("").count(), 0);
        for text in ["அவன்", "அவன் வந்தான்", " a", "a ", "a  b", " ", "நான் நேற்று கடைக்கு"]
        {
            assert_eq!(words(text).collect::<Vec<_>>(), text.split(' ').collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn every_scripts_rules_fit_its_triggers() {
        use Script::*;
        for script in [Devanagari, Gurmukhi, Gujarati, Bengali, Oriya, Tamil, Telugu, Kannada, Malayalam] {
            let triggers = Triggers::of(script);
            assert_eq!(triggers.len, rules(script).len());
            for (from, _) in rules(script) {
                let chars: Vec<char> = from.chars().collect();
                let (previous, last) = if chars.len() == 2 { (chars[0], chars[1]) } else { (' ', chars[0]) };
                assert!(triggers.fires(previous, last), "{from:?}");
            }
        }
    }

    fn check(language: Language, text: &str, expected: &str) {
        assert_eq!(vimarsha_normalize(text, language), expected, "{language} {text:?}");
    }

    /// Why Tamil-block text skips NFC: no character of the block changes under NFC, the only non-zero
    /// combining class is the virama's (so nothing reorders), and the only compositions are the four pairs
    /// IndicNLP's Tamil rules already compose.
    #[test]
    fn tamil_block_needs_no_nfc_after_the_tamil_rules() {
        let rules: Vec<(char, char)> = rules(Script::Tamil)
            .iter()
            .filter_map(|(from, _)| {
                let mut c = from.chars();
                Some((c.next()?, c.next()?))
            })
            .collect();
        for a in TAMIL_BLOCK {
            assert_eq!(a.to_string().nfc().collect::<String>(), a.to_string(), "{a:?}");
            if canonical_combining_class(a) != 0 {
                assert_eq!(a, '\u{0BCD}');
            }
            for b in TAMIL_BLOCK {
                if compose(a, b).is_some() {
                    assert!(rules.contains(&(a, b)), "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn nfc_check_is_conservative() {
        for text in ["கொ", "கொ", "e\u{301}", "\u{1100}\u{1161}", "Ω", "क़", "அவன் வந்தான்", "ab"]
        {
            let nfc: String = text.nfc().collect();
            if nfc != text {
                assert!(needs_nfc(text), "{text:?}");
            }
        }
        assert!(!needs_nfc("அவன் வந்தான் கொடு"));
    }

    #[test]
    fn table_then_indicnlp_then_nfc() {
        check(Language::Tamil, "அ:", "அ");
        check(Language::Tamil, "´´x", "\"x");
        check(Language::Tamil, "கொ", "கொ");
        check(Language::Tamil, "\u{0B92}\u{0BD7}", "ஔ");
        check(Language::Tamil, "a\u{1f}b\u{a0}c", "a b c");
        check(Language::Tamil, "வந்தான்\u{0BE4}", "வந்தான்।");
        check(Language::Hindi, "ॲ", "ए");
        check(Language::Odia, "ଵ", "ବ");
        check(Language::Maithili, "\u{feff}हम\u{ad}", "\u{feff}हम\u{ad}");
        check(Language::Urdu, "میں، گھر گیا۔", "میں، گھر گیا");
        check(Language::Malayalam, "അവന്\u{200d}", "അവന്");
    }
}
