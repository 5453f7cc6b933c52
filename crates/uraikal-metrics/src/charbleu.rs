//! CharBLEU (SPEC M4): BLEU on characters of a chosen unit, as grapheme-kit documents it, and a
//! compatibility mode that reproduces grapheme-kit 0.1.1's numbers. Arguments are (reference, hypothesis).
//!
//! Documented (default): for every order n from 1 to max_n that the hypothesis is long enough to have,
//! the clipped n-gram precision; their geometric mean with uniform weights (0 when any precision is 0);
//! times the brevity penalty exp(1 − r/c) when the hypothesis (c units) is shorter than the reference (r).
//! Compatibility (grapheme-kit): zero precisions are dropped and the weights renormalised over the rest,
//! and the brevity penalty is never applied, so a prefix of the reference scores 1.0 and "ab" vs "ba" too.
//! Both: empty texts give 1.0 when both are empty, else 0.0; equal unit sequences give 1.0.

use crate::unit::{unit_ids, Spaces, Unit};

/// Which CharBLEU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum CharBleuMode {
    /// The definition grapheme-kit documents: all precisions count, with the brevity penalty.
    #[default]
    Documented,
    /// grapheme-kit 0.1.1's code: zero precisions dropped, no brevity penalty.
    GraphemeKit,
}

/// CharBLEU in 0..=1 of a (reference, hypothesis) pair on a unit, with n-grams up to `max_n` (4).
///
/// ```
/// use uraikal_metrics::{charbleu, CharBleuMode, Unit};
/// assert_eq!(charbleu("வணக்கம்", "வணக்கம்", Unit::Grapheme, 4, CharBleuMode::Documented), 1.0);
/// assert_eq!(charbleu("ab", "ba", Unit::CodePoint, 4, CharBleuMode::Documented), 0.0);
/// assert_eq!(charbleu("ab", "ba", Unit::CodePoint, 4, CharBleuMode::GraphemeKit), 1.0);
/// ```
pub fn charbleu(reference: &str, hypothesis: &str, unit: Unit, max_n: usize, mode: CharBleuMode) -> f64 {
    if reference.is_empty() || hypothesis.is_empty() {
        return if reference == hypothesis { 1.0 } else { 0.0 };
    }
    let (r, h) = unit_ids(reference, hypothesis, unit, Spaces::Keep);
    charbleu_ids(&r, &h, max_n, mode)
}

/// CharBLEU on unit ids (see [`charbleu`]).
pub fn charbleu_ids(reference: &[u32], hypothesis: &[u32], max_n: usize, mode: CharBleuMode) -> f64 {
    charbleu_ids_weighted(reference, hypothesis, &vec![1.0 / max_n as f64; max_n], mode)
}

/// CharBLEU with grapheme-kit's `weights` (one per order 1..=weights.len(), so `max_n` is their number):
/// the weights of the orders that count are renormalised to sum to 1 (SPEC M4.1).
///
/// ```
/// use uraikal_metrics::{charbleu_weighted, CharBleuMode, Unit};
/// let uniform = charbleu_weighted("abcd", "abce", Unit::CodePoint, &[0.25; 4], CharBleuMode::GraphemeKit);
/// assert_eq!(uniform, uraikal_metrics::charbleu("abcd", "abce", Unit::CodePoint, 4, CharBleuMode::GraphemeKit));
/// let unigrams = charbleu_weighted("abcd", "abce", Unit::CodePoint, &[1.0], CharBleuMode::Documented);
/// assert_eq!(unigrams, 0.75);
/// ```
pub fn charbleu_weighted(reference: &str, hypothesis: &str, unit: Unit, weights: &[f64], mode: CharBleuMode) -> f64 {
    if reference.is_empty() || hypothesis.is_empty() {
        return if reference == hypothesis { 1.0 } else { 0.0 };
    }
    let (r, h) = unit_ids(reference, hypothesis, unit, Spaces::Keep);
    charbleu_ids_weighted(&r, &h, weights, mode)
}

/// [`charbleu_weighted`] on unit ids.
pub fn charbleu_ids_weighted(reference: &[u32], hypothesis: &[u32], weights: &[f64], mode: CharBleuMode) -> f64 {
    if reference == hypothesis {
        return 1.0;
    }
    let max_n = weights.len();
    let mut logs: Vec<(f64, f64)> = Vec::with_capacity(max_n);
    for n in 1..=max_n.min(hypothesis.len()) {
        let precision = clipped_matches(reference, hypothesis, n) as f64 / (hypothesis.len() + 1 - n) as f64;
        if precision > 0.0 {
            logs.push((precision, weights[n - 1]));
        } else if mode == CharBleuMode::Documented {
            return 0.0;
        }
    }
    if logs.is_empty() {
        return 0.0;
    }
    match mode {
        CharBleuMode::GraphemeKit => {
            let weight_sum: f64 = logs.iter().map(|&(_, w)| w).sum();
            let exponent: f64 = logs.iter().map(|&(p, w)| p.ln() * (w / weight_sum)).sum();
            exponent.exp()
        }
        CharBleuMode::Documented => {
            let weight_sum: f64 = logs.iter().map(|&(_, w)| w).sum();
            let exponent: f64 = logs.iter().map(|&(p, w)| p.ln() * (w / weight_sum)).sum();
            let (r, c) = (reference.len() as f64, hypothesis.len() as f64);
            let brevity = if c < r { (1.0 - r / c).exp() } else { 1.0 };
            exponent.exp() * brevity
        }
    }
}

/// Hypothesis n-grams matched by distinct reference n-grams (clipped counts).
fn clipped_matches(reference: &[u32], hypothesis: &[u32], n: usize) -> usize {
    if reference.len() < n {
        return 0;
    }
    let mut r: Vec<&[u32]> = reference.windows(n).collect();
    let mut h: Vec<&[u32]> = hypothesis.windows(n).collect();
    crate::chrf::sorted_intersection(&mut r, &mut h) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brevity_penalty_applies_by_default() {
        let prefix = charbleu("abcdefgh", "abcd", Unit::CodePoint, 4, CharBleuMode::Documented);
        assert_eq!(prefix, (1.0f64 - 2.0).exp());
        assert_eq!(charbleu("abcdefgh", "abcd", Unit::CodePoint, 4, CharBleuMode::GraphemeKit), 1.0);
    }

    #[test]
    fn empty_sides() {
        for mode in [CharBleuMode::Documented, CharBleuMode::GraphemeKit] {
            assert_eq!(charbleu("", "", Unit::Grapheme, 4, mode), 1.0);
            assert_eq!(charbleu("a", "", Unit::Grapheme, 4, mode), 0.0);
            assert_eq!(charbleu("", "a", Unit::Grapheme, 4, mode), 0.0);
        }
    }
}
