//! `uraikal compare`: paired bootstrap test of two systems on the same manifests (SPEC S10).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use uraikal_asr::compare::{compare, PairedRate, PairedSlice};
use uraikal_asr::hyps::read_hypotheses;
use uraikal_asr::manifest::read_manifests;
use uraikal_asr::score::{score, slice_members, ScoreOptions, DEFAULT_BOOTSTRAP, DEFAULT_SEED};

use crate::common::print_json_pretty;

/// Arguments of `uraikal compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Manifest(s): {"id","audio","text","slice"} per line.
    #[arg(long, num_args = 1.., required = true)]
    manifest: Vec<PathBuf>,
    /// The two hypothesis files, A then B (`--hyp A.jsonl --hyp B.jsonl`).
    #[arg(long, required = true)]
    hyp: Vec<PathBuf>,
    /// Bootstrap replicates (at most 1,000,000).
    #[arg(long, default_value_t = DEFAULT_BOOTSTRAP, value_parser = crate::common::parse_replicates)]
    bootstrap: usize,
    /// Bootstrap seed.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
}

pub fn run(args: CompareArgs) -> Result<ExitCode> {
    if args.hyp.len() != 2 {
        bail!("compare needs exactly two --hyp files (A and B), got {}", args.hyp.len());
    }
    let manifests = read_manifests(&args.manifest)?;
    let (a, b) = (read_hypotheses(&args.hyp[0])?, read_hypotheses(&args.hyp[1])?);
    let options = ScoreOptions { bootstrap: args.bootstrap, seed: args.seed };
    let (scores_a, scores_b) = (score(&manifests, &a, options), score(&manifests, &b, options));
    let rows = compare(&slice_members(&manifests), &scores_a, &scores_b)?;
    if args.json {
        print_json_pretty(&rows)?;
    } else {
        print!("{}", table(&rows, &args.hyp[0].display().to_string(), &args.hyp[1].display().to_string(), options));
        // Missing hypotheses are scored as empty output and extra ones are not scored: say so per system.
        for (name, scores) in [("A", &scores_a), ("B", &scores_b)] {
            let missing = scores.macro_average.missing;
            if missing > 0 || !scores.extra.is_empty() {
                println!("{name}: {missing} missing (scored as empty output), {} extra (ids in no manifest, not scored)", scores.extra.len());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn cell(rate: &PairedRate) -> String {
    let p = |v: Option<f64>| v.map_or_else(|| "n/a".to_string(), |v| format!("{:.2}", v * 100.0));
    let ci = rate.difference_ci.map_or_else(String::new, |[l, h]| format!("[{:+.2}, {:+.2}]", l * 100.0, h * 100.0));
    let pv = rate.p_value.map_or_else(|| "n/a".to_string(), |v| format!("{v:.3}"));
    let d = rate.difference.map_or_else(|| "n/a".to_string(), |v| format!("{:+.2}", v * 100.0));
    format!("{:>6} {:>6} {:>7} {:<17} {:>5}", p(rate.a), p(rate.b), d, ci, pv)
}

/// The comparison table: per slice, A's and B's rates (%), A − B, its 95 % interval and p.
pub fn table(rows: &[PairedSlice], a: &str, b: &str, options: ScoreOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "A = {a}\nB = {b}\npaired bootstrap, {} replicates (seed {})", options.bootstrap, options.seed);
    let width = rows.iter().map(|r| r.slice.chars().count()).max().unwrap_or(5).max(5);
    let pad = |s: &str| format!("{s}{}", " ".repeat(width - s.chars().count()));
    let _ = writeln!(
        out,
        "{}  {:>10}  {:>6} {:>6} {:>7} {:<17} {:>5}  {:>6} {:>6} {:>7} {:<17} {:>5}",
        pad("slice"), "utterances", "WER A", "WER B", "A − B", "95 % CI", "p", "CER A", "CER B", "A − B", "95 % CI", "p"
    );
    let shown: Vec<&PairedSlice> = rows.iter().filter(|r| r.slice != "macro" || rows.len() > 2).collect();
    for r in shown {
        let _ = writeln!(out, "{}  {:>10}  {}  {}", pad(&r.slice), r.utterances, cell(&r.wer), cell(&r.cer));
    }
    out
}
