//! The 22 scheduled languages of India that lattice scoring accepts, by ISO code or English name, and the
//! IndicNLP script normaliser (if any) that Vimarsha applies to each.

use std::fmt;

use super::{Error, ErrorKind};

/// One of the 22 languages of the Eighth Schedule. Parsed from a code (`ta`) or a name (`tamil`),
/// after trimming whitespace and lower-casing (so ` TA ` and `Tamil` are accepted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the variant names are the languages
pub enum Language {
    Assamese,
    Bengali,
    Bodo,
    Dogri,
    Gujarati,
    Hindi,
    Kannada,
    Kashmiri,
    Konkani,
    Maithili,
    Malayalam,
    Manipuri,
    Marathi,
    Nepali,
    Odia,
    Punjabi,
    Sanskrit,
    Santali,
    Sindhi,
    Tamil,
    Telugu,
    Urdu,
}

/// Which IndicNLP script normaliser Vimarsha runs for a language (with IndicNLP's default options).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Script {
    Devanagari,
    Gurmukhi,
    Gujarati,
    Bengali,
    Oriya,
    Tamil,
    Telugu,
    Kannada,
    Malayalam,
}

const TABLE: [(Language, &str, &str); 22] = [
    (Language::Assamese, "as", "assamese"),
    (Language::Bengali, "bn", "bengali"),
    (Language::Bodo, "brx", "bodo"),
    (Language::Dogri, "doi", "dogri"),
    (Language::Gujarati, "gu", "gujarati"),
    (Language::Hindi, "hi", "hindi"),
    (Language::Kannada, "kn", "kannada"),
    (Language::Kashmiri, "ks", "kashmiri"),
    (Language::Konkani, "kok", "konkani"),
    (Language::Maithili, "mai", "maithili"),
    (Language::Malayalam, "ml", "malayalam"),
    (Language::Manipuri, "mni", "manipuri"),
    (Language::Marathi, "mr", "marathi"),
    (Language::Nepali, "ne", "nepali"),
    (Language::Odia, "or", "odia"),
    (Language::Punjabi, "pa", "punjabi"),
    (Language::Sanskrit, "sa", "sanskrit"),
    (Language::Santali, "sat", "santali"),
    (Language::Sindhi, "sd", "sindhi"),
    (Language::Tamil, "ta", "tamil"),
    (Language::Telugu, "te", "telugu"),
    (Language::Urdu, "ur", "urdu"),
];

impl Language {
    /// All 22 languages, in the order of their English names.
    pub const ALL: [Language; 22] = {
        let mut all = [Language::Tamil; 22];
        let mut i = 0;
        while i < 22 {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    /// Parses a code or an English name, ignoring surrounding whitespace and case.
    ///
    /// ```
    /// use uraikal_metrics::lattice::Language;
    /// assert_eq!(Language::parse(" TA ").unwrap(), Language::Tamil);
    /// assert_eq!(Language::parse("Tamil").unwrap().code(), "ta");
    /// assert!(Language::parse("tam").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Language, Error> {
        // Batches name the language on every record, nearly always as a code or name already in form.
        if let Some((language, _, _)) = TABLE.iter().find(|(_, code, name)| *code == text || *name == text) {
            return Ok(*language);
        }
        // Python's str.strip() also strips U+001C..U+001F, which char::is_whitespace does not.
        let trimmed = text.trim_matches(is_python_space);
        let found = if trimmed.is_ascii() {
            // ASCII lower-cases as it does in full, without a new string.
            TABLE
                .iter()
                .find(|(_, code, name)| code.eq_ignore_ascii_case(trimmed) || name.eq_ignore_ascii_case(trimmed))
        } else {
            // Some non-ASCII letters lower-case to ASCII (the Kelvin sign K to k).
            let key = trimmed.to_lowercase();
            TABLE.iter().find(|(_, code, name)| *code == key || *name == key)
        };
        found.map(|(language, _, _)| *language).ok_or_else(|| Error::new(ErrorKind::UnknownLanguage(text.to_string())))
    }

    /// The ISO 639 code (`ta`, `brx`, …).
    pub fn code(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// The lower-case English name (`tamil`, `bodo`, …).
    pub fn name(self) -> &'static str {
        TABLE[self as usize].2
    }

    /// The IndicNLP normaliser Vimarsha applies; `None` for ur, kok, mai, doi, sat, mni, brx, ks, sd.
    pub(crate) fn indic_script(self) -> Option<Script> {
        use Language::*;
        Some(match self {
            Hindi | Marathi | Sanskrit | Nepali => Script::Devanagari,
            Punjabi => Script::Gurmukhi,
            Gujarati => Script::Gujarati,
            Bengali | Assamese => Script::Bengali,
            Odia => Script::Oriya,
            Tamil => Script::Tamil,
            Telugu => Script::Telugu,
            Kannada => Script::Kannada,
            Malayalam => Script::Malayalam,
            Urdu | Konkani | Maithili | Dogri | Santali | Manipuri | Bodo | Kashmiri | Sindhi => return None,
        })
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Python's `str.isspace()`: Rust's White_Space plus the four information separators U+001C..U+001F.
pub(crate) fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// A short list of the accepted codes, for error messages.
pub(crate) fn accepted_codes() -> String {
    TABLE.iter().map(|(_, code, _)| *code).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_and_name_round_trips() {
        for language in Language::ALL {
            assert_eq!(Language::parse(language.code()).unwrap(), language);
            assert_eq!(Language::parse(language.name()).unwrap(), language);
            assert_eq!(Language::parse(&format!(" {} ", language.name().to_uppercase())).unwrap(), language);
        }
        let codes: std::collections::HashSet<_> = Language::ALL.iter().map(|l| l.code()).collect();
        assert_eq!(codes.len(), 22);
    }

    #[test]
    fn rejects_other_languages() {
        for bad in ["english", "en", "tam", "", "ta-IN", "kK"] {
            let err = Language::parse(bad).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::UnknownLanguage(_)), "{bad}");
            assert!(err.to_string().contains("ta"), "{err}");
        }
    }

    /// The ASCII reading (no new string) finds what full lower-casing finds, and non-ASCII text still goes
    /// through full lower-casing (the Kelvin sign lower-cases to an ASCII k).
    #[test]
    fn ascii_case_folding_equals_full_lower_casing() {
        for text in
            ["TA", "Tamil", " TAMIL ", "hInDi", "\u{212A}n", "\u{212A}ANNADA", "ta\u{130}", "\u{130}", "Ta\u{1f}", "ßa"]
        {
            let key = text.trim_matches(is_python_space).to_lowercase();
            let expected = TABLE.iter().find(|(_, code, name)| *code == key || *name == key).map(|(l, _, _)| *l);
            assert_eq!(Language::parse(text).ok(), expected, "{text:?}");
        }
        assert_eq!(Language::parse("\u{212A}n").unwrap(), Language::Kannada);
    }

    #[test]
    fn python_strip_includes_information_separators() {
        assert_eq!(Language::parse("\u{1f}ta\u{1c}").unwrap(), Language::Tamil);
    }
}
