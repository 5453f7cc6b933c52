//! `uraikal oiwer`: OIWER of one hypothesis against a lattice reference, or of a JSONL batch (in parallel),
//! in the `vimarsha` or `uraikal` mode (SPEC L).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use uraikal_metrics::lattice::batch::{oiwer_lines, Defaults, OiwerBatch, OiwerRecord, Records};
use uraikal_metrics::lattice::{oiwer, Language, Lattice, Mode, Reading};

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
    /// The OIWER mode; default uraikal for Tamil, vimarsha otherwise.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Print the single result as JSON.
    #[arg(long)]
    json: bool,
    /// Batch input: JSONL records {"id", "language", "hypothesis", "reference"} (`-` for stdin); JSONL
    /// results on stdout.
    #[arg(long, conflicts_with_all = ["hypothesis", "reference"])]
    input: Option<PathBuf>,
    /// Write the batch results to this file (atomically) instead of stdout.
    #[arg(long, requires = "input")]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = args.mode;
    if let Some(input) = &args.input {
        return batch(input, args.output.as_deref(), args.language.as_deref(), mode);
    }
    let (Some(language), Some(hypothesis), Some(reference)) = (&args.language, &args.hypothesis, &args.reference)
    else {
        bail!("give --language, --hypothesis and --reference (or --input FILE.jsonl)");
    };
    let language = Language::parse(language)?;
    let mode = mode.unwrap_or(Mode::default_for(language));
    let lattice = Lattice::read(reference, Reading::for_mode(mode)).map_err(|e| anyhow!("--reference: {e}"))?;
    let result = oiwer(hypothesis, &lattice, language, mode)?;
    if args.json {
        crate::common::print_json_pretty(&OiwerRecord::new(None, &result.view(), mode))?;
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
        for ((op, hyp), reference) in
            result.operations.iter().zip(&result.hypothesis_alignment).zip(&result.reference_alignment)
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
/// `--input`: read in blocks of whole lines, each scored in parallel and in order. Nothing is written unless
/// every record is scored (SPEC L6): `--output` is written as the blocks are scored into a temporary file
/// put in place at the end; stdout gets the records once all are scored.
fn batch(input: &Path, output: Option<&Path>, language: Option<&str>, mode: Option<Mode>) -> Result<ExitCode> {
    let defaults = Defaults { language: language.map(Language::parse).transpose().context("--language")?, mode };
    let mut file = output.map(uraikal_io::AtomicFile::create).transpose()?;
    let mut batch = OiwerBatch::default();
    uraikal_io::for_each_block(input, |lines| -> Result<()> {
        let block =
            oiwer_lines(lines, defaults).map_err(|e| anyhow!("{}:{}: {}", input.display(), e.line, e.message))?;
        match &mut file {
            Some(file) => {
                block.records.chunks().try_for_each(|chunk| file.write(chunk))?;
                batch.append(OiwerBatch { records: Records::default(), ..block });
            }
            None => batch.append(block),
        }
        Ok(())
    })?;
    match file {
        Some(file) => file.commit()?,
        None => {
            let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            batch.records.write_to(&mut stdout)?;
            stdout.flush()?;
        }
    }
    if let Some(corpus) = batch.percent() {
        // One write: stderr is unbuffered, and `eprintln!` writes each piece of its format on its own (seven
        // writes, each a wake-up for a reader of the pipe).
        let line = format!("corpus OIWER {corpus:.2}% over {} utterances (Σ errors ÷ Σ N)\n", batch.utterances);
        std::io::stderr().write_all(line.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}
