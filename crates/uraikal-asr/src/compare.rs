//! Paired bootstrap comparison of two systems on the same test set (SPEC S10): per slice, the difference in
//! WER and CER (A − B), its 95 % interval and a two-sided p-value, so that a leaderboard can say whether two
//! systems really differ.

use rayon::prelude::*;
use serde::Serialize;
use uraikal_metrics::bootstrap::{percentile_interval, replicate_sums};

use crate::score::{fnv1a, Scores, CONFIDENCE, MACRO};

/// The comparison of systems A and B on one slice (or the macro average).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairedSlice {
    /// Slice name, or "macro".
    pub slice: String,
    /// Utterances in the slice.
    pub utterances: usize,
    /// WER and CER of A and B, and their difference A − B with interval and p-value.
    pub wer: PairedRate,
    /// Likewise for CER.
    pub cer: PairedRate,
    /// Utterances without a hypothesis from A, and from B (each scored as empty output).
    pub missing: [usize; 2],
}

/// The two scoring runs given to [`compare`] do not cover the same utterances.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MismatchedRuns {
    /// Utterances scored in run A, and in run B.
    pub utterances: [usize; 2],
}

impl std::fmt::Display for MismatchedRuns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b] = self.utterances;
        write!(f, "the two runs were not scored on the same manifests ({a} and {b} utterances)")
    }
}

impl std::error::Error for MismatchedRuns {}

/// One rate of two systems, and their paired difference.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairedRate {
    /// System A's rate.
    pub a: Option<f64>,
    /// System B's rate.
    pub b: Option<f64>,
    /// A − B.
    pub difference: Option<f64>,
    /// 95 % paired-bootstrap interval of A − B.
    pub difference_ci: Option<[f64; 2]>,
    /// Two-sided p-value: 2 · min(share of replicates with A − B ≤ 0, share with A − B ≥ 0), at most 1.
    pub p_value: Option<f64>,
}

/// Compares two scoring runs over the same manifests (`a.utterances[i]` and `b.utterances[i]` are the same
/// utterance). Replicates: `a.options.bootstrap`, seed `a.options.seed` (SPEC S10.1). Runs of different
/// lengths, or slice members beyond them, are a [`MismatchedRuns`] error.
pub fn compare(
    slice_members: &[(String, Vec<usize>)],
    a: &Scores,
    b: &Scores,
) -> Result<Vec<PairedSlice>, MismatchedRuns> {
    let in_range = slice_members.iter().flat_map(|(_, m)| m).all(|&i| i < a.utterances.len());
    if a.utterances.len() != b.utterances.len() || !in_range {
        return Err(MismatchedRuns { utterances: [a.utterances.len(), b.utterances.len()] });
    }
    let replicates = a.options.bootstrap;
    let mut out = Vec::new();
    let mut all_deltas: Vec<Vec<(f64, f64)>> = Vec::new();
    for (name, indices) in slice_members {
        let rows: Vec<[u64; 6]> = indices
            .iter()
            .map(|&i| {
                let (x, y) = (&a.utterances[i], &b.utterances[i]);
                [
                    x.word.errors() as u64,
                    y.word.errors() as u64,
                    x.word.reference_len() as u64,
                    x.char.errors() as u64,
                    y.char.errors() as u64,
                    x.char.reference_len() as u64,
                ]
            })
            .collect();
        let seed = a.options.seed ^ fnv1a(name.as_bytes());
        let deltas: Vec<(f64, f64)> = (0..replicates as u64)
            .into_par_iter()
            .map(|r| {
                let [wa, wb, wr, ca, cb, cr] = replicate_sums(&rows, seed, r);
                (difference(wa, wb, wr), difference(ca, cb, cr))
            })
            .collect();
        let (sa, sb) = (find(a, name), find(b, name));
        out.push(PairedSlice {
            slice: name.clone(),
            utterances: indices.len(),
            wer: paired(sa.and_then(|s| s.wer), sb.and_then(|s| s.wer), deltas.iter().map(|d| d.0).collect()),
            cer: paired(sa.and_then(|s| s.cer), sb.and_then(|s| s.cer), deltas.iter().map(|d| d.1).collect()),
            missing: [sa.map_or(0, |s| s.missing), sb.map_or(0, |s| s.missing)],
        });
        all_deltas.push(deltas);
    }
    let macro_deltas: Vec<(f64, f64)> = (0..replicates)
        .map(|r| (mean(all_deltas.iter().map(|d| d[r].0)), mean(all_deltas.iter().map(|d| d[r].1))))
        .collect();
    out.push(PairedSlice {
        slice: MACRO.to_string(),
        utterances: slice_members.iter().map(|(_, m)| m.len()).sum(),
        wer: paired(a.macro_average.wer, b.macro_average.wer, macro_deltas.iter().map(|d| d.0).collect()),
        cer: paired(a.macro_average.cer, b.macro_average.cer, macro_deltas.iter().map(|d| d.1).collect()),
        missing: [a.macro_average.missing, b.macro_average.missing],
    });
    Ok(out)
}

fn find<'s>(scores: &'s Scores, name: &str) -> Option<&'s crate::score::SliceScore> {
    scores.slices.iter().find(|s| s.slice == name)
}

fn difference(errors_a: u64, errors_b: u64, length: u64) -> f64 {
    if length == 0 {
        f64::NAN
    } else {
        errors_a as f64 / length as f64 - errors_b as f64 / length as f64
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in values.filter(|v| !v.is_nan()) {
        sum += v;
        n += 1;
    }
    if n == 0 {
        f64::NAN
    } else {
        sum / n as f64
    }
}

fn paired(a: Option<f64>, b: Option<f64>, deltas: Vec<f64>) -> PairedRate {
    let defined: Vec<f64> = deltas.into_iter().filter(|d| !d.is_nan()).collect();
    let p_value = (!defined.is_empty()).then(|| {
        let at_most = defined.iter().filter(|&&d| d <= 0.0).count();
        let at_least = defined.iter().filter(|&&d| d >= 0.0).count();
        (2.0 * at_most.min(at_least) as f64 / defined.len() as f64).min(1.0)
    });
    PairedRate {
        a,
        b,
        difference: a.zip(b).map(|(a, b)| a - b),
        difference_ci: percentile_interval(defined, CONFIDENCE).map(|(l, h)| [l, h]),
        p_value,
    }
}
