//! Scoring a system on an A1 test set (SPEC S6–S9, S12): normalise, align words and code points, sum counts
//! per slice, corpus WER/CER, macro average, bootstrap confidence intervals, result records; beside them the
//! grapheme CER and, when the manifests carry lattices, OIWER.
//!
//! Utterances are scored in parallel; nothing here depends on the order or number of threads.

use std::collections::BTreeMap;

use rayon::prelude::*;
use rustc_hash::FxHashSet;
use serde::Serialize;
pub use uraikal_metrics::a1::OiwerCounts;
use uraikal_metrics::a1::{self, OiwerReference};
use uraikal_metrics::align::{self, Alignment, Counts};
use uraikal_metrics::bootstrap::{percentile_interval, replicate_sums};
use uraikal_metrics::lattice::{self, Mode};
use uraikal_metrics::rates::{error_rate, Rates};
use uraikal_metrics::{CerCounts, URAIKAL_VERSION};

use crate::hyps::Hypotheses;
use crate::manifest::{InputFile, Manifests};

/// The slice name of the macro-average record (reserved: no manifest may use it).
pub const MACRO: &str = "macro";
/// The track name in result records.
pub const TRACK: &str = "A1";
/// The default number of bootstrap replicates.
pub const DEFAULT_BOOTSTRAP: usize = 1000;
/// The default bootstrap seed.
pub const DEFAULT_SEED: u64 = 20240601;
/// The confidence level of the intervals.
pub const CONFIDENCE: f64 = 0.95;

/// How to score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreOptions {
    /// Bootstrap replicates per slice; 0 for no confidence intervals.
    pub bootstrap: usize,
    /// Seed of the bootstrap.
    pub seed: u64,
}

impl Default for ScoreOptions {
    fn default() -> ScoreOptions {
        ScoreOptions { bootstrap: DEFAULT_BOOTSTRAP, seed: DEFAULT_SEED }
    }
}

/// Word and code-point counts of one utterance, and the grapheme and OIWER counts beside them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UtteranceScore {
    /// Word-level H/S/D/I.
    pub word: Counts,
    /// Code-point-level H/S/D/I.
    pub char: Counts,
    /// Grapheme-level edit counts of the same normalised strings (SPEC S12.2).
    pub grapheme: CerCounts,
    /// OIWER counts against the utterance's lattice, or its text where it has none; `None` when no
    /// utterance of the run has a lattice (SPEC S12.3).
    pub oiwer: Option<OiwerCounts>,
    /// The hypothesis was missing and scored as empty output (SPEC S6.3).
    pub missing: bool,
}

/// The scores of one slice (or, for [`MACRO`], of all slices together).
#[derive(Debug, Clone, PartialEq)]
pub struct SliceScore {
    /// Slice name.
    pub slice: String,
    /// Utterances in the slice.
    pub utterances: usize,
    /// Utterances without a hypothesis.
    pub missing: usize,
    /// Summed word counts.
    pub word: Counts,
    /// Summed code-point counts.
    pub char: Counts,
    /// Summed grapheme counts.
    pub grapheme: CerCounts,
    /// Summed OIWER counts (`None` when no utterance of the run has a lattice).
    pub oiwer: Option<OiwerCounts>,
    /// Utterances that carry a lattice.
    pub lattices: usize,
    /// Corpus WER (for the macro record: the mean of the slices' WERs); `None` when undefined (SPEC S3.2).
    pub wer: Option<f64>,
    /// Corpus CER, likewise.
    pub cer: Option<f64>,
    /// 95 % bootstrap interval of the WER.
    pub wer_ci: Option<(f64, f64)>,
    /// 95 % bootstrap interval of the CER.
    pub cer_ci: Option<(f64, f64)>,
    /// Corpus grapheme CER (for the macro record: the mean of the slices'); `None` when undefined.
    pub grapheme_cer: Option<f64>,
    /// Corpus OIWER as a fraction, like `wer` (for the macro record: the mean of the slices'); `None` when
    /// undefined or when no utterance has a lattice.
    pub oiwer_rate: Option<f64>,
}

/// Everything a scoring run computes.
#[derive(Debug, Clone)]
pub struct Scores {
    /// Per utterance, in manifest order.
    pub utterances: Vec<UtteranceScore>,
    /// Per slice, sorted by name.
    pub slices: Vec<SliceScore>,
    /// The macro average over the slices.
    pub macro_average: SliceScore,
    /// Hypothesis ids that are not in the manifests (sorted); not scored (SPEC S6.4).
    pub extra: Vec<String>,
    /// The options used.
    pub options: ScoreOptions,
}

/// A normalised utterance: the text and its words (SPEC S6.1, S6.2).
pub fn normalised_words(normalised: &str) -> Vec<&str> {
    a1::words(normalised)
}

/// Counts of one (reference, hypothesis) pair of raw texts: both normalised, then words and code points
/// aligned (SPEC S6.1, S6.2).
pub fn score_pair(reference: &str, hypothesis: &str) -> (Counts, Counts) {
    let pair = a1::score_pair(reference, hypothesis, OiwerReference::None);
    (pair.word, pair.char)
}

/// Every count of one utterance (SPEC S6, S12), by the one A1 pair rule (`uraikal_metrics::a1`): `lattice`
/// is `None` when the run has no lattices, else the utterance's own lattice or `None` inside (its text is
/// then the only path).
pub fn score_utterance(
    reference: &str,
    hypothesis: &str,
    lattice: Option<Option<&lattice::Lattice>>,
    missing: bool,
) -> UtteranceScore {
    let oiwer = match lattice {
        None => OiwerReference::None,
        Some(None) => OiwerReference::Text,
        Some(Some(lattice)) => OiwerReference::Lattice(lattice),
    };
    let pair = a1::score_pair(reference, hypothesis, oiwer);
    UtteranceScore { word: pair.word, char: pair.char, grapheme: pair.grapheme, oiwer: pair.oiwer, missing }
}

/// The alignment of one utterance, for `--alignments` and reports.
#[derive(Debug, Clone, PartialEq)]
pub struct UtteranceAlignment {
    /// Normalised reference.
    pub reference: String,
    /// Normalised hypothesis (empty when missing).
    pub hypothesis: String,
    /// Word alignment (indices into the words of the normalised texts).
    pub word: Alignment,
    /// Code-point alignment.
    pub char: Alignment,
}

/// Normalises and aligns one pair, keeping the chunks.
pub fn align_pair(reference: &str, hypothesis: &str) -> UtteranceAlignment {
    let (reference, hypothesis) = (a1::normalise(reference), a1::normalise(hypothesis));
    let word = align::align(&normalised_words(&reference), &normalised_words(&hypothesis));
    let (r, h): (Vec<char>, Vec<char>) = (reference.chars().collect(), hypothesis.chars().collect());
    let char = align::align(&r, &h);
    UtteranceAlignment { reference, hypothesis, word, char }
}

/// Scores a system's hypotheses against the manifests (SPEC S6–S8).
pub fn score(manifests: &Manifests, hypotheses: &Hypotheses, options: ScoreOptions) -> Scores {
    let with_oiwer = manifests.has_lattices();
    let utterances: Vec<UtteranceScore> = manifests
        .utterances
        .par_iter()
        .map(|u| {
            let lattice = with_oiwer.then_some(u.lattice.as_ref());
            match hypotheses.by_id.get(&u.id) {
                Some((hyp, _)) => score_utterance(&u.text, hyp, lattice, false),
                None => score_utterance(&u.text, "", lattice, true),
            }
        })
        .collect();

    let known: FxHashSet<&str> = manifests.utterances.iter().map(|u| u.id.as_str()).collect();
    let mut extra: Vec<String> = hypotheses.by_id.keys().filter(|id| !known.contains(id.as_str())).cloned().collect();
    extra.sort();
    let lattices: Vec<bool> = manifests.utterances.iter().map(|u| u.lattice.is_some()).collect();
    aggregate(&slice_members(manifests), utterances, &lattices, extra, options)
}

/// The slice, macro and bootstrap part of [`score`] over per-utterance scores that are already computed
/// (SPEC S7, S8): `members` as [`slice_members`] gives them, `lattices[i]` whether utterance `i` carries a
/// lattice (OIWER is summed when any does). [`score`] is this after scoring each utterance; a report that
/// reads the per-utterance counts of `--alignments` files calls it to compare systems.
pub fn aggregate(
    members: &[(String, Vec<usize>)],
    utterances: Vec<UtteranceScore>,
    lattices: &[bool],
    extra: Vec<String>,
    options: ScoreOptions,
) -> Scores {
    let with_oiwer = lattices.contains(&true);
    let mut slices = Vec::new();
    let mut replicates: Vec<Vec<(f64, f64)>> = Vec::new();
    for (name, indices) in members {
        let rows: Vec<[u64; 4]> = indices
            .iter()
            .map(|&i| {
                let s = &utterances[i];
                [
                    s.word.errors() as u64,
                    s.word.reference_len() as u64,
                    s.char.errors() as u64,
                    s.char.reference_len() as u64,
                ]
            })
            .collect();
        let seed = options.seed ^ fnv1a(name.as_bytes());
        let slice_replicates: Vec<(f64, f64)> = (0..options.bootstrap as u64)
            .into_par_iter()
            .map(|b| {
                let [we, wr, ce, cr] = replicate_sums(&rows, seed, b);
                (ratio(we, wr), ratio(ce, cr))
            })
            .collect();
        let word: Counts = indices.iter().map(|&i| utterances[i].word).sum();
        let char: Counts = indices.iter().map(|&i| utterances[i].char).sum();
        let mut grapheme = CerCounts::default();
        for &i in indices {
            grapheme.add(utterances[i].grapheme);
        }
        let oiwer: Option<OiwerCounts> = with_oiwer.then(|| indices.iter().filter_map(|&i| utterances[i].oiwer).sum());
        slices.push(SliceScore {
            slice: name.to_string(),
            utterances: indices.len(),
            missing: indices.iter().filter(|&&i| utterances[i].missing).count(),
            word,
            char,
            grapheme,
            oiwer,
            lattices: indices.iter().filter(|&&i| lattices.get(i).copied().unwrap_or(false)).count(),
            wer: error_rate(&word),
            cer: error_rate(&char),
            wer_ci: percentile_interval(slice_replicates.iter().map(|r| r.0).collect(), CONFIDENCE),
            cer_ci: percentile_interval(slice_replicates.iter().map(|r| r.1).collect(), CONFIDENCE),
            grapheme_cer: ratio_of(grapheme.errors, grapheme.reference_len),
            oiwer_rate: oiwer.and_then(|o| ratio_of(o.errors, o.reference_words)),
        });
        replicates.push(slice_replicates);
    }

    let macro_replicates: Vec<(f64, f64)> = (0..options.bootstrap)
        .map(|b| {
            (
                mean(replicates.iter().map(|r| r[b].0)).unwrap_or(f64::NAN),
                mean(replicates.iter().map(|r| r[b].1)).unwrap_or(f64::NAN),
            )
        })
        .collect();
    let macro_average = SliceScore {
        slice: MACRO.to_string(),
        utterances: slices.iter().map(|s| s.utterances).sum(),
        missing: slices.iter().map(|s| s.missing).sum(),
        word: slices.iter().map(|s| s.word).sum(),
        char: slices.iter().map(|s| s.char).sum(),
        grapheme: slices.iter().fold(CerCounts::default(), |mut sum, s| {
            sum.add(s.grapheme);
            sum
        }),
        oiwer: with_oiwer.then(|| slices.iter().filter_map(|s| s.oiwer).sum()),
        lattices: slices.iter().map(|s| s.lattices).sum(),
        wer: mean(slices.iter().filter_map(|s| s.wer)),
        cer: mean(slices.iter().filter_map(|s| s.cer)),
        wer_ci: percentile_interval(macro_replicates.iter().map(|r| r.0).collect(), CONFIDENCE),
        cer_ci: percentile_interval(macro_replicates.iter().map(|r| r.1).collect(), CONFIDENCE),
        grapheme_cer: mean(slices.iter().filter_map(|s| s.grapheme_cer)),
        oiwer_rate: if with_oiwer { mean(slices.iter().filter_map(|s| s.oiwer_rate)) } else { None },
    };
    Scores { utterances, slices, macro_average, extra, options }
}

/// The utterance indices of every slice, slices sorted by name (SPEC S7.1).
pub fn slice_members(manifests: &Manifests) -> Vec<(String, Vec<usize>)> {
    members_of_slices(manifests.utterances.iter().map(|u| u.slice.as_str()))
}

/// The utterance indices of every slice, slices sorted by name, from each utterance's slice name in order
/// (what [`slice_members`] does with a manifest; a report does it with the lines of an alignment file).
pub fn members_of_slices<'a>(slices: impl IntoIterator<Item = &'a str>) -> Vec<(String, Vec<usize>)> {
    let mut members: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (index, slice) in slices.into_iter().enumerate() {
        members.entry(slice).or_default().push(index);
    }
    members.into_iter().map(|(name, indices)| (name.to_string(), indices)).collect()
}

/// errors / length, `None` without reference units (SPEC S3.2).
fn ratio_of(errors: usize, length: usize) -> Option<f64> {
    (length > 0).then(|| errors as f64 / length as f64)
}

/// errors / length, NaN when the resample has no reference units.
fn ratio(errors: u64, length: u64) -> f64 {
    if length == 0 {
        f64::NAN
    } else {
        errors as f64 / length as f64
    }
}

/// Mean of the defined (non-NaN) values, summed in slice order; `None` when there are none (SPEC S7.2).
fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in values.filter(|v| !v.is_nan()) {
        sum += v;
        n += 1;
    }
    (n > 0).then(|| sum / n as f64)
}

/// FNV-1a, to give every slice its own bootstrap stream (adding a slice leaves the others' intervals alone).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// H/S/D/I as a result record carries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CountsRecord {
    /// Hits.
    pub hits: usize,
    /// Substitutions.
    pub substitutions: usize,
    /// Deletions.
    pub deletions: usize,
    /// Insertions.
    pub insertions: usize,
}

impl From<Counts> for CountsRecord {
    fn from(c: Counts) -> CountsRecord {
        CountsRecord { hits: c.hits, substitutions: c.substitutions, deletions: c.deletions, insertions: c.insertions }
    }
}

/// An input file in a result record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileRecord {
    /// Path as given on the command line.
    pub path: String,
    /// sha256 of its bytes.
    pub sha256: String,
}

impl From<&InputFile> for FileRecord {
    fn from(f: &InputFile) -> FileRecord {
        FileRecord { path: f.path.display().to_string(), sha256: f.sha256.clone() }
    }
}

/// The bootstrap settings in a result record.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BootstrapRecord {
    /// Replicates (0: no intervals).
    pub replicates: usize,
    /// Seed.
    pub seed: u64,
    /// Confidence level of the intervals.
    pub level: f64,
}

/// One record of a results file (SPEC S9, "Leaderboard").
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultRecord {
    /// The benchmark version (`URAIKAL_VERSION`).
    pub uraikal_version: &'static str,
    /// `uraikal_text::NORMALIZER_VERSION`.
    pub normalizer_version: &'static str,
    /// The Unicode version of the text library's tables.
    pub unicode_version: String,
    /// The system's name.
    pub system: String,
    /// Always "A1".
    pub track: &'static str,
    /// Slice name, or "macro".
    pub slice: String,
    /// "corpus" for a slice (summed counts), "macro" for the mean over slices.
    pub aggregate: &'static str,
    /// Utterances scored.
    pub utterances: usize,
    /// Utterances without a hypothesis, scored as empty output.
    pub missing: usize,
    /// Hypotheses whose id is in no manifest (the same count in every record of a file).
    pub extra: usize,
    /// Reference words, H + S + D.
    pub ref_words: usize,
    /// Reference code points, H + S + D.
    pub ref_chars: usize,
    /// Hypothesis words, H + S + I.
    pub hyp_words: usize,
    /// Hypothesis code points, H + S + I.
    pub hyp_chars: usize,
    /// WER (null when undefined).
    pub wer: Option<f64>,
    /// CER (null when undefined).
    pub cer: Option<f64>,
    /// Word MER, jiwer's (S + D + I) / (H + S + D + I) (null when the WER is); macro: the mean over slices.
    pub mer: Option<f64>,
    /// Word WIL, 1 − WIP (null when the WER is); macro: the mean over slices.
    pub wil: Option<f64>,
    /// Word WIP, (H / N_ref) · (H / N_hyp) (null when the WER is); macro: the mean over slices.
    pub wip: Option<f64>,
    /// 95 % bootstrap interval of the WER, [low, high].
    pub wer_ci: Option<[f64; 2]>,
    /// 95 % bootstrap interval of the CER, [low, high].
    pub cer_ci: Option<[f64; 2]>,
    /// Word H/S/D/I.
    pub word: CountsRecord,
    /// Code-point H/S/D/I.
    pub char: CountsRecord,
    /// Reference grapheme clusters (SPEC S12.2).
    pub ref_graphemes: usize,
    /// Hypothesis grapheme clusters.
    pub hyp_graphemes: usize,
    /// Grapheme edit distance, summed.
    pub grapheme_errors: usize,
    /// Grapheme CER (null when undefined); the benchmark's CER stays `cer`, on code points.
    pub grapheme_cer: Option<f64>,
    /// OIWER columns, present only when some utterance of the run has a lattice (SPEC S12.3).
    #[serde(flatten)]
    pub lattice: Option<LatticeRecord>,
    /// Bootstrap settings.
    pub bootstrap: BootstrapRecord,
    /// The manifests, with sha256.
    pub manifests: Vec<FileRecord>,
    /// The hypothesis file, with sha256.
    pub hypotheses: FileRecord,
}

/// The OIWER columns of a result record (SPEC S12.3).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LatticeRecord {
    /// Corpus OIWER as a fraction, like `wer` (×100 is the `oiwer_percent` of `uraikal oiwer`); null when
    /// undefined.
    pub oiwer: Option<f64>,
    /// Σ errors on the best lattice paths.
    pub oiwer_errors: usize,
    /// Σ N, the reference words of those paths.
    pub oiwer_reference_words: usize,
    /// Utterances that carry a lattice (the others are scored against their text).
    pub lattice_utterances: usize,
    /// The OIWER mode: always "uraikal".
    pub oiwer_mode: &'static str,
}

/// The records of a results file: one per slice, then the macro record (SPEC S9.1).
pub fn result_records(
    scores: &Scores,
    manifests: &Manifests,
    hypotheses: &Hypotheses,
    system: &str,
) -> Vec<ResultRecord> {
    let (major, minor, patch) = uraikal_text::UNICODE_VERSION;
    // MER, WIL and WIP of a slice's summed word counts (jiwer's formulas, SPEC S3); the macro record takes the
    // mean over the slices, as for the WER.
    let slice_rates = |s: &SliceScore| Rates::of(&s.word).map(|r| [r.mer, r.wil, r.wip]);
    let word_rates = |s: &SliceScore, aggregate: &'static str| -> [Option<f64>; 3] {
        if aggregate == "macro" {
            let of = |k: usize| mean(scores.slices.iter().filter_map(|s| slice_rates(s).map(|r| r[k])));
            [of(0), of(1), of(2)]
        } else {
            let r = slice_rates(s);
            [r.map(|r| r[0]), r.map(|r| r[1]), r.map(|r| r[2])]
        }
    };
    let record = |s: &SliceScore, aggregate: &'static str| ResultRecord {
        uraikal_version: URAIKAL_VERSION,
        normalizer_version: uraikal_text::NORMALIZER_VERSION,
        unicode_version: format!("{major}.{minor}.{patch}"),
        system: system.to_string(),
        track: TRACK,
        slice: s.slice.clone(),
        aggregate,
        utterances: s.utterances,
        missing: s.missing,
        extra: scores.extra.len(),
        ref_words: s.word.reference_len(),
        ref_chars: s.char.reference_len(),
        hyp_words: s.word.hypothesis_len(),
        hyp_chars: s.char.hypothesis_len(),
        wer: s.wer,
        cer: s.cer,
        mer: word_rates(s, aggregate)[0],
        wil: word_rates(s, aggregate)[1],
        wip: word_rates(s, aggregate)[2],
        wer_ci: s.wer_ci.map(|(l, h)| [l, h]),
        cer_ci: s.cer_ci.map(|(l, h)| [l, h]),
        word: s.word.into(),
        char: s.char.into(),
        ref_graphemes: s.grapheme.reference_len,
        hyp_graphemes: s.grapheme.hypothesis_len,
        grapheme_errors: s.grapheme.errors,
        grapheme_cer: s.grapheme_cer,
        lattice: s.oiwer.map(|o| LatticeRecord {
            oiwer: s.oiwer_rate,
            oiwer_errors: o.errors,
            oiwer_reference_words: o.reference_words,
            lattice_utterances: s.lattices,
            oiwer_mode: Mode::Uraikal.as_str(),
        }),
        bootstrap: BootstrapRecord {
            replicates: scores.options.bootstrap,
            seed: scores.options.seed,
            level: CONFIDENCE,
        },
        manifests: manifests.files.iter().map(FileRecord::from).collect(),
        hypotheses: hypotheses
            .file
            .as_ref()
            .map(FileRecord::from)
            .unwrap_or(FileRecord { path: String::new(), sha256: String::new() }),
    };
    let mut out: Vec<ResultRecord> = scores.slices.iter().map(|s| record(s, "corpus")).collect();
    out.push(record(&scores.macro_average, "macro"));
    out
}
