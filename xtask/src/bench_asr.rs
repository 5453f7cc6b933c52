//! `cargo xtask bench-peers --only asr`: real-time factor of `uraikal transcribe` against whisper.cpp's own
//! `whisper-cli` (built by [`crate::whisper_cpp`] from the release whisper-rs-sys bundles) on the same ggml file,
//! and against faster-whisper (CTranslate2, int8 and float32) on the CTranslate2 folder that ggml file was
//! converted from (Whisper base, from `cargo xtask real-asr`, which must have run): the same clips, 1 and 2
//! threads, greedy (best of 5) and beam 5, language detected, no timestamps, no conditioning on earlier text,
//! flash attention off (whisper-rs's default).
//!
//! The machine is shared, so each measurement is CPU time (user + sys, from `/usr/bin/time`) as well as wall
//! time and peak memory; the tools alternate within each repeat, and the medians are reported with the load
//! average. Every side includes loading the model, as a user's run does (faster-whisper also pays Python's
//! start and its imports, about a second; the table says so). faster-whisper is installed (pinned) into a venv
//! under target/bench-asr-venv on first use.

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::bench_peers::Bench;
use crate::project_root;

const REPEATS: usize = 3;
const FASTER_WHISPER: &str = "faster-whisper==1.2.1";

/// Transcribes the clips given after the model folder, compute type, threads and beam size, as `uraikal
/// transcribe` decodes: temperature fallback, best of 5 when greedy, no timestamps, no earlier-text context.
const FASTER_WHISPER_SCRIPT: &str = r#"
import sys
from faster_whisper import WhisperModel
folder, compute, threads, beam = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
model = WhisperModel(folder, device="cpu", compute_type=compute, cpu_threads=threads)
for clip in sys.argv[5:]:
    segments, _ = model.transcribe(clip, beam_size=beam, best_of=5, without_timestamps=True,
                                   condition_on_previous_text=False, vad_filter=False)
    print(" ".join(s.text.strip() for s in segments))
"#;

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
    let python = faster_whisper_venv(&root)?;
    let script = b.work.join("faster_whisper_bench.py");
    fs::write(&script, FASTER_WHISPER_SCRIPT)?;
    let ct2 = work.join("ct2");
    println!("load average before: {}", fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
    println!(
        "{:<8} {:>7}  {:<24} {:>7} {:>7} {:>6} {:>8} {:>14}",
        "decoding", "threads", "tool", "CPU s", "wall s", "RTF", "peak MB", "CPU / whisper-cli"
    );
    for (decoding, beam) in [("greedy", None), ("beam 5", Some(5))] {
        for threads in [1usize, 2] {
            let out = b.work.join("asr_hyp.jsonl");
            let uraikal = || {
                let _ = fs::remove_file(&out);
                let _ = fs::remove_file(out.with_extension("meta.json"));
                let mut c = timer();
                c.arg(&b.uraikal);
                c.args(["transcribe", "--language", "auto", "--threads", &threads.to_string(), "--model"]).arg(&ggml);
                c.arg("--manifest").arg(&manifest_path).arg("--out").arg(&out);
                if let Some(k) = beam {
                    c.args(["--beam-size", &k.to_string()]);
                }
                c
            };
            let cli = || {
                let mut c = timer();
                c.arg(&programs.cli).args(["-m"]).arg(&ggml);
                c.args(["-l", "auto", "-t", &threads.to_string(), "-nt", "-np", "-nfa", "-bo", "5"]);
                // whisper-cli decodes greedily when the beam size is 1 (its default is 5).
                c.args(["-bs", &beam.unwrap_or(1).to_string()]);
                c.args(&clips);
                c
            };
            let faster_whisper = |compute: &str| {
                let mut c = timer();
                c.arg(&python).arg(&script).arg(&ct2).arg(compute);
                c.args([threads.to_string(), beam.unwrap_or(1).to_string()]).args(&clips);
                c
            };
            let tools: [(&str, &dyn Fn() -> Command); 4] = [
                ("uraikal transcribe", &uraikal),
                ("whisper-cli", &cli),
                ("faster-whisper int8", &|| faster_whisper("int8")),
                ("faster-whisper float32", &|| faster_whisper("float32")),
            ];
            let mut runs = vec![Vec::new(); tools.len()];
            for _ in 0..REPEATS {
                for (k, (_, command)) in tools.iter().enumerate() {
                    runs[k].push(timed(&mut command())?);
                }
            }
            let medians: Vec<Timing> = runs.iter().map(|r| medians(r)).collect();
            for ((name, _), m) in tools.iter().zip(&medians) {
                println!(
                    "{decoding:<8} {threads:>7}  {name:<24} {:>7.2} {:>7.2} {:>6.3} {:>8.0} {:>14.2}",
                    m.cpu,
                    m.wall,
                    m.wall / audio_seconds,
                    m.peak_mb,
                    m.cpu / medians[1].cpu
                );
            }
        }
    }
    if Command::new("nvidia-smi").arg("-L").output().is_ok_and(|o| o.status.success()) {
        println!("a GPU is present: build with `--features cuda` and rerun for the GPU rows (not automated yet)");
    } else {
        println!("SKIPPED: GPU rows (no nvidia-smi: no NVIDIA GPU on this machine)");
    }
    println!("load average after: {}", fs::read_to_string("/proc/loadavg").unwrap_or_default().trim());
    Ok(())
}

/// `/usr/bin/time` printing user, system and wall seconds and peak resident kilobytes.
fn timer() -> Command {
    let mut c = Command::new("/usr/bin/time");
    c.args(["-f", "%U %S %e %M"]);
    c
}

/// One run: CPU seconds (user + sys), wall seconds, peak resident MB.
#[derive(Clone, Copy)]
struct Timing {
    cpu: f64,
    wall: f64,
    peak_mb: f64,
}

/// One run's timing, from /usr/bin/time's last stderr line.
fn timed(command: &mut Command) -> Result<Timing> {
    let out = command.output()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        bail!("{command:?} failed: {stderr}");
    }
    let last = stderr.lines().last().unwrap_or_default();
    let v: Vec<f64> = last.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    if v.len() != 4 {
        bail!("no /usr/bin/time line in {stderr}");
    }
    Ok(Timing { cpu: v[0] + v[1], wall: v[2], peak_mb: v[3] / 1024.0 })
}

fn medians(runs: &[Timing]) -> Timing {
    let median = |mut xs: Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        xs[xs.len() / 2]
    };
    Timing {
        cpu: median(runs.iter().map(|r| r.cpu).collect()),
        wall: median(runs.iter().map(|r| r.wall).collect()),
        peak_mb: median(runs.iter().map(|r| r.peak_mb).collect()),
    }
}

/// The Python of target/bench-asr-venv, with faster-whisper installed (once).
fn faster_whisper_venv(root: &Path) -> Result<std::path::PathBuf> {
    let venv = root.join("target/bench-asr-venv");
    let python = venv.join("bin/python");
    let ready = python.is_file()
        && Command::new(&python).args(["-c", "import faster_whisper"]).status().is_ok_and(|s| s.success());
    if !ready {
        println!("installing {FASTER_WHISPER} into {}", venv.display());
        let ok = Command::new("python3").args(["-m", "venv"]).arg(&venv).status()?.success()
            && Command::new(&python).args(["-m", "pip", "install", "-q", FASTER_WHISPER]).status()?.success();
        if !ok {
            bail!("could not install {FASTER_WHISPER} into {}", venv.display());
        }
    }
    Ok(python)
}

fn wav_seconds(path: &Path) -> Result<f64> {
    let bytes = fs::read(path).with_context(|| path.display().to_string())?;
    // RIFF WAV: byte rate at offset 28, and the "data" chunk's size.
    let rate = u32::from_le_bytes(bytes[28..32].try_into()?) as f64;
    let data = bytes.windows(4).position(|w| w == b"data").context("no data chunk")?;
    let size = u32::from_le_bytes(bytes[data + 4..data + 8].try_into()?) as f64;
    Ok(size / rate)
}
