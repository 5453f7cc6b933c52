//! `uraikal transcribe` (a Whisper model over manifests, resumable, shardable) and `uraikal merge-hyps`
//! (join shard files, report duplicates and gaps).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use uraikal_asr::transcribe::{hyps_to_jsonl, merge_hyps, read_audio_items, Shard};

use crate::common::CheckFailed;

/// Arguments of `uraikal transcribe`.
#[derive(Args)]
pub struct TranscribeArgs {
    /// Manifests to transcribe ({"id","audio",…} JSONL, e.g. data/a1_fleurs.jsonl); several may follow.
    #[arg(long, num_args = 1.., required = true)]
    manifest: Vec<PathBuf>,
    /// A ggml Whisper model in whisper.cpp's format (e.g. ggml-large-v3-turbo.bin).
    #[arg(long)]
    model: PathBuf,
    /// The hypothesis file to write (e.g. hyps/NAME.jsonl); an existing one is resumed.
    #[arg(long)]
    out: PathBuf,
    /// Language forced on the model (a Whisper code), or `auto` to let it detect.
    #[arg(long, default_value = "ta")]
    language: String,
    /// CPU threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Beam search of this width; without it (or with 1) decoding is greedy.
    #[arg(long)]
    beam_size: Option<usize>,
    /// Transcribe only part i of n (1-based, e.g. 2/4); join the parts with `uraikal merge-hyps`.
    #[arg(long)]
    shard: Option<Shard>,
}

/// Arguments of `uraikal merge-hyps`.
#[derive(Args)]
pub struct MergeHypsArgs {
    /// Hypothesis files to join (e.g. the shards of one run).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The merged file (written atomically).
    #[arg(long)]
    out: PathBuf,
    /// Manifests of the test set: order the output by them and report ids without a hypothesis.
    #[arg(long, num_args = 1..)]
    manifest: Vec<PathBuf>,
}

/// Runs `uraikal transcribe`.
pub fn run_transcribe(args: TranscribeArgs) -> Result<ExitCode> {
    #[cfg(feature = "whisper")]
    {
        whisper_run::run(args)
    }
    #[cfg(not(feature = "whisper"))]
    {
        let _ = args;
        bail!(
            "this uraikal was built without whisper.cpp, so it cannot transcribe.\n  Rebuild it with the \
             `whisper` feature: `cargo install --path crates/uraikal-cli --features whisper` (needs cmake, a C++ \
             compiler and libclang, e.g. `apt-get install cmake clang libclang-dev`); the `uraikal` of `pip install \
             uraikal` is built without it too, so install that Rust binary to transcribe.\n  Any other system can \
             write the same hypothesis file itself: one {{\"id\": …, \"hyp\": …}} JSON line per utterance (README, \
             \"Transcribing\")."
        )
    }
}

/// Runs `uraikal merge-hyps`.
pub fn run_merge_hyps(args: MergeHypsArgs) -> Result<ExitCode> {
    let manifest_ids = if args.manifest.is_empty() {
        None
    } else {
        Some(read_audio_items(&args.manifest)?.into_iter().map(|item| item.id).collect::<Vec<_>>())
    };
    if args.inputs.iter().any(|input| input == &args.out) {
        bail!("--out {} is also an input; write the merge to a new file", args.out.display());
    }
    let (hyps, report) = merge_hyps(&args.inputs, manifest_ids.as_deref())?;
    uraikal_io::write_atomic(&args.out, &hyps_to_jsonl(&hyps))?;
    eprintln!("uraikal: wrote {} lines from {} files to {}", report.lines, args.inputs.len(), args.out.display());
    for duplicate in &report.duplicates {
        let what = if duplicate.conflicting { "conflicting hypotheses" } else { "duplicate (same hypothesis)" };
        eprintln!("  {what} for id {:?} at {} (the first is kept)", duplicate.id, duplicate.places.join(", "));
    }
    if !report.missing.is_empty() {
        eprintln!(
            "  {} manifest ids have no hypothesis (gaps; scored as empty), e.g. {}",
            report.missing.len(),
            examples(&report.missing)
        );
    }
    if !report.extra.is_empty() {
        eprintln!("  {} ids are not in the manifests, e.g. {}", report.extra.len(), examples(&report.extra));
    }
    if report.is_clean() {
        Ok(ExitCode::SUCCESS)
    } else {
        Err(CheckFailed(format!("merged {} with problems (listed above)", args.out.display())).into())
    }
}

fn examples(ids: &[String]) -> String {
    let shown: Vec<String> = ids.iter().take(5).map(|id| format!("{id:?}")).collect();
    shown.join(", ")
}

#[cfg(feature = "whisper")]
mod whisper_run {
    //! The transcription loop itself, compiled only with whisper.cpp.

    use std::io::IsTerminal;
    use std::time::{Duration, Instant};

    use std::path::Path;

    use anyhow::Context;
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use serde_json::{json, Value};
    use uraikal_asr::audio;
    use uraikal_asr::transcribe::{AudioItem, HypAppender};
    use uraikal_asr::whisper::{whisper_cpp_version, DecodingOptions, Transcriber};

    use super::*;

    /// Totals of audio and of time spent on it.
    #[derive(Default, Clone, Copy)]
    struct Totals {
        utterances: usize,
        audio_seconds: f64,
        processing_seconds: f64,
    }

    impl Totals {
        fn rtf(&self) -> Option<f64> {
            (self.audio_seconds > 0.0).then(|| self.processing_seconds / self.audio_seconds)
        }

        fn to_json(self) -> Value {
            json!({
                "utterances": self.utterances,
                "audio_seconds": round3(self.audio_seconds),
                "processing_seconds": round3(self.processing_seconds),
                "rtf": self.rtf().map(round3),
            })
        }

        fn from_json(value: &Value) -> Totals {
            Totals {
                utterances: value["utterances"].as_u64().unwrap_or(0) as usize,
                audio_seconds: value["audio_seconds"].as_f64().unwrap_or(0.0),
                processing_seconds: value["processing_seconds"].as_f64().unwrap_or(0.0),
            }
        }

        fn add(self, other: Totals) -> Totals {
            Totals {
                utterances: self.utterances + other.utterances,
                audio_seconds: self.audio_seconds + other.audio_seconds,
                processing_seconds: self.processing_seconds + other.processing_seconds,
            }
        }
    }

    /// The sidecar of a hypothesis file: `hyps/NAME.jsonl` → `hyps/NAME.meta.json`.
    fn sidecar_path(out: &Path) -> PathBuf {
        let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let stem = name.strip_suffix(".jsonl").unwrap_or(&name);
        out.with_file_name(format!("{stem}.meta.json"))
    }

    fn round3(x: f64) -> f64 {
        (x * 1000.0).round() / 1000.0
    }

    /// The settings that decide the hypotheses: a resumed run must use the same ones.
    fn identity(model_sha256: &str, options: &DecodingOptions, shard: Option<Shard>) -> Value {
        json!({
            "model_sha256": model_sha256,
            "language": options.language,
            "strategy": options.strategy(),
            "beam_size": options.beam_size.filter(|&k| k > 1),
            "best_of": options.best_of,
            "shard": shard.map(|s| s.to_string()),
        })
    }

    pub fn run(args: TranscribeArgs) -> Result<ExitCode> {
        let items = read_audio_items(&args.manifest)?;
        let total_in_manifests = items.len();
        let items = match args.shard {
            Some(shard) => shard.select(items, |item| item.id.as_str()),
            None => items,
        };
        let threads =
            args.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        let options =
            DecodingOptions { language: args.language.clone(), threads, beam_size: args.beam_size, best_of: 5 };
        if args.beam_size == Some(0) {
            bail!("--beam-size must be at least 1");
        }
        if !args.model.is_file() {
            bail!("{}: model file not found (ggml Whisper models: see README, \"Transcribing\")", args.model.display());
        }
        // Load first: a bad model or language fails before any file is touched.
        let transcriber = Transcriber::load(&args.model, options.clone())?;
        let model_sha256 = uraikal_io::sha256_file(&args.model)?;
        let identity = identity(&model_sha256, &options, args.shard);
        let sidecar = sidecar_path(&args.out);
        let earlier = read_earlier_sidecar(&sidecar, &args.out, &identity)?;

        let mut appender = HypAppender::open(&args.out)?;
        if let Some(repair) = appender.repaired() {
            eprintln!("uraikal: repaired {}: {repair} (an interrupted run)", args.out.display());
        }
        let wanted: std::collections::HashSet<&str> = items.iter().map(|i| i.id.as_str()).collect();
        let strangers = appender.done().iter().filter(|id| !wanted.contains(id.as_str())).count();
        if strangers > 0 {
            eprintln!(
                "uraikal: warning: {} has {strangers} lines whose ids are not in these manifests{}",
                args.out.display(),
                if args.shard.is_some() { " (or not in this shard)" } else { "" }
            );
        }
        let pending: Vec<&AudioItem> = items.iter().filter(|i| !appender.done().contains(&i.id)).collect();
        let already_done = items.len() - pending.len();

        let started = unix_seconds();
        let mut sidecar_doc = json!({
            "tool": "uraikal transcribe",
            "uraikal_version": env!("CARGO_PKG_VERSION"),
            "whisper_cpp_version": whisper_cpp_version(),
            "hypotheses": args.out.display().to_string(),
            "model": { "path": args.model.display().to_string(), "sha256": model_sha256 },
            "manifests": manifest_records(&args.manifest)?,
            "identity": identity,
            "decoding": {
                "language": options.language,
                "strategy": options.strategy(),
                "beam_size": options.beam_size.filter(|&k| k > 1),
                "best_of": options.best_of,
                "threads": options.threads,
                "timestamps": false,
                "no_context": true,
                "temperature": 0.0,
                "temperature_fallback_step": 0.2,
                "audio": "decoded in Rust, mixed to mono, resampled to 16 kHz",
            },
            "shard": args.shard.map(|s| s.to_string()),
            "utterances_in_manifests": total_in_manifests,
            "utterances_in_shard": items.len(),
            "started_unix": started,
            "finished_unix": Value::Null,
        });
        let mut this_run = Totals::default();
        let mut failures: Vec<Value> = Vec::new();
        let write_sidecar = |doc: &mut Value, run: Totals, failures: &[Value], finished: bool| -> Result<()> {
            doc["this_run"] = run.to_json();
            doc["total"] = earlier.add(run).to_json();
            doc["already_done_at_start"] = json!(already_done);
            doc["failures"] = json!(failures);
            doc["finished_unix"] = if finished { json!(unix_seconds()) } else { Value::Null };
            let mut bytes = serde_json::to_vec_pretty(doc)?;
            bytes.push(b'\n');
            uraikal_io::write_atomic(&sidecar, &bytes)?;
            Ok(())
        };
        write_sidecar(&mut sidecar_doc, this_run, &failures, false)?;

        let bar = progress_bar(pending.len() as u64);
        if already_done > 0 {
            say(&bar, format!("uraikal: {already_done} utterances already in {}; resuming", args.out.display()));
        }
        let mut last_sidecar = Instant::now();
        for item in pending {
            let clock = Instant::now();
            let outcome = audio::load_for_whisper(&item.audio).map_err(|e| e.to_string()).and_then(|samples| {
                let seconds = samples.len() as f64 / f64::from(audio::WHISPER_SAMPLE_RATE);
                transcriber.transcribe(&samples).map(|hyp| (hyp, seconds)).map_err(|e| e.to_string())
            });
            match outcome {
                Ok((hyp, seconds)) => {
                    appender.append(&item.id, &hyp)?;
                    this_run.utterances += 1;
                    this_run.audio_seconds += seconds;
                    this_run.processing_seconds += clock.elapsed().as_secs_f64();
                }
                Err(error) => {
                    say(
                        &bar,
                        format!(
                            "uraikal: skipped {:?} ({}:{}): {error}",
                            item.id,
                            item.origin.0.display(),
                            item.origin.1
                        ),
                    );
                    failures.push(json!({ "id": item.id, "audio": item.audio.display().to_string(), "error": error }));
                }
            }
            bar.inc(1);
            bar.set_message(progress_message(this_run));
            if last_sidecar.elapsed() > Duration::from_secs(10) {
                write_sidecar(&mut sidecar_doc, this_run, &failures, false)?;
                last_sidecar = Instant::now();
            }
        }
        bar.finish_and_clear();
        write_sidecar(&mut sidecar_doc, this_run, &failures, true)?;
        eprintln!(
            "uraikal: {} transcribed ({}), {already_done} already done, {} failed -> {} (sidecar {})",
            this_run.utterances,
            progress_message(this_run),
            failures.len(),
            args.out.display(),
            sidecar.display()
        );
        if failures.is_empty() {
            Ok(ExitCode::SUCCESS)
        } else {
            Err(CheckFailed(format!(
                "{} of {} utterances could not be transcribed (listed above and in {}); they have no line, so a \
                 rerun retries them and `uraikal score` counts them as missing",
                failures.len(),
                items.len(),
                sidecar.display()
            ))
            .into())
        }
    }

    fn progress_message(run: Totals) -> String {
        let rtf = run.rtf().map_or("-".to_string(), |r| format!("{r:.3}"));
        format!("{:.3} h audio, RTF {rtf}", run.audio_seconds / 3600.0)
    }

    fn progress_bar(length: u64) -> ProgressBar {
        if !std::io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::with_draw_target(Some(length), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} utterances, {msg}, ETA {eta}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar
    }

    /// The totals of earlier runs into the same file, after checking they used the same model and settings.
    fn read_earlier_sidecar(sidecar: &Path, out: &Path, identity: &Value) -> Result<Totals> {
        let text = match std::fs::read_to_string(sidecar) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Totals::default()),
            Err(e) => return Err(e).with_context(|| format!("reading {}", sidecar.display())),
        };
        let earlier: Value = serde_json::from_str(&text).with_context(|| format!("{}: not JSON", sidecar.display()))?;
        if &earlier["identity"] != identity {
            bail!(
                "{} was written with other settings ({}: {}), now {}; resuming would mix two systems in one file. \
                 Choose another --out, or delete both files to start again",
                out.display(),
                sidecar.display(),
                earlier["identity"],
                identity
            );
        }
        Ok(Totals::from_json(&earlier["total"]))
    }

    fn manifest_records(manifests: &[PathBuf]) -> Result<Vec<Value>> {
        manifests
            .iter()
            .map(|m| Ok(json!({ "path": m.display().to_string(), "sha256": uraikal_io::sha256_file(m)? })))
            .collect()
    }

    /// Seconds since the Unix epoch, a timestamp that needs no date library.
    fn unix_seconds() -> u64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
    }
}

/// A line for the user on stderr: above the progress bar when it is drawn, plainly when it is hidden (stderr
/// not a terminal), where `ProgressBar::println` would print nothing.
#[cfg(feature = "whisper")]
fn say(bar: &indicatif::ProgressBar, line: String) {
    if bar.is_hidden() {
        eprintln!("{line}");
    } else {
        bar.println(line);
    }
}
