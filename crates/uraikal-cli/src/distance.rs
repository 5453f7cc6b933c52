//! `uraikal distance REF HYP --metric … --unit …`: an edit distance or similarity between two texts on a
//! unit (SPEC M2). Arguments are (reference, hypothesis). Hamming refuses texts of unequal unit lengths
//! (exit 2), as grapheme-kit's command does; the library pads instead.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use serde::Serialize;
use uraikal_metrics::{text_distance, units, Metric, Unit};

use crate::common;
use crate::evaluate::UnitArg;

/// The distance, as a command-line value.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DistanceArg {
    /// Levenshtein distance.
    Levenshtein,
    /// Hamming distance (equal lengths only).
    Hamming,
    /// True Damerau–Levenshtein distance.
    Damerau,
    /// Optimal string alignment (grapheme-kit's damerau_levenshtein).
    Osa,
    /// Jaro similarity.
    Jaro,
    /// Jaro–Winkler similarity.
    JaroWinkler,
    /// Longest common subsequence length.
    Lcs,
}

impl From<DistanceArg> for Metric {
    fn from(metric: DistanceArg) -> Metric {
        match metric {
            DistanceArg::Levenshtein => Metric::Levenshtein,
            DistanceArg::Hamming => Metric::Hamming,
            DistanceArg::Damerau => Metric::Damerau,
            DistanceArg::Osa => Metric::Osa,
            DistanceArg::Jaro => Metric::Jaro,
            DistanceArg::JaroWinkler => Metric::JaroWinkler,
            DistanceArg::Lcs => Metric::Lcs,
        }
    }
}

/// Arguments of `uraikal distance`.
#[derive(Args)]
pub struct DistanceArgs {
    /// The reference text.
    reference: String,
    /// The hypothesis text.
    hypothesis: String,
    /// The distance or similarity.
    #[arg(long, value_enum, default_value = "levenshtein")]
    metric: DistanceArg,
    /// The unit.
    #[arg(long, value_enum, default_value = "grapheme")]
    unit: UnitArg,
    /// Hamming on texts of unequal length: the longer text's extra units count as mismatches (grapheme-kit's
    /// library, textdistance's zip_longest) instead of an error.
    #[arg(long)]
    pad: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct DistanceLine {
    metric: &'static str,
    unit: &'static str,
    value: f64,
}

/// Runs `uraikal distance`.
pub fn run(args: DistanceArgs) -> Result<ExitCode> {
    let metric: Metric = args.metric.into();
    if args.unit == UnitArg::Word {
        bail!("--unit word is for `evaluate --metric wer|mer|wil|wip`; distances take codepoint, grapheme or letter");
    }
    let unit: Unit = args.unit.into();
    if metric == Metric::Hamming && !args.pad {
        let (r, h) = (
            units(&args.reference, unit).len(),
            units(&args.hypothesis, unit).len(),
        );
        if r != h {
            bail!("hamming needs texts of equal length: the reference has {r} {unit}s, the hypothesis {h} (--pad counts the extra units as mismatches)");
        }
    }
    let value = text_distance(&args.reference, &args.hypothesis, metric, unit);
    if args.json {
        common::print_json(&DistanceLine {
            metric: metric.as_str(),
            unit: unit.as_str(),
            value,
        })?;
    } else {
        println!("{value}");
    }
    Ok(ExitCode::SUCCESS)
}
