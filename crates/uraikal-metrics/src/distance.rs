//! Edit distances and similarities between two sequences of units, and CER on a chosen unit (SPEC M2, M5).
//!
//! Every function takes (reference, hypothesis) in that order. Levenshtein is the shared alignment core
//! (`align::distance`); the others are small dynamic programmes. Values equal textdistance 4.6.3 (which
//! grapheme-kit calls) to the last digit: Hamming pads the shorter side (zip_longest); "damerau" is the
//! true Damerau–Levenshtein distance and "osa" the restricted one that textdistance and grapheme-kit report
//! as Damerau–Levenshtein; Jaro–Winkler boosts above 0.7 with prefix weight 0.1 over at most 4 units; LCS is
//! the length of the longest common subsequence.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use crate::align;
use crate::unit::{unit_ids, Spaces, Unit};

/// Levenshtein distance (unit costs).
pub fn levenshtein<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> usize {
    align::distance(reference, hypothesis)
}

/// Hamming distance with the shorter side padded: mismatched positions plus the length difference.
pub fn hamming<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> usize {
    let mismatched = reference.iter().zip(hypothesis).filter(|(r, h)| r != h).count();
    mismatched + reference.len().abs_diff(hypothesis.len())
}

/// Optimal string alignment distance (Damerau–Levenshtein restricted to edits of untouched units: "CA" to
/// "ABC" is 3). This is what textdistance and grapheme-kit call damerau_levenshtein.
pub fn osa<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> usize {
    let (n, m) = (reference.len(), hypothesis.len());
    if n == 0 || m == 0 {
        return n.max(m);
    }
    // Three rows: i-2, i-1, i.
    let mut before: Vec<usize> = vec![0; m + 1];
    let mut previous: Vec<usize> = (0..=m).collect();
    let mut current: Vec<usize> = vec![0; m + 1];
    for i in 1..=n {
        current[0] = i;
        for j in 1..=m {
            let cost = usize::from(reference[i - 1] != hypothesis[j - 1]);
            let mut best = (previous[j] + 1).min(current[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && reference[i - 1] == hypothesis[j - 2] && reference[i - 2] == hypothesis[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[m]
}

/// True Damerau–Levenshtein distance (adjacent transpositions, unrestricted: "CA" to "ABC" is 2), by the
/// Lowrance–Wagner recurrence.
pub fn damerau_levenshtein<T: Eq + Hash>(reference: &[T], hypothesis: &[T]) -> usize {
    let (n, m) = (reference.len(), hypothesis.len());
    if n == 0 || m == 0 {
        return n.max(m);
    }
    let infinity = n + m;
    let width = m + 2;
    // d[(i + 1) * width + (j + 1)] is the distance of the first i and j units; row/column 0 hold infinity.
    let mut d = vec![0usize; (n + 2) * width];
    d[0] = infinity;
    for i in 0..=n {
        d[(i + 1) * width] = infinity;
        d[(i + 1) * width + 1] = i;
    }
    for j in 0..=m {
        d[j + 1] = infinity;
        d[width + j + 1] = j;
    }
    let mut last_row: HashMap<&T, usize> = HashMap::new();
    for i in 1..=n {
        let mut last_match_column = 0;
        for j in 1..=m {
            let k = last_row.get(&hypothesis[j - 1]).copied().unwrap_or(0);
            let l = last_match_column;
            let cost = if reference[i - 1] == hypothesis[j - 1] {
                last_match_column = j;
                0
            } else {
                1
            };
            let substitution = d[i * width + j] + cost;
            let insertion = d[(i + 1) * width + j] + 1;
            let deletion = d[i * width + j + 1] + 1;
            let transposition = d[k * width + l] + (i - k - 1) + 1 + (j - l - 1);
            d[(i + 1) * width + j + 1] = substitution.min(insertion).min(deletion).min(transposition);
        }
        last_row.insert(&reference[i - 1], i);
    }
    d[(n + 1) * width + m + 1]
}

/// Jaro similarity in 0..=1 (1 for identical sequences, 0 when either is empty or nothing matches).
pub fn jaro<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> f64 {
    jaro_parts(reference, hypothesis).0
}

/// Jaro–Winkler similarity: Jaro boosted by the common prefix (up to 4 units, weight 0.1) when above 0.7.
pub fn jaro_winkler<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> f64 {
    let (weight, boost) = jaro_parts(reference, hypothesis);
    if !boost || weight <= 0.7 {
        return weight;
    }
    let limit = reference.len().min(hypothesis.len()).min(4);
    let prefix = reference.iter().zip(hypothesis).take(limit).take_while(|(r, h)| r == h).count();
    if prefix == 0 {
        return weight;
    }
    weight + prefix as f64 * 0.1 * (1.0 - weight)
}

/// The Jaro weight and whether the Winkler boost may apply (not to the identical and empty shortcuts).
fn jaro_parts<T: PartialEq>(s1: &[T], s2: &[T]) -> (f64, bool) {
    if s1 == s2 {
        return (1.0, false);
    }
    if s1.is_empty() || s2.is_empty() {
        return (0.0, false);
    }
    let range = (s1.len().max(s2.len()) / 2).saturating_sub(1);
    let mut s1_flags = vec![false; s1.len()];
    let mut s2_flags = vec![false; s2.len()];
    let mut common = 0usize;
    for (i, unit) in s1.iter().enumerate() {
        let low = i.saturating_sub(range);
        let high = (i + range).min(s2.len() - 1);
        for j in low..=high {
            if !s2_flags[j] && s2[j] == *unit {
                s1_flags[i] = true;
                s2_flags[j] = true;
                common += 1;
                break;
            }
        }
    }
    if common == 0 {
        return (0.0, false);
    }
    let mut k = 0;
    let mut transpositions = 0usize;
    for (i, &flagged) in s1_flags.iter().enumerate() {
        if flagged {
            let mut j = k;
            while j < s2.len() && !s2_flags[j] {
                j += 1;
            }
            k = j + 1;
            if s1[i] != s2[j] {
                transpositions += 1;
            }
        }
    }
    transpositions /= 2;
    let common_f = common as f64;
    let mut weight = common_f / s1.len() as f64 + common_f / s2.len() as f64;
    weight += (common - transpositions) as f64 / common_f;
    weight /= 3.0;
    (weight, true)
}

/// Length of the longest common subsequence.
pub fn lcs<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> usize {
    let mut previous = vec![0usize; hypothesis.len() + 1];
    let mut current = vec![0usize; hypothesis.len() + 1];
    for r in reference {
        for (j, h) in hypothesis.iter().enumerate() {
            current[j + 1] = if r == h { previous[j] + 1 } else { previous[j + 1].max(current[j]) };
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[hypothesis.len()]
}

/// A distance or similarity, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Metric {
    /// `levenshtein`
    Levenshtein,
    /// `hamming`
    Hamming,
    /// `damerau`: true Damerau–Levenshtein.
    Damerau,
    /// `osa`: optimal string alignment (grapheme-kit's damerau_levenshtein).
    Osa,
    /// `jaro`
    Jaro,
    /// `jaro-winkler`
    JaroWinkler,
    /// `lcs`: longest common subsequence length.
    Lcs,
}

impl Metric {
    /// Every metric, in command-line order.
    pub const ALL: [Metric; 7] = [
        Metric::Levenshtein,
        Metric::Hamming,
        Metric::Damerau,
        Metric::Osa,
        Metric::Jaro,
        Metric::JaroWinkler,
        Metric::Lcs,
    ];

    /// The command-line name.
    pub fn as_str(self) -> &'static str {
        match self {
            Metric::Levenshtein => "levenshtein",
            Metric::Hamming => "hamming",
            Metric::Damerau => "damerau",
            Metric::Osa => "osa",
            Metric::Jaro => "jaro",
            Metric::JaroWinkler => "jaro-winkler",
            Metric::Lcs => "lcs",
        }
    }

    /// True for the similarities (Jaro, Jaro–Winkler), whose values are in 0..=1; the rest count units.
    pub fn is_similarity(self) -> bool {
        matches!(self, Metric::Jaro | Metric::JaroWinkler)
    }

    /// The metric on two sequences of unit ids.
    pub fn on<T: Eq + Hash>(self, reference: &[T], hypothesis: &[T]) -> f64 {
        match self {
            Metric::Levenshtein => levenshtein(reference, hypothesis) as f64,
            Metric::Hamming => hamming(reference, hypothesis) as f64,
            Metric::Damerau => damerau_levenshtein(reference, hypothesis) as f64,
            Metric::Osa => osa(reference, hypothesis) as f64,
            Metric::Jaro => jaro(reference, hypothesis),
            Metric::JaroWinkler => jaro_winkler(reference, hypothesis),
            Metric::Lcs => lcs(reference, hypothesis) as f64,
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Metric {
    type Err = String;

    fn from_str(name: &str) -> Result<Metric, String> {
        Metric::ALL.into_iter().find(|m| m.as_str() == name).ok_or_else(|| {
            format!(
                "unknown distance {name:?} (expected levenshtein, hamming, damerau, osa, jaro, jaro-winkler or lcs)"
            )
        })
    }
}

/// A distance or similarity between two texts on a unit.
///
/// ```
/// use uraikal_metrics::{text_distance, Metric, Unit};
/// assert_eq!(text_distance("நாரி", "நரி", Metric::Levenshtein, Unit::Grapheme), 1.0);
/// assert_eq!(text_distance("நாரி", "நரி", Metric::Levenshtein, Unit::CodePoint), 1.0);
/// assert_eq!(text_distance("CA", "ABC", Metric::Osa, Unit::CodePoint), 3.0);
/// assert_eq!(text_distance("CA", "ABC", Metric::Damerau, Unit::CodePoint), 2.0);
/// ```
pub fn text_distance(reference: &str, hypothesis: &str, metric: Metric, unit: Unit) -> f64 {
    let (r, h) = unit_ids(reference, hypothesis, unit, Spaces::Keep);
    metric.on(&r, &h)
}

/// Edit counts of one sentence on a unit: the Levenshtein distance and the reference length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CerCounts {
    /// Levenshtein distance (substitutions + deletions + insertions).
    pub errors: usize,
    /// Units in the reference.
    pub reference_len: usize,
    /// Units in the hypothesis.
    pub hypothesis_len: usize,
}

impl CerCounts {
    /// Adds another sentence (pooling).
    pub fn add(&mut self, other: CerCounts) {
        self.errors += other.errors;
        self.reference_len += other.reference_len;
        self.hypothesis_len += other.hypothesis_len;
    }

    /// errors / reference length; with an empty reference 0.0 when the hypothesis is empty too, else 1.0
    /// (grapheme-kit's rule, so that a rate stays a rate).
    pub fn rate(&self) -> f64 {
        if self.reference_len == 0 {
            return if self.hypothesis_len == 0 { 0.0 } else { 1.0 };
        }
        self.errors as f64 / self.reference_len as f64
    }
}

/// CER counts of one (reference, hypothesis) pair on a unit (spaces are units).
pub fn cer_counts(reference: &str, hypothesis: &str, unit: Unit) -> CerCounts {
    let (r, h) = unit_ids(reference, hypothesis, unit, Spaces::Keep);
    CerCounts { errors: align::distance_ids(&r, &h), reference_len: r.len(), hypothesis_len: h.len() }
}

/// [`cer_counts`] on the texts exactly as given, without the script normalisation that the grapheme and
/// letter units otherwise apply (SPEC G5): for texts a caller has already normalised its own way, as
/// `uraikal score` does with the frozen normaliser, so that its grapheme CER differs from its CER only in
/// the unit.
///
/// ```
/// use uraikal_metrics::{cer_counts, cer_counts_as_written, Unit};
/// // ெ + ள is the split spelling of ௌ to the script normalisation, a real spoken word to A1.
/// assert_eq!(cer_counts("கௌம்பு", "கெளம்பு", Unit::Grapheme).errors, 0);
/// assert_eq!(cer_counts_as_written("கௌம்பு", "கெளம்பு", Unit::Grapheme).errors, 2);
/// ```
pub fn cer_counts_as_written(reference: &str, hypothesis: &str, unit: Unit) -> CerCounts {
    let (r, h) = crate::unit::unit_ids_as_written(reference, hypothesis, unit, Spaces::Keep);
    CerCounts { errors: align::distance_ids(&r, &h), reference_len: r.len(), hypothesis_len: h.len() }
}

/// Sentence CER of a (reference, hypothesis) pair on a unit.
///
/// ```
/// use uraikal_metrics::{cer, Unit};
/// // Reference ஸ்ரி (two graphemes), hypothesis ஸ்ரீ (one): the order matters.
/// assert_eq!(cer("ஸ்ரி", "ஸ்ரீ", Unit::Grapheme), 1.0);
/// assert_eq!(cer("ஸ்ரீ", "ஸ்ரி", Unit::Grapheme), 2.0);
/// assert_eq!(cer("ஸ்ரி", "ஸ்ரீ", Unit::CodePoint), 0.25);
/// ```
pub fn cer(reference: &str, hypothesis: &str, unit: Unit) -> f64 {
    cer_counts(reference, hypothesis, unit).rate()
}

/// Pooled corpus CER: errors summed over the pairs divided by reference units summed.
pub fn corpus_cer<'a, I>(pairs: I, unit: Unit) -> f64
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut total = CerCounts::default();
    for (reference, hypothesis) in pairs {
        total.add(cer_counts(reference, hypothesis, unit));
    }
    total.rate()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn small_known_values() {
        let cases: &[(&str, &str, usize, usize, usize, usize, usize)] = &[
            // reference, hypothesis, levenshtein, hamming, osa, damerau, lcs
            ("CA", "ABC", 3, 3, 3, 2, 1),
            ("ab", "ba", 2, 2, 1, 1, 1),
            ("", "abc", 3, 3, 3, 3, 0),
            ("kitten", "sitting", 3, 3, 3, 3, 4),
            ("abcdef", "abcdef", 0, 0, 0, 0, 6),
        ];
        for &(r, h, lev, ham, o, dam, l) in cases {
            let (r, h) = (chars(r), chars(h));
            assert_eq!(
                (levenshtein(&r, &h), hamming(&r, &h), osa(&r, &h), damerau_levenshtein(&r, &h), lcs(&r, &h)),
                (lev, ham, o, dam, l),
                "{r:?} {h:?}"
            );
        }
    }

    #[test]
    fn jaro_values() {
        assert_eq!(jaro(&chars("MARTHA"), &chars("MARHTA")), 0.9444444444444445);
        assert_eq!(jaro_winkler(&chars("MARTHA"), &chars("MARHTA")), 0.9611111111111111);
        assert_eq!(jaro(&chars(""), &chars("a")), 0.0);
        assert_eq!(jaro_winkler(&chars("ab"), &chars("ab")), 1.0);
    }
}
