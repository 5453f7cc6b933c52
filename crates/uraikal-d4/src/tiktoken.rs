//! OpenAI `.tiktoken` rank files (`<base64 bytes> <rank>` a line) as byte-level BPE tokenizers (SPEC D5).
//!
//! A rank file holds neither the split regex nor the special tokens; both come from the file's name:
//! `cl100k_base` and `o200k_base` get their own patterns and specials, any other name (gpt2, r50k_base,
//! p50k_base, Whisper's multilingual) GPT-2's pattern and `<|endoftext|>` after the last rank. Merges are
//! derived from the ranks: every split of a token into two ranked tokens is a merge, ordered by the rank of
//! the token they make, then by the ranks of the two halves; with `ignore_merges` (a whole piece in the
//! vocabulary is one token) this encodes as tiktoken does.

use std::collections::HashMap;

use base64::Engine;
use serde_json::json;
use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::{Vocab, BPE};
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::{AddedToken, SplitDelimiterBehavior, Tokenizer};

use crate::error::{Error, ErrorKind};
use crate::load::{byte_level_chars, Loaded, Shape};
use crate::pretok::GPT2_PATTERN;

/// cl100k_base's pattern without possessive quantifiers (as the bundled cl100k_base tokenizer.json has it).
const CL100K_PATTERN: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// o200k_base's pattern.
const O200K_PATTERN: &str = concat!(
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"
);

/// The split pattern and the special tokens (id, text) for an encoding name.
fn encoding(name: &str, ranks: u32) -> (&'static str, Vec<(u32, &'static str)>) {
    match name {
        "cl100k_base" => (
            CL100K_PATTERN,
            vec![
                (100257, "<|endoftext|>"),
                (100258, "<|fim_prefix|>"),
                (100259, "<|fim_middle|>"),
                (100260, "<|fim_suffix|>"),
                (100276, "<|endofprompt|>"),
            ],
        ),
        "o200k_base" => (O200K_PATTERN, vec![(199999, "<|endoftext|>"), (200018, "<|endofprompt|>")]),
        _ => (GPT2_PATTERN, vec![(ranks, "<|endoftext|>")]),
    }
}

/// Reads a rank file; `name` picks the pattern and special tokens.
pub(crate) fn from_ranks(name: &str, source: &str, sha256: Option<String>, raw: &[u8]) -> Result<Loaded, Error> {
    let bad = |m: String| Error::new(source, ErrorKind::Unloadable(m));
    let text = std::str::from_utf8(raw).map_err(|e| bad(format!("not a .tiktoken rank file: {e}")))?;
    let mut tokens: Vec<Option<Vec<u8>>> = Vec::new();
    for (index, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |m: &str| bad(format!("line {}: {m}", index + 1));
        let (b64, rank) = line.trim().split_once(' ').ok_or_else(|| at("expected `<base64> <rank>`"))?;
        let bytes =
            base64::engine::general_purpose::STANDARD.decode(b64).map_err(|e| at(&format!("bad base64: {e}")))?;
        let rank: usize = rank.trim().parse().map_err(|_| at("the rank is not a number"))?;
        if rank > 10_000_000 {
            return Err(at("rank out of range"));
        }
        if tokens.len() <= rank {
            tokens.resize(rank + 1, None);
        }
        if tokens[rank].replace(bytes).is_some() {
            return Err(at(&format!("rank {rank} appears twice")));
        }
    }
    if tokens.is_empty() {
        return Err(bad("no ranks in the file".into()));
    }
    let tokens: Vec<Vec<u8>> = tokens
        .into_iter()
        .enumerate()
        .map(|(rank, t)| t.ok_or_else(|| bad(format!("ranks are not 0..{}: {rank} is missing", rank + 1))))
        .collect::<Result<_, _>>()?;
    let rank_of: HashMap<&[u8], u32> = tokens.iter().enumerate().map(|(r, t)| (t.as_slice(), r as u32)).collect();
    if rank_of.len() != tokens.len() {
        return Err(bad("a token appears under two ranks".into()));
    }

    let chars = byte_level_chars();
    let spell = |bytes: &[u8]| -> String { bytes.iter().map(|&b| chars[b as usize]).collect() };
    let vocab: Vocab = tokens.iter().enumerate().map(|(r, t)| (spell(t), r as u32)).collect();
    let mut merges: Vec<(u32, u32, u32, String, String)> = Vec::new();
    for (rank, token) in tokens.iter().enumerate() {
        for cut in 1..token.len() {
            let (left, right) = token.split_at(cut);
            if let (Some(&l), Some(&r)) = (rank_of.get(left), rank_of.get(right)) {
                merges.push((rank as u32, l, r, spell(left), spell(right)));
            }
        }
    }
    merges.sort_unstable_by_key(|m| (m.0, m.1, m.2));
    let merges = merges.into_iter().map(|m| (m.3, m.4)).collect();
    let model = BPE::builder()
        .vocab_and_merges(vocab, merges)
        .ignore_merges(true)
        .build()
        .map_err(|e| bad(format!("cannot build the BPE model: {e}")))?;

    let (pattern, specials) = encoding(name, tokens.len() as u32);
    let split = Split::new(SplitPattern::Regex(pattern.into()), SplitDelimiterBehavior::Isolated, false)
        .map_err(|e| bad(format!("split pattern: {e}")))?;
    let mut tokenizer = Tokenizer::new(model);
    tokenizer.with_pre_tokenizer(Some(Sequence::new(vec![split.into(), ByteLevel::new(false, true, false).into()])));
    tokenizer.with_decoder(Some(ByteLevelDecoder::default()));
    // Added tokens take consecutive ids after the ranks: fill the gaps before each special, as tiktoken's
    // vocabulary size (n_vocab) counts them.
    let mut added = Vec::new();
    let mut next = tokens.len() as u32;
    for (id, special) in specials {
        while next < id {
            added.push(AddedToken::from(format!("<|tiktoken_unused_{next}|>"), true));
            next += 1;
        }
        added.push(AddedToken::from(special, true));
        next = id + 1;
    }
    tokenizer.add_special_tokens(added).map_err(|e| bad(format!("special tokens: {e}")))?;

    let shape = Shape {
        pre_tokenizer: Some(json!({"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": false},
            {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": false},
        ]})),
        decoder: Some(json!({"type": "ByteLevel"})),
        unk_id: None,
        unk_token: None,
    };
    Loaded::from_shape(name, source, sha256, tokenizer, shape)
}
