//! The engines of `uraikal transcribe` (whisper.cpp in-process, an OpenAI-compatible endpoint) and the one
//! `uraikal_asr::session` run they share: its events on stderr, a progress bar, the exit code.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{json, Value};
use uraikal_asr::api::{ApiConfig, ApiTranscriber};
use uraikal_asr::session::{self, Event, Totals};
use uraikal_asr::transcribe::read_audio_items;

use crate::common::CheckFailed;
use crate::transcribe::TranscribeArgs;

/// `--engine openai-compatible`: each utterance posted to `--url`.
pub fn run_api(args: &TranscribeArgs) -> Result<ExitCode> {
    let Some(url) = &args.url else {
        bail!("--engine openai-compatible needs --url (e.g. http://127.0.0.1:8080/v1/audio/transcriptions)")
    };
    if args.model.is_some() {
        bail!("--model is for the whisper.cpp engine; the server chooses its model (name it with --api-model)");
    }
    let mut config = ApiConfig::new(url);
    config.model = args.api_model.clone();
    config.key = std::env::var(&args.api_key_env).ok().filter(|k| !k.is_empty());
    config.language = args.language.clone();
    config.temperature = args.temperature;
    config.prompt = args.initial_prompt.clone();
    config.retries = args.retries;
    config.timeout = std::time::Duration::from_secs(args.api_timeout.max(1));
    for field in &args.api_field {
        let (name, value) = field.split_once('=').with_context(|| format!("--api-field {field:?}: not NAME=VALUE"))?;
        config.extra_fields.push((name.to_string(), value.to_string()));
    }
    let transcriber = ApiTranscriber::new(config)?;
    read_audio_items(&args.manifest)?;
    let identity = json!({
        "engine": "openai-compatible",
        "api": transcriber.config().identity(),
        "shard": args.shard.map(|s| s.to_string()),
    });
    let record = json!({
        "tool": "uraikal transcribe",
        "uraikal_version": env!("CARGO_PKG_VERSION"),
        "engine": "openai-compatible",
        "api": transcriber.config().identity(),
        "api_key": if transcriber.config().key.is_some() { format!("from ${} (not recorded)", args.api_key_env) } else { "none".into() },
        "retries": args.retries,
        "audio": "decoded in Rust, mixed to mono, resampled to 16 kHz, sent as 32-bit float WAV",
    });
    let concurrency = usize::from(args.api_concurrency);
    drive(args, identity, record, concurrency, |samples| transcriber.transcribe(samples).map_err(|e| e.to_string()))
}

/// `--engine whisper-cpp` (the default): a ggml file, or a folder converted once into the cache.
#[cfg(feature = "whisper")]
pub fn run_whisper(args: &TranscribeArgs) -> Result<ExitCode> {
    use uraikal_asr::whisper::{whisper_cpp_version, DecodingOptions, Transcriber};

    let Some(model_arg) = &args.model else { bail!("--model is required (a ggml file or a model folder)") };
    if args.beam_size == Some(0) {
        bail!("--beam-size must be at least 1");
    }
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
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
    let (model, made) = uraikal_asr::models::resolve(model_arg, &cache, None)?;
    if made {
        eprintln!("uraikal: converted {} to {} (cached for later runs)", model_arg.display(), model.display());
    }
    let transcriber = Transcriber::load(&model, options.clone())?;
    let model_sha256 = uraikal_io::sha256_file(&model)?;
    let identity = json!({
        "model_sha256": model_sha256,
        "decoding": options.identity(),
        "shard": args.shard.map(|s| s.to_string()),
    });
    // How the hypotheses were decoded: every setting of the identity, and the rest.
    let mut decoding = options.identity();
    decoding["threads"] = json!(options.threads);
    decoding["temperature_increment"] = json!((f64::from(options.temperature_increment()) * 1e6).round() / 1e6);
    decoding["timestamps"] = json!(false);
    decoding["no_context"] = json!(true);
    decoding["audio"] = json!("decoded in Rust, mixed to mono, resampled to 16 kHz");
    let record = json!({
        "tool": "uraikal transcribe",
        "uraikal_version": env!("CARGO_PKG_VERSION"),
        "engine": "whisper.cpp",
        "whisper_cpp_version": whisper_cpp_version(),
        "model": { "path": model_arg.display().to_string(), "ggml": model.display().to_string(), "sha256": model_sha256 },
        "decoding": decoding,
    });
    // whisper.cpp uses the cores itself (--threads): one utterance at a time.
    drive(args, identity, record, 1, |samples| transcriber.transcribe(samples).map_err(|e| e.to_string()))
}

/// One session run with `engine`, its events drawn on stderr.
fn drive(
    args: &TranscribeArgs,
    identity: Value,
    record: Value,
    concurrency: usize,
    engine: impl Fn(&[f32]) -> Result<String, String> + Sync,
) -> Result<ExitCode> {
    let spec = session::Run {
        manifests: &args.manifest,
        out: &args.out,
        shard: args.shard,
        identity,
        record: record.as_object().cloned().unwrap_or_default(),
        concurrency,
    };
    let mut bar = ProgressBar::hidden();
    let out = args.out.display().to_string();
    let sharded = args.shard.is_some();
    let outcome = session::run(spec, engine, |event| match event {
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
    })?;
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
            "{} of {} utterances could not be transcribed (listed above and in {}); they have no line, so a rerun \
             retries them and `uraikal score` counts them as missing",
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

/// A line for the user on stderr: above the progress bar when it is drawn, plainly when it is hidden (stderr
/// not a terminal), where `ProgressBar::println` would print nothing.
fn say(bar: &ProgressBar, line: String) {
    if bar.is_hidden() {
        eprintln!("{line}");
    } else {
        bar.println(line);
    }
}
