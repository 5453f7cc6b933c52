//! Training a Tamil tokenizer (SPEC D7) with the `tokenizers` crate's BPE and Unigram trainers.
//!
//! The pre-tokenizer is the grapheme-safe one (SPEC D4) unless asked otherwise, so that no pre-tokenizer
//! piece begins inside a letter; nothing is unknown: a byte-level tokenizer has every byte, any other gets
//! the 256 `<0xNN>` byte pieces with byte fallback. The trainers are deterministic: the same texts and
//! options give the same bytes.
//!
//! ```
//! use uraikal_d4::train::{train, Model, TrainOptions};
//!
//! let texts = vec!["தமிழ் மொழி இனிது".to_string(); 20];
//! let options = TrainOptions { vocab_size: 300, ..TrainOptions::new(Model::Bpe) };
//! let json = train(&texts, &options, &|_| {}).unwrap();
//! let tokenizer = uraikal_d4::Loaded::from_json("t", "t", None, json.as_bytes()).unwrap();
//! // The text is too small to fill 300 tokens: training stops when no pair is left to merge.
//! assert!(tokenizer.vocab_size() <= 300);
//! let ids = tokenizer.tokenizer().encode("தமிழ் மொழி", false).unwrap().get_ids().to_vec();
//! assert_eq!(ids.len(), 2); // each word is one token
//! ```

use std::collections::BTreeSet;

use serde_json::{json, Value};
use tokenizers::models::bpe::BpeTrainer;
use tokenizers::models::unigram::UnigramTrainer;
use tokenizers::models::TrainerWrapper;
use tokenizers::{AddedToken, Tokenizer};

use crate::error::{Error, ErrorKind};
use crate::pretok::{GPT2_PATTERN, GRAPHEME_SAFE_PATTERN};

/// The model a tokenizer is trained as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// Byte-pair encoding.
    Bpe,
    /// The Unigram language model (SentencePiece's default).
    Unigram,
}

/// What to train.
#[derive(Debug, Clone)]
pub struct TrainOptions {
    /// BPE or Unigram.
    pub model: Model,
    /// The vocabulary size, special and byte tokens included.
    pub vocab_size: usize,
    /// GPT-2 style byte-level tokens (else characters with byte fallback).
    pub byte_level: bool,
    /// The grapheme-safe split pattern (else GPT-2's).
    pub grapheme_safe: bool,
    /// BPE: a pair must occur this often to be merged.
    pub min_frequency: u64,
    /// Special tokens, given the first ids.
    pub special_tokens: Vec<String>,
    /// Recorded for reproducibility; the trainers used draw no random numbers.
    pub seed: u64,
}

impl TrainOptions {
    /// Defaults: 8,000 tokens, characters with byte fallback, grapheme-safe, min frequency 2, no specials.
    pub fn new(model: Model) -> TrainOptions {
        TrainOptions {
            model,
            vocab_size: 8000,
            byte_level: false,
            grapheme_safe: true,
            min_frequency: 2,
            special_tokens: Vec::new(),
            seed: 0,
        }
    }
}

/// The byte pieces of byte fallback: `<0x00>` … `<0xFF>`.
pub(crate) fn byte_pieces() -> impl Iterator<Item = String> {
    (0..=255u8).map(|b| format!("<0x{b:02X}>"))
}

/// The characters a character-level model starts from, as the trainers see them (after pre-tokenization).
fn alphabet(texts: &[String]) -> BTreeSet<char> {
    texts.iter().flat_map(|t| t.chars()).collect()
}

/// Trains a tokenizer on the texts; returns its tokenizer.json. `stage` is told what is being done.
pub fn train(
    texts: &[String],
    options: &TrainOptions,
    stage: &dyn Fn(&str),
) -> Result<String, Error> {
    let subject = "training";
    let data = |m: String| Error::new(subject, ErrorKind::Data(m));
    if texts.iter().all(|t| t.trim().is_empty()) {
        return Err(data("no text to train on".into()));
    }
    let specials = options.special_tokens.len();
    let (base, base_note) = if options.byte_level {
        (256, "256 bytes".to_string())
    } else {
        // Unigram keeps whitespace inside ▁; BPE keeps every character it sees.
        let chars = alphabet(texts).len();
        (chars + 256, format!("{chars} characters + 256 byte pieces"))
    };
    let needed = base + specials + usize::from(options.model == Model::Unigram);
    if options.vocab_size < needed {
        return Err(data(format!(
            "--vocab-size {} is smaller than the alphabet: {needed} tokens are needed ({base_note}, {specials} special tokens)",
            options.vocab_size
        )));
    }
    let pattern = if options.grapheme_safe {
        GRAPHEME_SAFE_PATTERN
    } else {
        GPT2_PATTERN
    };
    let split = json!({"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": false});
    let (pre_tokenizer, decoder) = match (options.byte_level, options.model) {
        (true, _) => (
            json!({"type": "Sequence", "pretokenizers": [split,
                {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": false}]}),
            json!({"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": false}),
        ),
        (false, Model::Bpe) => (
            split,
            json!({"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"}]}),
        ),
        (false, Model::Unigram) => {
            // Pieces are split on the raw text, then their spaces become ▁ (SentencePiece's convention).
            let metaspace = json!({"type": "Metaspace", "replacement": "\u{2581}", "prepend_scheme": "never", "split": false});
            (
                json!({"type": "Sequence", "pretokenizers": [split, metaspace.clone()]}),
                json!({"type": "Sequence", "decoders": [{"type": "ByteFallback"}, metaspace]}),
            )
        }
    };
    let model = match options.model {
        Model::Bpe => {
            json!({"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null,
            "end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": !options.byte_level, "ignore_merges": false,
            "vocab": {}, "merges": []})
        }
        Model::Unigram => {
            json!({"type": "Unigram", "unk_id": null, "vocab": [], "byte_fallback": !options.byte_level})
        }
    };
    let skeleton = json!({"version": "1.0", "truncation": null, "padding": null, "added_tokens": [],
        "normalizer": null, "pre_tokenizer": pre_tokenizer, "post_processor": null, "decoder": decoder, "model": model});
    let mut tokenizer = Tokenizer::from_bytes(skeleton.to_string().as_bytes()).map_err(|e| {
        Error::new(
            subject,
            ErrorKind::Tokenizer(format!("cannot build the tokenizer: {e}")),
        )
    })?;
    let special: Vec<AddedToken> = options
        .special_tokens
        .iter()
        .map(|s| AddedToken::from(s.clone(), true))
        .collect();
    // Room for the byte pieces, appended after training.
    let trained_size = options.vocab_size - if options.byte_level { 0 } else { 256 };
    let mut trainer = match options.model {
        Model::Bpe => {
            let mut builder = BpeTrainer::builder()
                .vocab_size(trained_size)
                .min_frequency(options.min_frequency)
                .special_tokens(special)
                .show_progress(false);
            if options.byte_level {
                builder =
                    builder.initial_alphabet(crate::load::byte_level_chars().into_iter().collect());
            }
            TrainerWrapper::BpeTrainer(builder.build())
        }
        Model::Unigram => {
            let mut builder = UnigramTrainer::builder();
            builder
                .vocab_size(trained_size as u32)
                .special_tokens(special)
                .show_progress(false)
                .unk_token(if options.byte_level {
                    None
                } else {
                    Some("<unk>".into())
                });
            TrainerWrapper::UnigramTrainer(builder.build().map_err(|e| data(e.to_string()))?)
        }
    };
    stage("counting words");
    tokenizer.train(&mut trainer, texts.iter()).map_err(|e| {
        Error::new(
            subject,
            ErrorKind::Tokenizer(format!("training failed: {e}")),
        )
    })?;
    stage("writing the tokenizer");
    let mut json: Value = serde_json::from_str(
        &tokenizer
            .to_string(false)
            .map_err(|e| Error::new(subject, ErrorKind::Tokenizer(e.to_string())))?,
    )
    .expect("the library writes JSON");
    if !options.byte_level {
        add_byte_pieces(&mut json["model"]);
    }
    let text = json.to_string();
    // Round-trip through the library: its own serialisation orders the vocabulary by id.
    let reloaded = Tokenizer::from_bytes(text.as_bytes()).map_err(|e| {
        Error::new(
            subject,
            ErrorKind::Tokenizer(format!("the trained tokenizer does not load: {e}")),
        )
    })?;
    reloaded
        .to_string(false)
        .map_err(|e| Error::new(subject, ErrorKind::Tokenizer(e.to_string())))
}

/// Appends the 256 byte pieces (those not already there) after the trained vocabulary.
fn add_byte_pieces(model: &mut Value) {
    // The trainers build a fresh model: byte fallback is switched on here.
    model["byte_fallback"] = json!(true);
    match model["type"].as_str() {
        Some("BPE") => {
            let vocab = model["vocab"].as_object_mut().expect("a BPE vocabulary");
            let mut next = vocab
                .values()
                .filter_map(Value::as_u64)
                .max()
                .map_or(0, |m| m + 1);
            for piece in byte_pieces() {
                if !vocab.contains_key(&piece) {
                    vocab.insert(piece, json!(next));
                    next += 1;
                }
            }
        }
        Some("Unigram") => {
            let vocab = model["vocab"].as_array_mut().expect("a Unigram vocabulary");
            let known: BTreeSet<String> = vocab
                .iter()
                .filter_map(|p| p[0].as_str().map(str::to_string))
                .collect();
            // Below every trained piece: bytes are the last resort.
            let lowest = vocab
                .iter()
                .filter_map(|p| p[1].as_f64())
                .fold(0.0f64, f64::min);
            for piece in byte_pieces() {
                if !known.contains(&piece) {
                    vocab.push(json!([piece, lowest - 10.0]));
                }
            }
        }
        _ => {}
    }
}
