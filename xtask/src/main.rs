//! `cargo xtask`: Uraikal's own automation (codegen, fixtures, tidy, version checks, releases, peer benchmarks).
//! Each task is a module; `cargo xtask help` lists them.

use anyhow::{bail, Result};

// Each area adds its `mod` line, help line and match arm below its own marker.
// --- area: text (issue 2) ---
mod tidy;

// --- area: score (issue 4) ---
mod audio_fixtures;
mod bench_peers;
mod demo_data;

// --- area: graphemes (issue 5) ---
mod bench_graphemes;
mod bench_lattices;
mod graphemes_tables;

// --- area: lattices (issue 6) ---

// --- area: d4 (issue 7) ---

// --- area: prep (issue 8) ---
mod prep;

// --- area: transcribe (issue 9) ---

// --- area: release (issue 10) ---
mod fixtures;
mod fuzz;
mod release;
mod version;

// --- area: tokenizer training (issue 21) ---
mod bench_tokenizers;
// --- area: legacy (issue 19) ---
mod bench_legacy;
mod legacy_tables;

// --- area: quality (issue 20) ---
mod register_model;

// --- area: web (issue 25) ---
mod web;

/// The workspace root (xtask lives one folder below it).
fn project_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask has a parent folder").to_path_buf()
}

const HELP: &[&str] = &[
    "help                 this list",
    // --- help: text (issue 2) ---
    "tidy                 checks on the tree: crate layering, `//!` headers, no ignored tests, fixtures listed",

    // --- help: score (issue 4) ---
    "gen-demo [--check]                               write (or check) crates/uraikal-cli/data/demo: sample manifest, example hypotheses",
    "bench-peers [--pairs N] [--only NAME]            time uraikal against its peers (jiwer, grapheme-cer, chrf, segmentation, lattices)",

    // --- help: graphemes (issue 5) ---
    "graphemes-tables [--check]  regenerate uraikal-text's Extended_Pictographic table (Unicode 17)",

    // --- help: lattices (issue 6) ---

    // --- help: d4 (issue 7) ---

    // --- help: prep (issue 8) ---
    "regen-fixtures-prep [--check]   regenerate (or check) fixtures/prep/kural_docs.parquet",

    // --- help: transcribe (issue 9) ---

    // --- help: release (issue 10) ---
    "check-version [--tag vX.Y.Z] [--bless-scoring]   one version everywhere; URAIKAL_VERSION moves with scoring",
    "release [--dry-run] [--no-test] X.Y.Z            bump, check, test, publish --dry-run, print the tag command",
    "regen-fixtures [--check]                         regenerate derived fixtures (or check they are fresh)",
    "audio-fixtures [--check]         regenerate fixtures/audio with ffmpeg (or check them against SHA256SUMS)",
    "fuzz [--seconds N] [--only NAME] [--seed S]      run every cargo-fuzz target in fuzz/ (nightly, cargo-fuzz)",

    // --- help: legacy (issue 19) ---
    "legacy-tables [--check]          regenerate uraikal-legacy's tables from its data/ (open-tamil, glibc TSCII)",

    // --- help: quality (issue 20) ---
    "register-model [--check] [--data-out FILE]   train the shipped register model (reads ../shared in place)",

    // --- help: web (issue 25) ---
    "web [--check] [--browser|--screenshots] [--bench N]   build web/dist (WASM package, playground); WASM = native on the golden data; headless Chromium tests",
];

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = if args.is_empty() { &[][..] } else { &args[1..] };
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") => {
            println!("cargo xtask <task>\n\ntasks:");
            for line in HELP {
                println!("  {line}");
            }
            Ok(())
        }
        // --- arm: text (issue 2) ---
        Some("tidy") => tidy::run(rest),

        // --- arm: score (issue 4) ---
        Some("gen-demo") => demo_data::gen_demo(&project_root(), rest.iter().any(|a| a == "--check")),
        Some("bench-peers") => bench_peers::bench_peers(rest),

        // --- arm: graphemes (issue 5) ---
        Some("graphemes-tables") => graphemes_tables::run(rest),

        // --- arm: lattices (issue 6) ---

        // --- arm: d4 (issue 7) ---

        // --- arm: prep (issue 8) ---
        Some("regen-fixtures-prep") => prep::regen_fixtures(rest.iter().any(|a| a == "--check")),

        // --- arm: transcribe (issue 9) ---
        Some("audio-fixtures") => audio_fixtures::run(&project_root(), rest),

        // --- arm: release (issue 10) ---
        Some("check-version") => {
            let tag = rest.iter().position(|a| a == "--tag").and_then(|i| rest.get(i + 1)).map(String::as_str);
            version::check_version(tag, rest.iter().any(|a| a == "--bless-scoring")).map(|_| ())
        }
        Some("release") => release::release(rest),
        Some("regen-fixtures") => fixtures::regen_fixtures(rest),
        Some("fuzz") => fuzz::run(rest),

        // --- arm: legacy (issue 19) ---
        Some("legacy-tables") => legacy_tables::run(rest),

        // --- arm: quality (issue 20) ---
        Some("register-model") => register_model::run(rest),

        // --- arm: web (issue 25) ---
        Some("web") => web::run(rest),

        Some(other) => bail!("unknown task {other:?}; `cargo xtask help` lists them"),
    }
}
