//! `cargo xtask`: Uraikal's own automation (codegen, fixtures, tidy, version checks, releases, peer benchmarks).
//! Each task is a module; `cargo xtask help` lists them.

use anyhow::{bail, Result};

mod audio_fixtures;
mod bench_asr;
mod bench_graphemes;
mod bench_lattices;
mod bench_legacy;
mod bench_peers;
mod bench_tokenizers;
mod demo_data;
mod fixtures;
mod fuzz;
mod graphemes_tables;
mod legacy_tables;
mod prep;
mod real_asr;
mod real_asr_api;
mod register_model;
mod release;
mod tidy;
mod version;
mod web;
mod wheel;
mod whisper_cpp;

/// The workspace root (xtask lives one folder below it).
fn project_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask has a parent folder").to_path_buf()
}

const HELP: &[&str] = &[
    "help                 this list",
    "tidy                 checks on the tree: crate layering, `//!` headers, no ignored tests, fixtures listed",

    "gen-demo [--check]                               write (or check) crates/uraikal-cli/data/demo: sample manifest, example hypotheses",
    "bench-peers [--pairs N] [--only NAME]            time uraikal against its peers (jiwer, grapheme-cer, chrf, segmentation, lattices, asr)",

    "graphemes-tables [--check]  regenerate uraikal-text's Extended_Pictographic table (Unicode 17)",

    "regen-fixtures-prep [--check]   regenerate (or check) fixtures/prep/kural_docs.parquet",

    "check-version [--tag vX.Y.Z] [--bless-scoring]   one version everywhere; URAIKAL_VERSION moves with scoring",
    "release [--dry-run] [--no-test] X.Y.Z            bump, check, test, publish --dry-run, build + test the wheel, print the tag command",
    "wheel [--no-test]                                 build the Linux wheel, test it in a fresh venv, report its size",
    "regen-fixtures [--check]                         regenerate derived fixtures (or check they are fresh)",
    "audio-fixtures [--check]         regenerate fixtures/audio with ffmpeg (or check them against SHA256SUMS)",
    "fuzz [--seconds N] [--only NAME] [--seed S]      run every cargo-fuzz target in fuzz/ (nightly, cargo-fuzz)",

    "legacy-tables [--check]          regenerate uraikal-legacy's tables from its data/ (open-tamil, glibc TSCII)",
    "legacy-model [--check]           regenerate uraikal-legacy's detection counts (after legacy-tables)",

    "real-asr [--check]               Whisper base (PyPI, CTranslate2) converted and run on espeak Tamil/English clips; compare with data/real-asr/expected.json",

    "register-model [--check] [--data-out FILE]   train the shipped register model (reads ../shared in place)",

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
        Some("tidy") => tidy::run(rest),

        Some("gen-demo") => demo_data::gen_demo(&project_root(), rest.iter().any(|a| a == "--check")),
        Some("bench-peers") => bench_peers::bench_peers(rest),

        Some("graphemes-tables") => graphemes_tables::run(rest),

        Some("regen-fixtures-prep") => prep::regen_fixtures(rest.iter().any(|a| a == "--check")),

        Some("audio-fixtures") => audio_fixtures::run(&project_root(), rest),

        Some("check-version") => {
            let tag = rest.iter().position(|a| a == "--tag").and_then(|i| rest.get(i + 1)).map(String::as_str);
            version::check_version(tag, rest.iter().any(|a| a == "--bless-scoring")).map(|_| ())
        }
        Some("release") => release::release(rest),
        Some("wheel") => wheel::run(rest),
        Some("regen-fixtures") => fixtures::regen_fixtures(rest),
        Some("fuzz") => fuzz::run(rest),

        Some("legacy-tables") => legacy_tables::run(rest),
        Some("legacy-model") => legacy_tables::run_model(rest),

        Some("register-model") => register_model::run(rest),
        Some("real-asr") => real_asr::run(rest),

        Some("web") => web::run(rest),

        Some(other) => bail!("unknown task {other:?}; `cargo xtask help` lists them"),
    }
}
