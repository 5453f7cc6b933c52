//! `uraikal graphemes [TEXT|-] [--count] [--codepoints] [--scripts] [--json] [--normalize] [--fold F,…]
//! [--profile auto]`: grapheme clusters (SPEC G).
//!
//! Plain output joins the clusters with `|` (for reading); `--json` prints a JSON array of strings. With
//! `--count` it prints the numbers of graphemes and code points; with `--codepoints` each cluster with its
//! code points; with `--scripts` each whitespace-separated token with its script and profile (SPEC G7).
//! Folds run before segmenting: `--profile auto` first (each token by its script), then `--normalize` (G5),
//! then `--fold` in the order given. Text from stdin is handled line by line, one output line (or JSON value)
//! per input line.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use uraikal_text::Fold;

use crate::common;

/// Arguments of `uraikal graphemes`.
#[derive(Args)]
pub struct GraphemesArgs {
    /// The text; `-` or nothing reads stdin (line by line).
    text: Option<String>,
    /// Print the numbers of graphemes and code points instead of the clusters.
    #[arg(long)]
    count: bool,
    /// Print each cluster with its code points.
    #[arg(long)]
    codepoints: bool,
    /// Apply the Tamil/Sinhala script normalisation first (the grapheme metrics do; output is NFC).
    #[arg(long)]
    normalize: bool,
    /// Folds to apply before segmenting, comma-separated or repeated: `nukta` (precomposed nukta letters as
    /// base + nukta, SPEC G7.1), `script` (the Tamil/Sinhala normalisation, as --normalize).
    #[arg(long, value_delimiter = ',', value_parser = parse_fold)]
    fold: Vec<Fold>,
    /// `auto`: fold each token by its own script's profile (SPEC G7.3); `none` (the default): no profile.
    #[arg(long, value_parser = ["auto", "none"], default_value = "none")]
    profile: String,
    /// Print each whitespace-separated token with its script and its profile's folds.
    #[arg(long)]
    scripts: bool,
    /// JSON output.
    #[arg(long)]
    json: bool,
}

/// A `--fold` value (also `uraikal evaluate --fold`).
pub(crate) fn parse_fold(name: &str) -> Result<Fold, String> {
    Fold::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Fold::ALL.iter().map(|fold| fold.name()).collect();
        format!("unknown fold {name:?}; the folds are {}", names.join(", "))
    })
}

#[derive(Serialize)]
struct TokenScript<'a> {
    token: &'a str,
    script: &'static str,
    folds: Vec<&'static str>,
}

#[derive(Serialize)]
struct Count {
    graphemes: usize,
    codepoints: usize,
}

#[derive(Serialize)]
struct ClusterCodepoints<'a> {
    cluster: &'a str,
    codepoints: Vec<String>,
}

/// Runs `uraikal graphemes`.
pub fn run(args: GraphemesArgs) -> Result<ExitCode> {
    let input = common::text_arg(args.text.as_deref())?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if common::is_stdin(args.text.as_deref()) {
        for line in input.lines() {
            print_one(&mut out, &args, line)?;
        }
    } else {
        print_one(&mut out, &args, &input)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn print_one(out: &mut impl Write, args: &GraphemesArgs, text: &str) -> Result<()> {
    if args.scripts {
        return print_scripts(out, args, text);
    }
    let mut folds = Vec::with_capacity(args.fold.len() + 1);
    if args.normalize {
        folds.push(Fold::Script);
    }
    folds.extend(&args.fold);
    let folded = uraikal_text::Folding { by_profile: args.profile == "auto", folds }.apply(text);
    let text = folded.as_ref();
    if args.count {
        let count = Count { graphemes: uraikal_text::graphemes(text).count(), codepoints: text.chars().count() };
        if args.json {
            serde_json::to_writer(&mut *out, &count)?;
            writeln!(out)?;
        } else {
            writeln!(out, "graphemes {} codepoints {}", count.graphemes, count.codepoints)?;
        }
        return Ok(());
    }
    let clusters: Vec<&str> = uraikal_text::graphemes(text).collect();
    if args.codepoints {
        let rows: Vec<ClusterCodepoints> = clusters
            .iter()
            .map(|&cluster| ClusterCodepoints {
                cluster,
                codepoints: cluster.chars().map(|c| format!("U+{:04X}", c as u32)).collect(),
            })
            .collect();
        if args.json {
            serde_json::to_writer(&mut *out, &rows)?;
            writeln!(out)?;
        } else {
            for row in rows {
                writeln!(out, "{}\t{}", row.cluster, row.codepoints.join(" "))?;
            }
        }
    } else if args.json {
        serde_json::to_writer(&mut *out, &clusters)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", clusters.join("|"))?;
    }
    Ok(())
}

fn print_scripts(out: &mut impl Write, args: &GraphemesArgs, text: &str) -> Result<()> {
    let rows: Vec<TokenScript> = text
        .split_whitespace()
        .map(|token| {
            let script = uraikal_text::token_script(token);
            TokenScript { token, script, folds: uraikal_text::profile(script).iter().map(|f| f.name()).collect() }
        })
        .collect();
    if args.json {
        serde_json::to_writer(&mut *out, &rows)?;
        writeln!(out)?;
    } else {
        for row in rows {
            writeln!(out, "{}\t{}\t{}", row.token, row.script, row.folds.join(","))?;
        }
    }
    Ok(())
}
