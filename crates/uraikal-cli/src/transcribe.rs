//! `uraikal transcribe` (a Whisper model, or an OpenAI-compatible endpoint, over manifests, resumable,
//! shardable; the engines are in `transcribe_run`) and `uraikal merge-hyps` (join shard files, report duplicates
//! and gaps).

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
    pub(crate) manifest: Vec<PathBuf>,
    /// What transcribes: whisper.cpp in this process (needs --model), or an OpenAI-compatible
    /// /v1/audio/transcriptions endpoint (needs --url).
    #[arg(long, value_enum, default_value_t = Engine::WhisperCpp)]
    pub(crate) engine: Engine,
    /// A Whisper model: a ggml file (whisper.cpp's format, e.g. ggml-large-v3-turbo.bin), or a CTranslate2 or
    /// transformers folder, converted once into the cache (~/.cache/uraikal/models, or $URAIKAL_MODEL_CACHE).
    #[arg(long)]
    pub(crate) model: Option<PathBuf>,
    /// The endpoint of --engine openai-compatible (http only), e.g.
    /// http://127.0.0.1:8080/v1/audio/transcriptions.
    #[arg(long)]
    pub(crate) url: Option<String>,
    /// The `model` field sent to the endpoint (e.g. whisper-1).
    #[arg(long)]
    pub(crate) api_model: Option<String>,
    /// The environment variable holding the endpoint's key (sent as a Bearer token, never written).
    #[arg(long, default_value = "OPENAI_API_KEY")]
    pub(crate) api_key_env: String,
    /// A further form field for the endpoint, NAME=VALUE (repeatable; e.g. whisper.cpp server's
    /// no_timestamps=true, beam_size=5).
    #[arg(long)]
    pub(crate) api_field: Vec<String>,
    /// Retries of a failed request (connection errors, HTTP 429 and 5xx), with exponential backoff.
    #[arg(long, default_value_t = 4)]
    pub(crate) retries: u32,
    /// Seconds to wait for the endpoint's answer before the request counts as failed (and is retried).
    #[arg(long, default_value_t = 600)]
    pub(crate) api_timeout: u64,
    /// Requests in flight at once (the endpoint's own limit; lines are still written in manifest order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(crate) api_concurrency: u16,
    /// The hypothesis file to write (e.g. hyps/NAME.jsonl); an existing one is resumed.
    #[arg(long)]
    pub(crate) out: PathBuf,
    /// Language forced on the model (a Whisper code), or `auto` to let it detect.
    #[arg(long, default_value = "ta")]
    pub(crate) language: String,
    /// CPU threads (default: all cores).
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Beam search of this width; without it (or with 1) decoding is greedy.
    #[arg(long)]
    pub(crate) beam_size: Option<usize>,
    /// Candidates sampled at each fallback temperature (greedy decoding).
    #[arg(long, default_value_t = 5)]
    pub(crate) best_of: usize,
    /// The first decoding temperature.
    #[arg(long, default_value_t = 0.0)]
    pub(crate) temperature: f32,
    /// Do not retry failed decodings at higher temperatures.
    #[arg(long)]
    pub(crate) no_temperature_fallback: bool,
    /// No-speech probability above which a segment is taken as silence.
    #[arg(long, default_value_t = 0.6)]
    pub(crate) no_speech_threshold: f32,
    /// Average log-probability below which a decoding counts as failed.
    #[arg(long, default_value_t = -1.0, allow_hyphen_values = true)]
    pub(crate) logprob_threshold: f32,
    /// Text the decoder sees as preceding context (e.g. words of the domain).
    #[arg(long)]
    pub(crate) initial_prompt: Option<String>,
    /// Transcribe only part i of n (1-based, e.g. 2/4); join the parts with `uraikal merge-hyps`.
    #[arg(long)]
    pub(crate) shard: Option<Shard>,
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

/// The engines of `uraikal transcribe`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Engine {
    /// whisper.cpp in this process (the `whisper` feature).
    WhisperCpp,
    /// An OpenAI-compatible /v1/audio/transcriptions endpoint.
    OpenaiCompatible,
}

/// Runs `uraikal transcribe`.
pub fn run_transcribe(args: TranscribeArgs) -> Result<ExitCode> {
    if args.engine == Engine::OpenaiCompatible {
        return crate::transcribe_run::run_api(&args);
    }
    #[cfg(feature = "whisper")]
    {
        crate::transcribe_run::run_whisper(&args)
    }
    #[cfg(not(feature = "whisper"))]
    {
        let _ = args;
        bail!(
            "this uraikal was built without whisper.cpp, so it cannot transcribe with --model (--engine \
             openai-compatible --url URL works without it).\n  Rebuild it with the \
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
