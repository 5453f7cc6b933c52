//! SentencePiece `.model` files (a `ModelProto` protobuf) as tokenizers (SPEC D5). Unigram models are
//! converted as Hugging Face's converter does: the pieces and scores, the precompiled normalisation map,
//! trailing spaces stripped and runs of spaces made one `▁`, Metaspace pre-tokenizer and decoder (a `▁`
//! prepended when the model adds a dummy prefix), control pieces as special tokens. BPE-type models are
//! refused with that reason.

use base64::Engine;
use serde_json::{json, Value};

use crate::error::{Error, ErrorKind};
use crate::load::Loaded;

/// One protobuf field: its number and its value (a varint, 4 or 8 fixed bytes, or length-delimited bytes).
enum Field<'a> {
    Varint(u64),
    Fixed32(u32),
    Bytes(&'a [u8]),
    Other,
}

/// The fields of one protobuf message, in order; None when the bytes are not a valid message.
fn fields(mut bytes: &[u8]) -> Option<Vec<(u64, Field<'_>)>> {
    fn varint(bytes: &mut &[u8]) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = bytes.split_first()?;
            *bytes = rest;
            value |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let key = varint(&mut bytes)?;
        let field = match key & 7 {
            0 => Field::Varint(varint(&mut bytes)?),
            1 => {
                bytes = bytes.get(8..)?;
                Field::Other
            }
            2 => {
                let len = usize::try_from(varint(&mut bytes)?).ok()?;
                let (value, rest) = (bytes.get(..len)?, bytes.get(len..)?);
                bytes = rest;
                Field::Bytes(value)
            }
            5 => {
                let value = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?);
                bytes = &bytes[4..];
                Field::Fixed32(value)
            }
            _ => return None,
        };
        out.push((key >> 3, field));
    }
    Some(out)
}

const UNKNOWN: u64 = 2;
const CONTROL: u64 = 3;
const USER_DEFINED: u64 = 4;

/// Reads a `.model` file into a tokenizer.
pub(crate) fn from_model(name: &str, source: &str, sha256: Option<String>, raw: &[u8]) -> Result<Loaded, Error> {
    let bad = |m: &str| Error::new(source, ErrorKind::Unloadable(format!("not a SentencePiece model: {m}")));
    let model = fields(raw).ok_or_else(|| bad("invalid protobuf"))?;
    let mut vocab: Vec<Value> = Vec::new();
    let mut added: Vec<Value> = Vec::new();
    let mut unk_id = None;
    let (mut model_type, mut byte_fallback) = (1, false);
    let (mut charsmap, mut dummy_prefix): (&[u8], bool) = (&[], true);
    for (number, field) in &model {
        match (number, field) {
            (1, Field::Bytes(piece)) => {
                let (mut text, mut score, mut kind) = (None, 0.0f32, 1);
                for (n, f) in fields(piece).ok_or_else(|| bad("invalid piece"))? {
                    match (n, f) {
                        (1, Field::Bytes(t)) => {
                            text = Some(std::str::from_utf8(t).map_err(|_| bad("a piece is not UTF-8"))?)
                        }
                        (2, Field::Fixed32(s)) => score = f32::from_bits(s),
                        (3, Field::Varint(k)) => kind = k,
                        _ => {}
                    }
                }
                let text = text.ok_or_else(|| bad("a piece without text"))?;
                let id = vocab.len();
                if kind == UNKNOWN {
                    unk_id = Some(id);
                }
                if kind == CONTROL || kind == USER_DEFINED {
                    added.push(json!({"id": id, "content": text, "single_word": false, "lstrip": false,
                        "rstrip": false, "normalized": kind == USER_DEFINED, "special": kind == CONTROL}));
                }
                vocab.push(json!([text, f64::from(score)]));
            }
            (2, Field::Bytes(trainer)) => {
                for (n, f) in fields(trainer).ok_or_else(|| bad("invalid trainer spec"))? {
                    match (n, f) {
                        (3, Field::Varint(t)) => model_type = t,
                        (35, Field::Varint(b)) => byte_fallback = b != 0,
                        _ => {}
                    }
                }
            }
            (3, Field::Bytes(normalizer)) => {
                for (n, f) in fields(normalizer).ok_or_else(|| bad("invalid normalizer spec"))? {
                    match (n, f) {
                        (2, Field::Bytes(map)) => charsmap = map,
                        (3, Field::Varint(d)) => dummy_prefix = d != 0,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if vocab.is_empty() {
        return Err(bad("no pieces"));
    }
    if model_type != 1 {
        return Err(Error::new(
            source,
            ErrorKind::Unloadable(format!("SentencePiece model type {model_type} is not read (only Unigram, type 1)")),
        ));
    }
    let mut normalizers = Vec::new();
    if !charsmap.is_empty() {
        let map = base64::engine::general_purpose::STANDARD.encode(charsmap);
        normalizers.push(json!({"type": "Precompiled", "precompiled_charsmap": map}));
    }
    normalizers.push(json!({"type": "Strip", "strip_left": false, "strip_right": true}));
    normalizers.push(json!({"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "\u{2581}"}));
    let prepend = if dummy_prefix { "always" } else { "never" };
    let metaspace = json!({"type": "Metaspace", "replacement": "\u{2581}", "prepend_scheme": prepend, "split": true});
    let decoder = if byte_fallback {
        json!({"type": "Sequence", "decoders": [{"type": "ByteFallback"}, metaspace]})
    } else {
        metaspace.clone()
    };
    let tokenizer = json!({
        "version": "1.0", "truncation": null, "padding": null, "added_tokens": added,
        "normalizer": {"type": "Sequence", "normalizers": normalizers},
        "pre_tokenizer": metaspace, "post_processor": null, "decoder": decoder,
        "model": {"type": "Unigram", "unk_id": unk_id, "vocab": vocab, "byte_fallback": byte_fallback},
    });
    let text = serde_json::to_string(&tokenizer).expect("a JSON value serialises");
    Loaded::from_json(name, source, sha256, text.as_bytes())
}
