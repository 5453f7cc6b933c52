//! Loading tokenizers: tokenizer.json, tokenizer.json.gz, a folder holding one, an OpenAI `.tiktoken`
//! rank file, a SentencePiece `.model` file, or (with the `hub` feature) a Hugging Face repo id. Padding
//! and truncation are switched off.
//!
//! A [`Loaded`] tokenizer also carries what the measures need besides encoding: the model's unknown id and
//! each token's bytes (SPEC D3).

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;
use tokenizers::Tokenizer;

use crate::error::{Error, ErrorKind};

/// A tokenizer ready to be measured.
#[derive(Clone)]
pub struct Loaded {
    /// Its name in tables and results: the folder name, or the file name without its extensions.
    pub name: String,
    /// Where it came from: the path (or hub id) as given.
    pub source: String,
    /// sha256 of the file that was read, as stored (a .gz file's compressed bytes).
    pub sha256: Option<String>,
    pub(crate) tokenizer: Tokenizer,
    /// The pre-tokenizer as JSON (what [`crate::pretok`] rewrites).
    pub(crate) pre_tokenizer: Option<Value>,
    pub(crate) unk_id: Option<u32>,
    pub(crate) token_bytes: Arc<TokenBytes>,
    byte_level: bool,
    /// For a SentencePiece `.model`: sentencepiece's own encoder, which [`Loaded::pieces`] uses.
    pub(crate) spm: Option<Arc<crate::sentencepiece::SpmEncoder>>,
}

impl std::fmt::Debug for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loaded").field("name", &self.name).field("source", &self.source).finish()
    }
}

/// What the measures read besides what the library exposes: the pre-tokenizer and decoder as JSON (for
/// the byte-level test and the grapheme-safe rewrite) and the model's unknown token.
pub(crate) struct Shape {
    pub(crate) pre_tokenizer: Option<Value>,
    pub(crate) decoder: Option<Value>,
    pub(crate) unk_id: Option<u32>,
    pub(crate) unk_token: Option<String>,
}

/// [`Shape`] as read from a tokenizer.json (the rest of the file is skipped).
#[derive(Deserialize)]
struct JsonShape {
    #[serde(default)]
    pre_tokenizer: Option<Value>,
    #[serde(default)]
    decoder: Option<Value>,
    model: ModelShape,
}

#[derive(Deserialize)]
struct ModelShape {
    #[serde(default)]
    unk_token: Option<String>,
    #[serde(default)]
    unk_id: Option<u32>,
}

impl Loaded {
    /// Wraps a tokenizer built in code (tests, other crates); padding and truncation are switched off.
    pub fn from_tokenizer(name: &str, tokenizer: Tokenizer) -> Result<Loaded, Error> {
        let json = tokenizer
            .to_string(false)
            .map_err(|e| Error::new(name, ErrorKind::Unloadable(format!("cannot serialise: {e}"))))?;
        Loaded::from_parts(name, name, None, tokenizer, json.as_bytes())
    }

    /// Parses tokenizer.json bytes.
    pub fn from_json(name: &str, source: &str, sha256: Option<String>, json: &[u8]) -> Result<Loaded, Error> {
        // The tokenizers library panics on some malformed files (an `expect` in its decoder reader, found by
        // `cargo xtask fuzz`); such a file is unloadable like any other.
        let parsed = std::panic::catch_unwind(|| Tokenizer::from_bytes(json)).map_err(|_| {
            Error::new(
                source,
                ErrorKind::Unloadable("not a valid tokenizer.json: the tokenizers library panicked reading it".into()),
            )
        })?;
        let tokenizer = parsed
            .map_err(|e| Error::new(source, ErrorKind::Unloadable(format!("not a valid tokenizer.json: {e}"))))?;
        Loaded::from_parts(name, source, sha256, tokenizer, json)
    }

    fn from_parts(
        name: &str,
        source: &str,
        sha256: Option<String>,
        tokenizer: Tokenizer,
        json: &[u8],
    ) -> Result<Loaded, Error> {
        let shape: JsonShape = serde_json::from_slice(json)
            .map_err(|e| Error::new(source, ErrorKind::Unloadable(format!("not a valid tokenizer.json: {e}"))))?;
        let shape = Shape {
            pre_tokenizer: shape.pre_tokenizer,
            decoder: shape.decoder,
            unk_id: shape.model.unk_id,
            unk_token: shape.model.unk_token,
        };
        Loaded::from_shape(name, source, sha256, tokenizer, shape)
    }

    pub(crate) fn from_shape(
        name: &str,
        source: &str,
        sha256: Option<String>,
        mut tokenizer: Tokenizer,
        shape: Shape,
    ) -> Result<Loaded, Error> {
        // Some tokenizer.json files pad (or truncate) to 128: D4 measures whole passages.
        tokenizer.with_padding(None);
        tokenizer.with_truncation(None).map_err(|e| Error::new(source, ErrorKind::Unloadable(e.to_string())))?;
        let unk_id = match (&shape.unk_id, &shape.unk_token) {
            (Some(id), _) => Some(*id),
            (None, Some(token)) => tokenizer.token_to_id(token),
            (None, None) => None,
        };
        let byte_level = [&shape.pre_tokenizer, &shape.decoder].iter().any(|v| v.as_ref().is_some_and(has_byte_level));
        let token_bytes = Arc::new(TokenBytes::new(&tokenizer, byte_level));
        Ok(Loaded {
            name: name.to_string(),
            source: source.to_string(),
            sha256,
            tokenizer,
            pre_tokenizer: shape.pre_tokenizer,
            unk_id,
            token_bytes,
            byte_level,
            spm: None,
        })
    }

    /// True for a byte-level tokenizer (a ByteLevel pre-tokenizer or decoder anywhere, SPEC D3).
    pub fn is_byte_level(&self) -> bool {
        self.byte_level
    }

    /// The library's tokenizer (padding and truncation off).
    pub fn tokenizer(&self) -> &Tokenizer {
        &self.tokenizer
    }

    /// Vocabulary size including added tokens (an added token that is also in the model counts once).
    pub fn vocab_size(&self) -> usize {
        self.tokenizer.get_vocab_size(true)
    }

    /// The model's unknown-token id, if it has one.
    pub fn unk_id(&self) -> Option<u32> {
        self.unk_id
    }

    /// The pieces of a text: its tokens' strings, without special tokens; for a SentencePiece `.model` file,
    /// sentencepiece's `EncodeAsPieces` (SPEC D5; sacrebleu's `flores101`/`flores200` BLEU tokenisers, M11).
    ///
    /// A `.model` file is encoded by sentencepiece's own rules, not the converted tokenizer's (SPEC D5's
    /// conversion, as Hugging Face's, matches the charsmap per grapheme and sums path scores in `f64`; both
    /// differ from sentencepiece on some text, e.g. a vowel sign written in two parts).
    pub fn pieces(&self, text: &str) -> Result<Vec<String>, Error> {
        let fail = |e: tokenizers::Error| Error::new(self.source.clone(), ErrorKind::Tokenizer(format!("encode: {e}")));
        if let Some(spm) = &self.spm {
            return spm.encode(text).ok_or_else(|| {
                Error::new(self.source.clone(), ErrorKind::Tokenizer("a character has no piece and no <unk>".into()))
            });
        }
        let encoding = self.tokenizer.encode(text, false).map_err(fail)?;
        Ok(encoding.get_tokens().to_vec())
    }

    /// The bytes a token stands for (SPEC D3), or None for an id outside the vocabulary.
    pub fn token_bytes(&self, id: u32) -> Option<&[u8]> {
        self.token_bytes.get(id)
    }
}

/// True when a pre-tokenizer or decoder (or any step of a Sequence) is ByteLevel.
fn has_byte_level(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            map.get("type").and_then(Value::as_str) == Some("ByteLevel") || map.values().any(has_byte_level)
        }
        Value::Array(items) => items.iter().any(has_byte_level),
        _ => false,
    }
}

/// Every token's bytes, flat: token `id` is `bytes[starts[id]..starts[id + 1]]`.
pub(crate) struct TokenBytes {
    bytes: Vec<u8>,
    starts: Vec<u32>,
}

impl TokenBytes {
    fn new(tokenizer: &Tokenizer, byte_level: bool) -> TokenBytes {
        let vocab = tokenizer.get_vocab(true);
        let added = tokenizer.get_added_tokens_decoder();
        let size = vocab.values().copied().max().map_or(0, |m| m as usize + 1);
        let mut by_id: Vec<Option<&str>> = vec![None; size];
        for (token, &id) in &vocab {
            by_id[id as usize] = Some(token.as_str());
        }
        let alphabet = if byte_level { Some(byte_level_alphabet()) } else { None };
        let mut bytes = Vec::new();
        let mut starts = Vec::with_capacity(size + 1);
        for (id, token) in by_id.iter().enumerate() {
            starts.push(bytes.len() as u32);
            let Some(token) = token else { continue };
            if let Some(added) = added.get(&(id as u32)) {
                bytes.extend_from_slice(added.content.as_bytes());
            } else if let Some(alphabet) = &alphabet {
                for c in token.chars() {
                    match alphabet.get(c as usize) {
                        Some(&b) if b != NOT_A_BYTE => bytes.push(b as u8),
                        _ => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    }
                }
            } else if let Some(byte) = byte_piece(token) {
                bytes.push(byte);
            } else {
                let text = token.strip_prefix('\u{2581}').or_else(|| token.strip_prefix("##")).unwrap_or(token);
                bytes.extend_from_slice(text.as_bytes());
            }
        }
        starts.push(bytes.len() as u32);
        TokenBytes { bytes, starts }
    }

    pub(crate) fn get(&self, id: u32) -> Option<&[u8]> {
        let i = id as usize;
        (i + 1 < self.starts.len()).then(|| &self.bytes[self.starts[i] as usize..self.starts[i + 1] as usize])
    }
}

/// The bytes a byte-level token spells (SPEC D3).
pub(crate) fn byte_level_bytes(token: &str) -> Vec<u8> {
    let alphabet = byte_level_alphabet();
    let mut bytes = Vec::with_capacity(token.len());
    for c in token.chars() {
        match alphabet.get(c as usize) {
            Some(&b) if b != NOT_A_BYTE => bytes.push(b as u8),
            _ => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    bytes
}

/// The bytes any other token spells (SPEC D3): a byte piece its byte, else its UTF-8 less a leading `▁`
/// or `##`.
pub(crate) fn plain_token_bytes(token: &str) -> Vec<u8> {
    if let Some(byte) = byte_piece(token) {
        return vec![byte];
    }
    let text = token.strip_prefix('\u{2581}').or_else(|| token.strip_prefix("##")).unwrap_or(token);
    text.as_bytes().to_vec()
}

/// A SentencePiece byte-fallback piece `<0xNN>` stands for one byte.
pub(crate) fn byte_piece(token: &str) -> Option<u8> {
    let hex = token.strip_prefix("<0x")?.strip_suffix('>')?;
    if hex.len() != 2 {
        return None;
    }
    u8::from_str_radix(hex, 16).ok()
}

const NOT_A_BYTE: u16 = u16::MAX;

/// The GPT-2 byte-level alphabet: the character standing for each byte. Printable Latin-1 bytes stand for
/// themselves; the other 68 bytes, in order, for U+0100, U+0101, …
pub(crate) fn byte_level_chars() -> [char; 256] {
    let printable = |b: u32| (0x21..=0x7E).contains(&b) || (0xA1..=0xAC).contains(&b) || (0xAE..=0xFF).contains(&b);
    let mut chars = ['\0'; 256];
    let mut next = 0x100;
    for b in 0..=0xFFu32 {
        chars[b as usize] = if printable(b) {
            char::from_u32(b).expect("Latin-1")
        } else {
            next += 1;
            char::from_u32(next - 1).expect("below U+0200")
        };
    }
    chars
}

/// The byte-level alphabet inverted: code point → the byte it stands for (or NOT_A_BYTE).
fn byte_level_alphabet() -> Vec<u16> {
    let mut table = vec![NOT_A_BYTE; 0x100 + 68];
    for (b, c) in byte_level_chars().iter().enumerate() {
        table[*c as usize] = b as u16;
    }
    table
}

/// Loads a tokenizer from a path (file or folder) or, with the `hub` feature, a Hugging Face repo id.
/// Errors say why, so that callers can report and skip.
pub fn load(spec: &str) -> Result<Loaded, Error> {
    let path = Path::new(spec);
    if path.is_dir() {
        let file = find_in_folder(path).ok_or_else(|| {
            Error::new(
                spec,
                ErrorKind::NotFound(
                    "the folder holds no tokenizer.json, tokenizer.json.gz, *.tiktoken or *.model file".into(),
                ),
            )
        })?;
        return load_file(&file, &folder_name(path), spec);
    }
    if path.is_file() {
        return load_file(path, &file_name(path), spec);
    }
    if looks_like_hub_id(spec) {
        return load_hub(spec);
    }
    Err(Error::new(spec, ErrorKind::NotFound("no such file or folder".into())))
}

/// Loads a file as a SentencePiece `.model` whatever its name (sacrebleu caches the Flores-200 model as
/// `flores200sacrebleuspm`, without an extension).
pub fn load_sentencepiece(file: &Path) -> Result<Loaded, Error> {
    let raw = std::fs::read(file).map_err(|e| Error::from(uraikal_io::Error::io(file, e)))?;
    let spec = file.display().to_string();
    crate::sentencepiece::from_model(&file_name(file), &spec, Some(uraikal_io::sha256_hex(&raw)), &raw)
}

fn find_in_folder(folder: &Path) -> Option<std::path::PathBuf> {
    for name in ["tokenizer.json", "tokenizer.json.gz"] {
        let candidate = folder.join(name);
        if candidate.is_file() {
            return Some(candidate);
        }
    }
    let mut others: Vec<_> = std::fs::read_dir(folder)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "tiktoken" || e == "model"))
        .collect();
    others.sort();
    others.into_iter().next()
}

fn folder_name(folder: &Path) -> String {
    let absolute = folder.canonicalize().unwrap_or_else(|_| folder.to_path_buf());
    absolute.file_name().map_or_else(|| folder.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// `x/tokenizer.json(.gz)` is named after its folder `x`; any other file after itself, less extensions.
fn file_name(file: &Path) -> String {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if name == "tokenizer.json" || name == "tokenizer.json.gz" {
        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            return folder_name(parent);
        }
        return "tokenizer".into();
    }
    let mut stem = name.as_str();
    for ext in [".gz", ".json", ".tiktoken", ".model"] {
        stem = stem.strip_suffix(ext).unwrap_or(stem);
    }
    stem.to_string()
}

fn load_file(file: &Path, name: &str, spec: &str) -> Result<Loaded, Error> {
    let raw = std::fs::read(file).map_err(|e| Error::from(uraikal_io::Error::io(file, e)))?;
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    Loaded::from_stored(name, spec, &file_name, &raw)
}

impl Loaded {
    /// Loads a tokenizer from a file's bytes as stored; `file_name` tells the format (`.gz`: gzipped
    /// tokenizer.json, `.tiktoken`: OpenAI ranks, `.model`: SentencePiece, else tokenizer.json). The sha256
    /// is of `raw`.
    pub fn from_stored(name: &str, source: &str, file_name: &str, raw: &[u8]) -> Result<Loaded, Error> {
        let sha256 = Some(uraikal_io::sha256_hex(raw));
        if file_name.ends_with(".tiktoken") {
            return crate::tiktoken::from_ranks(name, source, sha256, raw);
        }
        if file_name.ends_with(".model") {
            return crate::sentencepiece::from_model(name, source, sha256, raw);
        }
        if file_name.ends_with(".gz") {
            let json = gunzip(raw).map_err(|m| Error::new(source, ErrorKind::Unloadable(m)))?;
            return Loaded::from_json(name, source, sha256, &json);
        }
        Loaded::from_json(name, source, sha256, raw)
    }
}

fn gunzip(raw: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(raw).read_to_end(&mut out).map_err(|e| format!("not a readable gzip file: {e}"))?;
    Ok(out)
}

/// Reads a file that may be gzipped (by its `.gz` name).
pub(crate) fn read_maybe_gz(path: &Path) -> Result<Vec<u8>, Error> {
    let raw = std::fs::read(path).map_err(|e| Error::from(uraikal_io::Error::io(path, e)))?;
    if path.extension().is_some_and(|e| e == "gz") {
        gunzip(&raw).map_err(|m| Error::new(path.display().to_string(), ErrorKind::Unloadable(m)))
    } else {
        Ok(raw)
    }
}

/// `owner/name`: one slash, no path-like start. Only checked for paths that do not exist.
fn looks_like_hub_id(spec: &str) -> bool {
    let parts: Vec<&str> = spec.split('/').collect();
    parts.len() == 2 && parts.iter().all(|p| !p.is_empty() && !p.starts_with('.')) && !spec.contains('\\')
}

#[cfg(feature = "hub")]
fn load_hub(spec: &str) -> Result<Loaded, Error> {
    // Only tokenizer.json is fetched (the equivalent of trust_remote_code=False), into the hub's cache;
    // HF_TOKEN for gated repos.
    let params = tokenizers::FromPretrainedParameters { token: std::env::var("HF_TOKEN").ok(), ..Default::default() };
    let tokenizer = Tokenizer::from_pretrained(spec, Some(params))
        .map_err(|e| Error::new(spec, ErrorKind::Unloadable(format!("hub: {e}"))))?;
    // The library does not say where it cached the file: the sha256 is of the tokenizer re-serialised.
    let json = tokenizer.to_string(false).map_err(|e| Error::new(spec, ErrorKind::Unloadable(format!("hub: {e}"))))?;
    let name = spec.rsplit('/').next().unwrap_or(spec);
    let sha256 = Some(uraikal_io::sha256_hex(json.as_bytes()));
    Loaded::from_parts(name, spec, sha256, tokenizer, json.as_bytes())
}

#[cfg(not(feature = "hub"))]
fn load_hub(spec: &str) -> Result<Loaded, Error> {
    Err(Error::new(
        spec,
        ErrorKind::NotFound("no such file or folder; Hugging Face hub ids need a build with the `hub` feature".into()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_the_tokenizers_library_panics_on_is_unloadable() {
        // Found by `cargo xtask fuzz` (d4_tokenizer_json): broken JSON inside the decoder makes the library's
        // decoder reader `expect` fail instead of returning the syntax error.
        let json = r#"{"version":"1.0","truncation":null,"padding":null,"added_tokens":[],"normalizer":null,
            "pre_tokenizer":null,"post_processor":null,"decoder":{"ty"ep:"ByteLevel"},
            "model":{"type":"BPE","vocab":{"a":0},"merges":[]}}"#;
        let error = Loaded::from_json("x", "x.json", None, json.as_bytes()).unwrap_err();
        assert!(error.to_string().contains("not a valid tokenizer.json"), "{error}");
    }

    #[test]
    fn byte_level_alphabet_is_a_bijection_onto_bytes() {
        let table = byte_level_alphabet();
        let mut seen = [false; 256];
        for &b in table.iter().filter(|&&b| b != NOT_A_BYTE) {
            assert!(!seen[b as usize]);
            seen[b as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(table['Ġ' as usize], b' ' as u16);
        assert_eq!(table['!' as usize], b'!' as u16);
    }

    #[test]
    fn names_come_from_folders_or_files() {
        assert_eq!(file_name(Path::new("x/cl100k_base.tiktoken")), "cl100k_base");
        assert_eq!(file_name(Path::new("models/foo/tokenizer.json.gz")), "foo");
        assert_eq!(file_name(Path::new("bar.json.gz")), "bar");
        assert!(looks_like_hub_id("openai/whisper-tiny"));
        assert!(!looks_like_hub_id("./x/y"));
        assert!(!looks_like_hub_id("a/b/c"));
    }

    #[test]
    fn missing_and_corrupt_tokenizers_say_why() {
        let dir = tempfile::tempdir().unwrap();
        let err = load(dir.path().to_str().unwrap()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::NotFound(_)), "{err}");
        std::fs::write(dir.path().join("tokenizer.json"), "{\"version\": \"1.0\", \"model\": ").unwrap();
        let err = load(dir.path().to_str().unwrap()).unwrap_err();
        assert!(err.reason().contains("not a valid tokenizer.json"), "{err}");
        std::fs::write(dir.path().join("t.json.gz"), "not gzip").unwrap();
        let err = load(dir.path().join("t.json.gz").to_str().unwrap()).unwrap_err();
        assert!(err.reason().contains("gzip"), "{err}");
    }
}
