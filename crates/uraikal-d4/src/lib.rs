//! Track D4: how tokenizers handle Tamil. (Issue 7; the rules are SPEC.md section D.)
//!
//! * [`load`] reads a tokenizer (tokenizer.json, tokenizer.json.gz, a folder holding one, an OpenAI
//!   `.tiktoken` rank file, a SentencePiece `.model`) into a [`Loaded`] tokenizer with padding and
//!   truncation switched off.
//! * [`measure`] encodes passages and counts, per slice, the D4 measures: tokens per word, bytes per
//!   token, letter cuts, pre-tokenizer cuts, byte cuts, unknown tokens and round trips.
//! * [`literature`] adds the measures of the tokenizer literature: parity against English, normalised
//!   sequence length, Rényi efficiency, and what the vocabulary holds for Tamil.
//! * [`corpus`] reads training text and [`train`] trains a Tamil tokenizer (issue 21).
//! * [`pretok`] holds the grapheme-safe pre-tokenizer pattern and rewrites a tokenizer.json with it.
//!
//! The crate returns records; it never prints. Only data files are read: no tokenizer code is run.
//!
//! ```
//! use tokenizers::models::wordlevel::WordLevel;
//! use tokenizers::pre_tokenizers::whitespace::WhitespaceSplit;
//! use tokenizers::Tokenizer;
//! use uraikal_d4::{measure, Loaded, Passage};
//!
//! // A word-level tokenizer that knows the word "தமிழ்" and nothing else.
//! let vocab = [("தமிழ்".to_string(), 0), ("[UNK]".to_string(), 1)].into_iter().collect();
//! let model = WordLevel::builder().vocab(vocab).unk_token("[UNK]".into()).build().unwrap();
//! let mut tokenizer = Tokenizer::new(model);
//! tokenizer.with_pre_tokenizer(Some(WhitespaceSplit));
//! let loaded = Loaded::from_tokenizer("toy", tokenizer).unwrap();
//!
//! let passages = vec![Passage::new("p1", "தமிழ் மொழி", "demo")];
//! let result = &measure(&loaded, &passages, &|_| {}).unwrap()[0];
//! assert_eq!((result.counts.words, result.counts.tokens, result.counts.unk_tokens), (2, 2, 1));
//! assert_eq!(result.metrics().unk_per_1000, Some(500.0));
//! ```
#![deny(missing_docs)]

pub mod bundled;
pub mod corpus;
mod error;
pub mod evaluate;
pub mod examples;
pub mod extend;
pub mod literature;
pub mod load;
pub mod measure;
pub mod pretok;
pub mod report;
mod sentencepiece;
mod tiktoken;
pub mod train;

pub use error::{Error, ErrorKind};
pub use evaluate::{evaluate, load_tokenizers, parse_passages, read_passages};
pub use literature::{literature, vocab_counts, Against, Literature, VocabCounts};
pub use load::{load, load_sentencepiece, Loaded};
pub use measure::{measure, Counts, Metrics, Passage, SliceResult};
pub use pretok::{grapheme_safe, patch_file, GRAPHEME_SAFE_PATTERN};
pub use report::{Input, Record, Report, Skipped};
