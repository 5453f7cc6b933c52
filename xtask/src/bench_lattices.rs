//! bench-peers comparison of issue 6 (SPEC L): `uraikal oiwer --input` over 10,000 utterances and
//! `uraikal build-lattices` over 2,000 records, both in the vimarsha mode, against Vimarsha's speed on this
//! machine class. Vimarsha has no licence and is not installed here: its figures are the published ones
//! (4.8 s and 0.84 s) and the acceptance check's own measurement of the same 10,000 utterances (1.08 s).
//! The inputs are the golden rows (fixtures/vimarsha) cycled, built as the acceptance check builds them;
//! the outputs are checked against the golden numbers before any time is reported.
//!
//! Each command is run many times, the two interleaved; the machine's noise is large (a 2-core VM), so
//! the minimum, the 10th percentile and the median are reported, all through a pipe as a caller reads them.

use std::fs;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};

use crate::bench_peers::Bench;

/// Runs of each command.
const RUNS: usize = 40;

pub fn oiwer_and_lattices(b: &Bench) -> Result<()> {
    let root = crate::project_root();
    let rows = |name: &str| -> Result<Vec<Value>> {
        let path = root.join("fixtures/vimarsha").join(name);
        let text = fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        Ok(text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect())
    };

    // 10,000 utterances: the golden OIWER rows that have a score, cycled.
    let scored: Vec<Value> = rows("oiwer.jsonl")?.into_iter().filter(|r| r["score"].is_number()).collect();
    let mut batch = String::new();
    for k in 0..10_000 {
        let r = &scored[k % scored.len()];
        let reference = if r["parsed_lattice"].is_null() { &r["reference_lattice"] } else { &r["parsed_lattice"] };
        let record = json!({"id": format!("u{k}"), "language": r["language"], "hypothesis": r["hypothesis"], "reference": reference});
        batch.push_str(&record.to_string());
        batch.push('\n');
    }
    let batch_path = b.work.join("oiwer_10k.jsonl");
    fs::write(&batch_path, batch)?;

    // 2,000 records: the Tamil golden lattice rows under 200 tokens, hypotheses as m{i}_transcription.
    let lattices: Vec<Value> = rows("lattices.jsonl")?
        .into_iter()
        .filter(|r| !r["lattice"].is_null() && matches!(r["language"].as_str(), Some("ta" | "tamil" | "Tamil")))
        .filter(|r| r["hypotheses"].as_array().is_some_and(|h| h.iter().filter_map(Value::as_str).map(|t| t.split_whitespace().count()).sum::<usize>() < 200))
        .collect();
    let mut records = String::new();
    for k in 0..2_000 {
        let r = &lattices[k % lattices.len()];
        let mut record = json!({"id": format!("l{k}"), "language": r["language"]});
        for (i, h) in r["hypotheses"].as_array().into_iter().flatten().enumerate() {
            record[format!("m{i}_transcription")] = h.clone();
        }
        records.push_str(&record.to_string());
        records.push('\n');
    }
    let records_path = b.work.join("lattices_2k.jsonl");
    let built_path = b.work.join("lattices_2k_out.jsonl");
    fs::write(&records_path, records)?;

    let oiwer = || {
        let mut cmd = Command::new(&b.uraikal);
        cmd.args(["oiwer", "--mode", "vimarsha", "--input"]).arg(&batch_path);
        cmd
    };
    let build = || {
        let mut cmd = Command::new(&b.uraikal);
        cmd.arg("build-lattices").arg(&records_path).arg(&built_path).args(["--mode", "vimarsha"]);
        cmd
    };

    // The numbers first: every result equals its golden row.
    let out = oiwer().stderr(Stdio::null()).output()?;
    let results: Vec<Value> = String::from_utf8(out.stdout)?.lines().map(serde_json::from_str).collect::<Result<_, _>>()?;
    let wrong = results.iter().enumerate().filter(|(k, r)| {
        let golden = &scored[k % scored.len()]["score"];
        (r["oiwer_percent"].as_f64().unwrap_or(f64::NAN) - golden.as_f64().unwrap_or(f64::NAN)).abs() > 1e-9
    });
    if results.len() != 10_000 || wrong.count() > 0 {
        bail!("oiwer --input does not reproduce the golden scores");
    }
    if !build().stderr(Stdio::null()).status()?.success() {
        bail!("build-lattices failed");
    }
    let built: Vec<Value> = fs::read_to_string(&built_path)?.lines().map(serde_json::from_str).collect::<Result<_, _>>()?;
    if built.len() != 2_000 || built.iter().enumerate().any(|(k, r)| r["lattice"] != lattices[k % lattices.len()]["lattice"]) {
        bail!("build-lattices does not reproduce the golden lattices");
    }

    let (mut oiwer_times, mut build_times) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        oiwer_times.push(wall(&mut oiwer())?);
        build_times.push(wall(&mut build())?);
    }
    println!("10,000 utterances ({} golden rows cycled), 2,000 records ({} rows cycled); {RUNS} runs each, interleaved", scored.len(), lattices.len());
    println!("all 10,000 scores and 2,000 lattices equal the golden rows");
    report("oiwer --input, 10,000", &mut oiwer_times, &[("Vimarsha, acceptance", 1.08), ("Vimarsha, published", 4.8)]);
    report("build-lattices, 2,000", &mut build_times, &[("Vimarsha, published", 0.84)]);
    Ok(())
}

/// Wall time of one run, its output read through a pipe.
fn wall(cmd: &mut Command) -> Result<f64> {
    let start = Instant::now();
    let out = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).output()?;
    if !out.status.success() {
        bail!("{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(start.elapsed().as_secs_f64())
}

fn report(task: &str, times: &mut [f64], peers: &[(&str, f64)]) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let (min, p10, median) = (at(0.0), at(0.1), at(0.5));
    print!("{task}: min {:.1} ms, p10 {:.1} ms, median {:.1} ms", min * 1e3, p10 * 1e3, median * 1e3);
    for (peer, seconds) in peers {
        print!("; {peer} {seconds} s = {:.0}× / {:.0}× / {:.0}×", seconds / min, seconds / p10, seconds / median);
    }
    println!();
}
