//! `uraikal report RESULTS.json… [--alignments [SYSTEM=]FILE.jsonl]… --out report.html`: one self-contained
//! HTML report (uraikal-report) of A1 result files, a D4 results document and alignment files; with two or
//! more systems' alignments, their paired-significance matrix (`uraikal compare`'s function on the counts);
//! with `--manifest`, the substitutions a reference lattice accepts apart from the real errors.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use serde_json::Value;
use uraikal_asr::compare::compare;
use uraikal_asr::score::{aggregate, members_of_slices, ScoreOptions, UtteranceScore};
use uraikal_metrics::align::Counts;

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
    /// The manifests the systems were scored on: utterances that carry a reference lattice (SPEC S12) have the
    /// substitutions it accepts listed as spelling variants, apart from real errors. Repeatable.
    #[arg(long)]
    manifest: Vec<PathBuf>,
    /// The HTML file to write (atomically).
    #[arg(long)]
    out: PathBuf,
    /// Also write every chart as PNG into this folder (created if needed): slice-NAME.png per slice,
    /// d4-tokens-per-word.png; the same charts the report inlines, rendered with the system's fonts.
    #[arg(long, value_name = "DIR")]
    png: Option<PathBuf>,
    /// The report's title.
    #[arg(long, default_value = "Uraikal report")]
    title: String,
}

/// Runs `uraikal report`.
pub fn run(args: ReportArgs) -> Result<ExitCode> {
    let mut input = uraikal_report::Input::default();
    let mut options = ScoreOptions::default();
    for path in &args.results {
        let document = read_json(path)?;
        let kind = input.add_document(&document).with_context(|| path.display().to_string())?;
        eprintln!("{}: {kind} results", path.display());
        // The comparisons resample as the scoring did (its replicates and seed).
        if let Some(b) = document.as_array().and_then(|r| r.first()).and_then(|r| r.get("bootstrap")) {
            if let (Some(replicates), Some(seed)) = (b["replicates"].as_u64(), b["seed"].as_u64()) {
                options = ScoreOptions { bootstrap: replicates as usize, seed };
            }
        }
    }
    let mut systems: Vec<(String, PathBuf, Vec<uraikal_io::Record<Value>>)> = Vec::new();
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
        systems.push((system, path, records));
    }
    if !args.manifest.is_empty() {
        let manifests = uraikal_asr::manifest::read_manifests(&args.manifest)?;
        for u in manifests.utterances {
            if let Some(lattice) = u.lattice {
                input.add_lattice(&u.id, lattice);
            }
        }
    }
    significance(&mut input, &systems, options)?;
    if input.results.is_empty() && input.d4.is_empty() {
        bail!("no results to report");
    }
    let html = uraikal_report::render(&input, &args.title);
    uraikal_io::write_atomic(&args.out, html.as_bytes())?;
    println!("report: {}", args.out.display());
    if let Some(dir) = &args.png {
        write_pngs(&input, dir)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The paired-significance matrix: `compare` (SPEC S10) on every ordered pair of systems whose alignment files
/// cover the same utterances in the same order, from the per-utterance counts those files carry.
fn significance(
    input: &mut uraikal_report::Input,
    systems: &[(String, PathBuf, Vec<uraikal_io::Record<Value>>)],
    options: ScoreOptions,
) -> Result<()> {
    if systems.len() < 2 {
        return Ok(());
    }
    let mut scored = Vec::new();
    for (system, path, records) in systems {
        let counts = |r: &uraikal_io::Record<Value>, field: &str| -> Result<Counts> {
            let c = &r.value[field];
            let n = |k: &str| {
                c[k].as_u64()
                    .map(|n| n as usize)
                    .ok_or_else(|| anyhow!("{}:{}: missing count {field}.{k}", path.display(), r.line))
            };
            Ok(Counts {
                hits: n("hits")?,
                substitutions: n("substitutions")?,
                deletions: n("deletions")?,
                insertions: n("insertions")?,
            })
        };
        let mut utterances = Vec::with_capacity(records.len());
        for r in records {
            utterances.push(UtteranceScore {
                word: counts(r, "word")?,
                char: counts(r, "char")?,
                missing: r.value["missing"].as_bool().unwrap_or(false),
                ..UtteranceScore::default()
            });
        }
        let members = members_of_slices(records.iter().map(|r| r.value["slice"].as_str().unwrap_or("")));
        let ids: Vec<&str> = records.iter().map(|r| r.value["id"].as_str().unwrap_or("")).collect();
        let scores = aggregate(&members, utterances, &[], Vec::new(), options);
        scored.push((system, ids, members, scores));
    }
    for (a, ids_a, members, scores_a) in &scored {
        for (b, ids_b, _, scores_b) in &scored {
            if a == b {
                continue;
            }
            if ids_a != ids_b {
                eprintln!("report: {a} and {b} were not aligned on the same utterances: not compared");
                continue;
            }
            let rows = compare(members, scores_a, scores_b)?;
            input.add_comparison(a, b, &serde_json::to_value(&rows)?).map_err(|e| anyhow!("{e}"))?;
        }
    }
    Ok(())
}

/// `--png DIR`: each chart rendered to DIR/STEM.png (atomically, one file at a time).
fn write_pngs(input: &uraikal_report::Input, dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("--png {}: cannot create the folder", dir.display()))?;
    let renderer = uraikal_report::PngRenderer::new();
    if renderer.tamil_font().is_none() {
        eprintln!(
            "report: no Tamil font found (e.g. Debian's fonts-lohit-taml): Tamil labels in the PNGs show as boxes"
        );
    }
    let charts = uraikal_report::charts(input);
    for (stem, svg) in &charts {
        let png = renderer.render(svg).map_err(|e| anyhow!("{stem}: {e}"))?;
        uraikal_io::write_atomic(&dir.join(format!("{stem}.png")), &png)?;
    }
    println!("png: {} charts in {}", charts.len(), dir.display());
    Ok(())
}

fn read_json(path: &Path) -> Result<Value> {
    let text = uraikal_io::read_utf8(path)?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{}:{}: not JSON: {e}", path.display(), e.line()))
}
