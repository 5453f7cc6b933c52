//! `cargo xtask fuzz [--seconds N] [--only NAME] [--seed S]`: runs every cargo-fuzz target in fuzz/ for N
//! seconds (default 20, what CI gives each) and prints a table of executions and findings. `--seed` fixes
//! libFuzzer's random seed, so that a short run (CI's) explores the same inputs every time.
//!
//! Each target starts from a seed corpus made from fixtures/ (the texts inside the JSONL fixtures for the
//! text targets, whole fixture files and their lines for the readers) and keeps what it learns under
//! target/fuzz/corpus/NAME, so later runs continue where earlier ones stopped. A crash fails the task; its
//! input is left in fuzz/artifacts/NAME/ by libFuzzer. Needs the nightly toolchain and `cargo install
//! cargo-fuzz`.

use anyhow::{bail, Context, Result};
use std::path::Path;
use std::process::Command;

use crate::project_root;

/// What a target reads, which decides its seeds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seeds {
    /// Every string inside the JSONL/TSV text fixtures, one seed each.
    Texts,
    /// Every string inside these JSONL files (lattices written both ways).
    Strings(&'static [&'static str]),
    /// OIWER batch lines (`{"id","language","hypothesis","reference"}`) made from the Vimarsha fixture's rows.
    OiwerBatch,
    /// Whole files and each of their lines.
    Files(&'static [&'static str]),
}

/// The targets (fuzz/Cargo.toml's `[[bin]]`s) and their seeds; a test checks the two lists agree.
const TARGETS: &[(&str, Seeds)] = &[
    ("text_normalize", Seeds::Texts),
    ("text_clean", Seeds::Texts),
    ("text_letters", Seeds::Texts),
    ("text_graphemes", Seeds::Texts),
    ("numbers_to_digits", Seeds::Texts),
    ("numbers_words", Seeds::Texts),
    ("numbers_numerals", Seeds::Texts),
    ("numbers_tn", Seeds::Texts),
    ("yaappu_scan", Seeds::Texts),
    ("asr_manifest", Seeds::Files(&["fixtures/a1/a1_sample.jsonl", "crates/uraikal-cli/data/demo/a1_demo.jsonl"])),
    ("asr_hypotheses", Seeds::Files(&["fixtures/a1/hyps_sample.jsonl"])),
    ("d4_passages", Seeds::Files(&["crates/uraikal-d4/data/d4_kural.jsonl"])),
    ("d4_tokenizer_json", Seeds::Files(&["fuzz/seeds/tokenizers/wordlevel.json", "fuzz/seeds/tokenizers/bpe.json"])),
    ("lattice_read", Seeds::Strings(&["fixtures/vimarsha/parse_lattice.jsonl", "fixtures/vimarsha/lattices.jsonl"])),
    ("oiwer_batch", Seeds::OiwerBatch),
    ("lattice_records", Seeds::Files(&["fixtures/vimarsha/lattice_cli_input.jsonl"])),
    ("yaappu_records", Seeds::Files(&["fixtures/a1/a1_sample.jsonl"])),
    (
        "legacy_decode",
        Seeds::Files(&["crates/uraikal-legacy/data/kural-sample.txt", "crates/uraikal-legacy/data/english-sample.txt"]),
    ),
];

/// Files whose strings seed the text targets.
const TEXT_FIXTURES: &[&str] = &[
    "fixtures/metrics/pairs.jsonl",
    "fixtures/metrics/normalize.jsonl",
    "fixtures/metrics/graphemes.jsonl",
    "fixtures/metrics/decompose.jsonl",
    "fixtures/vimarsha/normalize.jsonl",
    "fixtures/thirukkural/thirukkural.tsv",
];

/// Seeds per target, at most; libFuzzer minimises the corpus as it goes.
const MAX_SEEDS: usize = 3000;
/// The longest input libFuzzer builds (tokenizer files need more than lines of text do).
const MAX_LEN_TEXT: usize = 4096;
const MAX_LEN_FILE: usize = 65536;

pub fn run(args: &[String]) -> Result<()> {
    let mut seconds = 20u64;
    let mut only: Option<String> = None;
    let mut seed: Option<u64> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => seconds = it.next().context("--seconds needs a number")?.parse().context("--seconds")?,
            "--only" => only = Some(it.next().context("--only needs a target name")?.clone()),
            "--seed" => seed = Some(it.next().context("--seed needs a number")?.parse().context("--seed")?),
            other => {
                bail!("unknown argument {other:?}: cargo xtask fuzz [--seconds N] [--only NAME] [--seed S]")
            }
        }
    }
    let root = project_root();
    let fuzz_dir = root.join("fuzz");
    let targets: Vec<_> = TARGETS.iter().filter(|(name, _)| only.as_deref().is_none_or(|o| o == *name)).collect();
    if targets.is_empty() {
        bail!("no fuzz target {:?}; the targets: {}", only.unwrap_or_default(), names().join(", "));
    }
    let version = Command::new("cargo").args(["+nightly", "fuzz", "--version"]).current_dir(&fuzz_dir).output();
    if !version.is_ok_and(|o| o.status.success()) {
        bail!("cargo-fuzz on the nightly toolchain is needed: `rustup toolchain install nightly` and `cargo install cargo-fuzz`");
    }
    let target_dir = root.join("target/fuzz");
    let status = Command::new("cargo")
        .args(["+nightly", "fuzz", "build", "--target-dir"])
        .arg(&target_dir)
        .current_dir(&fuzz_dir)
        .status()?;
    if !status.success() {
        bail!("`cargo fuzz build` failed");
    }
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for (name, seeds) in targets {
        let corpus = target_dir.join("corpus").join(name);
        let seed_dir = target_dir.join("seeds").join(name);
        write_seeds(&root, *seeds, &seed_dir)?;
        std::fs::create_dir_all(&corpus)?;
        let max_len = if matches!(seeds, Seeds::Texts | Seeds::Strings(_)) { MAX_LEN_TEXT } else { MAX_LEN_FILE };
        let output = Command::new("cargo")
            .args(["+nightly", "fuzz", "run", "--target-dir"])
            .arg(&target_dir)
            .arg(name)
            .arg(&corpus)
            .arg(&seed_dir)
            .arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .arg(format!("-max_len={max_len}"))
            .arg("-rss_limit_mb=4096")
            .arg("-print_final_stats=1")
            .args(seed.map(|s| format!("-seed={s}")))
            .current_dir(&fuzz_dir)
            .output()?;
        let log = String::from_utf8_lossy(&output.stderr);
        let runs = final_stat(&log, "stat::number_of_executed_units:").unwrap_or(0);
        let corpus_size = std::fs::read_dir(&corpus).map(|d| d.count()).unwrap_or(0);
        let finding = if output.status.success() { "none".to_string() } else { first_finding(&log) };
        eprintln!("{name}: {runs} executions in {seconds} s, corpus {corpus_size}, findings: {finding}");
        if !output.status.success() {
            eprintln!("{}", tail(&log, 40));
            failed.push(*name);
        }
        rows.push(format!("| {name} | {seconds} | {runs} | {corpus_size} | {finding} |"));
    }
    println!("| target | seconds | executions | corpus files | findings |");
    println!("|---|---:|---:|---:|---|");
    for row in rows {
        println!("{row}");
    }
    if !failed.is_empty() {
        bail!("fuzz targets found crashes: {} (inputs in fuzz/artifacts/)", failed.join(", "));
    }
    Ok(())
}

fn names() -> Vec<&'static str> {
    TARGETS.iter().map(|(name, _)| *name).collect()
}

/// Writes the seed files for one target (replacing any earlier ones).
fn write_seeds(root: &Path, seeds: Seeds, dir: &Path) -> Result<()> {
    if dir.exists() {
        std::fs::remove_dir_all(dir)?;
    }
    std::fs::create_dir_all(dir)?;
    let inputs: Vec<Vec<u8>> = match seeds {
        Seeds::Texts => string_seeds(root, TEXT_FIXTURES)?,
        Seeds::Strings(files) => string_seeds(root, files)?,
        Seeds::OiwerBatch => oiwer_batch_seeds(root)?,
        Seeds::Files(files) => {
            let mut out = Vec::new();
            for file in files {
                let bytes = std::fs::read(root.join(file)).with_context(|| format!("seed file {file}"))?;
                out.extend(bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec));
                out.push(bytes);
            }
            out
        }
    };
    for (k, input) in inputs.iter().take(MAX_SEEDS).enumerate() {
        std::fs::write(dir.join(format!("seed-{k:05}")), input)?;
    }
    Ok(())
}

/// Batch lines from fixtures/vimarsha/oiwer.jsonl (its `reference_lattice`, nested JSON or the brace string, as
/// the batch's `reference`), each a seed, and all of them as one more.
fn oiwer_batch_seeds(root: &Path) -> Result<Vec<Vec<u8>>> {
    let text = std::fs::read_to_string(root.join("fixtures/vimarsha/oiwer.jsonl"))?;
    let mut lines = Vec::new();
    for row in text.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()) {
        if let Some(reference) = row.get("reference_lattice") {
            let line = serde_json::json!({"id": row["id"], "language": row["language"],
                "hypothesis": row["hypothesis"], "reference": reference});
            lines.push(line.to_string().into_bytes());
        }
    }
    let all = lines.join(&b'\n');
    lines.push(all);
    Ok(lines)
}

/// Every distinct string value in the given JSONL files (TSV files: each field), shortest first.
fn string_seeds(root: &Path, files: &[&str]) -> Result<Vec<Vec<u8>>> {
    let mut texts = std::collections::BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).with_context(|| format!("seed file {file}"))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if file.ends_with(".tsv") {
                texts.extend(line.split('\t').map(str::to_string));
            } else if let Ok(value) = serde_json::from_str::<serde_json::Value>(line) {
                collect_strings(&value, &mut texts);
            }
        }
    }
    let mut texts: Vec<String> = texts.into_iter().filter(|t| !t.is_empty() && t.len() <= MAX_LEN_TEXT).collect();
    texts.sort_by_key(String::len);
    Ok(texts.into_iter().map(String::into_bytes).collect())
}

fn collect_strings(value: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
    match value {
        serde_json::Value::String(s) => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

/// A `stat::name: value` line from libFuzzer's final statistics.
fn final_stat(log: &str, key: &str) -> Option<u64> {
    log.lines().rev().find_map(|l| l.trim().strip_prefix(key)).and_then(|v| v.trim().parse().ok())
}

/// What a failed run found, on one line: a panic's place and message, or libFuzzer's `SUMMARY`/`ERROR`.
fn first_finding(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    let found = lines.iter().position(|l| l.contains("panicked at")).map(|i| {
        let message = lines.get(i + 1).copied().unwrap_or_default();
        format!("{} {}", lines[i].trim(), message.trim())
    });
    found
        .or_else(|| {
            lines.iter().find(|l| l.starts_with("SUMMARY:") || l.contains("==ERROR:")).map(|l| l.trim().to_string())
        })
        .unwrap_or_else(|| "the run failed (see the log above)".to_string())
        .replace('|', "/")
}

fn tail(log: &str, lines: usize) -> String {
    let all: Vec<&str> = log.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fuzz crate's `[[bin]]` names, read from fuzz/Cargo.toml.
    fn declared_targets(root: &Path) -> Result<Vec<String>> {
        let manifest: toml::Table = std::fs::read_to_string(root.join("fuzz/Cargo.toml"))?.parse()?;
        let bins = manifest.get("bin").and_then(|b| b.as_array()).context("fuzz/Cargo.toml has no [[bin]]")?;
        Ok(bins.iter().filter_map(|b| b.get("name")?.as_str().map(str::to_string)).collect())
    }

    #[test]
    fn every_fuzz_target_is_run_and_every_run_target_exists() {
        let root = project_root();
        let mut declared = declared_targets(&root).unwrap();
        declared.sort();
        let mut listed: Vec<String> = names().into_iter().map(str::to_string).collect();
        listed.sort();
        assert_eq!(declared, listed, "fuzz/Cargo.toml's [[bin]]s and xtask/src/fuzz.rs TARGETS differ");
        for (name, seeds) in TARGETS {
            assert!(root.join("fuzz/fuzz_targets").join(format!("{name}.rs")).exists(), "{name}.rs is missing");
            if let Seeds::Files(files) = seeds {
                for file in *files {
                    assert!(root.join(file).exists(), "seed file {file} of {name} is missing");
                }
            }
        }
    }

    #[test]
    fn text_seeds_come_from_the_fixtures() {
        let seeds = string_seeds(&project_root(), TEXT_FIXTURES).unwrap();
        assert!(seeds.len() > 100, "only {} text seeds", seeds.len());
        assert!(seeds.iter().any(|s| String::from_utf8_lossy(s).contains("தமிழ்")));
    }

    #[test]
    fn oiwer_batch_seeds_are_batch_lines() {
        let seeds = oiwer_batch_seeds(&project_root()).unwrap();
        assert!(seeds.len() > 100, "only {} batch seeds", seeds.len());
        let first: serde_json::Value = serde_json::from_slice(&seeds[0]).unwrap();
        assert!(first.get("reference").is_some() && first.get("hypothesis").is_some(), "{first}");
    }

    #[test]
    fn final_stats_are_read() {
        let log = "#1234 DONE cov: 10\nstat::number_of_executed_units: 98765\nstat::average_exec_per_sec:     4938\n";
        assert_eq!(final_stat(log, "stat::number_of_executed_units:"), Some(98765));
        assert_eq!(final_stat("nothing", "stat::number_of_executed_units:"), None);
        let crash = "INFO: seed\nthread '<unnamed>' (9) panicked at src/x.rs:1:2:\nnot idempotent\nnote: …\n";
        assert_eq!(first_finding(crash), "thread '<unnamed>' (9) panicked at src/x.rs:1:2: not idempotent");
    }
}
