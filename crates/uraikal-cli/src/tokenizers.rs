//! `uraikal tokenizers`: Track D4, how tokenizers handle Tamil (a table, `--json`, results via `--out`),
//! and `uraikal tokenizers patch-pretok IN OUT` (the grapheme-safe pre-tokenizer).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
pub use uraikal_d4::{load_tokenizers, read_passages};
use uraikal_d4::{Input, Loaded, Passage, Record, Report, Skipped};
use uraikal_metrics::URAIKAL_VERSION;

use crate::common;

/// Arguments of `uraikal tokenizers`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct TokenizersArgs {
    #[command(subcommand)]
    action: Option<Action>,
    /// Passage files (d4_<slice>.jsonl: {"id","text","slice","source"}); default: the bundled Kural slice.
    #[arg(long, num_args = 1..)]
    data: Vec<PathBuf>,
    /// A tokenizer: tokenizer.json, tokenizer.json.gz, an OpenAI .tiktoken file, a SentencePiece .model,
    /// a folder holding one, or a Hugging Face repo id (with the `hub` feature). Repeatable; default: the
    /// six bundled tokenizers.
    #[arg(long = "tokenizer")]
    tokenizers: Vec<String>,
    /// Write the results document (JSON) here, atomically.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the results document as JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// Also measure each GPT-regex tokenizer with the grapheme-safe pre-tokenizer (as <name>+grapheme-safe).
    #[arg(long)]
    grapheme_safe: bool,
    /// English sides for parity: D4 passages whose ids pair with --data's, or text with one line per
    /// passage of --data, in order.
    #[arg(long)]
    parallel: Option<PathBuf>,
    /// The tokenizer the normalised sequence length (nsl) is measured against.
    #[arg(long)]
    base: Option<String>,
}

#[derive(Subcommand)]
enum Action {
    /// Rewrite a tokenizer.json's pre-tokenizer so that it never splits a letter from its marks.
    PatchPretok {
        /// tokenizer.json or tokenizer.json.gz to read.
        input: PathBuf,
        /// Where to write the patched tokenizer.json (gzipped if it ends in .gz).
        output: PathBuf,
    },
    /// Train a Tamil tokenizer (BPE or Unigram) on passages, Parquet or plain text.
    Train(crate::tokenizers_build::TrainArgs),
    /// Add Tamil tokens to an open tokenizer, keeping every base id and every non-Tamil encoding.
    Extend(crate::tokenizers_build::ExtendArgs),
}

/// Runs `uraikal tokenizers`.
pub fn run(args: TokenizersArgs) -> Result<ExitCode> {
    match args.action {
        Some(Action::Train(train)) => return crate::tokenizers_build::run_train(train),
        Some(Action::Extend(extend)) => return crate::tokenizers_build::run_extend(extend),
        _ => {}
    }
    if let Some(Action::PatchPretok { input, output }) = &args.action {
        uraikal_d4::patch_file(input, output)?;
        eprintln!("wrote {} (pre-tokenizer made grapheme-safe)", output.display());
        return Ok(ExitCode::SUCCESS);
    }
    let (passages, data) = read_passages(&args.data)?;
    let parallel = match &args.parallel {
        Some(file) => Some(crate::tokenizers_build::read_parallel(file, &passages)?),
        None => None,
    };
    let base = match &args.base {
        Some(spec) => Some(uraikal_d4::load(spec)?),
        None => None,
    };
    let against = uraikal_d4::Against { parallel: parallel.as_ref(), base: base.as_ref() };
    let (tokenizers, skipped) = load_tokenizers(&args.tokenizers, args.grapheme_safe);
    let report = evaluate(&tokenizers, skipped, &passages, data, against);
    if let Some(out) = &args.out {
        let json = serde_json::to_vec_pretty(&report)?;
        uraikal_io::write_atomic(out, &json)?;
    }
    if args.json {
        common::print_json_pretty(&report)?;
    } else {
        print!("{}", table(&report));
    }
    if report.results.is_empty() {
        bail!("no tokenizer could be measured");
    }
    Ok(ExitCode::SUCCESS)
}

/// Measures every tokenizer on every passage (`uraikal_d4::evaluate`, in parallel), with a progress bar on a
/// terminal.
pub fn evaluate(
    tokenizers: &[Loaded],
    skipped: Vec<Skipped>,
    passages: &[Passage],
    data: Vec<Input>,
    against: uraikal_d4::Against<'_>,
) -> Report {
    let total = (tokenizers.len() * passages.len()) as u64;
    let bar = if std::io::stderr().is_terminal() { ProgressBar::new(total) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} passages ({eta})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message("tokenizers");
    let report = uraikal_d4::evaluate(tokenizers, skipped, passages, data, against, &|n| bar.inc(n));
    bar.finish_and_clear();
    report
}

/// The readable table: one row per tokenizer × slice, then the skipped tokenizers.
pub fn table(report: &Report) -> String {
    let header = [
        "tokenizer",
        "vocab",
        "slice",
        "tokens/word",
        "bytes/token",
        "letter cut",
        "by pre-tok",
        "byte cut",
        "unk/1000",
        "round trip",
        "rényi",
        "parity",
        "nsl",
    ];
    let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{:.1}%", 100.0 * v));
    let num = |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let rows: Vec<Vec<String>> = report
        .results
        .iter()
        .map(|r| {
            let m = &r.metrics;
            vec![
                r.tokenizer.clone(),
                r.vocab_size.to_string(),
                r.slice.clone(),
                num(m.tokens_per_word, 2),
                num(m.bytes_per_token, 2),
                pct(m.letter_cut),
                pct(m.by_pretok),
                pct(m.byte_cut),
                num(m.unk_per_1000, 1),
                pct(m.round_trip),
                num(r.literature.renyi_efficiency, 3),
                num(r.literature.parity, 2),
                num(r.literature.nsl, 2),
            ]
        })
        .collect();
    // Parity and NSL only when asked for (--parallel, --base).
    let shown: Vec<bool> =
        (0..header.len()).map(|column| column < 11 || rows.iter().any(|row| row[column] != "-")).collect();
    let keep = |cells: Vec<String>| -> Vec<String> {
        cells.into_iter().zip(&shown).filter(|(_, &s)| s).map(|(c, _)| c).collect()
    };
    let header: Vec<String> = keep(header.map(String::from).to_vec());
    let rows: Vec<Vec<String>> = rows.into_iter().map(keep).collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| {
                let pad = " ".repeat(w - c.chars().count());
                // Names left-aligned, numbers right-aligned.
                if i == 0 || i == 2 {
                    format!("{c}{pad}")
                } else {
                    format!("{pad}{c}")
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = line(&header);
    out.push_str(&line(&widths.iter().map(|&w| "-".repeat(w)).collect::<Vec<_>>()));
    for row in &rows {
        out.push_str(&line(row));
    }
    for s in &report.skipped {
        out.push_str(&format!("skipped {} ({}): {}\n", s.tokenizer, s.source, s.reason));
    }
    out
}

/// Track D4 for `uraikal demo`: the bundled tokenizers (and their grapheme-safe variants) on the bundled
/// Kural passages, ranked by tokens per word, those that lose text last.
pub fn demo_board() -> Result<String> {
    let (passages, data) = read_passages(&[])?;
    let (mut tokenizers, skipped) = load_tokenizers(&[], true);
    tokenizers.push(crate::tokenizers_build::demo_trained(&passages)?);
    let mut report = evaluate(&tokenizers, skipped, &passages, data, Default::default());
    let loses_text = |r: &Record| r.counts.unk_tokens > 0 || r.metrics.round_trip != Some(1.0);
    let tokens_per_word = |r: &Record| r.metrics.tokens_per_word.unwrap_or(f64::INFINITY);
    report.results.sort_by(|a, b| {
        (loses_text(a), tokens_per_word(a)).partial_cmp(&(loses_text(b), tokens_per_word(b))).expect("no NaN")
    });
    let mut out = format!(
        "Uraikal demo · track D4 (how tokenizers handle Tamil) · benchmark {URAIKAL_VERSION}\n\
         The {} kurals embedded in the binary, with the six bundled tokenizers (+grapheme-safe: the same tokenizer\n\
         with the pre-tokenizer of `uraikal tokenizers patch-pretok`). Fewer tokens per word is better, but\n\
         tokenizers that lose text (unknown tokens, a failed round trip) rank last; every cut column is a share of\n\
         Tamil words cut inside a letter or a character (SPEC D2). Measure your own with `uraikal tokenizers`.\n\
         {}\n\n",
        passages.len(),
        crate::tokenizers_build::DEMO_TRAINED_NOTE
    );
    out.push_str(&table(&report));
    Ok(out)
}
