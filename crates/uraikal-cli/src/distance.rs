//! `uraikal distance REF HYP --metric … --unit …`: an edit distance or similarity between two texts on a
//! unit (SPEC M2). Arguments are (reference, hypothesis). Hamming refuses texts of unequal unit lengths
//! (exit 2), as grapheme-kit's command does; the library pads instead.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use uraikal_metrics::{text_distance, units, Metric, Unit};

use crate::common;

/// Arguments of `uraikal distance`.
#[derive(Args)]
pub struct DistanceArgs {
    /// The reference text.
    reference: String,
    /// The hypothesis text.
    hypothesis: String,
    /// The distance or similarity.
    #[arg(long, value_enum, default_value = "levenshtein")]
    metric: Metric,
    /// The unit.
    #[arg(long, value_enum, default_value = "grapheme")]
    unit: Unit,
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
    let (metric, unit) = (args.metric, args.unit);
    if metric == Metric::Hamming && !args.pad {
        let (r, h) = (units(&args.reference, unit).len(), units(&args.hypothesis, unit).len());
        if r != h {
            bail!("hamming needs texts of equal length: the reference has {r} {unit}s, the hypothesis {h} (--pad counts the extra units as mismatches)");
        }
    }
    let value = text_distance(&args.reference, &args.hypothesis, metric, unit);
    if args.json {
        common::print_json(&DistanceLine { metric: metric.as_str(), unit: unit.as_str(), value })?;
    } else {
        println!("{value}");
    }
    Ok(ExitCode::SUCCESS)
}
