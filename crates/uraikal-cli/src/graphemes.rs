//! `uraikal graphemes [TEXT|-] [--count] [--codepoints] [--json] [--normalize]`: grapheme clusters (SPEC G).
//!
//! Plain output joins the clusters with `|` (for reading); `--json` prints a JSON array of strings. With
//! `--count` it prints the numbers of graphemes and code points; with `--codepoints` each cluster with its
//! code points. Text from stdin is handled line by line, one output line (or JSON value) per input line.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde::Serialize;

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
    /// JSON output.
    #[arg(long)]
    json: bool,
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
    let normalized;
    let text = if args.normalize {
        normalized = uraikal_text::normalize_script(text);
        normalized.as_ref()
    } else {
        text
    };
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
