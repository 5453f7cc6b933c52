//! `cargo xtask bench-peers --only asr`: real-time factor of `uraikal transcribe` against whisper.cpp's own
//! `whisper-cli` (built by [`crate::whisper_cpp`] from the release whisper-rs-sys bundles) on the same ggml file
//! (Whisper base, from `cargo xtask real-asr`, which must have run), the same clips, the same threads (2), greedy
//! (best of 5) and beam 5, no timestamps, flash attention off (whisper-rs's default) on both sides.
//!
//! The machine is shared, so each measurement is CPU time (user + sys, from `/usr/bin/time`) as well as wall
//! time; the two tools alternate within each repeat, and the medians are reported with the load average.
//! Both sides include loading the model, as a user's run does.

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::bench_peers::Bench;
use crate::project_root;

const REPEATS: usize = 3;

pub fn asr(b: &Bench) -> Result<()> {
    let root = project_root();
    let work = root.join("target/real-asr");
    let ggml = work.join("ggml-base.bin");
    if !ggml.is_file() {
        bail!("{} is missing: run `cargo xtask real-asr` first", ggml.display());
    }
    let programs = crate::whisper_cpp::build(&root)?;
    // The English clips of real-asr (Whisper base loops through temperature fallbacks on the synthetic Tamil
    // ones for minutes, which times the fallback more than the engine).
    let mut clips = Vec::new();
    let mut manifest = String::new();
    for slice in ["en"] {
        let text =
            fs::read_to_string(work.join(format!("{slice}.jsonl"))).context("run `cargo xtask real-asr` first")?;
        for line in text.lines() {
            let row: serde_json::Value = serde_json::from_str(line)?;
            clips.push(row["audio"].as_str().unwrap_or_default().to_string());
            manifest.push_str(line);
            manifest.push('\n');
        }
    }
    let manifest_path = b.work.join("asr_clips.jsonl");
    fs::write(&manifest_path, manifest)?;
    // The uraikal binary with whisper.cpp (bench-peers builds one without).
    crate::real_asr::build_uraikal_with_whisper(&root)?;
    let audio_seconds: f64 = clips.iter().map(|c| wav_seconds(Path::new(c))).sum::<Result<f64>>()?;
    println!("clips: {} ({audio_seconds:.1} s of audio), model {}", clips.len(), ggml.display());
    println!(
        "{:<10} {:>7} {:>26} {:>26} {:>7}",
        "decoding", "threads", "uraikal CPU s / wall s", "whisper-cli CPU s / wall s", "CPU ratio"
    );
    for (decoding, beam) in [("greedy", None), ("beam 5", Some(5))] {
        for threads in [2usize] {
            let out = b.work.join("asr_hyp.jsonl");
            let uraikal = |out: &Path| {
                let _ = fs::remove_file(out);
                let _ = fs::remove_file(out.with_extension("meta.json"));
                let mut c = Command::new("/usr/bin/time");
                c.args(["-f", "%U %S %e"]).arg(&b.uraikal);
                c.args(["transcribe", "--language", "auto", "--threads", &threads.to_string(), "--model"]).arg(&ggml);
                c.arg("--manifest").arg(&manifest_path).arg("--out").arg(out);
                if let Some(k) = beam {
                    c.args(["--beam-size", &k.to_string()]);
                }
                c
            };
            let cli = || {
                let mut c = Command::new("/usr/bin/time");
                c.args(["-f", "%U %S %e"]).arg(&programs.cli).args(["-m"]).arg(&ggml);
                c.args(["-l", "auto", "-t", &threads.to_string(), "-nt", "-np", "-nfa", "-bo", "5"]);
                // whisper-cli decodes greedily when the beam size is 1 (its default is 5).
                c.args(["-bs", &beam.unwrap_or(1).to_string()]);
                for clip in &clips {
                    c.args(["-f", clip]);
                }
                c
            };
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for _ in 0..REPEATS {
                ours.push(timed(&mut uraikal(&out))?);
                theirs.push(timed(&mut cli())?);
            }
            let (u, w) = (medians(&ours), medians(&theirs));
            println!(
                "{decoding:<10} {threads:>7} {:>12.2} / {:>5.2} (RTF {:.3}) {:>12.2} / {:>5.2} (RTF {:.3}) {:>7.2}",
                u.0,
                u.1,
                u.1 / audio_seconds,
                w.0,
                w.1,
                w.1 / audio_seconds,
                u.0 / w.0
            );
        }
    }
    println!("load average after: {}", fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
    Ok(())
}

/// (user + sys, wall) seconds of one run, from /usr/bin/time's last stderr line.
fn timed(command: &mut Command) -> Result<(f64, f64)> {
    let out = command.output()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        bail!("{command:?} failed: {stderr}");
    }
    let last = stderr.lines().last().unwrap_or_default();
    let v: Vec<f64> = last.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    if v.len() != 3 {
        bail!("no /usr/bin/time line in {stderr}");
    }
    Ok((v[0] + v[1], v[2]))
}

fn medians(runs: &[(f64, f64)]) -> (f64, f64) {
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    (median(runs.iter().map(|r| r.0).collect()), median(runs.iter().map(|r| r.1).collect()))
}

fn wav_seconds(path: &Path) -> Result<f64> {
    let bytes = fs::read(path).with_context(|| path.display().to_string())?;
    // RIFF WAV: byte rate at offset 28, and the "data" chunk's size.
    let rate = u32::from_le_bytes(bytes[28..32].try_into()?) as f64;
    let data = bytes.windows(4).position(|w| w == b"data").context("no data chunk")?;
    let size = u32::from_le_bytes(bytes[data + 4..data + 8].try_into()?) as f64;
    Ok(size / rate)
}
