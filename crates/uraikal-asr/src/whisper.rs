//! Whisper-family models through whisper.cpp (the `whisper` feature): load a ggml model once, transcribe
//! 16 kHz mono samples into plain text, one utterance at a time, with no timestamps.
//!
//! Every utterance gets a fresh decoder state, so its transcript depends only on its own audio and the
//! settings — not on which utterances came before it. That is what makes shards and resumed runs give
//! the same file as one uninterrupted run.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;
use whisper_rs::{FullParams, SamplingStrategy, WhisperContext, WhisperContextParameters};

/// The whisper.cpp version this build links.
pub fn whisper_cpp_version() -> &'static str {
    whisper_rs::WHISPER_CPP_VERSION
}

/// How to decode. Recorded in the sidecar of every hypothesis file (all but `threads` are part of a run's
/// identity: a resumed run must decode the same way).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecodingOptions {
    /// Forced language code (`ta`), or `auto` to let the model detect it.
    pub language: String,
    /// CPU threads whisper.cpp uses.
    pub threads: usize,
    /// Beam width; `None` (or 1) is greedy decoding.
    pub beam_size: Option<usize>,
    /// Candidates sampled when whisper.cpp falls back to a higher temperature (its default, 5).
    pub best_of: usize,
    /// The first decoding temperature (0: deterministic).
    pub temperature: f32,
    /// Whether a failed decoding (too repetitive, too unlikely) is retried at temperature + 0.2, + 0.4, …
    pub temperature_fallback: bool,
    /// A segment whose no-speech probability is above this (and log-probability below the threshold) is
    /// treated as silence (whisper.cpp's default 0.6).
    pub no_speech_threshold: f32,
    /// Average log-probability below which a decoding counts as failed (whisper.cpp's default -1).
    pub logprob_threshold: f32,
    /// Text given to the decoder as the previous context (e.g. vocabulary of the domain).
    pub initial_prompt: Option<String>,
}

impl Default for DecodingOptions {
    fn default() -> DecodingOptions {
        DecodingOptions {
            language: "ta".into(),
            threads: 1,
            beam_size: None,
            best_of: 5,
            temperature: 0.0,
            temperature_fallback: true,
            no_speech_threshold: 0.6,
            logprob_threshold: -1.0,
            initial_prompt: None,
        }
    }
}

impl DecodingOptions {
    /// The strategy name recorded in sidecars: `greedy` or `beam_search`.
    pub fn strategy(&self) -> &'static str {
        if self.beam_size.is_some_and(|k| k > 1) {
            "beam_search"
        } else {
            "greedy"
        }
    }

    /// Step added to the temperature on each fallback (0 when fallback is off).
    pub fn temperature_increment(&self) -> f32 {
        if self.temperature_fallback {
            0.2
        } else {
            0.0
        }
    }

    /// The settings that decide the hypotheses (everything but the thread count), as JSON.
    pub fn identity(&self) -> serde_json::Value {
        serde_json::json!({
            "language": self.language,
            "strategy": self.strategy(),
            "beam_size": self.beam_size.filter(|&k| k > 1),
            "best_of": self.best_of,
            "temperature": short(self.temperature),
            "temperature_fallback": self.temperature_fallback,
            "no_speech_threshold": short(self.no_speech_threshold),
            "logprob_threshold": short(self.logprob_threshold),
            "initial_prompt": self.initial_prompt,
        })
    }
}

/// An f32 setting as the decimal it was written as (0.6, not 0.6000000238418579).
fn short(x: f32) -> f64 {
    (f64::from(x) * 1e6).round() / 1e6
}

/// Why a model could not be loaded or run.
#[derive(Debug)]
pub struct Error {
    model: PathBuf,
    kind: ErrorKind,
}

/// The kinds of whisper errors.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The model file is absent.
    ModelMissing,
    /// whisper.cpp could not load the file as a ggml Whisper model.
    Load(String),
    /// The language code is not one whisper.cpp knows.
    UnknownLanguage(String),
    /// Decoding failed.
    Run(String),
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = self.model.display();
        match &self.kind {
            ErrorKind::ModelMissing => write!(f, "{model}: model file not found"),
            ErrorKind::Load(m) => write!(f, "{model}: not a loadable ggml Whisper model ({m})"),
            ErrorKind::UnknownLanguage(l) => {
                write!(f, "language {l:?} is not a Whisper language code (e.g. ta, en, auto)")
            }
            ErrorKind::Run(m) => write!(f, "{model}: whisper.cpp failed: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// A loaded model and its decoding options.
pub struct Transcriber {
    model: PathBuf,
    context: WhisperContext,
    options: DecodingOptions,
}

impl Transcriber {
    /// Loads a ggml Whisper model (whisper.cpp's format, e.g. `ggml-large-v3-turbo.bin`). whisper.cpp's own
    /// log lines are silenced.
    pub fn load(model: &Path, options: DecodingOptions) -> Result<Transcriber, Error> {
        let fail = |kind| Error { model: model.to_path_buf(), kind };
        if !model.is_file() {
            return Err(fail(ErrorKind::ModelMissing));
        }
        if options.language != "auto" && whisper_rs::get_lang_id(&options.language).is_none() {
            return Err(fail(ErrorKind::UnknownLanguage(options.language.clone())));
        }
        if options.initial_prompt.as_deref().is_some_and(|p| p.contains('\0')) {
            return Err(fail(ErrorKind::Run("the initial prompt contains a NUL character".into())));
        }
        whisper_rs::install_logging_hooks();
        let context = WhisperContext::new_with_params(model, WhisperContextParameters::default())
            .map_err(|e| fail(ErrorKind::Load(e.to_string())))?;
        Ok(Transcriber { model: model.to_path_buf(), context, options })
    }

    /// The options in force.
    pub fn options(&self) -> &DecodingOptions {
        &self.options
    }

    /// Transcribes 16 kHz mono samples into text: the segments joined, surrounding space trimmed.
    pub fn transcribe(&self, samples: &[f32]) -> Result<String, Error> {
        let fail = |m: String| Error { model: self.model.clone(), kind: ErrorKind::Run(m) };
        let strategy = match self.options.beam_size {
            Some(k) if k > 1 => SamplingStrategy::BeamSearch { beam_size: k as i32, patience: -1.0 },
            _ => SamplingStrategy::Greedy { best_of: self.options.best_of as i32 },
        };
        let mut params = FullParams::new(strategy);
        params.set_n_threads(self.options.threads.max(1) as i32);
        if self.options.language == "auto" {
            // whisper.cpp detects the language from the first 30 s, then transcribes in it.
            params.set_language(Some("auto"));
        } else {
            params.set_language(Some(&self.options.language));
        }
        params.set_translate(false);
        params.set_temperature(self.options.temperature);
        params.set_temperature_inc(self.options.temperature_increment());
        params.set_no_speech_thold(self.options.no_speech_threshold);
        params.set_logprob_thold(self.options.logprob_threshold);
        if let Some(prompt) = &self.options.initial_prompt {
            params.set_initial_prompt(prompt);
        }
        params.set_no_timestamps(true);
        params.set_no_context(true);
        params.set_print_special(false);
        params.set_print_progress(false);
        params.set_print_realtime(false);
        params.set_print_timestamps(false);
        let mut state = self.context.create_state().map_err(|e| fail(e.to_string()))?;
        state.full(params, samples).map_err(|e| fail(e.to_string()))?;
        let mut text = String::new();
        for segment in state.as_iter() {
            text.push_str(&segment.to_str_lossy().map_err(|e| fail(e.to_string()))?);
        }
        Ok(text.trim().to_string())
    }
}
