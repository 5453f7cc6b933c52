//! Error rates from [`Counts`]: WER (CER is the same formula over characters), MER, WIL and WIP, with
//! jiwer 4's exact floating-point formulas (SPEC S3).
//!
//! Corpus rates are computed from counts summed over all sentences, never by averaging sentence rates.
//! jiwer returns the *number of insertions* as the "WER" of a corpus with no reference units; that is
//! offered as [`Rates::jiwer`], while [`error_rate`] and [`Rates::of`] say "undefined" (`None`) instead.
//!
//! ```
//! use uraikal_metrics::align::Counts;
//! use uraikal_metrics::rates::{error_rate, Rates};
//! let counts = Counts { hits: 6, substitutions: 0, deletions: 1, insertions: 0 };
//! assert_eq!(error_rate(&counts), Some(0.14285714285714285));
//! assert_eq!(Rates::jiwer(&counts).wip, 0.8571428571428571);
//! let silence = Counts { hits: 0, substitutions: 0, deletions: 0, insertions: 2 };
//! assert_eq!(error_rate(&silence), None);
//! assert_eq!(Rates::jiwer(&silence).wer, 2.0);
//! ```

use crate::align::Counts;

/// The error rate (S + D + I) / (H + S + D): WER over words, CER over characters. `None` when there are
/// no reference units (SPEC S3.2).
pub fn error_rate(counts: &Counts) -> Option<f64> {
    let reference_len = counts.reference_len();
    (reference_len > 0).then(|| counts.errors() as f64 / reference_len as f64)
}

/// WER, MER, WIL and WIP of one set of counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rates {
    /// Word (or character) error rate, (S + D + I) / (H + S + D).
    pub wer: f64,
    /// Match error rate, (S + D + I) / (H + S + D + I).
    pub mer: f64,
    /// Word information lost, 1 − WIP.
    pub wil: f64,
    /// Word information preserved, (H / N_ref) · (H / N_hyp); 0 when the hypothesis is empty.
    pub wip: f64,
}

impl Rates {
    /// The rates, or `None` when there are no reference units (SPEC S3.2).
    pub fn of(counts: &Counts) -> Option<Rates> {
        (counts.reference_len() > 0).then(|| Rates::jiwer(counts))
    }

    /// jiwer 4's rates, to the last digit, including its answer for no reference units (SPEC S3.3): WER is
    /// the number of insertions, MER 0 and WIP 1 when the hypothesis is empty too, else MER 1 and WIP 0.
    pub fn jiwer(counts: &Counts) -> Rates {
        let Counts { hits, substitutions, deletions, insertions } = *counts;
        let reference_len = counts.reference_len();
        let hypothesis_len = counts.hypothesis_len();
        let errors = substitutions + deletions + insertions;
        let (wer, mer, wip) = if reference_len == 0 {
            let (mer, wip) = if hypothesis_len == 0 { (0.0, 1.0) } else { (1.0, 0.0) };
            (insertions as f64, mer, wip)
        } else {
            let wip = if hypothesis_len >= 1 {
                (hits as f64 / reference_len as f64) * (hits as f64 / hypothesis_len as f64)
            } else {
                0.0
            };
            (errors as f64 / reference_len as f64, errors as f64 / (reference_len + insertions) as f64, wip)
        };
        Rates { wer, mer, wil: 1.0 - wip, wip }
    }
}
