//! `uraikal report RESULTS.json… [--alignments [SYSTEM=]FILE.jsonl]… --out report.html`: one self-contained
//! HTML report (uraikal-report) of A1 result files, a D4 results document and alignment files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use serde_json::Value;

/// Arguments of `uraikal report`.
#[derive(clap::Args)]
pub struct ReportArgs {
    /// Result files: A1 results of `uraikal score --out` and/or a D4 document of `uraikal tokenizers --out`.
    #[arg(required = true)]
    results: Vec<PathBuf>,
    /// Per-utterance alignments of `uraikal score --alignments`, as SYSTEM=FILE (or FILE: the system is the
    /// file name without extension). Repeatable.
    #[arg(long)]
    alignments: Vec<String>,
    /// The HTML file to write (atomically).
    #[arg(long)]
    out: PathBuf,
    /// The report's title.
    #[arg(long, default_value = "Uraikal report")]
    title: String,
}

/// Runs `uraikal report`.
pub fn run(args: ReportArgs) -> Result<ExitCode> {
    let mut input = uraikal_report::Input::default();
    for path in &args.results {
        let document = read_json(path)?;
        let kind = input.add_document(&document).with_context(|| path.display().to_string())?;
        eprintln!("{}: {kind} results", path.display());
    }
    for spec in &args.alignments {
        let (system, path) = match spec.split_once('=') {
            Some((system, path)) if !system.is_empty() => (system.to_string(), PathBuf::from(path)),
            _ => {
                let path = PathBuf::from(spec);
                let stem = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .ok_or_else(|| anyhow!("--alignments {spec:?}: no file name"))?;
                (stem.to_string(), path)
            }
        };
        let records: Vec<uraikal_io::Record<Value>> = uraikal_io::parse_jsonl(&path)?;
        input
            .add_alignments(&system, records.iter().map(|r| (r.line, &r.value)))
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    if input.results.is_empty() && input.d4.is_empty() {
        bail!("no results to report");
    }
    let html = uraikal_report::render(&input, &args.title);
    uraikal_io::write_atomic(&args.out, html.as_bytes())?;
    println!("report: {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}

fn read_json(path: &Path) -> Result<Value> {
    let text = uraikal_io::read_utf8(path)?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{}:{}: not JSON: {e}", path.display(), e.line()))
}
