//! `uraikal tokenizers train` and `uraikal tokenizers extend` (issue 21), and the `--parallel` file of
//! `uraikal tokenizers`: argument handling and printing around uraikal-d4's train, extend and corpus.

use std::collections::{HashMap, HashSet};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use uraikal_d4::train::{train, Model, TrainOptions};
use uraikal_d4::Passage;

use crate::tokenizers::{evaluate, load_tokenizers, read_passages, table};

/// The English side of each passage: by id from a D4 passage file, or line by line from plain text.
pub fn read_parallel(file: &Path, passages: &[Passage]) -> Result<HashMap<String, String>> {
    let text = uraikal_io::read_utf8(file)?;
    let jsonl = text.trim_start().starts_with('{');
    if jsonl {
        let records = uraikal_io::parse_jsonl_str::<Passage>(file, &text)?;
        let mut out = HashMap::new();
        for r in records {
            if out.insert(r.value.id.clone(), r.value.text).is_some() {
                let message = format!("duplicate passage id {:?}", r.value.id);
                return Err(uraikal_io::Error::invalid(file, Some(r.line), message).into());
            }
        }
        let ids: HashSet<&str> = passages.iter().map(|p| p.id.as_str()).collect();
        if !out.keys().any(|id| ids.contains(id.as_str())) {
            bail!("{}: no passage id pairs with the --data passages", file.display());
        }
        return Ok(out);
    }
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != passages.len() {
        bail!(
            "{}: {} lines for {} passages (plain text pairs line by line)",
            file.display(),
            lines.len(),
            passages.len()
        );
    }
    Ok(passages.iter().zip(lines).map(|(p, l)| (p.id.clone(), l.to_string())).collect())
}

#[derive(Clone, Copy, ValueEnum)]
enum ModelArg {
    Bpe,
    Unigram,
}

/// Arguments of `uraikal tokenizers train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Training text: D4 passages (.jsonl), Parquet (.parquet, see --column) or plain text (a passage a line).
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The Parquet column holding the text.
    #[arg(long, default_value = "text")]
    column: String,
    /// Vocabulary size, special and byte tokens included.
    #[arg(long)]
    vocab_size: usize,
    /// The model to train.
    #[arg(long, value_enum, default_value = "bpe")]
    model: ModelArg,
    /// Byte-level tokens (GPT-2 style) instead of characters with byte fallback.
    #[arg(long)]
    byte_level: bool,
    /// The grapheme-safe pre-tokenizer (the default; see --gpt2-pretok).
    #[arg(long, conflicts_with = "gpt2_pretok")]
    grapheme_safe: bool,
    /// GPT-2's split pattern instead, which cuts Tamil letters apart (for comparison).
    #[arg(long)]
    gpt2_pretok: bool,
    /// BPE: merge only pairs seen at least this often.
    #[arg(long, default_value_t = 2)]
    min_frequency: u64,
    /// Special tokens, given the first ids.
    #[arg(long, num_args = 1..)]
    special_tokens: Vec<String>,
    /// Recorded seed (the trainers draw no numbers from it: BPE is deterministic, Unigram nearly; SPEC D7).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Where to write tokenizer.json (atomically).
    #[arg(long)]
    out: PathBuf,
    /// Held-out D4 passages to measure the trained tokenizer on; the results go beside it (.d4.json).
    #[arg(long, num_args = 1..)]
    eval: Vec<PathBuf>,
}

fn spinner(message: &str) -> ProgressBar {
    let bar = if std::io::stderr().is_terminal() { ProgressBar::new_spinner() } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"));
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar.set_message(message.to_string());
    bar
}

/// Runs `uraikal tokenizers train`.
pub fn run_train(args: TrainArgs) -> Result<ExitCode> {
    let texts = uraikal_d4::corpus::read_texts(&args.data, &args.column)?;
    let options = TrainOptions {
        model: match args.model {
            ModelArg::Bpe => Model::Bpe,
            ModelArg::Unigram => Model::Unigram,
        },
        vocab_size: args.vocab_size,
        byte_level: args.byte_level,
        grapheme_safe: !args.gpt2_pretok,
        min_frequency: args.min_frequency,
        special_tokens: args.special_tokens.clone(),
        seed: args.seed,
    };
    let bar = spinner("reading");
    let json = train(&texts, &options, &|stage| bar.set_message(stage.to_string()));
    bar.finish_and_clear();
    let json = json?;
    uraikal_io::write_atomic(&args.out, json.as_bytes())?;
    eprintln!("wrote {} (trained on {} passages)", args.out.display(), texts.len());
    if !args.eval.is_empty() {
        measure_beside(&args.out, &args.eval)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Measures a written tokenizer with D4 on held-out passages, prints the table and writes the results
/// beside it (`x.json` → `x.d4.json`).
fn measure_beside(tokenizer: &Path, eval: &[PathBuf]) -> Result<()> {
    let (passages, data) = read_passages(eval)?;
    let (tokenizers, skipped) = load_tokenizers(&[tokenizer.display().to_string()], false);
    let report = evaluate(&tokenizers, skipped, &passages, data, Default::default());
    let stem = tokenizer.to_string_lossy();
    let stem = stem.strip_suffix(".json").unwrap_or(&stem);
    let results = PathBuf::from(format!("{stem}.d4.json"));
    uraikal_io::write_atomic(&results, &serde_json::to_vec_pretty(&report)?)?;
    print!("{}", table(&report));
    eprintln!("wrote {}", results.display());
    Ok(())
}

/// Arguments of `uraikal tokenizers extend`.
#[derive(Args)]
pub struct ExtendArgs {
    /// The tokenizer to extend: tokenizer.json(.gz), .tiktoken, SentencePiece .model, or a folder.
    base: String,
    /// Tamil text: D4 passages (.jsonl), Parquet (.parquet, see --column) or plain text.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// The Parquet column holding the text.
    #[arg(long, default_value = "text")]
    column: String,
    /// How many Tamil tokens to add.
    #[arg(long)]
    add: usize,
    /// Merge only pairs seen at least this often.
    #[arg(long, default_value_t = 2)]
    min_frequency: u64,
    /// The folder to write tokenizer.json and new_tokens.json into.
    #[arg(long)]
    out: PathBuf,
}

/// Runs `uraikal tokenizers extend`.
pub fn run_extend(args: ExtendArgs) -> Result<ExitCode> {
    let texts = uraikal_d4::corpus::read_texts(&args.data, &args.column)?;
    let base = uraikal_d4::load(&args.base)?;
    let options = uraikal_d4::extend::ExtendOptions { add: args.add, min_frequency: args.min_frequency };
    let bar = spinner("reading");
    let extended = uraikal_d4::extend::extend(&base, &texts, &options, &|stage| bar.set_message(stage.to_string()));
    bar.finish_and_clear();
    let extended = extended?;
    let new_tokens = serde_json::to_vec_pretty(&extended.new_tokens)?;
    uraikal_io::write_atomic(&args.out.join("tokenizer.json"), extended.tokenizer_json.as_bytes())?;
    uraikal_io::write_atomic(&args.out.join("new_tokens.json"), &new_tokens)?;
    eprintln!(
        "wrote {} ({} Tamil tokens added to {}'s {}{})",
        args.out.display(),
        extended.new_tokens.len(),
        base.name,
        base.vocab_size(),
        if extended.pre_tokenizer_patched { "; pre-tokenizer made grapheme-safe for Tamil" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}

/// What the demo says about the tokenizer it trains.
pub const DEMO_TRAINED_NOTE: &str =
    "uraikal-bpe is trained by `uraikal tokenizers train` (BPE, at most 4,000 tokens, grapheme-safe) on kurals\n\
     1–1000 as the demo starts: it has seen three quarters of these passages, so its figures are optimistic.";

/// The tokenizer the demo trains on the first 1,000 kurals, as `tokenizers train` would.
pub fn demo_trained(kurals: &[Passage]) -> Result<uraikal_d4::Loaded> {
    let texts: Vec<String> = kurals.iter().take(1000).map(|p| p.text.clone()).collect();
    let options = TrainOptions { vocab_size: 4000, ..TrainOptions::new(Model::Bpe) };
    let json = train(&texts, &options, &|_| {})?;
    let loaded = uraikal_d4::Loaded::from_json("uraikal-bpe", "trained:kurals 1-1000", None, json.as_bytes())?;
    Ok(loaded)
}
