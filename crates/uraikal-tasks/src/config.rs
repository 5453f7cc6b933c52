//! The difficulty knobs of a run (SPEC K4): one level for every family, and overrides for the ranges the
//! level sets. A JSON object with these fields (all optional) is what `--config` reads.
//!
//! ```
//! use uraikal_tasks::{Config, Difficulty};
//! let config = Config::from_json(r#"{"difficulty": "hard", "max_number": 5000}"#).unwrap();
//! assert_eq!(config.difficulty, Difficulty::Hard);
//! assert_eq!(config.number_range((0, 10), 1_000_000), (0, 5000));
//! assert!(Config::from_json(r#"{"dificulty": "hard"}"#).is_err());
//! ```

use serde::{Deserialize, Serialize};

use crate::Error;

/// The difficulty level: it sets each family's ranges (number sizes, word lengths, list lengths).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Small numbers, short words.
    Easy,
    /// The default.
    #[default]
    Medium,
    /// Large numbers, long words, long lists.
    Hard,
}

impl Difficulty {
    /// `easy`, `medium` or `hard`.
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The one of three values that goes with this level.
    pub(crate) fn pick<T>(self, easy: T, medium: T, hard: T) -> T {
        match self {
            Difficulty::Easy => easy,
            Difficulty::Medium => medium,
            Difficulty::Hard => hard,
        }
    }
}

/// The language of the instruction in each question.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Tamil (the default).
    #[default]
    Ta,
    /// An English instruction before the Tamil material.
    En,
}

/// The knobs of a run. Unknown fields in the JSON are an error (a misspelt knob must not be ignored).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The level every range below defaults from.
    pub difficulty: Difficulty,
    /// The language of the instructions.
    pub lang: Lang,
    /// The smallest number in number and numeral tasks.
    pub min_number: Option<u64>,
    /// The largest number in number and numeral tasks (capped by what the task can say: below 10^15 in
    /// words, below 10^8 as a traditional numeral).
    pub max_number: Option<u64>,
    /// The fewest letters of a word in letter tasks.
    pub min_letters: Option<usize>,
    /// The most letters of a word in letter tasks.
    pub max_letters: Option<usize>,
    /// How many words a sorting task lists (2–50).
    pub words: Option<usize>,
}

impl Config {
    /// A configuration from a JSON object.
    pub fn from_json(text: &str) -> Result<Config, Error> {
        let config: Config = serde_json::from_str(text).map_err(|e| Error::BadConfig(e.to_string()))?;
        config.check()?;
        Ok(config)
    }

    /// Checks that the ranges are not empty.
    pub fn check(&self) -> Result<(), Error> {
        if let (Some(lo), Some(hi)) = (self.min_number, self.max_number) {
            if lo > hi {
                return Err(Error::BadConfig(format!("min_number {lo} is above max_number {hi}")));
            }
        }
        if let (Some(lo), Some(hi)) = (self.min_letters, self.max_letters) {
            if lo > hi {
                return Err(Error::BadConfig(format!("min_letters {lo} is above max_letters {hi}")));
            }
        }
        if self.max_letters == Some(0) {
            return Err(Error::BadConfig("max_letters must be at least 1".into()));
        }
        if let Some(n) = self.words {
            if !(2..=50).contains(&n) {
                return Err(Error::BadConfig(format!("words {n}: a sorting task lists 2 to 50 words")));
            }
        }
        Ok(())
    }

    /// The number range: the overrides, else `default` (the family's range for the level), capped at
    /// `limit` (the largest number the family can say); never empty.
    pub fn number_range(&self, default: (u64, u64), limit: u64) -> (u64, u64) {
        let min = self.min_number.unwrap_or(default.0).min(limit);
        let max = self.max_number.unwrap_or(default.1).clamp(min, limit);
        (min, max)
    }

    /// The letter-count range of words: the overrides, else `(lo, hi)`.
    pub fn letter_range(&self, lo: usize, hi: usize) -> (usize, usize) {
        let min = self.min_letters.unwrap_or(lo).max(1);
        let max = self.max_letters.unwrap_or(hi).max(min);
        (min, max)
    }
}
