//! Practice tasks for reinforcement learning (issue 22): procedurally generated Tamil tasks with exact
//! verifiers — numbers in words, Tamil numerals, letters and their lengths, visual-order repair, prosody,
//! speech text normalisation and dictionary order. Every answer comes from the Uraikal library that already
//! computes it (`uraikal-text`, `uraikal-numbers`, `uraikal-yaappu`), so a task is only as right as the
//! library, which has its own tests against peers and real text.
//!
//! * [`families`] lists the task families; [`family`] finds one by name.
//! * [`Family::entry`] makes entry `index` of a seeded run: the same family, seed, index and [`Config`] give
//!   the same entry on every platform (SplitMix64, integer arithmetic only). [`generate`] makes `n` of them.
//! * [`Family::score`] / [`score`] grade an answer in [0, 1]: 1.0 only for a right answer; partial credit
//!   where it means something (SPEC K3), and each family says what it accepts ([`Family::accepts`]).
//! * [`summarize`] gives the mean score per family.
//!
//! The rules are SPEC.md section K.
//!
//! ```
//! use uraikal_tasks::{family, generate, score, Config};
//!
//! let entries = generate("numbers.spoken", 3, 7, &Config::default()).unwrap();
//! let first = &entries[0];
//! let n = first.metadata["number"].as_i64().unwrap();
//! assert_eq!(first.answer, uraikal_numbers::to_words(n, uraikal_numbers::Register::Spoken).unwrap());
//! assert_eq!(score(first, &first.answer).unwrap(), 1.0);
//! assert!(score(first, "ஏதோ ஒன்று").unwrap() < 1.0);
//! // The same seed gives the same entries.
//! assert_eq!(entries, generate("numbers.spoken", 3, 7, &Config::default()).unwrap());
//! assert_eq!(family("letters.count").unwrap().name, "letters.count");
//! ```
#![deny(missing_docs)]

mod config;
mod families;
mod verify;
mod words;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uraikal_metrics::bootstrap::SplitMix64;

pub use config::{Config, Difficulty, Lang};
pub use words::{dictionary_cmp, dictionary_sort};

/// One task: what `uraikal tasks generate` writes, one JSON line each (reasoning-gym's entry shape plus
/// `id` and `family`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// `FAMILY-SEED-INDEX`: unique within a run.
    pub id: String,
    /// The family's name.
    pub family: String,
    /// The question (Tamil; with an English instruction when [`Lang::En`]).
    pub question: String,
    /// The reference answer.
    pub answer: String,
    /// The facts the answer was computed from (fixed per family: SPEC K2).
    pub metadata: Map<String, Value>,
}

/// What a family's generator returns: the question, the answer and the metadata (the id and family name
/// are added by [`Family::entry`]).
pub(crate) struct Task {
    question: String,
    answer: String,
    metadata: Map<String, Value>,
}

/// A task family: a seeded generator and an exact verifier.
pub struct Family {
    /// The name, `area.task` (e.g. `numbers.spoken`).
    pub name: &'static str,
    /// What the task asks, in English.
    pub description: &'static str,
    /// What the verifier accepts as right, and the partial credit it gives.
    pub accepts: &'static str,
    generate: fn(&mut SplitMix64, &Config) -> Task,
    score: fn(&str, &Map<String, Value>, &str) -> f64,
}

impl Family {
    /// Entry `index` of the run with `seed`: independent of how many entries the run has, so the first k
    /// entries of a run of n are the run of k.
    pub fn entry(&self, seed: u64, index: u64, config: &Config) -> Entry {
        let mut rng = entry_rng(self.name, seed, index);
        let task = (self.generate)(&mut rng, config);
        Entry {
            id: format!("{}-{}-{}", self.name, seed, index),
            family: self.name.to_string(),
            question: task.question,
            answer: task.answer,
            metadata: task.metadata,
        }
    }

    /// The score in [0, 1] of `answer` for `entry` (which must be of this family): 1.0 exactly when the
    /// answer is right (SPEC K3).
    pub fn score(&self, entry: &Entry, answer: &str) -> f64 {
        (self.score)(&entry.answer, &entry.metadata, answer)
    }
}

/// The generator of one entry: SplitMix64 seeded from the run's seed, the family's name (FNV-1a, so that
/// families with the same seed are independent) and the entry's index.
fn entry_rng(family: &str, seed: u64, index: u64) -> SplitMix64 {
    let mut name_hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in family.bytes() {
        name_hash = (name_hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    SplitMix64::new(uraikal_metrics::bootstrap::replicate_seed(seed ^ name_hash, index))
}

/// An error of this crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// No family has this name.
    UnknownFamily(String),
    /// A configuration that cannot be used (the message says why).
    BadConfig(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::UnknownFamily(name) => {
                let names: Vec<&str> = families().iter().map(|f| f.name).collect();
                write!(f, "unknown task family {name:?} (known: {})", names.join(", "))
            }
            Error::BadConfig(message) => write!(f, "bad task configuration: {message}"),
        }
    }
}

impl std::error::Error for Error {}

/// Every family, in a fixed order.
pub fn families() -> &'static [Family] {
    families::ALL
}

/// The family called `name`.
pub fn family(name: &str) -> Result<&'static Family, Error> {
    families().iter().find(|f| f.name == name).ok_or_else(|| Error::UnknownFamily(name.to_string()))
}

/// Entries 0..n of family `name` with `seed`.
pub fn generate(name: &str, n: usize, seed: u64, config: &Config) -> Result<Vec<Entry>, Error> {
    let family = family(name)?;
    config.check()?;
    Ok((0..n as u64).map(|index| family.entry(seed, index, config)).collect())
}

/// The score of `answer` for `entry`, by the entry's family.
pub fn score(entry: &Entry, answer: &str) -> Result<f64, Error> {
    Ok(family(&entry.family)?.score(entry, answer))
}

/// The mean score of one family over a scored run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FamilySummary {
    /// The family's name.
    pub family: String,
    /// Entries of the family.
    pub entries: usize,
    /// Entries that had an answer (the others score 0).
    pub answered: usize,
    /// Entries that scored 1.0.
    pub right: usize,
    /// The mean score over all entries of the family.
    pub mean: f64,
}

/// Per-family means of `(family, score, answered)` triples, families in order of first appearance.
pub fn summarize<'a>(scores: impl IntoIterator<Item = (&'a str, f64, bool)>) -> Vec<FamilySummary> {
    let mut out: Vec<(FamilySummary, f64)> = Vec::new();
    for (family, score, answered) in scores {
        let at = match out.iter().position(|(s, _)| s.family == family) {
            Some(at) => at,
            None => {
                out.push((
                    FamilySummary { family: family.to_string(), entries: 0, answered: 0, right: 0, mean: 0.0 },
                    0.0,
                ));
                out.len() - 1
            }
        };
        let (summary, sum) = &mut out[at];
        summary.entries += 1;
        summary.answered += answered as usize;
        summary.right += (score == 1.0) as usize;
        *sum += score;
    }
    out.into_iter()
        .map(|(mut summary, sum)| {
            summary.mean = sum / summary.entries as f64;
            summary
        })
        .collect()
}

/// Scores a run: each entry's answer from `answer_of(id)` (none scores 0), then the per-family summary.
/// An entry of an unknown family is an error.
pub fn score_run<'a>(
    entries: &[Entry],
    answer_of: impl Fn(&str) -> Option<&'a str>,
) -> Result<(Vec<f64>, Vec<FamilySummary>), Error> {
    let mut scores = Vec::with_capacity(entries.len());
    let mut answered = Vec::with_capacity(entries.len());
    for entry in entries {
        let family = family(&entry.family)?;
        let answer = answer_of(&entry.id);
        scores.push(answer.map_or(0.0, |a| family.score(entry, a)));
        answered.push(answer.is_some());
    }
    let summary = summarize(entries.iter().zip(&scores).zip(&answered).map(|((e, &s), &a)| (e.family.as_str(), s, a)));
    Ok((scores, summary))
}
