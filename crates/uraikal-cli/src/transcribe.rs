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
    /// A Whisper model: a ggml file (whisper.cpp's format, e.g. ggml-large-v3-turbo.bin), or a CTranslate2 or
    /// transformers folder, converted once into the cache (~/.cache/uraikal/models, or $URAIKAL_MODEL_CACHE).
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
    /// Candidates sampled at each fallback temperature (greedy decoding).
    #[arg(long, default_value_t = 5)]
    best_of: usize,
    /// The first decoding temperature.
    #[arg(long, default_value_t = 0.0)]
    temperature: f32,
    /// Do not retry failed decodings at higher temperatures.
    #[arg(long)]
    no_temperature_fallback: bool,
    /// No-speech probability above which a segment is taken as silence.
    #[arg(long, default_value_t = 0.6)]
    no_speech_threshold: f32,
    /// Average log-probability below which a decoding counts as failed.
    #[arg(long, default_value_t = -1.0, allow_hyphen_values = true)]
    logprob_threshold: f32,
    /// Text the decoder sees as preceding context (e.g. words of the domain).
    #[arg(long)]
    initial_prompt: Option<String>,
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
    //! Arguments into a whisper.cpp engine and a `uraikal_asr::session` run; its events onto stderr.

    use std::io::IsTerminal;

    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use serde_json::{json, Value};
    use uraikal_asr::session::{self, Event, Totals};
    use uraikal_asr::whisper::{whisper_cpp_version, DecodingOptions, Transcriber};

    use super::*;

    /// How the hypotheses were decoded, for the sidecar: every setting of the identity, and the rest.
    fn decoding_record(options: &DecodingOptions) -> Value {
        let mut record = options.identity();
        record["threads"] = json!(options.threads);
        record["temperature_increment"] = json!((f64::from(options.temperature_increment()) * 1e6).round() / 1e6);
        record["timestamps"] = json!(false);
        record["no_context"] = json!(true);
        record["audio"] = json!("decoded in Rust, mixed to mono, resampled to 16 kHz");
        record
    }

    pub fn run(args: TranscribeArgs) -> Result<ExitCode> {
        if args.beam_size == Some(0) {
            bail!("--beam-size must be at least 1");
        }
        let threads =
            args.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
        let options = DecodingOptions {
            language: args.language.clone(),
            threads,
            beam_size: args.beam_size,
            best_of: args.best_of.max(1),
            temperature: args.temperature,
            temperature_fallback: !args.no_temperature_fallback,
            no_speech_threshold: args.no_speech_threshold,
            logprob_threshold: args.logprob_threshold,
            initial_prompt: args.initial_prompt.clone(),
        };
        // Manifests are checked, a folder converted (once, into the cache) and the model loaded before any
        // output file is touched.
        read_audio_items(&args.manifest)?;
        let cache = uraikal_asr::models::default_cache();
        let (model, made) = uraikal_asr::models::resolve(&args.model, &cache, None)?;
        if made {
            eprintln!("uraikal: converted {} to {} (cached for later runs)", args.model.display(), model.display());
        }
        let transcriber = Transcriber::load(&model, options.clone())?;
        let model_sha256 = uraikal_io::sha256_file(&model)?;
        let identity = json!({
            "model_sha256": model_sha256,
            "decoding": options.identity(),
            "shard": args.shard.map(|s| s.to_string()),
        });
        let record = json!({
            "tool": "uraikal transcribe",
            "uraikal_version": env!("CARGO_PKG_VERSION"),
            "engine": "whisper.cpp",
            "whisper_cpp_version": whisper_cpp_version(),
            "model": { "path": args.model.display().to_string(), "ggml": model.display().to_string(), "sha256": model_sha256 },
            "decoding": decoding_record(&options),
        });
        let spec = session::Run {
            manifests: &args.manifest,
            out: &args.out,
            shard: args.shard,
            identity,
            record: record.as_object().cloned().unwrap_or_default(),
        };
        let mut bar = ProgressBar::hidden();
        let out = args.out.display().to_string();
        let sharded = args.shard.is_some();
        let outcome = session::run(
            spec,
            |samples| transcriber.transcribe(samples).map_err(|e| e.to_string()),
            |event| match event {
                Event::Repaired(repair) => eprintln!("uraikal: repaired {out}: {repair} (an interrupted run)"),
                Event::Strangers(n) => eprintln!(
                    "uraikal: warning: {out} has {n} lines whose ids are not in these manifests{}",
                    if sharded { " (or not in this shard)" } else { "" }
                ),
                Event::Start { done, pending } => {
                    bar = progress_bar(pending as u64);
                    if done > 0 {
                        say(&bar, format!("uraikal: {done} utterances already in {out}; resuming"));
                    }
                }
                Event::Skipped { item, error } => say(
                    &bar,
                    format!("uraikal: skipped {:?} ({}:{}): {error}", item.id, item.origin.0.display(), item.origin.1),
                ),
                Event::Progress(totals) => {
                    bar.inc(1);
                    bar.set_message(progress_message(totals));
                }
            },
        )?;
        bar.finish_and_clear();
        eprintln!(
            "uraikal: {} transcribed ({}), {} already done, {} failed -> {out} (sidecar {})",
            outcome.this_run.utterances,
            progress_message(outcome.this_run),
            outcome.already_done,
            outcome.failures,
            outcome.sidecar.display()
        );
        if outcome.failures == 0 {
            Ok(ExitCode::SUCCESS)
        } else {
            Err(CheckFailed(format!(
                "{} of {} utterances could not be transcribed (listed above and in {}); they have no line, so a \
                 rerun retries them and `uraikal score` counts them as missing",
                outcome.failures,
                outcome.items,
                outcome.sidecar.display()
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
