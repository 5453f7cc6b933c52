//! Whisper models in the formats people have, made into whisper.cpp's ggml file: a CTranslate2 folder
//! (faster-whisper's format) or a Hugging Face transformers folder, converted in Rust with no Python; f16,
//! or quantized to q8_0 / q5_0. Also what a ggml file holds (`uraikal models info`) and the conversion cache
//! `transcribe --model FOLDER` uses.
//!
//! ```no_run
//! use std::path::Path;
//! use uraikal_asr::models::{convert, Quantize};
//! let report = convert(Path::new("faster-whisper-base"), Path::new("ggml-base.bin"), None).unwrap();
//! println!("{} tensors, {}", report.tensors, report.format);
//! ```

mod ct2;
pub mod ggml;
mod hf;
pub mod mel;

use std::fmt;
use std::path::{Path, PathBuf};

use half::{bf16, f16};

pub use ggml::{GgmlModel, GgmlType, Hparams};

/// Why a model could not be converted, described or found.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading or writing a file failed.
    Io(uraikal_io::Error),
    /// The input is not a model this converter reads, or lacks a part (the message names it).
    Invalid(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            Error::Invalid(_) => None,
        }
    }
}

impl From<uraikal_io::Error> for Error {
    fn from(e: uraikal_io::Error) -> Error {
        Error::Io(e)
    }
}

/// Quantized ggml types the converter writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantize {
    /// 8-bit blocks of 32 values with an f16 scale (34 bytes per block).
    Q8_0,
    /// 5-bit blocks of 32 values with an f16 scale (22 bytes per block).
    Q5_0,
}

impl Quantize {
    /// ggml's file type number (before the quantization version is folded in).
    fn ftype(self) -> i32 {
        match self {
            Quantize::Q8_0 => 7,
            Quantize::Q5_0 => 8,
        }
    }

    /// The name (`q8_0`).
    pub fn name(self) -> &'static str {
        match self {
            Quantize::Q8_0 => "q8_0",
            Quantize::Q5_0 => "q5_0",
        }
    }
}

impl std::str::FromStr for Quantize {
    type Err = String;
    fn from_str(s: &str) -> Result<Quantize, String> {
        match s {
            "q8_0" => Ok(Quantize::Q8_0),
            "q5_0" => Ok(Quantize::Q5_0),
            _ => Err(format!("{s:?}: the quantized types are q8_0 and q5_0")),
        }
    }
}

/// Element types of input tensors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DType {
    /// 32-bit float.
    F32,
    /// 16-bit float.
    F16,
    /// bfloat16.
    BF16,
}

impl DType {
    fn size(self) -> usize {
        match self {
            DType::F32 => 4,
            DType::F16 | DType::BF16 => 2,
        }
    }
}

/// A tensor of the input, borrowed from the loaded file: row-major, dimensions outermost first.
#[derive(Debug, Clone)]
pub struct RawTensor<'a> {
    /// Element type.
    pub dtype: DType,
    /// Dimensions, outermost first.
    pub shape: Vec<usize>,
    /// The little-endian values.
    pub bytes: &'a [u8],
}

impl<'a> RawTensor<'a> {
    /// Number of values.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// True for a tensor without values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Value `i` as f32.
    pub fn value(&self, i: usize) -> f32 {
        let b = &self.bytes;
        match self.dtype {
            DType::F32 => f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]]),
            DType::F16 => f16::from_le_bytes([b[2 * i], b[2 * i + 1]]).to_f32(),
            DType::BF16 => bf16::from_le_bytes([b[2 * i], b[2 * i + 1]]).to_f32(),
        }
    }

    /// Rows `from..to` of the outermost dimension (a part of a fused matrix or vector).
    pub fn rows(&self, from: usize, to: usize) -> RawTensor<'a> {
        let row: usize = self.shape[1..].iter().product::<usize>() * self.dtype.size();
        let mut shape = self.shape.clone();
        shape[0] = to - from;
        RawTensor { dtype: self.dtype, shape, bytes: &self.bytes[from * row..to * row] }
    }

    /// The same values with another shape of the same size.
    pub fn reshaped(&self, shape: Vec<usize>) -> RawTensor<'a> {
        RawTensor { dtype: self.dtype, shape, bytes: self.bytes }
    }
}

/// Everything a ggml file is written from: hyperparameters, vocabulary (raw bytes, ids below the first
/// special token) and tensors under whisper.cpp's names.
#[derive(Debug)]
pub struct Plan<'a> {
    /// Hyperparameters.
    pub hparams: Hparams,
    /// Vocabulary as bytes.
    pub tokens: Vec<Vec<u8>>,
    /// `(whisper.cpp name, tensor)`.
    pub tensors: Vec<(String, RawTensor<'a>)>,
}

/// The formats `--model` accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// whisper.cpp's ggml file.
    Ggml,
    /// A CTranslate2 Whisper folder (config.json, model.bin, vocabulary).
    CTranslate2,
    /// A Hugging Face transformers Whisper folder (config.json, model.safetensors or shards, vocab.json).
    Transformers,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Ggml => "ggml",
            Format::CTranslate2 => "CTranslate2",
            Format::Transformers => "transformers",
        })
    }
}

/// What kind of model `path` is; a folder that is neither kind is an error naming what is missing.
pub fn detect(path: &Path) -> Result<Format, Error> {
    if path.is_file() {
        return Ok(Format::Ggml);
    }
    if !path.is_dir() {
        return Err(Error::Invalid(format!("{}: no such model file or folder", path.display())));
    }
    if path.join("model.bin").is_file() {
        return Ok(Format::CTranslate2);
    }
    if path.join("model.safetensors").is_file() || path.join("model.safetensors.index.json").is_file() {
        return Ok(Format::Transformers);
    }
    let parts: Vec<String> = std::fs::read_dir(path)
        .map_err(|e| uraikal_io::Error::io(path, e))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("model.bin.part"))
        .collect();
    let hint = if parts.is_empty() {
        String::new()
    } else {
        format!(" (it has {}: join the parts into model.bin first)", parts.join(", "))
    };
    let has = if path.join("config.json").is_file() { "config.json but no weights" } else { "no weights" };
    Err(Error::Invalid(format!(
        "{}: a model folder with {has}: missing model.bin (CTranslate2) or model.safetensors / \
         model.safetensors.index.json (transformers){hint}",
        path.display()
    )))
}

/// What a conversion did.
#[derive(Debug, Clone)]
pub struct ConvertReport {
    /// The input format.
    pub format: Format,
    /// Hyperparameters.
    pub hparams: Hparams,
    /// Tensors written.
    pub tensors: usize,
    /// Bytes written.
    pub bytes: u64,
}

/// Converts a CTranslate2 or transformers Whisper folder into a ggml file at `out` (f16, or `quantize`).
pub fn convert(input: &Path, out: &Path, quantize: Option<Quantize>) -> Result<ConvertReport, Error> {
    let format = detect(input)?;
    let (hparams, tensors) = match format {
        Format::Ggml => {
            return Err(Error::Invalid(format!("{}: already a ggml file; nothing to convert", input.display())))
        }
        Format::CTranslate2 => {
            let model = ct2::Ct2Model::load(input)?;
            let plan = model.plan()?;
            ggml::write(&plan, out, quantize)?;
            (plan.hparams, plan.tensors.len())
        }
        Format::Transformers => {
            let model = hf::HfModel::load(input)?;
            let plan = model.plan()?;
            ggml::write(&plan, out, quantize)?;
            (plan.hparams, plan.tensors.len())
        }
    };
    let bytes = std::fs::metadata(out).map_err(|e| uraikal_io::Error::io(out, e))?.len();
    Ok(ConvertReport { format, hparams, tensors, bytes })
}

/// The input files a conversion reads (their hashes key the cache).
pub fn input_files(input: &Path) -> Result<Vec<PathBuf>, Error> {
    let names: &[&str] = match detect(input)? {
        Format::Ggml => return Ok(vec![input.to_path_buf()]),
        Format::CTranslate2 => &["config.json", "model.bin", "vocabulary.txt", "vocabulary.json"],
        Format::Transformers => &["config.json", "vocab.json", "added_tokens.json", "model.safetensors.index.json"],
    };
    let mut files: Vec<PathBuf> = names.iter().map(|n| input.join(n)).filter(|p| p.is_file()).collect();
    if detect(input)? == Format::Transformers {
        files.extend(hf::weight_files(input)?);
    }
    Ok(files)
}

/// A ggml file for `model`: the file itself, or the folder converted once into `cache` under the sha256 of its
/// input files (and the quantization); later calls find it there. Returns the path and whether it was made now.
pub fn resolve(model: &Path, cache: &Path, quantize: Option<Quantize>) -> Result<(PathBuf, bool), Error> {
    if detect(model)? == Format::Ggml {
        return Ok((model.to_path_buf(), false));
    }
    let mut key = String::new();
    for file in input_files(model)? {
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        key.push_str(&format!("{name} {}\n", uraikal_io::sha256_file(&file)?));
    }
    key.push_str(&format!("quantize {}\nconverter 1\n", quantize.map_or("f16", Quantize::name)));
    let digest = uraikal_io::sha256_hex(key.as_bytes());
    let out = cache.join(format!("ggml-{}-{}.bin", &digest[..16], quantize.map_or("f16", Quantize::name)));
    if out.is_file() {
        return Ok((out, false));
    }
    convert(model, &out, quantize)?;
    Ok((out, true))
}

/// The conversion cache: `$URAIKAL_MODEL_CACHE`, else `$XDG_CACHE_HOME/uraikal/models`, else
/// `~/.cache/uraikal/models`.
pub fn default_cache() -> PathBuf {
    if let Some(dir) = std::env::var_os("URAIKAL_MODEL_CACHE").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("uraikal").join("models")
}

/// A description of a ggml Whisper file (`uraikal models info`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct Info {
    /// Whisper's size name (tiny, base, small, medium, large, large-v3, large-v3-turbo) or `custom`.
    pub architecture: String,
    /// Hyperparameters.
    pub hparams: Hparams,
    /// Storage: f16, f32, q8_0, q5_0.
    pub ftype: String,
    /// Vocabulary entries stored and the model's vocabulary size.
    pub vocabulary: usize,
    /// Whether the vocabulary is multilingual.
    pub multilingual: bool,
    /// Languages the model knows (Whisper codes).
    pub languages: Vec<&'static str>,
    /// Number of tensors.
    pub tensors: usize,
    /// Parameters (values in all tensors).
    pub parameters: u64,
}

/// Whisper's language codes, in token order (the first 99; large-v3 adds `yue`).
pub const LANGUAGES: [&str; 100] = [
    "en", "zh", "de", "es", "ru", "ko", "fr", "ja", "pt", "tr", "pl", "ca", "nl", "ar", "sv", "it", "id", "hi", "fi",
    "vi", "he", "uk", "el", "ms", "cs", "ro", "da", "hu", "ta", "no", "th", "ur", "hr", "bg", "lt", "la", "mi", "ml",
    "cy", "sk", "te", "fa", "lv", "bn", "sr", "az", "sl", "kn", "et", "mk", "br", "eu", "is", "hy", "ne", "mn", "bs",
    "kk", "sq", "sw", "gl", "mr", "pa", "si", "km", "sn", "yo", "so", "af", "oc", "ka", "be", "tg", "sd", "gu", "am",
    "yi", "lo", "uz", "fo", "ht", "ps", "tk", "nn", "mt", "sa", "lb", "my", "bo", "tl", "mg", "as", "tt", "haw", "ln",
    "ha", "ba", "jw", "su", "yue",
];

/// Describes a ggml Whisper file.
pub fn info(path: &Path) -> Result<Info, Error> {
    let model = ggml::read(path, true)?;
    let h = model.hparams;
    let architecture = match (h.n_audio_state, h.n_audio_layer, h.n_text_layer, h.n_mels) {
        (384, 4, 4, 80) => "tiny",
        (512, 6, 6, 80) => "base",
        (768, 12, 12, 80) => "small",
        (1024, 24, 24, 80) => "medium",
        (1280, 32, 32, 80) => "large",
        (1280, 32, 32, 128) => "large-v3",
        (1280, 32, 4, 128) => "large-v3-turbo",
        _ => "custom",
    }
    .to_string();
    let ftype = match model.ftype % 1000 {
        0 => "f32",
        1 => "f16",
        7 => "q8_0",
        8 => "q5_0",
        _ => "other",
    }
    .to_string();
    let multilingual = h.n_vocab >= 51865;
    let languages =
        if multilingual { LANGUAGES[..if h.n_vocab >= 51866 { 100 } else { 99 }].to_vec() } else { vec!["en"] };
    let parameters = model.tensors.iter().map(|t| t.shape.iter().product::<usize>() as u64).sum();
    Ok(Info {
        architecture,
        hparams: h,
        ftype,
        vocabulary: model.tokens.len(),
        multilingual,
        languages,
        tensors: model.tensors.len(),
        parameters,
    })
}

/// GPT-2's byte-level alphabet, reversed: the character a BPE vocabulary shows for each byte → the byte.
/// Printable Latin-1 bytes (`!`..`~`, `¡`..`¬`, `®`..`ÿ`) stand for themselves; the other 68 bytes, in
/// order, are shown as U+0100 onwards.
pub(crate) fn byte_decoder() -> std::collections::HashMap<char, u8> {
    let printable = |b: u32| (0x21..=0x7e).contains(&b) || (0xa1..=0xac).contains(&b) || (0xae..=0xff).contains(&b);
    let mut map = std::collections::HashMap::new();
    let mut next = 0u32;
    for b in 0u32..256 {
        let c = if printable(b) {
            b
        } else {
            next += 1;
            255 + next
        };
        map.insert(char::from_u32(c).expect("a Latin or Latin Extended-A code point"), b as u8);
    }
    map
}

/// The bytes of a byte-level BPE token as its vocabulary shows it (`Ġthe` → ` the`).
pub(crate) fn token_bytes(decoder: &std::collections::HashMap<char, u8>, token: &str) -> Option<Vec<u8>> {
    token.chars().map(|c| decoder.get(&c).copied()).collect()
}

/// The vocabulary up to the first special token (`<|endoftext|>`), as bytes; `source` names the file.
pub(crate) fn regular_tokens(tokens: &[String], source: &Path) -> Result<Vec<Vec<u8>>, Error> {
    let decoder = byte_decoder();
    let end = tokens.iter().position(|t| t == "<|endoftext|>").ok_or_else(|| {
        Error::Invalid(format!("{}: no <|endoftext|> token: not a Whisper vocabulary", source.display()))
    })?;
    tokens[..end]
        .iter()
        .enumerate()
        .map(|(id, t)| {
            token_bytes(&decoder, t).ok_or_else(|| {
                Error::Invalid(format!("{}: token {id} ({t:?}) is not in GPT-2's byte alphabet", source.display()))
            })
        })
        .collect()
}

/// whisper.cpp's name for a layer's part: `{encoder|decoder}.blocks.{i}.{part}`.
pub(crate) fn block(side: &str, i: usize, part: &str) -> String {
    format!("{side}.blocks.{i}.{part}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_alphabet() {
        let d = byte_decoder();
        assert_eq!(d.len(), 256);
        assert_eq!(token_bytes(&d, "Ġthe").unwrap(), b" the");
        assert_eq!(token_bytes(&d, "Ċ").unwrap(), b"\n");
        // த (U+0BA4) is E0 AE A4 in UTF-8: à® ¤ in the alphabet.
        assert_eq!(token_bytes(&d, "à®¤").unwrap(), "த".as_bytes());
    }

    #[test]
    fn q8_0_round_trip_is_close() {
        let block: Vec<f32> = (0..32).map(|i| (i as f32 - 15.5) / 7.0).collect();
        let back = ggml::dequantize(GgmlType::Q8_0, &ggml::quantize_q8_0(&block));
        let step = 15.5 / 7.0 / 127.0;
        for (a, b) in block.iter().zip(&back) {
            assert!((a - b).abs() <= step * 0.51 + 1e-3, "{a} {b}");
        }
    }

    #[test]
    fn q5_0_round_trip_is_close() {
        let block: Vec<f32> = (0..32).map(|i| ((i * 7 % 32) as f32 - 16.0) / 3.0).collect();
        let bytes = ggml::quantize_q5_0(&block);
        assert_eq!(bytes.len(), 22);
        let back = ggml::dequantize(GgmlType::Q5_0, &bytes);
        let step = 16.0 / 3.0 / 16.0;
        for (a, b) in block.iter().zip(&back) {
            assert!((a - b).abs() <= step * 0.51 + 1e-3, "{a} {b}");
        }
    }
}
