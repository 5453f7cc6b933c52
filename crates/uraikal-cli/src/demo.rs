//! `uraikal demo`: the benchmark's main job on data embedded in the binary, so it runs from any folder on a
//! fresh clone: track A1 scores the bundled *example* hypotheses (references perturbed by fixed rules, not
//! real speech recognisers) against the bundled sample manifest and prints the leaderboard; track D4 measures
//! the bundled tokenizers on the bundled Kural passages and prints theirs.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use uraikal_asr::hyps::parse_hypotheses;
use uraikal_asr::manifest::parse_manifests;
use uraikal_asr::score::{result_records, score, ResultRecord, ScoreOptions, DEFAULT_SEED};

use crate::common::print_json_pretty;

/// The sample manifest: 31 kurals and the 3 espeak-ng clip sentences (`data/demo/a1_demo.jsonl` in this
/// crate, so that the published crate is self-contained).
const MANIFEST: (&str, &str) = ("data/demo/a1_demo.jsonl", include_str!("../data/demo/a1_demo.jsonl"));

/// The example systems' hypotheses (`data/demo/hyps/`, made by `cargo xtask gen-demo`).
const EXAMPLES: &[(&str, &str, &str)] = &[
    ("example-light", "references with light word errors", include_str!("../data/demo/hyps/example-light.jsonl")),
    ("example-heavy", "references with heavy word errors, one missing", include_str!("../data/demo/hyps/example-heavy.jsonl")),
    (
        "example-legacy-order",
        "vowel signs in visual (legacy) order, one extra id",
        include_str!("../data/demo/hyps/example-legacy-order.jsonl"),
    ),
];

/// Arguments of `uraikal demo`.
#[derive(Args, Debug)]
pub struct DemoArgs {
    /// Bootstrap replicates for the confidence intervals.
    #[arg(long, default_value_t = 1000)]
    bootstrap: usize,
    /// Print every system's result records as JSON instead of the leaderboard.
    #[arg(long)]
    json: bool,
}

pub fn run(args: DemoArgs) -> Result<ExitCode> {
    let manifests = parse_manifests(&[(PathBuf::from(MANIFEST.0), MANIFEST.1.as_bytes())])?;
    let options = ScoreOptions { bootstrap: args.bootstrap, seed: DEFAULT_SEED };
    let mut board: Vec<(&str, &str, Vec<ResultRecord>)> = Vec::new();
    for (system, description, text) in EXAMPLES {
        let path = PathBuf::from(format!("data/demo/hyps/{system}.jsonl"));
        let hypotheses = parse_hypotheses(&path, text.as_bytes())?;
        let scores = score(&manifests, &hypotheses, options);
        board.push((system, description, result_records(&scores, &manifests, &hypotheses, system)));
    }
    // Rank by macro WER, then name.
    let macro_wer = |records: &[ResultRecord]| records.last().and_then(|r| r.wer).unwrap_or(f64::INFINITY);
    board.sort_by(|a, b| macro_wer(&a.2).total_cmp(&macro_wer(&b.2)).then(a.0.cmp(b.0)));
    if args.json {
        let all: Vec<&ResultRecord> = board.iter().flat_map(|(_, _, r)| r).collect();
        print_json_pretty(&all)?;
    } else {
        print!("{}", leaderboard(&board, manifests.utterances.len(), options));
        // --- area: d4 (issue 7) ---
        print!("\n{}", crate::tokenizers::demo_board()?);
    }
    Ok(ExitCode::SUCCESS)
}

fn pct(rate: Option<f64>) -> String {
    rate.map_or_else(|| "n/a".into(), |r| format!("{:.2}", r * 100.0))
}

fn leaderboard(board: &[(&str, &str, Vec<ResultRecord>)], utterances: usize, options: ScoreOptions) -> String {
    let mut out = String::new();
    let first = &board[0].2[0];
    let _ = writeln!(out, "Uraikal demo · track A1 (Tamil speech recognition) · benchmark {} · normaliser {} · Unicode {}", first.uraikal_version, first.normalizer_version, first.unicode_version);
    let _ = writeln!(out, "Sample test set: {utterances} utterances embedded in the binary ({}): Thirukkural couplets and espeak-ng clip sentences.", MANIFEST.0);
    let _ = writeln!(out, "The systems are EXAMPLES: hypotheses made from the references by fixed, seeded rules (cargo xtask gen-demo),");
    let _ = writeln!(out, "not the output of real speech recognisers. Score your own with `uraikal score`.");
    let _ = writeln!(out);
    let slices: Vec<&str> = board[0].2.iter().filter(|r| r.aggregate != "macro").map(|r| r.slice.as_str()).collect();
    let name_width = board.iter().map(|b| b.0.len()).max().unwrap_or(6).max(6);
    let mut header = format!("rank  {:<name_width$}  {:>11}  {:<16}  {:>11}", "system", "macro WER %", "95 % CI", "macro CER %");
    for s in &slices {
        let _ = write!(header, "  {:>10}", format!("{s} WER %"));
    }
    let _ = write!(header, "  missing  extra");
    let _ = writeln!(out, "{header}");
    for (rank, (system, _, records)) in board.iter().enumerate() {
        let m = records.last().expect("macro record");
        let ci = m.wer_ci.map_or_else(String::new, |[l, h]| format!("[{:.2}, {:.2}]", l * 100.0, h * 100.0));
        let mut line = format!("{:>4}  {:<name_width$}  {:>11}  {:<16}  {:>11}", rank + 1, system, pct(m.wer), ci, pct(m.cer));
        for s in &slices {
            let r = records.iter().find(|r| r.slice == *s);
            let _ = write!(line, "  {:>10}", pct(r.and_then(|r| r.wer)));
        }
        let _ = write!(line, "  {:>7}  {:>5}", m.missing, m.extra);
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out);
    for (system, description, _) in board {
        let _ = writeln!(out, "  {system}: {description}");
    }
    let _ = writeln!(
        out,
        "\nmacro = unweighted mean over slices; CI = 95 % utterance-level bootstrap ({} replicates, seed {}).",
        options.bootstrap, options.seed
    );
    out
}
