//! `cargo xtask regen-fixtures [--check]`: regenerate every derived fixture (Unicode tables, Parquet,
//! audio formats, tiny tokenizers) deterministically; `--check` regenerates into memory or a temporary
//! folder and fails on any difference instead of writing.
//!
//! A generator that needs a heavy dependency lives as an example of the crate that already has it, so that
//! xtask stays small; each entry below is one `cargo` invocation that accepts `--check`.

use std::process::Command;

use anyhow::{bail, Result};

use crate::project_root;

/// (name, cargo arguments) of every fixture generator.
const GENERATORS: &[(&str, &[&str])] = &[
    // --- generators: each area adds its own line below ---
    ("demo data (score, issue 4)", &["run", "-q", "-p", "xtask", "--", "gen-demo"]),
    ("graphemes-tables (Unicode 17 Extended_Pictographic)", &["run", "--quiet", "-p", "xtask", "--", "graphemes-tables"]),
    ("prep d4 Parquet fixture (prep, issue 8)", &["run", "--quiet", "-p", "uraikal-prep", "--example", "gen_fixtures", "--"]),
    // Lossy encoders are not bit-reproducible across ffmpeg versions: --check verifies SHA256SUMS and the
    // WAV copies; regenerating needs ffmpeg (audio_fixtures.rs says why).
    ("audio formats (transcribe, issue 9)", &["run", "--quiet", "-p", "xtask", "--", "audio-fixtures"]),
];

pub fn regen_fixtures(args: &[String]) -> Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let root = project_root();
    let mut failed = Vec::new();
    for (name, cargo_args) in GENERATORS {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args(*cargo_args).current_dir(&root);
        if check {
            cmd.arg("--check");
        }
        println!("regen-fixtures: {name}{}", if check { " (check)" } else { "" });
        if !cmd.status()?.success() {
            failed.push(*name);
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} generator(s) {}: {}",
            failed.len(),
            if check {
                "found stale fixtures (run `cargo xtask regen-fixtures`)"
            } else {
                "failed"
            },
            failed.join(", ")
        );
    }
    println!(
        "regen-fixtures: {} generator(s) {}",
        GENERATORS.len(),
        if check { "fresh" } else { "written" }
    );
    Ok(())
}
