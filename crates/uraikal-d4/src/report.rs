//! The D4 results document (results/d4.json): one record per tokenizer × slice, the tokenizers that were
//! skipped with their reason, and the inputs with their sha256.

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::literature::{vocab_counts, Literature, VocabCounts};
use crate::load::Loaded;
use crate::measure::{Counts, Metrics, SliceResult};

/// One tokenizer on one slice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The benchmark version the numbers were computed under.
    pub uraikal_version: String,
    /// The tokenizer's name (`<name>+grapheme-safe` for a patched variant).
    pub tokenizer: String,
    /// Where the tokenizer came from (path, hub id or `bundled:<name>`).
    pub source: String,
    /// sha256 of the tokenizer file as stored.
    pub sha256: Option<String>,
    /// Vocabulary size with added tokens.
    pub vocab_size: usize,
    /// The slice.
    pub slice: String,
    /// The sums the measures are made of.
    #[serde(flatten)]
    pub counts: Counts,
    /// The measures.
    #[serde(flatten)]
    pub metrics: Metrics,
    /// The literature's measures (SPEC D6): parity, NSL, Rényi efficiency.
    #[serde(flatten)]
    pub literature: Literature,
    /// What the vocabulary holds for Tamil (SPEC D6).
    pub vocab: VocabCounts,
}

impl Record {
    /// The record of a tokenizer's result on one slice, without the literature's measures.
    pub fn new(uraikal_version: &str, tokenizer: &Loaded, result: &SliceResult) -> Record {
        Record {
            uraikal_version: uraikal_version.to_string(),
            tokenizer: tokenizer.name.clone(),
            source: tokenizer.source.clone(),
            sha256: tokenizer.sha256.clone(),
            vocab_size: tokenizer.vocab_size(),
            slice: result.slice.clone(),
            counts: result.counts,
            metrics: result.metrics(),
            literature: Literature::default(),
            vocab: vocab_counts(tokenizer),
        }
    }

    /// The record with the literature's measures of its slice.
    pub fn with_literature(mut self, literature: Literature) -> Record {
        self.literature = literature;
        self
    }
}

/// A tokenizer that could not be loaded or measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skipped {
    /// Its name (as far as known) or the path given.
    pub tokenizer: String,
    /// The path or id given.
    pub source: String,
    /// Why it was skipped.
    pub reason: String,
}

impl Skipped {
    /// From the error that stopped it.
    pub fn new(tokenizer: &str, source: &str, error: &Error) -> Skipped {
        Skipped { tokenizer: tokenizer.to_string(), source: source.to_string(), reason: error.reason() }
    }
}

/// An input file and its sha256.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Input {
    /// The path as given.
    pub path: String,
    /// sha256 of its bytes.
    pub sha256: String,
    /// Passages read from it.
    pub passages: usize,
}

/// The whole results document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The benchmark version.
    pub uraikal_version: String,
    /// The passage files.
    pub data: Vec<Input>,
    /// One record per tokenizer × slice.
    pub results: Vec<Record>,
    /// Tokenizers that were not measured, with the reason.
    pub skipped: Vec<Skipped>,
    /// A few Tamil words of the passages with each measured tokenizer's cuts (SPEC D9; absent in documents
    /// written before it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<crate::examples::Example>,
}
