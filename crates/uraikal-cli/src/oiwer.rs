//! `uraikal oiwer`: OIWER of one hypothesis against a lattice reference, or of a JSONL batch (in parallel),
//! in the `vimarsha` or `uraikal` mode (SPEC L).

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use uraikal_metrics::lattice::{oiwer, oiwer_groups, Language, Lattice, Mode, Oiwer};

/// Arguments of `uraikal oiwer`.
#[derive(clap::Args)]
pub struct Args {
    /// Language code or name (ta, tamil, hi, …; the 22 scheduled languages). In batch mode, the default
    /// for records without "language".
    #[arg(long)]
    language: Option<String>,
    /// The hypothesis text.
    #[arg(long)]
    hypothesis: Option<String>,
    /// The reference lattice: nested JSON ([["a", "b"], ["c"]]) or the brace string ({a | b} {c}).
    #[arg(long)]
    reference: Option<String>,
    /// vimarsha (Vimarsha's exact numbers) or uraikal (one DP over the whole lattice: optional groups,
    /// compounds, case, digits); default uraikal for Tamil, vimarsha otherwise.
    #[arg(long)]
    mode: Option<String>,
    /// Print the single result as JSON.
    #[arg(long)]
    json: bool,
    /// Batch input: JSONL records {"id", "language", "hypothesis", "reference"}; JSONL results on stdout.
    #[arg(long, conflicts_with_all = ["hypothesis", "reference"])]
    input: Option<PathBuf>,
    /// Write the batch results to this file (atomically) instead of stdout.
    #[arg(long, requires = "input")]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = match &args.mode {
        Some(name) => Some(
            Mode::parse(name)
                .ok_or_else(|| anyhow!("unknown --mode {name:?}: expected vimarsha or uraikal"))?,
        ),
        None => None,
    };
    if let Some(input) = &args.input {
        return batch(
            input,
            args.output.as_deref(),
            args.language.as_deref(),
            mode,
        );
    }
    let (Some(language), Some(hypothesis), Some(reference)) =
        (&args.language, &args.hypothesis, &args.reference)
    else {
        bail!("give --language, --hypothesis and --reference (or --input FILE.jsonl)");
    };
    let language = Language::parse(language)?;
    let mode = mode.unwrap_or(Mode::default_for(language));
    let lattice = Lattice::parse(reference).context("--reference")?;
    let result = oiwer(hypothesis, &lattice, language, mode)?;
    if args.json {
        crate::common::print_json_pretty(&Output::new(None, &result, mode))?;
    } else {
        println!(
            "OIWER {:.2}% ({} mode): {} insertions, {} deletions, {} substitutions, N = {}",
            result.percent(),
            mode,
            result.insertions,
            result.deletions,
            result.substitutions,
            result.reference_words
        );
        for ((op, hyp), reference) in result
            .operations
            .iter()
            .zip(&result.hypothesis_alignment)
            .zip(&result.reference_alignment)
        {
            println!("{}  {:<24} {}", op.as_str(), show(hyp), show(reference));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn show(word: &str) -> &str {
    if word.is_empty() {
        "-"
    } else {
        word
    }
}

/// One batch record, borrowed from the line where it can be.
#[derive(Deserialize)]
struct Record<'a> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    language: Option<Cow<'a, str>>,
    #[serde(borrow)]
    hypothesis: Cow<'a, str>,
    #[serde(borrow)]
    reference: &'a RawValue,
}

#[derive(Serialize)]
struct Output<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a RawValue>,
    mode: &'static str,
    oiwer_percent: f64,
    insertions: usize,
    deletions: usize,
    substitutions: usize,
    reference_words: usize,
    hypothesis_alignment: &'a [String],
    reference_alignment: &'a [String],
    operations: Vec<&'static str>,
}

impl<'a> Output<'a> {
    fn new(id: Option<&'a RawValue>, result: &'a Oiwer, mode: Mode) -> Output<'a> {
        Output {
            id,
            mode: mode.as_str(),
            oiwer_percent: result.percent(),
            insertions: result.insertions,
            deletions: result.deletions,
            substitutions: result.substitutions,
            reference_words: result.reference_words,
            hypothesis_alignment: &result.hypothesis_alignment,
            reference_alignment: &result.reference_alignment,
            operations: result.operations.iter().map(|op| op.as_str()).collect(),
        }
    }
}

fn batch(
    input: &Path,
    output: Option<&Path>,
    language: Option<&str>,
    mode: Option<Mode>,
) -> Result<ExitCode> {
    let fallback = language
        .map(Language::parse)
        .transpose()
        .context("--language")?;
    let text = uraikal_io::read_utf8(input)?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l))
        .collect();
    let scored: Vec<Result<(Vec<u8>, usize, usize), (usize, String)>> = lines
        .par_iter()
        .map(|&(line, json)| score_line(json, fallback, mode).map_err(|message| (line, message)))
        .collect();
    let (mut errors, mut words) = (0, 0);
    for item in &scored {
        match item {
            Ok((_, e, n)) => (errors, words) = (errors + e, words + n),
            Err((line, message)) => bail!("{}:{line}: {message}", input.display()),
        }
    }
    let records = scored.into_iter().flatten().map(|(bytes, _, _)| bytes);
    match output {
        Some(path) => uraikal_io::write_atomic(path, &records.flatten().collect::<Vec<u8>>())?,
        None => {
            let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            for bytes in records {
                stdout.write_all(&bytes)?;
            }
            stdout.flush()?;
        }
    }
    if words > 0 {
        let corpus = errors as f64 / words as f64 * 100.0;
        eprintln!(
            "corpus OIWER {corpus:.2}% over {} utterances (Σ errors ÷ Σ N)",
            lines.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn score_line(
    json: &str,
    fallback: Option<Language>,
    mode: Option<Mode>,
) -> Result<(Vec<u8>, usize, usize), String> {
    let record: Record<'_> =
        serde_json::from_str(json).map_err(|e| format!("invalid JSON record: {e}"))?;
    let language = match &record.language {
        Some(name) => Language::parse(name).map_err(|e| e.to_string())?,
        None => fallback.ok_or("the record has no \"language\" and no --language was given")?,
    };
    let mode = mode.unwrap_or(Mode::default_for(language));
    // The common shape (a list of lists of strings) is read without building a Lattice; anything else
    // goes through Lattice for its error message or its string form.
    let raw = record.reference.get();
    // Strings without escapes are borrowed from the line; any other shape takes the general path.
    let result = match serde_json::from_str::<Vec<Vec<&str>>>(raw) {
        Ok(groups) => oiwer_groups(&record.hypothesis, &groups, language, mode),
        Err(_) => {
            let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| e.to_string())?;
            let lattice = match &value {
                serde_json::Value::String(text) => Lattice::parse(text),
                other => Lattice::from_json(other),
            }
            .map_err(|e| e.to_string())?;
            oiwer(&record.hypothesis, &lattice, language, mode)
        }
    }
    .map_err(|e| e.to_string())?;
    let mut bytes = Vec::with_capacity(json.len() + 256);
    serde_json::to_writer(
        &mut bytes,
        &Output::new(record.id.filter(|id| id.get() != "null"), &result, mode),
    )
    .map_err(|e| e.to_string())?;
    bytes.push(b'\n');
    Ok((bytes, result.errors(), result.reference_words))
}
