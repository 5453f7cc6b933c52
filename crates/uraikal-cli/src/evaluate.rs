//! `uraikal evaluate REF HYP` and `uraikal evaluate --pairs FILE.jsonl`: CER, chrF, chrF++ and CharBLEU on a
//! chosen unit (SPEC M). Arguments are (reference, hypothesis), in that order.
//!
//! The batch form reads records {"id", "reference", "hypothesis"} and prints one JSON line per pair
//! ({"id", "unit", "cer", "chrf", "chrfpp", "charbleu"}, the requested metrics only) and a last corpus line
//! {"corpus": true, "pairs", "unit", "cer" (pooled), "chrf", "chrfpp" (statistics summed)}.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uraikal_metrics::{
    cer_counts, charbleu_weighted, chrf_stats, CerCounts, CharBleuMode, ChrfConfig, ChrfStats, Unit,
};

use crate::common;

/// Which metric to compute.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvalMetric {
    /// Character error rate on the unit.
    Cer,
    /// chrF (character 6-grams, beta 2).
    Chrf,
    /// chrF++ (chrF plus word bigrams).
    #[value(name = "chrf++")]
    ChrfPlusPlus,
    /// CharBLEU (4-grams).
    Charbleu,
    /// All of them.
    All,
    /// sacrebleu's BLEU (--tokenize …).
    Bleu,
    /// sacrebleu's TER.
    Ter,
    /// Word (or character) error rate, jiwer's (--unit word).
    Wer,
    /// Match error rate.
    Mer,
    /// Word information lost.
    Wil,
    /// Word information preserved.
    Wip,
}

/// The unit, as a command-line value.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnitArg {
    /// Grapheme clusters of the script-normalised text (grapheme-kit's unit).
    Grapheme,
    /// Unicode code points, as the text stands (sacrebleu's and jiwer's unit).
    Codepoint,
    /// Tamil letters of the script-normalised text.
    Letter,
    /// Words (--metric wer|mer|wil|wip only).
    Word,
}

impl From<UnitArg> for Unit {
    fn from(unit: UnitArg) -> Unit {
        match unit {
            UnitArg::Grapheme => Unit::Grapheme,
            UnitArg::Codepoint => Unit::CodePoint,
            UnitArg::Letter => Unit::Letter,
            // Refused before any metric runs (evaluate_peers::run) except the word rates, which split words.
            UnitArg::Word => Unit::CodePoint,
        }
    }
}

/// Arguments of `uraikal evaluate`.
#[derive(Args)]
pub struct EvaluateArgs {
    /// The reference text.
    reference: Option<String>,
    /// The hypothesis text.
    hypothesis: Option<String>,
    /// A JSONL file of {"id", "reference", "hypothesis"} records, scored one per line plus a corpus line.
    #[arg(long, conflicts_with_all = ["reference", "hypothesis"])]
    pairs: Option<PathBuf>,
    /// The metric.
    #[arg(long, value_enum, default_value = "all")]
    metric: EvalMetric,
    /// The unit.
    #[arg(long, value_enum, default_value = "grapheme")]
    unit: UnitArg,
    /// Which CharBLEU.
    #[arg(long, value_enum, default_value = "documented")]
    charbleu_mode: CharBleuMode,
    /// CharBLEU: the highest n-gram order (uniform weights).
    #[arg(long, default_value_t = 4, conflicts_with = "weights")]
    max_n: usize,
    /// CharBLEU: one weight per order 1..=n (grapheme-kit's `weights`; n is their number).
    #[arg(long, value_delimiter = ',')]
    weights: Vec<f64>,
    /// Folds applied to both texts first (cer, chrf, chrf++, charbleu), comma-separated or repeated: `nukta`,
    /// `script` (SPEC G7.4).
    #[arg(long, value_delimiter = ',', value_parser = crate::graphemes::parse_fold)]
    fold: Vec<uraikal_text::Fold>,
    /// `auto`: fold each token of both texts by its own script's profile first (SPEC G7.3); `none` (default).
    #[arg(long, value_parser = ["auto", "none"], default_value = "none")]
    profile: String,
    /// JSON output (the batch form always prints JSON lines).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    peers: crate::evaluate_peers::PeerArgs,
}

#[derive(Deserialize)]
struct PairRecord {
    #[serde(default)]
    id: Value,
    reference: String,
    hypothesis: String,
}

#[derive(Serialize)]
struct PairLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cer: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chrf: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chrfpp: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    charbleu: Option<f64>,
}

#[derive(Serialize)]
struct CorpusLine {
    corpus: bool,
    pairs: usize,
    unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cer: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chrf: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chrfpp: Option<f64>,
}

/// What one pair contributes.
struct PairResult {
    cer: Option<CerCounts>,
    chrf: Option<ChrfStats>,
    chrfpp: Option<ChrfStats>,
    charbleu: Option<f64>,
}

struct Plan {
    unit: Unit,
    cer: bool,
    chrf: bool,
    chrfpp: bool,
    charbleu: bool,
    charbleu_mode: CharBleuMode,
    charbleu_weights: Vec<f64>,
    folding: uraikal_text::Folding,
}

impl Plan {
    fn score(&self, reference: &str, hypothesis: &str) -> PairResult {
        let (reference, hypothesis) = (&*self.folding.apply(reference), &*self.folding.apply(hypothesis));
        PairResult {
            cer: self.cer.then(|| cer_counts(reference, hypothesis, self.unit)),
            chrf: self.chrf.then(|| chrf_stats(reference, hypothesis, self.unit, ChrfConfig::CHRF)),
            chrfpp: self.chrfpp.then(|| chrf_stats(reference, hypothesis, self.unit, ChrfConfig::CHRF_PLUS_PLUS)),
            charbleu: self.charbleu.then(|| {
                charbleu_weighted(reference, hypothesis, self.unit, &self.charbleu_weights, self.charbleu_mode)
            }),
        }
    }

    fn line<'a>(&self, id: Option<&'a Value>, result: &PairResult) -> PairLine<'a> {
        PairLine {
            id,
            unit: self.unit.as_str(),
            cer: result.cer.map(|c| c.rate()),
            chrf: result.chrf.as_ref().map(|s| s.score(ChrfConfig::CHRF.beta)),
            chrfpp: result.chrfpp.as_ref().map(|s| s.score(ChrfConfig::CHRF_PLUS_PLUS.beta)),
            charbleu: result.charbleu,
        }
    }
}

/// Runs `uraikal evaluate`.
pub fn run(args: EvaluateArgs) -> Result<ExitCode> {
    let folding = uraikal_text::Folding { by_profile: args.profile == "auto", folds: args.fold.clone() };
    let grapheme_metric = matches!(
        args.metric,
        EvalMetric::Cer | EvalMetric::Chrf | EvalMetric::ChrfPlusPlus | EvalMetric::Charbleu | EvalMetric::All
    );
    if !folding.is_none() && !grapheme_metric {
        bail!("--fold and --profile apply to the grapheme metrics (--metric cer, chrf, chrf++, charbleu, all)");
    }
    let inputs = crate::evaluate_peers::Inputs {
        reference: args.reference.as_deref(),
        hypothesis: args.hypothesis.as_deref(),
        pairs: args.pairs.as_deref(),
        json: args.json,
        folding: &folding,
    };
    if let Some(code) = crate::evaluate_peers::run(&args.peers, args.metric, args.unit, inputs)? {
        return Ok(code);
    }
    let all = args.metric == EvalMetric::All;
    let plan = Plan {
        unit: args.unit.into(),
        cer: all || args.metric == EvalMetric::Cer,
        chrf: all || args.metric == EvalMetric::Chrf,
        chrfpp: all || args.metric == EvalMetric::ChrfPlusPlus,
        charbleu: all || args.metric == EvalMetric::Charbleu,
        charbleu_mode: args.charbleu_mode,
        charbleu_weights: if args.weights.is_empty() {
            vec![1.0 / args.max_n as f64; args.max_n]
        } else {
            args.weights.clone()
        },
        folding,
    };
    if plan.charbleu_weights.is_empty() || plan.charbleu_weights.iter().any(|w| !w.is_finite() || *w < 0.0) {
        bail!("--max-n must be at least 1 and --weights non-negative numbers");
    }
    if let Some(path) = &args.pairs {
        return run_pairs(&plan, path);
    }
    let (Some(reference), Some(hypothesis)) = (&args.reference, &args.hypothesis) else {
        bail!("give REFERENCE and HYPOTHESIS (the hypothesis is missing), or --pairs FILE.jsonl");
    };
    let result = plan.score(reference, hypothesis);
    let line = plan.line(None, &result);
    if args.json {
        common::print_json(&line)?;
    } else {
        println!("unit\t{}", line.unit);
        let rows = [("cer", line.cer), ("chrf", line.chrf), ("chrf++", line.chrfpp), ("charbleu", line.charbleu)];
        for (name, value) in rows {
            if let Some(value) = value {
                println!("{name}\t{value}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_pairs(plan: &Plan, path: &std::path::Path) -> Result<ExitCode> {
    let records: Vec<uraikal_io::Record<PairRecord>> = uraikal_io::parse_jsonl(path)?;
    let results: Vec<PairResult> =
        records.par_iter().map(|record| plan.score(&record.value.reference, &record.value.hypothesis)).collect();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut cer_total = CerCounts::default();
    let mut chrf_total = ChrfStats::zero(ChrfConfig::CHRF);
    let mut chrfpp_total = ChrfStats::zero(ChrfConfig::CHRF_PLUS_PLUS);
    for (record, result) in records.iter().zip(&results) {
        serde_json::to_writer(&mut out, &plan.line(Some(&record.value.id), result))?;
        out.write_all(b"\n")?;
        if let Some(counts) = result.cer {
            cer_total.add(counts);
        }
        if let Some(stats) = &result.chrf {
            chrf_total.add(stats);
        }
        if let Some(stats) = &result.chrfpp {
            chrfpp_total.add(stats);
        }
    }
    let corpus = CorpusLine {
        corpus: true,
        pairs: records.len(),
        unit: plan.unit.as_str(),
        cer: plan.cer.then(|| cer_total.rate()),
        chrf: plan.chrf.then(|| chrf_total.score(ChrfConfig::CHRF.beta)),
        chrfpp: plan.chrfpp.then(|| chrfpp_total.score(ChrfConfig::CHRF_PLUS_PLUS.beta)),
    };
    serde_json::to_writer(&mut out, &corpus)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
