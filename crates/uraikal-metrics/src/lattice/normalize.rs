//! Vimarsha's text normaliser, reproduced from its description (SPEC L2): a punctuation table, IndicNLP's
//! default script normaliser for 13 of the 22 languages, NFC, Python-`\s` whitespace collapsing.
//!
//! The order matters and is part of the compatibility: the table runs first, so IndicNLP's own punctuation
//! rewrites (`…` → `...`, `„` → `"`, `´` → `'`) leave ASCII punctuation inside tokens.

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::language::{is_python_space, Language, Script};

/// Normalises `text` exactly as Vimarsha does for `language`; words are separated by single spaces.
///
/// ```
/// use uraikal_metrics::lattice::{vimarsha_normalize, Language};
/// assert_eq!(vimarsha_normalize("வணக்கம்… நண்பர்களே", Language::Tamil), "வணக்கம்... நண்பர்களே");
/// assert_eq!(vimarsha_normalize("நான், வந்தேன்!", Language::Tamil), "நான் வந்தேன்");
/// ```
pub fn vimarsha_normalize(text: &str, language: Language) -> String {
    let mut words = String::with_capacity(text.len());
    for word in vimarsha_words(text, language).split(' ') {
        if !word.is_empty() {
            if !words.is_empty() {
                words.push(' ');
            }
            words.push_str(word);
        }
    }
    words
}

/// The normalised text before whitespace collapsing; every Python whitespace character already a space.
pub(crate) fn vimarsha_words(text: &str, language: Language) -> String {
    let script = language.indic_script();
    let mut out = String::with_capacity(text.len() + 8);
    let mut needs_script_pass = false;
    for c in text.chars() {
        match c {
            // Vimarsha's table: to a space.
            '\u{0965}' | '\u{0964}' | '\u{06D4}' | '\u{2019}' | '\u{2013}' | '\u{2014}'
            | '\u{2011}' => out.push(' '),
            c if c.is_ascii_punctuation() => out.push(' '),
            // Vimarsha's table: deleted (so a zero-width space joins words).
            '\u{2018}' | '\u{02BC}' | '\u{200B}'..='\u{200F}' | '\u{201C}' | '\u{201D}' => {}
            c => {
                if script.is_some() {
                    match c {
                        // IndicNLP's common step (BOM, word joiner, soft hyphen removed; NBSP to a space).
                        // (Gurmukhi rewrites vowels before this step: those removals wait until after.)
                        '\u{FEFF}' | '\u{FFFE}' | '\u{2060}' | '\u{00AD}'
                            if script != Some(Script::Gurmukhi) =>
                        {
                            continue
                        }
                        '\u{00A0}' => {
                            out.push(' ');
                            continue;
                        }
                        // IndicNLP's punctuation step (after the table, hence the leaks).
                        '\u{201E}' => {
                            out.push('"');
                            continue;
                        }
                        '\u{00B4}' | '\u{201A}' => {
                            out.push('\'');
                            continue;
                        }
                        '\u{2026}' => {
                            out.push_str("...");
                            continue;
                        }
                        c if !c.is_ascii() => needs_script_pass = true,
                        _ => {}
                    }
                }
                out.push(if is_python_space(c) { ' ' } else { c });
            }
        }
    }
    if script.is_some() && out.contains("''") {
        out = out.replace("''", "\"");
    }
    if script == Some(Script::Gurmukhi) {
        out = script_pass(out, GURMUKHI_VOWELS);
        out.retain(|c| !matches!(c, '\u{FEFF}' | '\u{FFFE}' | '\u{2060}' | '\u{00AD}'));
    }
    if let (Some(script), true) = (script, needs_script_pass) {
        out = script_pass(out, rules(script));
    }
    match is_nfc_quick(out.chars()) {
        IsNormalized::Yes => out,
        _ => {
            // NFC can only merge or reorder code points, never create whitespace; the Python-space
            // mapping above therefore still holds.
            out.nfc()
                .map(|c| if is_python_space(c) { ' ' } else { c })
                .collect()
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
        Script::Telugu => &[
            ("\u{0C64}", "\u{0964}"),
            ("\u{0C65}", "\u{0965}"),
            ("\u{0C46}\u{0C56}", "\u{0C48}"),
        ],
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

#[cfg(test)]
mod tests {
    use super::*;

    fn check(language: Language, text: &str, expected: &str) {
        assert_eq!(
            vimarsha_normalize(text, language),
            expected,
            "{language} {text:?}"
        );
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
