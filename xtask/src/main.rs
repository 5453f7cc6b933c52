//! `cargo xtask`: Uraikal's own automation (codegen, fixtures, tidy, version checks, releases, peer benchmarks).
//! Each task is a module; `cargo xtask help` lists them.

use anyhow::{bail, Result};

// Each area adds its `mod` line, help line and match arm below its own marker.
// --- area: text (issue 2) ---

// --- area: score (issue 4) ---

// --- area: graphemes (issue 5) ---
mod graphemes_tables;

// --- area: lattices (issue 6) ---

// --- area: d4 (issue 7) ---

// --- area: prep (issue 8) ---

// --- area: transcribe (issue 9) ---

// --- area: release (issue 10) ---

const HELP: &[&str] = &[
    "help                 this list",
    // --- help: text (issue 2) ---

    // --- help: score (issue 4) ---

    // --- help: graphemes (issue 5) ---
    "graphemes-tables [--check]  regenerate uraikal-text's Extended_Pictographic table (Unicode 17)",

    // --- help: lattices (issue 6) ---

    // --- help: d4 (issue 7) ---

    // --- help: prep (issue 8) ---

    // --- help: transcribe (issue 9) ---

    // --- help: release (issue 10) ---
];

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = if args.is_empty() { &[][..] } else { &args[1..] };
    let _ = rest;
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") => {
            println!("cargo xtask <task>\n\ntasks:");
            for line in HELP {
                println!("  {line}");
            }
            Ok(())
        }
        // --- arm: text (issue 2) ---

        // --- arm: score (issue 4) ---

        // --- arm: graphemes (issue 5) ---
        Some("graphemes-tables") => graphemes_tables::run(rest),

        // --- arm: lattices (issue 6) ---

        // --- arm: d4 (issue 7) ---

        // --- arm: prep (issue 8) ---

        // --- arm: transcribe (issue 9) ---

        // --- arm: release (issue 10) ---

        Some(other) => bail!("unknown task {other:?}; `cargo xtask help` lists them"),
    }
}
