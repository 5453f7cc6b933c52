//! `uraikal`: the command line of the Uraikal benchmark and Tamil text library.
//!
//! One module per subcommand, each a thin layer over a library call: argument parsing, tables, JSON output
//! and exit codes live here, logic lives in the library crates. Exit codes: 0 success, 1 a check that was
//! run failed, 2 bad input or usage (clap's own usage errors are 2 as well).

mod common;

/// Scoring allocates many short strings (normalised texts, words, unit ids) on every thread; mimalloc's
/// thread-local free lists make that markedly cheaper than glibc malloc (docs/perf.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// --- area: text (issue 2) ---
mod text;

// --- area: numbers (issue 3) ---
mod numbers;

// --- area: score (issue 4) ---
mod compare;
mod demo;
mod score;

// --- area: graphemes (issue 5) ---
mod compose;
mod distance;
mod evaluate;
mod graphemes;

// --- area: lattices (issue 6) ---
mod build_lattices;
mod oiwer;

// --- area: transcribe (issue 9) ---
mod transcribe;

// --- area: d4 (issue 7) ---
mod tokenizers;

// --- area: prep (issue 8) ---
mod prep;

// --- area: yaappu (issue 11) ---
mod yaappu;

// --- area: tn (issue 12) ---
mod tn;

// --- area: tasks (issue 22) ---
mod tasks;

// --- area: parity (issue 26) ---
mod evaluate_peers;
mod text_parity;

// --- area: house (issue 18) ---
mod version;

// --- area: tokenizer training (issue 21) ---
mod tokenizers_build;

// --- area: legacy (issue 19) ---
mod legacy;

// --- area: quality (issue 20) ---
mod quality;

// --- area: web (issue 25) ---
mod report;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Uraikal (உரைகல், "touchstone"): a benchmark for Tamil models and the Tamil text library it scores with.
#[derive(Parser)]
#[command(name = "uraikal", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Each area adds its variants and match arms below its own marker comment, so that parallel work merges
// without conflicts. Keep one blank line between areas.
#[derive(Subcommand)]
enum Command {
    // --- area: text (issue 2) ---
    /// Tamil text: letters, length, clean, normalize, share.
    #[command(subcommand)]
    Text(text::TextCommand),

    // --- area: numbers (issue 3) ---
    /// Tamil numbers: words (spoken and written) ⇄ digits, Tamil numerals.
    #[command(subcommand)]
    Numbers(numbers::NumbersCommand),

    // --- area: score (issue 4) ---
    /// Score a system's hypotheses on A1 manifests: corpus WER/CER per slice, macro average, bootstrap CIs.
    Score(score::ScoreArgs),
    /// Paired bootstrap test of two systems' hypotheses on the same manifests.
    Compare(compare::CompareArgs),
    /// Run the benchmark demo on data embedded in the binary (example hypotheses) and print the leaderboard.
    Demo(demo::DemoArgs),

    // --- area: graphemes (issue 5) ---
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

    // --- area: lattices (issue 6) ---
    /// OIWER of a hypothesis against a lattice reference (or a JSONL batch).
    Oiwer(oiwer::Args),
    /// Candidate lattices from several hypotheses per record (JSONL in, JSONL out).
    BuildLattices(build_lattices::Args),

    // --- area: d4 (issue 7) ---
    /// Track D4: how tokenizers handle Tamil (tokens per word, letter, pre-tokenizer and byte cuts, …).
    Tokenizers(tokenizers::TokenizersArgs),

    // --- area: prep (issue 8) ---
    /// Build A1 manifests and D4 passage sets from local copies of the corpora.
    Prep(prep::PrepArgs),

    // --- area: transcribe (issue 9) ---
    /// Transcribe manifests with a Whisper model (whisper.cpp), resumable and shardable.
    Transcribe(transcribe::TranscribeArgs),
    /// Join hypothesis files (shards of one run) and report duplicates and gaps.
    MergeHyps(transcribe::MergeHypsArgs),

    // --- area: yaappu (issue 11) ---
    /// Tamil prosody: scan a verse for அசை, சீர், தளை and metre.
    Yaappu(yaappu::YaappuArgs),

    // --- area: tn (issue 12) ---
    /// Text normalisation for speech: numbers, dates, money, units, times, phone numbers into spoken Tamil.
    Tn(tn::TnArgs),

    // --- area: tasks (issue 22) ---
    /// Practice tasks for reinforcement learning: seeded Tamil task families with exact verifiers.
    #[command(subcommand)]
    Tasks(tasks::TasksCommand),

    /// Print the versions that result records carry (benchmark, normaliser, Unicode) and the program's.
    Version(version::Args),

    // --- area: legacy (issue 19) ---
    /// Legacy Tamil font encodings (Bamini, TSCII, …): list, decode, encode, detect.
    Legacy(legacy::LegacyArgs),

    // --- area: quality (issue 20) ---
    /// Tamil text quality: signals, keep/repair/drop with reasons, repaired text.
    Quality(quality::QualityArgs),
    /// Register: literary, formal, spoken, tanglish or code-mixed (and `register train`).
    Register(quality::RegisterArgs),

    // --- area: web (issue 25) ---
    /// One self-contained HTML report (inline SVG charts) of result files, alignments and D4 results.
    Report(report::ReportArgs),
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        // --- area: text (issue 2) ---
        Command::Text(command) => {
            text::run(command)?;
            Ok(ExitCode::SUCCESS)
        }

        // --- area: numbers (issue 3) ---
        Command::Numbers(command) => numbers::run(command),

        // --- area: score (issue 4) ---
        Command::Score(args) => score::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Demo(args) => demo::run(args),

        // --- area: graphemes (issue 5) ---
        Command::Graphemes(args) => graphemes::run(args),
        Command::Evaluate(args) => evaluate::run(args),
        Command::Distance(args) => distance::run(args),
        Command::Decompose(args) => compose::run(args, true),
        Command::Compose(args) => compose::run(args, false),

        // --- area: lattices (issue 6) ---
        Command::Oiwer(args) => oiwer::run(args),
        Command::BuildLattices(args) => build_lattices::run(args),

        // --- area: d4 (issue 7) ---
        Command::Tokenizers(args) => tokenizers::run(args),

        // --- area: prep (issue 8) ---
        Command::Prep(args) => prep::run(args),

        // --- area: transcribe (issue 9) ---
        Command::Transcribe(args) => transcribe::run_transcribe(args),
        Command::MergeHyps(args) => transcribe::run_merge_hyps(args),

        // --- area: yaappu (issue 11) ---
        Command::Yaappu(args) => yaappu::run(args),

        // --- area: tn (issue 12) ---
        Command::Tn(args) => tn::run(args),

        // --- area: tasks (issue 22) ---
        Command::Tasks(command) => tasks::run(command),

        Command::Version(args) => version::run(args),

        // --- area: legacy (issue 19) ---
        Command::Legacy(args) => legacy::run(args),

        // --- area: quality (issue 20) ---
        Command::Quality(args) => quality::run_quality(args),
        Command::Register(args) => quality::run_register(args),

        // --- area: web (issue 25) ---
        Command::Report(args) => report::run(args),
    }
}

fn main() -> ExitCode {
    common::die_quietly_on_closed_pipe();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => common::report(err),
    }
}
