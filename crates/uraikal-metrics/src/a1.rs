//! The A1 pair rule (SPEC S6, S12): the one function that turns a (reference, hypothesis) pair of raw texts
//! into every count Uraikal publishes for it. `uraikal score` (through uraikal-asr) and the Python binding
//! both call it, so the same pair gets the same numbers whichever front end asks.
//!
//! Both texts are normalised with the frozen normaliser (`uraikal_text::normalize`, SPEC N) and nothing
//! else; words and code points are aligned (S6.2), graphemes of the same normalised strings counted as
//! written (S12.2: no script normalisation, so `கெளரவம்` stays a misspelling of `கௌரவம்`), and OIWER in the
//! `uraikal` mode is added when the caller asks (S12.3).
//!
//! ```
//! use uraikal_metrics::a1::{score_pair, OiwerReference};
//! let pair = score_pair("கௌரவம்", "கெளரவம்", OiwerReference::None);
//! assert_eq!((pair.word.errors(), pair.word.reference_len()), (1, 1));
//! assert_eq!((pair.grapheme.errors, pair.grapheme.reference_len), (2, 4));
//! assert_eq!(pair.oiwer, None);
//! ```

use crate::align::{self, Counts};
use crate::lattice::{self, Language, Lattice, Mode};
use crate::{cer_counts_as_written, CerCounts, Unit};

/// Every count of one (reference, hypothesis) pair under the A1 rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PairScore {
    /// Word-level H/S/D/I of the normalised texts (S6.2).
    pub word: Counts,
    /// Code-point-level H/S/D/I of the normalised texts, spaces included (S6.2).
    pub char: Counts,
    /// Grapheme edit counts of the same normalised strings (S12.2).
    pub grapheme: CerCounts,
    /// OIWER counts in the `uraikal` mode, when asked for (S12.3).
    pub oiwer: Option<OiwerCounts>,
}

/// OIWER's errors and N, to be summed over a slice (Σ errors ÷ Σ N, SPEC S12.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OiwerCounts {
    /// Insertions + deletions + substitutions on the best path.
    pub errors: usize,
    /// N: the reference words of that path.
    pub reference_words: usize,
}

impl std::iter::Sum for OiwerCounts {
    fn sum<I: Iterator<Item = OiwerCounts>>(iter: I) -> OiwerCounts {
        iter.fold(OiwerCounts::default(), |a, b| OiwerCounts {
            errors: a.errors + b.errors,
            reference_words: a.reference_words + b.reference_words,
        })
    }
}

/// What OIWER is scored against, if at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OiwerReference<'a> {
    /// No OIWER (the run has no lattices).
    None,
    /// The reference text as the only form (a run with lattices, an utterance without one).
    Text,
    /// The utterance's own lattice.
    Lattice(&'a Lattice),
}

/// Every count of one pair of raw texts (SPEC S6.1, S6.2, S12.2, S12.3).
pub fn score_pair(reference: &str, hypothesis: &str, oiwer: OiwerReference<'_>) -> PairScore {
    let (normalised_reference, normalised_hypothesis) = (normalise(reference), normalise(hypothesis));
    let word = word_counts(&normalised_reference, &normalised_hypothesis);
    let char = char_counts(&normalised_reference, &normalised_hypothesis);
    let grapheme = unit_counts(&normalised_reference, &normalised_hypothesis, Unit::Grapheme);
    let oiwer = match oiwer {
        OiwerReference::None => None,
        OiwerReference::Text => Some(oiwer_counts(hypothesis, &[[reference]], word)),
        OiwerReference::Lattice(lattice) => Some(oiwer_counts(hypothesis, lattice.groups(), word)),
    };
    PairScore { word, char, grapheme, oiwer }
}

/// The frozen normaliser, the only normalisation of the A1 rule (SPEC S6.1).
pub fn normalise(text: &str) -> String {
    uraikal_text::normalize(text)
}

/// The words of a normalised text (S6.2: the normaliser leaves single spaces).
pub fn words(normalised: &str) -> Vec<&str> {
    crate::jiwer::words(normalised)
}

/// Word H/S/D/I of two normalised texts.
pub fn word_counts(normalised_reference: &str, normalised_hypothesis: &str) -> Counts {
    align::counts(&words(normalised_reference), &words(normalised_hypothesis))
}

/// Code-point H/S/D/I of two normalised texts.
pub fn char_counts(normalised_reference: &str, normalised_hypothesis: &str) -> Counts {
    CHARS.with(|cell| {
        let mut buffers = cell.borrow_mut();
        let (r, h) = &mut *buffers;
        r.clear();
        r.extend(normalised_reference.chars());
        h.clear();
        h.extend(normalised_hypothesis.chars());
        align::counts(r, h)
    })
}

thread_local! {
    // Reused per thread: a corpus is aligned without a fresh pair of buffers per sentence.
    static CHARS: std::cell::RefCell<(Vec<char>, Vec<char>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Edit counts of two normalised texts on a unit, the texts taken as written (no script normalisation):
/// code points as in [`char_counts`], graphemes as `score`'s `grapheme_cer` (S12.2), letters likewise.
pub fn unit_counts(normalised_reference: &str, normalised_hypothesis: &str, unit: Unit) -> CerCounts {
    match unit {
        Unit::CodePoint => {
            let c = char_counts(normalised_reference, normalised_hypothesis);
            CerCounts { errors: c.errors(), reference_len: c.reference_len(), hypothesis_len: c.hypothesis_len() }
        }
        Unit::Grapheme | Unit::Letter => cer_counts_as_written(normalised_reference, normalised_hypothesis, unit),
    }
}

/// OIWER in the `uraikal` mode of a raw hypothesis against groups (S12.3).
fn oiwer_counts<G: AsRef<[S]>, S: AsRef<str>>(hypothesis: &str, groups: &[G], word: Counts) -> OiwerCounts {
    let counts = |o: &lattice::OiwerView<'_>| OiwerCounts { errors: o.errors(), reference_words: o.reference_words };
    match lattice::oiwer_groups_with(hypothesis, groups, Language::Tamil, Mode::Uraikal, counts) {
        Ok(counts) => counts,
        // Only a text that normalises to nothing (manifest lattices are checked when read): like an empty
        // reference in WER, every hypothesis word is an insertion (SPEC S6.5).
        Err(_) => OiwerCounts { errors: word.hypothesis_len(), reference_words: 0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The issue's example: visual-order ெ + ள is two grapheme errors under the A1 rule, and the code-point
    /// CER and grapheme CER come from the same normalised strings.
    #[test]
    fn legacy_order_is_an_error_on_every_unit() {
        let pair = score_pair("கௌரவம்", "கெளரவம்", OiwerReference::None);
        assert_eq!(pair.word.errors(), 1);
        assert_eq!((pair.char.errors(), pair.char.reference_len()), (2, 6));
        assert_eq!((pair.grapheme.errors, pair.grapheme.reference_len), (2, 4));
        let (r, h) = (normalise("கௌரவம்"), normalise("கெளரவம்"));
        assert_eq!(unit_counts(&r, &h, Unit::Grapheme), pair.grapheme);
        assert_eq!(unit_counts(&r, &h, Unit::CodePoint).errors, pair.char.errors());
    }

    #[test]
    fn oiwer_against_the_text_or_a_lattice() {
        let lattice = Lattice::parse("{அவன்} {நேற்று | } {வந்தான்}").unwrap();
        let pair = score_pair("அவன் நேற்று வந்தான்", "அவன் வந்தான்", OiwerReference::Lattice(&lattice));
        assert_eq!(pair.oiwer, Some(OiwerCounts { errors: 0, reference_words: 2 }));
        assert_eq!(pair.word.errors(), 1);
        let text = score_pair("அவன் நேற்று வந்தான்", "அவன் வந்தான்", OiwerReference::Text);
        assert_eq!(text.oiwer, Some(OiwerCounts { errors: 1, reference_words: 3 }));
        let empty = score_pair("...", "அவன் வந்தான்", OiwerReference::Text);
        assert_eq!(empty.oiwer, Some(OiwerCounts { errors: 2, reference_words: 0 }));
    }
}
