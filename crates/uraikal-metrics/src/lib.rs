//! Exact, fast text metrics, pure and without IO: one edit-alignment core for words, code points,
//! graphemes and letters; WER/CER/MER/WIL/WIP; chrF/chrF++; CharBLEU; distances; OIWER on lattices. (Issues 4–6.)
//!
//! ```
//! use uraikal_metrics::align::align;
//! use uraikal_metrics::rates::error_rate;
//! let reference: Vec<char> = "வணக்கம் உலகம்".chars().collect();
//! let hypothesis: Vec<char> = "வணக்கம் உலகு".chars().collect();
//! let counts = align(&reference, &hypothesis).counts;
//! assert_eq!(error_rate(&counts), Some(2.0 / 13.0));
//! ```
#![deny(missing_docs)]

// --- area: score (issue 4) ---
pub mod a1;
pub mod align;
pub mod bootstrap;
pub mod jiwer;
pub mod rates;

/// The benchmark version that result records carry (A1 and D4). It changes only when a scoring rule
/// changes (SPEC sections N and S), so that numbers with equal versions are comparable.
pub const URAIKAL_VERSION: &str = "1.2";

// --- area: graphemes (issue 5) ---
mod charbleu;
mod chrf;
mod distance;
mod unit;
pub use charbleu::{charbleu, charbleu_ids, charbleu_ids_weighted, charbleu_weighted, CharBleuMode};
pub use chrf::{chrf, chrf_plus_plus, chrf_stats, chrf_words, corpus_chrf, ChrfConfig, ChrfStats};
pub use distance::{
    cer, cer_counts, cer_counts_as_written, corpus_cer, damerau_levenshtein, hamming, jaro, jaro_winkler, lcs,
    levenshtein, osa, text_distance, CerCounts, Metric,
};
pub use unit::{units, Unit, UnknownUnit};

// --- area: lattices (issue 6) ---
pub mod lattice;

// --- area: parity (issue 26) ---
pub mod pyregex;
pub mod sacrebleu;
pub mod transforms;
