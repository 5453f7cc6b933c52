//! `uraikal models convert IN --out FILE [--quantize q8_0|q5_0]` (a CTranslate2 or transformers Whisper
//! folder → whisper.cpp's ggml file) and `uraikal models info FILE [--json]`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Subcommand};
use uraikal_asr::models::{self, Quantize};

use crate::common::print_json_pretty;

/// `uraikal models …`.
#[derive(Subcommand)]
pub enum ModelsCommand {
    /// Convert a CTranslate2 (faster-whisper) or transformers Whisper folder into a ggml file for whisper.cpp.
    Convert(ConvertArgs),
    /// Describe a ggml Whisper file: architecture, sizes, storage type, vocabulary and languages.
    Info(InfoArgs),
}

/// Arguments of `uraikal models convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// The model folder (config.json with model.bin, or with model.safetensors / shards).
    input: PathBuf,
    /// The ggml file to write (atomically).
    #[arg(long)]
    out: PathBuf,
    /// Store the matrices quantized (q8_0 or q5_0) instead of f16.
    #[arg(long)]
    quantize: Option<Quantize>,
}

/// Arguments of `uraikal models info`.
#[derive(Args)]
pub struct InfoArgs {
    /// A ggml Whisper file.
    file: PathBuf,
    /// One JSON object instead of lines.
    #[arg(long)]
    json: bool,
}

/// Runs `uraikal models …`.
pub fn run(command: ModelsCommand) -> Result<ExitCode> {
    match command {
        ModelsCommand::Convert(args) => {
            let report = models::convert(&args.input, &args.out, args.quantize)?;
            eprintln!(
                "uraikal: converted {} ({}, {} tensors) -> {} ({:.1} MB, {})",
                args.input.display(),
                report.format,
                report.tensors,
                args.out.display(),
                report.bytes as f64 / 1e6,
                args.quantize.map_or("f16", Quantize::name)
            );
        }
        ModelsCommand::Info(args) => {
            let info = models::info(&args.file)?;
            if args.json {
                print_json_pretty(&info)?;
            } else {
                let h = info.hparams;
                println!("architecture  Whisper {} ({} parameters)", info.architecture, info.parameters);
                println!("storage       {} ({} tensors)", info.ftype, info.tensors);
                println!(
                    "encoder       {} layers, width {}, {} heads, {} positions, {} mel bands",
                    h.n_audio_layer, h.n_audio_state, h.n_audio_head, h.n_audio_ctx, h.n_mels
                );
                println!(
                    "decoder       {} layers, width {}, {} heads, {} positions",
                    h.n_text_layer, h.n_text_state, h.n_text_head, h.n_text_ctx
                );
                println!(
                    "vocabulary    {} tokens ({} stored), {}",
                    h.n_vocab,
                    info.vocabulary,
                    if info.multilingual { "multilingual" } else { "English only" }
                );
                println!("languages     {} ({})", info.languages.len(), info.languages.join(" "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
