//! `uraikal`: the command line of the Uraikal benchmark and Tamil text library, as a library.
//!
//! [`run`] is the whole command: the `uraikal` binary (src/main.rs) and the Python wheel's `uraikal` console
//! script both call it, so every front end has the same subcommands, flags, output and exit codes.
//! One module per subcommand, each a thin layer over a library call: argument parsing, tables, JSON output
//! and exit codes live here, logic lives in the library crates. Exit codes: 0 success, 1 a check that was
//! run failed, 2 bad input or usage (clap's own usage errors are 2 as well).

mod common;

pub use common::die_quietly_on_closed_pipe;

mod build_lattices;
mod compare;
mod compose;
mod demo;
mod distance;
mod evaluate;
mod evaluate_jiwer;
mod evaluate_peers;
mod evaluate_spm;
mod evaluate_transforms;
mod graphemes;
mod legacy;
mod models;
mod numbers;
mod oiwer;
mod prep;
mod quality;
mod report;
mod score;
mod tasks;
mod text;
mod text_parity;
mod tn;
mod tokenizers;
mod tokenizers_build;
mod transcribe;
mod transcribe_run;
mod version;
mod yaappu;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Uraikal (உரைகல், "touchstone"): a benchmark for Tamil models and the Tamil text library it scores with.
#[derive(Parser)]
#[command(name = "uraikal", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Tamil text: letters, length, clean, normalize, share.
    #[command(subcommand)]
    Text(text::TextCommand),

    /// Tamil numbers: words (spoken and written) ⇄ digits, Tamil numerals.
    #[command(subcommand)]
    Numbers(numbers::NumbersCommand),

    /// Score a system's hypotheses on A1 manifests: corpus WER/CER per slice, macro average, bootstrap CIs.
    Score(score::ScoreArgs),
    /// Paired bootstrap test of two systems' hypotheses on the same manifests.
    Compare(compare::CompareArgs),
    /// Run the benchmark demo on data embedded in the binary (example hypotheses) and print the leaderboard.
    Demo(demo::DemoArgs),

    /// Split text into grapheme clusters (Unicode 17 plus the Tamil and Sinhala folds).
    Graphemes(graphemes::GraphemesArgs),
    /// CER, chrF, chrF++ and CharBLEU of REF and HYP (or of a JSONL file of pairs) on a unit.
    Evaluate(evaluate::EvaluateArgs),
    /// An edit distance or similarity of REF and HYP on a unit.
    Distance(distance::DistanceArgs),
    /// Tamil/Sinhala letters to consonant + virama + independent vowel (நிலுவை → ந்இல்உவ்ஐ).
    Decompose(compose::ComposeArgs),
    /// The inverse of decompose (ந்ஆர்இ → நாரி).
    Compose(compose::ComposeArgs),

    /// OIWER of a hypothesis against a lattice reference (or a JSONL batch).
    Oiwer(oiwer::Args),
    /// Candidate lattices from several hypotheses per record (JSONL in, JSONL out).
    BuildLattices(build_lattices::Args),

    /// Track D4: how tokenizers handle Tamil (tokens per word, letter, pre-tokenizer and byte cuts, …).
    Tokenizers(tokenizers::TokenizersArgs),

    /// Build A1 manifests and D4 passage sets from local copies of the corpora.
    Prep(prep::PrepArgs),

    /// Transcribe manifests with a Whisper model (whisper.cpp), resumable and shardable.
    Transcribe(transcribe::TranscribeArgs),
    /// Join hypothesis files (shards of one run) and report duplicates and gaps.
    MergeHyps(transcribe::MergeHypsArgs),
    /// Whisper models: convert CTranslate2 / transformers folders to ggml, describe a ggml file.
    #[command(subcommand)]
    Models(models::ModelsCommand),

    /// Tamil prosody: scan a verse for அசை, சீர், தளை and metre.
    Yaappu(yaappu::YaappuArgs),

    /// Text normalisation for speech: numbers, dates, money, units, times, phone numbers into spoken Tamil.
    Tn(tn::TnArgs),

    /// Practice tasks for reinforcement learning: seeded Tamil task families with exact verifiers.
    #[command(subcommand)]
    Tasks(tasks::TasksCommand),

    /// Print the versions that result records carry (benchmark, normaliser, Unicode) and the program's.
    Version(version::Args),

    /// Legacy Tamil font encodings (Bamini, TSCII, …): list, decode, encode, detect.
    Legacy(legacy::LegacyArgs),

    /// Tamil text quality: signals, keep/repair/drop with reasons, repaired text.
    Quality(quality::QualityArgs),
    /// Register: literary, formal, spoken, tanglish or code-mixed (and `register train`).
    Register(quality::RegisterArgs),

    /// One self-contained HTML report (inline SVG charts) of result files, alignments and D4 results.
    Report(report::ReportArgs),
}

fn dispatch(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Text(command) => {
            text::run(command)?;
            Ok(ExitCode::SUCCESS)
        }

        Command::Numbers(command) => numbers::run(command),

        Command::Score(args) => score::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Demo(args) => demo::run(args),

        Command::Graphemes(args) => graphemes::run(args),
        Command::Evaluate(args) => evaluate::run(args),
        Command::Distance(args) => distance::run(args),
        Command::Decompose(args) => compose::run(args, true),
        Command::Compose(args) => compose::run(args, false),

        Command::Oiwer(args) => oiwer::run(args),
        Command::BuildLattices(args) => build_lattices::run(args),

        Command::Tokenizers(args) => tokenizers::run(args),

        Command::Prep(args) => prep::run(args),

        Command::Transcribe(args) => transcribe::run_transcribe(args),
        Command::MergeHyps(args) => transcribe::run_merge_hyps(args),
        Command::Models(command) => models::run(command),

        Command::Yaappu(args) => yaappu::run(args),

        Command::Tn(args) => tn::run(args),

        Command::Tasks(command) => tasks::run(command),

        Command::Version(args) => version::run(args),

        Command::Legacy(args) => legacy::run(args),

        Command::Quality(args) => quality::run_quality(args),
        Command::Register(args) => quality::run_register(args),

        Command::Report(args) => report::run(args),
    }
}

/// Runs the `uraikal` command on `args` (the first item is the program name, as in `std::env::args_os`) and
/// returns its exit code: 0 success, 1 a check that was run failed, 2 bad input or usage. Usage errors, `--help`
/// and `--version` print as clap prints them and return clap's code instead of exiting the process.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            // clap's own printing (stdout for help/version, stderr for errors); a closed pipe is not an error here.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(err) => common::report(err),
    }
}
