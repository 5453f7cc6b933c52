//! `uraikal`: the command line of the Uraikal benchmark and Tamil text library.
//!
//! One module per subcommand, each a thin layer over a library call: argument parsing, tables, JSON output
//! and exit codes live here, logic lives in the library crates. Exit codes: 0 success, 1 a check that was
//! run failed, 2 bad input or usage (clap's own usage errors are 2 as well).

mod common;
// --- area: text (issue 2) ---
mod text;

// --- area: graphemes (issue 5) ---
mod graphemes;

// --- area: lattices (issue 6) ---
mod build_lattices;
mod oiwer;

// --- area: transcribe (issue 9) ---
mod transcribe;

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

    // --- area: score (issue 4) ---

    // --- area: graphemes (issue 5) ---
    /// Split text into grapheme clusters (Unicode 17 plus the Tamil and Sinhala folds).
    Graphemes(graphemes::GraphemesArgs),

    // --- area: lattices (issue 6) ---
    /// OIWER of a hypothesis against a lattice reference (or a JSONL batch).
    Oiwer(oiwer::Args),
    /// Candidate lattices from several hypotheses per record (JSONL in, JSONL out).
    BuildLattices(build_lattices::Args),

    // --- area: d4 (issue 7) ---

    // --- area: prep (issue 8) ---

    // --- area: transcribe (issue 9) ---
    /// Transcribe manifests with a Whisper model (whisper.cpp), resumable and shardable.
    Transcribe(transcribe::TranscribeArgs),
    /// Join hypothesis files (shards of one run) and report duplicates and gaps.
    MergeHyps(transcribe::MergeHypsArgs),

    // --- area: yaappu (issue 11) ---

    // --- area: tn (issue 12) ---

    /// Print the versions that result records carry.
    Version,
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        // --- area: text (issue 2) ---
        Command::Text(command) => {
            text::run(command)?;
            Ok(ExitCode::SUCCESS)
        }

        // --- area: numbers (issue 3) ---

        // --- area: score (issue 4) ---

        // --- area: graphemes (issue 5) ---
        Command::Graphemes(args) => graphemes::run(args),

        // --- area: lattices (issue 6) ---
        Command::Oiwer(args) => oiwer::run(args),
        Command::BuildLattices(args) => build_lattices::run(args),

        // --- area: d4 (issue 7) ---

        // --- area: prep (issue 8) ---

        // --- area: transcribe (issue 9) ---
        Command::Transcribe(args) => transcribe::run_transcribe(args),
        Command::MergeHyps(args) => transcribe::run_merge_hyps(args),

        // --- area: yaappu (issue 11) ---

        // --- area: tn (issue 12) ---

        Command::Version => {
            println!("uraikal {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => common::report(err),
    }
}
