//! The thresholds, as data (SPEC Q2): a versioned [`Config`] with documented defaults, loadable from JSON.

use serde::{Deserialize, Serialize};

/// The version of the default thresholds; results carry it so that a changed threshold is visible.
pub const CONFIG_VERSION: &str = "1";

/// Every threshold the decision uses (SPEC Q2). Unknown fields in JSON are refused; missing ones take the
/// defaults.
///
/// ```
/// let config = uraikal_quality::Config::from_json(r#"{"min_words": 3}"#).unwrap();
/// assert_eq!(config.min_words, 3);
/// assert_eq!(config.min_tamil_share, uraikal_quality::Config::default().min_tamil_share);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The thresholds' version (CONFIG_VERSION for the defaults).
    pub version: String,
    /// Fewer words than this: `too-short`.
    pub min_words: usize,
    /// Tamil letters among all letters below this: `not-tamil`.
    pub min_tamil_share: f64,
    /// Latin-script words among words above this: `not-tamil` (Latin spam inside Tamil text).
    pub max_latin_word_share: f64,
    /// Invalid letter sequences per 1,000 Tamil letters above this: `broken-letters`.
    pub max_invalid_per_1000: f64,
    /// Pulli per Tamil letter below this (in a document of ≥ 100 Tamil letters): `broken-letters` (signs lost).
    pub min_pulli_per_letter: f64,
    /// Vowel signs per Tamil letter below this (in a document of ≥ 100 Tamil letters): `broken-letters`.
    pub min_vowel_signs_per_letter: f64,
    /// Share of the non-space characters in legacy runs from which a document is `legacy-encoding`.
    pub min_legacy_share: f64,
    /// Share of the non-space characters in mojibake from which a document is `mojibake`.
    pub min_mojibake_share: f64,
    /// Visual-order signs per 1,000 Tamil letters from which a document is `visual-order`.
    pub min_visual_per_1000: f64,
    /// Gopher: duplicated lines among lines; duplicated-line characters among characters.
    pub max_dup_line_fraction: f64,
    /// Gopher: characters in duplicated lines.
    pub max_dup_line_char_fraction: f64,
    /// Gopher: duplicated paragraphs among paragraphs.
    pub max_dup_para_fraction: f64,
    /// Gopher: characters in duplicated paragraphs.
    pub max_dup_para_char_fraction: f64,
    /// Gopher: characters of the most frequent 2-, 3- and 4-gram of words.
    pub max_top_ngram_char_fraction: [f64; 3],
    /// Gopher: characters in duplicated 5- … 10-grams of words.
    pub max_dup_ngram_char_fraction: [f64; 6],
    /// Boilerplate lines among lines above this: `boilerplate`.
    pub max_boilerplate_line_fraction: f64,
    /// Mean word length in letters outside this range: `word-length`.
    pub word_length_range: [f64; 2],
    /// Symbols (`#`, `…`) per word above this: `symbols`.
    pub max_symbol_word_ratio: f64,
    /// Lines starting with a bullet above this share: `bullet-lines`.
    pub max_bullet_line_fraction: f64,
    /// Lines ending in an ellipsis above this share: `ellipsis-lines`.
    pub max_ellipsis_line_fraction: f64,
    /// Digits among non-space characters above this: `digits`.
    pub max_digit_ratio: f64,
    /// Score below which a document that no rule drops is still dropped (`low-score`).
    pub min_score: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            version: CONFIG_VERSION.to_owned(),
            min_words: 10,
            min_tamil_share: 0.5,
            max_latin_word_share: 0.3,
            max_invalid_per_1000: 4.0,
            // Tamil prose and verse have ≥ 0.22 pulli and ≥ 0.3 vowel signs per letter (golden documents).
            min_pulli_per_letter: 0.08,
            min_vowel_signs_per_letter: 0.12,
            min_legacy_share: 0.3,
            min_mojibake_share: 0.2,
            min_visual_per_1000: 2.0,
            // Gopher's values (Rae et al. 2021, table A1), as datatrove's GopherRepetitionFilter has them.
            max_dup_line_fraction: 0.3,
            max_dup_line_char_fraction: 0.2,
            max_dup_para_fraction: 0.3,
            max_dup_para_char_fraction: 0.2,
            max_top_ngram_char_fraction: [0.20, 0.18, 0.16],
            max_dup_ngram_char_fraction: [0.15, 0.14, 0.13, 0.12, 0.11, 0.10],
            max_boilerplate_line_fraction: 0.3,
            // Tamil words are long in letters only through suffixes; 1.5–12 admits verse and prose alike.
            word_length_range: [1.5, 12.0],
            max_symbol_word_ratio: 0.1,
            max_bullet_line_fraction: 0.9,
            max_ellipsis_line_fraction: 0.3,
            max_digit_ratio: 0.3,
            min_score: 0.0,
        }
    }
}

/// A config that could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid quality config: {}", self.0)
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    /// Reads a config from JSON (missing fields keep their defaults).
    pub fn from_json(json: &str) -> Result<Config, ConfigError> {
        serde_json::from_str(json).map_err(|e| ConfigError(e.to_string()))
    }
}
