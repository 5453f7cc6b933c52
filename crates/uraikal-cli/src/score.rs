//! `uraikal score`: score a system's hypotheses on A1 manifests, print the table (or JSON), write the
//! results file atomically; optionally per-utterance alignments and an error report (SPEC S).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use rayon::prelude::*;
use serde_json::json;
use uraikal_asr::hyps::{read_hypotheses, Hypotheses};
use uraikal_asr::manifest::{read_manifests, Manifests};
use uraikal_asr::report::{report, Confusions, Report};
use uraikal_asr::score::{align_pair, result_records, score, ResultRecord, ScoreOptions, DEFAULT_BOOTSTRAP, DEFAULT_SEED};

use crate::common::print_json_pretty;

/// Arguments of `uraikal score`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// Manifest(s): {"id","audio","text","slice"} per line.
    #[arg(long, num_args = 1.., required = true)]
    manifest: Vec<PathBuf>,
    /// Hypotheses: {"id","hyp"} per line.
    #[arg(long)]
    hyp: PathBuf,
    /// The system's name (used in the records and the default output path).
    #[arg(long)]
    system: String,
    /// Results file [default: results/<system>.json].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the result records as JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Bootstrap replicates for the confidence intervals (0: none; at most 1,000,000).
    #[arg(long, default_value_t = DEFAULT_BOOTSTRAP, value_parser = crate::common::parse_replicates)]
    bootstrap: usize,
    /// Bootstrap seed.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Also write per-utterance alignments (JSONL) to this file.
    #[arg(long)]
    alignments: Option<PathBuf>,
    /// Also print the most frequent word and letter confusions.
    #[arg(long)]
    report: bool,
    /// How many confusions of each kind the report lists.
    #[arg(long, default_value_t = 15)]
    top: usize,
}

/// A system name that is safe as a file name: letters, digits, `-`, `_`, `.`, `+`, not starting with `.`.
pub fn check_system_name(system: &str) -> Result<()> {
    let ok = !system.is_empty()
        && !system.starts_with('.')
        && system.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '+'));
    if !ok {
        bail!("--system {system:?}: use letters, digits, '-', '_', '.', '+' (it names the results file)");
    }
    Ok(())
}

/// True when two paths name the same file: equal once `.` components are dropped (`./results/x.json` and
/// `results/x.json`, whether or not `results/` exists yet), or equal once canonical (symlinks, `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    let lexical = |p: &Path| -> std::path::PathBuf { p.components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect() };
    if lexical(a) == lexical(b) {
        return true;
    }
    if let (Ok(x), Ok(y)) = (a.canonicalize(), b.canonicalize()) {
        return x == y;
    }
    let canonical = |p: &Path| {
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some(parent.canonicalize().ok()?.join(p.file_name()?))
    };
    matches!((canonical(a), canonical(b)), (Some(x), Some(y)) if x == y)
}

pub fn run(args: ScoreArgs) -> Result<ExitCode> {
    check_system_name(&args.system)?;
    let out = args.out.clone().unwrap_or_else(|| Path::new("results").join(format!("{}.json", args.system)));
    if args.alignments.as_deref().is_some_and(|a| same_file(a, &out)) {
        bail!("--alignments and the results file are the same path ({}): one would overwrite the other", out.display());
    }
    let (manifests, hypotheses) = rayon::join(|| read_manifests(&args.manifest), || read_hypotheses(&args.hyp));
    let (manifests, hypotheses) = (manifests?, hypotheses?);
    let options = ScoreOptions { bootstrap: args.bootstrap, seed: args.seed };
    let scores = score(&manifests, &hypotheses, options);
    let records = result_records(&scores, &manifests, &hypotheses, &args.system);

    // Everything is computed before anything is written: bad input leaves no file behind (SPEC S5.5).
    let mut results = serde_json::to_vec_pretty(&records)?;
    results.push(b'\n');
    let alignments = args.alignments.as_ref().map(|_| alignment_lines(&manifests, &hypotheses));
    let error_report = args.report.then(|| report(&manifests, &hypotheses, args.top));
    uraikal_io::write_atomic(&out, &results)?;
    if let (Some(path), Some(lines)) = (&args.alignments, &alignments) {
        uraikal_io::write_atomic(path, lines.as_bytes())?;
    }

    if args.json {
        match &error_report {
            Some(r) => print_json_pretty(&json!({ "records": records, "report": r }))?,
            None => print_json_pretty(&records)?,
        }
    } else {
        print!("{}", table(&records, &scores.extra));
        println!("results: {}", out.display());
        if let Some(path) = &args.alignments {
            println!("alignments: {}", path.display());
        }
        if let Some(r) = &error_report {
            print!("{}", render_report(r));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Per-utterance alignments, one JSON object a line, in manifest order (SPEC S11.1).
fn alignment_lines(manifests: &Manifests, hypotheses: &Hypotheses) -> String {
    let lines: Vec<String> = manifests
        .utterances
        .par_iter()
        .map(|u| {
            let hyp = hypotheses.by_id.get(&u.id).map(|(h, _)| h.as_str());
            let a = align_pair(&u.text, hyp.unwrap_or(""));
            let chunks = |al: &uraikal_metrics::align::Alignment| -> Vec<serde_json::Value> {
                al.chunks.iter().map(|c| json!([c.kind.as_str(), c.ref_start, c.ref_end, c.hyp_start, c.hyp_end])).collect()
            };
            let counts = |c: uraikal_metrics::align::Counts| {
                json!({"hits": c.hits, "substitutions": c.substitutions, "deletions": c.deletions, "insertions": c.insertions})
            };
            json!({
                "id": u.id,
                "slice": u.slice,
                "missing": hyp.is_none(),
                "reference": a.reference,
                "hypothesis": a.hypothesis,
                "word": counts(a.word.counts),
                "char": counts(a.char.counts),
                "word_chunks": chunks(&a.word),
                "char_chunks": chunks(&a.char),
            })
            .to_string()
        })
        .collect();
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "n/a".to_string(), |r| format!("{:.2}", r * 100.0))
}

fn interval(ci: Option<[f64; 2]>) -> String {
    ci.map_or_else(String::new, |[l, h]| format!("[{:.2}, {:.2}]", l * 100.0, h * 100.0))
}

/// The readable leaderboard table of one system's records.
pub fn table(records: &[ResultRecord], extra: &[String]) -> String {
    let mut out = String::new();
    let Some(first) = records.first() else { return out };
    let _ = writeln!(
        out,
        "{} · track {} · uraikal {} · normaliser {} · Unicode {} · bootstrap {} (seed {})",
        first.system, first.track, first.uraikal_version, first.normalizer_version, first.unicode_version, first.bootstrap.replicates, first.bootstrap.seed
    );
    let slices: Vec<&ResultRecord> = records.iter().filter(|r| r.aggregate != "macro" || records.len() > 2).collect();
    let width = slices.iter().map(|r| r.slice.chars().count()).max().unwrap_or(5).max(5);
    let pad = |s: &str| format!("{s}{}", " ".repeat(width - s.chars().count()));
    let with_oiwer = records.iter().any(|r| r.lattice.is_some());
    let _ = writeln!(
        out,
        "{}  utterances  missing   WER %  95 % CI           CER %  95 % CI           gCER %{}",
        pad("slice"),
        if with_oiwer { "  OIWER %" } else { "" }
    );
    for r in slices {
        let oiwer = match &r.lattice {
            Some(l) if with_oiwer => format!("  {:>7}", percent(l.oiwer)),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "{}  {:>10}  {:>7}  {:>6}  {:<16}  {:>6}  {:<16}  {:>6}{oiwer}",
            pad(&r.slice),
            r.utterances,
            r.missing,
            percent(r.wer),
            interval(r.wer_ci),
            percent(r.cer),
            interval(r.cer_ci),
            percent(r.grapheme_cer)
        );
    }
    if records.len() > 2 {
        let _ = writeln!(out, "macro = unweighted mean of the slices' rates");
    }
    let _ = writeln!(out, "CER: code points (the benchmark's); gCER: grapheme clusters, beside it");
    if let Some(l) = records.iter().rev().find_map(|r| r.lattice) {
        let _ = writeln!(
            out,
            "OIWER: against lattices ({} utterances; the others against their text), mode {}",
            l.lattice_utterances, l.oiwer_mode
        );
    }
    if !extra.is_empty() {
        let shown: Vec<&str> = extra.iter().take(5).map(String::as_str).collect();
        let more = if extra.len() > 5 { format!(", … ({} more)", extra.len() - 5) } else { String::new() };
        let _ = writeln!(out, "extra: {} hypotheses with ids in no manifest, not scored: {}{more}", extra.len(), shown.join(", "));
    }
    out
}

fn render_confusions(out: &mut String, title: &str, c: &Confusions) {
    let _ = writeln!(out, "\n{title}: substitutions (reference → hypothesis)");
    if c.substitutions.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for (r, h, n) in &c.substitutions {
        let _ = writeln!(out, "  {n:>6}  {r} → {h}");
    }
    let _ = writeln!(out, "{title}: deletions");
    if c.deletions.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for (r, n) in &c.deletions {
        let _ = writeln!(out, "  {n:>6}  {r}");
    }
    let _ = writeln!(out, "{title}: insertions");
    if c.insertions.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for (h, n) in &c.insertions {
        let _ = writeln!(out, "  {n:>6}  {h}");
    }
}

/// The `--report` text.
pub fn render_report(report: &Report) -> String {
    let mut out = String::new();
    render_confusions(&mut out, "words", &report.words);
    render_confusions(&mut out, "letters", &report.letters);
    out
}
