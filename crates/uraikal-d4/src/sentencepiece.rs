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
    let mut model_pieces: Vec<(String, f32, u64)> = Vec::new();
    let mut added: Vec<Value> = Vec::new();
    let mut unk_id = None;
    let (mut model_type, mut byte_fallback) = (1, false);
    let (mut charsmap, mut dummy_prefix): (&[u8], bool) = (&[], true);
    let (mut remove_extra, mut escape) = (true, true);
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
                model_pieces.push((text.to_string(), score, kind));
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
                        (4, Field::Varint(r)) => remove_extra = r != 0,
                        (5, Field::Varint(e)) => escape = e != 0,
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
    let mut loaded = Loaded::from_json(name, source, sha256, text.as_bytes())?;
    let trie = if charsmap.is_empty() {
        None
    } else {
        Some(Charsmap::parse(charsmap).ok_or_else(|| bad("invalid charsmap"))?)
    };
    let normalizer = SpmNormalizer { trie, dummy_prefix, remove_extra, escape };
    loaded.spm = Some(std::sync::Arc::new(SpmEncoder::new(normalizer, model_pieces, unk_id, byte_fallback)));
    Ok(loaded)
}

/// A precompiled charsmap: a darts-clone double array over UTF-8 bytes whose leaves are offsets into a blob
/// of NUL-terminated replacement strings (sentencepiece's `normalizer.cc` format: a little-endian u32 byte
/// size of the array, the array's u32 units, then the blob).
struct Charsmap {
    units: Vec<u32>,
    blob: Vec<u8>,
}

impl Charsmap {
    fn parse(bytes: &[u8]) -> Option<Charsmap> {
        let size = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?) as usize;
        let array = bytes.get(4..4 + size)?;
        let units = array.chunks_exact(4).map(|u| u32::from_le_bytes([u[0], u[1], u[2], u[3]])).collect();
        Some(Charsmap { units, blob: bytes.get(4 + size..)?.to_vec() })
    }

    /// The longest key that `input` starts with: its length and its replacement.
    fn longest(&self, input: &[u8]) -> Option<(usize, &[u8])> {
        // darts-clone's unit layout: label = bits 0–7 (and 31), has_leaf = bit 8, offset = bits 10.. shifted
        // by 8 more when bit 9 is set; a leaf unit's value is its low 31 bits.
        let offset = |unit: u32| ((unit >> 10) << ((unit & (1 << 9)) >> 6)) as usize;
        let mut pos = offset(*self.units.first()?);
        let mut best = None;
        for (k, &byte) in input.iter().enumerate() {
            if byte == 0 {
                break;
            }
            pos ^= byte as usize;
            let unit = *self.units.get(pos)?;
            if unit & ((1 << 31) | 0xFF) != u32::from(byte) {
                break;
            }
            pos ^= offset(unit);
            if (unit >> 8) & 1 == 1 {
                let value = (*self.units.get(pos)? & ((1 << 31) - 1)) as usize;
                best = Some((k + 1, value));
            }
        }
        let (len, start) = best?;
        let rest = self.blob.get(start..)?;
        Some((len, &rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())]))
    }
}

/// sentencepiece's normaliser (`Normalizer::Normalize`): at each position the longest rule of the charsmap
/// (else one character as it is); leading spaces dropped and runs of spaces made one, trailing ones removed
/// (`remove_extra_whitespaces`); a `▁` prepended (`add_dummy_prefix`); spaces written `▁`
/// (`escape_whitespaces`).
pub(crate) struct SpmNormalizer {
    trie: Option<Charsmap>,
    dummy_prefix: bool,
    remove_extra: bool,
    escape: bool,
}

impl SpmNormalizer {
    pub(crate) fn normalize(&self, text: &str) -> String {
        let mut chunks: Vec<std::borrow::Cow<'_, str>> = Vec::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let found = self.trie.as_ref().and_then(|t| t.longest(rest.as_bytes()));
            match found.filter(|(len, _)| rest.is_char_boundary(*len)) {
                Some((len, to)) => {
                    chunks.push(String::from_utf8_lossy(to));
                    rest = &rest[len..];
                }
                None => {
                    chunks.push(std::borrow::Cow::Borrowed(&rest[..c.len_utf8()]));
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        let mut start = 0;
        if self.remove_extra {
            while start < chunks.len() && chunks[start] == " " {
                start += 1;
            }
        }
        let space = if self.escape { "\u{2581}" } else { " " };
        let mut out = String::new();
        if start == chunks.len() {
            return out;
        }
        if self.dummy_prefix {
            out.push_str(space);
        }
        let mut prev_space = self.remove_extra;
        for chunk in &chunks[start..] {
            let mut piece: &str = chunk;
            while prev_space && piece.starts_with(' ') {
                piece = &piece[1..];
            }
            if !piece.is_empty() {
                for c in piece.chars() {
                    if c == ' ' {
                        out.push_str(space);
                    } else {
                        out.push(c);
                    }
                }
                prev_space = piece.ends_with(' ');
            }
            if !self.remove_extra {
                prev_space = false;
            }
        }
        if self.remove_extra {
            while out.ends_with(space) {
                out.truncate(out.len() - space.len());
            }
        }
        out
    }
}

/// sentencepiece's own encoder for a Unigram model (`EncodeAsPieces`): its normaliser, then its Viterbi
/// search over the whole normalised text with `f32` path scores, a later candidate replacing an earlier one
/// only when strictly better (so ties, and rounding, fall as in sentencepiece's `EncodeOptimized`); a
/// character no piece starts with is an unknown node scored min score − 10, consecutive unknowns are one
/// piece, or (byte fallback) its bytes as `<0xXX>` pieces.
pub(crate) struct SpmEncoder {
    normalizer: SpmNormalizer,
    pieces: std::collections::HashMap<String, (usize, f32)>,
    max_len: usize,
    unk: Option<(usize, f32)>,
    byte_fallback: bool,
}

impl SpmEncoder {
    fn new(
        normalizer: SpmNormalizer,
        model: Vec<(String, f32, u64)>,
        unk_id: Option<usize>,
        byte_fallback: bool,
    ) -> Self {
        const NORMAL: u64 = 1;
        let min = model.iter().filter(|p| p.2 == NORMAL).map(|p| p.1).fold(f32::INFINITY, f32::min);
        let max = model.iter().filter(|p| p.2 == NORMAL).map(|p| p.1).fold(f32::NEG_INFINITY, f32::max);
        let mut pieces = std::collections::HashMap::new();
        for (id, (text, score, kind)) in model.into_iter().enumerate() {
            // sentencepiece scores a user-defined piece length × max score − 0.1 (it always wins).
            let score = match kind {
                NORMAL => score,
                USER_DEFINED => text.chars().count() as f32 * max - 0.1,
                _ => continue,
            };
            pieces.insert(text, (id, score));
        }
        let max_len = pieces.keys().map(String::len).max().unwrap_or(0);
        SpmEncoder { normalizer, pieces, max_len, unk: unk_id.map(|id| (id, min - 10.0)), byte_fallback }
    }

    /// The pieces of `text`; `None` when a character has no piece and the model has no unknown piece.
    pub(crate) fn encode(&self, text: &str) -> Option<Vec<String>> {
        let text = self.normalizer.normalize(text);
        // best[end] = (score, start, id) of the best path ending at byte `end`.
        let mut best: Vec<Option<(f32, usize, usize)>> = vec![None; text.len() + 1];
        best[0] = Some((0.0, 0, usize::MAX));
        for (start, c) in text.char_indices() {
            let Some((till_here, _, _)) = best[start] else { continue };
            let mut single = false;
            for (offset, d) in text[start..].char_indices() {
                let end = start + offset + d.len_utf8();
                if end - start > self.max_len {
                    break;
                }
                if let Some(&(id, score)) = self.pieces.get(&text[start..end]) {
                    single |= end == start + c.len_utf8();
                    let candidate = score + till_here;
                    if best[end].is_none_or(|(s, _, _)| candidate > s) {
                        best[end] = Some((candidate, start, id));
                    }
                }
            }
            if !single {
                let (unk_id, unk_score) = self.unk?;
                let end = start + c.len_utf8();
                let candidate = unk_score + till_here;
                if best[end].is_none_or(|(s, _, _)| candidate > s) {
                    best[end] = Some((candidate, start, unk_id));
                }
            }
        }
        let mut path = Vec::new();
        let mut end = text.len();
        while end > 0 {
            let (_, start, id) = best[end]?;
            path.push((start, end, id));
            end = start;
        }
        path.reverse();
        let unk_id = self.unk.map(|(id, _)| id);
        let mut out: Vec<String> = Vec::with_capacity(path.len());
        let mut prev_unk = false;
        for (start, end, id) in path {
            let surface = &text[start..end];
            let is_unk = Some(id) == unk_id;
            if is_unk && self.byte_fallback {
                out.extend(surface.bytes().map(|b| format!("<0x{b:02X}>")));
            } else if is_unk && prev_unk {
                out.last_mut()?.push_str(surface);
            } else {
                out.push(surface.to_string());
            }
            prev_unk = is_unk && !self.byte_fallback;
        }
        Some(out)
    }
}
