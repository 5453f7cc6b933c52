//! Training a Tamil tokenizer (SPEC D7) with the `tokenizers` crate's BPE and Unigram trainers.
//!
//! The pre-tokenizer is the grapheme-safe one (SPEC D4) unless asked otherwise, so that no pre-tokenizer
//! piece begins inside a letter; nothing is unknown: a byte-level tokenizer has every byte, any other gets
//! the 256 `<0xNN>` byte pieces with byte fallback. BPE training is deterministic: the same texts and options
//! give the same bytes. Unigram training is not quite (SPEC D7): the `tokenizers` crate's trainer iterates
//! randomly seeded hash sets and sums in parallel, so two runs can differ in the last bits of scores and in
//! the scores and order of a few rare characters.
//!
//! ```
//! use uraikal_d4::train::{train, Model, TrainOptions};
//!
//! let texts = vec!["தமிழ் மொழி இனிது".to_string(); 20];
//! let options = TrainOptions { vocab_size: 800, ..TrainOptions::new(Model::Bpe) };
//! let json = train(&texts, &options, &|_| {}).unwrap();
//! let tokenizer = uraikal_d4::Loaded::from_json("t", "t", None, json.as_bytes()).unwrap();
//! // The text is too small to fill 800 tokens: training stops when no pair is left to merge.
//! assert!(tokenizer.vocab_size() <= 800);
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
pub fn train(texts: &[String], options: &TrainOptions, stage: &dyn Fn(&str)) -> Result<String, Error> {
    let subject = "training";
    let data = |m: String| Error::new(subject, ErrorKind::Data(m));
    if texts.iter().all(|t| t.trim().is_empty()) {
        return Err(data("no text to train on".into()));
    }
    // Grapheme-safe character BPE starts from whole letters (see `letters`).
    let whole_letters = options.grapheme_safe
        && !options.byte_level
        && options.model == Model::Bpe
        && !texts.iter().any(|t| t.chars().any(is_letter_char));
    let mapped: Vec<String>;
    let texts: &[String] = if whole_letters {
        mapped = texts.iter().map(|t| to_letter_chars(t)).collect();
        &mapped
    } else {
        texts
    };
    let letters = if whole_letters { all_letters(texts) } else { BTreeSet::new() };
    let components = letter_components(&letters);
    // Letters and parts the trainer will not see as characters are appended after training.
    let seen: BTreeSet<char> = texts.iter().flat_map(|t| t.chars()).collect();
    let unseen = letters.iter().chain(&components).filter(|c| !seen.contains(c)).count();
    let specials = options.special_tokens.len();
    let (base, base_note) = if options.byte_level {
        (256, "256 bytes".to_string())
    } else {
        // Unigram keeps whitespace inside ▁; BPE keeps every character it sees.
        let chars = alphabet(texts).len();
        (chars + 256, format!("{chars} characters + 256 byte pieces"))
    };
    let needed = base + unseen + specials + usize::from(options.model == Model::Unigram);
    if options.vocab_size < needed {
        return Err(data(format!(
            "--vocab-size {} is smaller than the alphabet: {needed} tokens are needed ({base_note}, {unseen} letters and their parts the text lacks, {specials} special tokens)",
            options.vocab_size
        )));
    }
    let pattern = if options.grapheme_safe { GRAPHEME_SAFE_PATTERN } else { GPT2_PATTERN };
    let split = json!({"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": false});
    // While training on letter characters (private use, \p{Co}) they count as letters.
    let training_split = if whole_letters {
        let training_pattern = pattern.replace(r"\p{M}", r"\p{M}\p{Co}");
        json!({"type": "Split", "pattern": {"Regex": training_pattern}, "behavior": "Isolated", "invert": false})
    } else {
        split.clone()
    };
    let (pre_tokenizer, decoder) = match (options.byte_level, options.model) {
        (true, _) => (
            json!({"type": "Sequence", "pretokenizers": [split,
                {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": false}]}),
            json!({"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": false}),
        ),
        (false, Model::Bpe) => {
            (training_split, json!({"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"}]}))
        }
        (false, Model::Unigram) => {
            // Pieces are split on the raw text, then their spaces become ▁ (SentencePiece's convention).
            let metaspace =
                json!({"type": "Metaspace", "replacement": "\u{2581}", "prepend_scheme": "never", "split": false});
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
    let mut tokenizer = Tokenizer::from_bytes(skeleton.to_string().as_bytes())
        .map_err(|e| Error::new(subject, ErrorKind::Tokenizer(format!("cannot build the tokenizer: {e}"))))?;
    let special: Vec<AddedToken> = options.special_tokens.iter().map(|s| AddedToken::from(s.clone(), true)).collect();
    // Room for the byte pieces (and the parts of letters), appended after training.
    let trained_size = options.vocab_size - if options.byte_level { 0 } else { 256 } - unseen;
    let mut trainer = match options.model {
        Model::Bpe => {
            let mut builder = BpeTrainer::builder()
                .vocab_size(trained_size)
                .min_frequency(options.min_frequency)
                .special_tokens(special)
                .show_progress(false);
            if options.byte_level {
                builder = builder.initial_alphabet(crate::load::byte_level_chars().into_iter().collect());
            }
            TrainerWrapper::BpeTrainer(builder.build())
        }
        Model::Unigram => {
            let mut builder = UnigramTrainer::builder();
            builder
                .vocab_size(trained_size as u32)
                .special_tokens(special)
                .show_progress(false)
                .unk_token(if options.byte_level { None } else { Some("<unk>".into()) });
            TrainerWrapper::UnigramTrainer(builder.build().map_err(|e| data(e.to_string()))?)
        }
    };
    stage("counting words");
    tokenizer
        .train(&mut trainer, texts.iter())
        .map_err(|e| Error::new(subject, ErrorKind::Tokenizer(format!("training failed: {e}"))))?;
    stage("writing the tokenizer");
    let mut json: Value = serde_json::from_str(
        &tokenizer.to_string(false).map_err(|e| Error::new(subject, ErrorKind::Tokenizer(e.to_string())))?,
    )
    .expect("the library writes JSON");
    if whole_letters {
        json["pre_tokenizer"] = split;
        letters_back(&mut json["model"], &letters, &components);
    }
    if !options.byte_level {
        add_byte_pieces(&mut json["model"]);
    }
    let text = json.to_string();
    // Round-trip through the library: its own serialisation orders the vocabulary by id.
    let reloaded = Tokenizer::from_bytes(text.as_bytes())
        .map_err(|e| Error::new(subject, ErrorKind::Tokenizer(format!("the trained tokenizer does not load: {e}"))))?;
    reloaded.to_string(false).map_err(|e| Error::new(subject, ErrorKind::Tokenizer(e.to_string())))
}

/// Appends the 256 byte pieces (those not already there) after the trained vocabulary.
fn add_byte_pieces(model: &mut Value) {
    // The trainers build a fresh model: byte fallback is switched on here.
    model["byte_fallback"] = json!(true);
    match model["type"].as_str() {
        Some("BPE") => {
            let vocab = model["vocab"].as_object_mut().expect("a BPE vocabulary");
            let mut next = vocab.values().filter_map(Value::as_u64).max().map_or(0, |m| m + 1);
            for piece in byte_pieces() {
                if !vocab.contains_key(&piece) {
                    vocab.insert(piece, json!(next));
                    next += 1;
                }
            }
        }
        Some("Unigram") => {
            let vocab = model["vocab"].as_array_mut().expect("a Unigram vocabulary");
            let known: BTreeSet<String> = vocab.iter().filter_map(|p| p[0].as_str().map(str::to_string)).collect();
            // Below every trained piece: bytes are the last resort.
            let lowest = vocab.iter().filter_map(|p| p[1].as_f64()).fold(0.0f64, f64::min);
            for piece in byte_pieces() {
                if !known.contains(&piece) {
                    vocab.push(json!([piece, lowest - 10.0]));
                }
            }
        }
        _ => {}
    }
}

/// Whole letters for training: a Tamil consonant (U+0B95–U+0BB9) followed by a vowel sign, pulli or length
/// mark (U+0BBE–U+0BCD, U+0BD7) becomes one character of plane 15's private use area, so that the trainer
/// starts from letters; [`letters_back`] spells them out again and puts the merges that make them first.
const LETTER_BASE: u32 = 0xF_0000;
const SIGNS: u32 = 0x0BCD - 0x0BBE + 2; // U+0BBE..=U+0BCD and U+0BD7

fn sign_index(c: char) -> Option<u32> {
    match c {
        '\u{0BBE}'..='\u{0BCD}' => Some(c as u32 - 0x0BBE),
        '\u{0BD7}' => Some(SIGNS - 1),
        _ => None,
    }
}

fn is_letter_char(c: char) -> bool {
    (LETTER_BASE..LETTER_BASE + 0x100 * SIGNS).contains(&(c as u32))
}

fn to_letter_chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let consonant = ('\u{0B95}'..='\u{0BB9}').contains(&c);
        match chars.peek().copied().and_then(sign_index) {
            Some(sign) if consonant => {
                chars.next();
                let index = (c as u32 - 0x0B95) * SIGNS + sign;
                out.push(char::from_u32(LETTER_BASE + index).expect("plane 15"));
            }
            _ => out.push(c),
        }
    }
    out
}

/// A letter character spelt out: (consonant, sign).
fn letter_parts(c: char) -> Option<(char, char)> {
    if !is_letter_char(c) {
        return None;
    }
    let index = c as u32 - LETTER_BASE;
    let consonant = char::from_u32(0x0B95 + index / SIGNS)?;
    let sign = index % SIGNS;
    let sign = if sign == SIGNS - 1 { '\u{0BD7}' } else { char::from_u32(0x0BBE + sign)? };
    Some((consonant, sign))
}

fn from_letter_chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match letter_parts(c) {
            Some((consonant, sign)) => {
                out.push(consonant);
                out.push(sign);
            }
            None => out.push(c),
        }
    }
    out
}

/// The Tamil consonants (assigned code points of U+0B95–U+0BB9).
const CONSONANTS: &str = "கஙசஜஞடணதநனபமயரறலளழவஶஷஸஹ";
/// The dependent vowel signs and pulli.
const VOWEL_SIGNS: &str =
    "\u{0BBE}\u{0BBF}\u{0BC0}\u{0BC1}\u{0BC2}\u{0BC6}\u{0BC7}\u{0BC8}\u{0BCA}\u{0BCB}\u{0BCC}\u{0BCD}";

/// Every letter a consonant and a vowel sign (or pulli) make, as its training character; with the letters
/// of the (mapped) texts made otherwise (with the length mark, say).
fn all_letters(texts: &[String]) -> BTreeSet<char> {
    let mut letters: BTreeSet<char> = CONSONANTS
        .chars()
        .flat_map(|c| VOWEL_SIGNS.chars().map(move |s| format!("{c}{s}")))
        .flat_map(|l| to_letter_chars(&l).chars().collect::<Vec<_>>())
        .collect();
    letters.extend(texts.iter().flat_map(|t| t.chars()).filter(|&c| is_letter_char(c)));
    letters
}

/// The consonants and signs of those letters.
fn letter_components(letters: &BTreeSet<char>) -> BTreeSet<char> {
    let mut parts = BTreeSet::new();
    for &c in letters {
        if let Some((consonant, sign)) = letter_parts(c) {
            parts.insert(consonant);
            parts.insert(sign);
        }
    }
    parts
}

/// Spells the letters of a trained BPE out again: vocabulary and merges in real text, the merges that make
/// each letter from its consonant and sign first (rank order makes every letter before anything else, as
/// the trainer saw them), and the consonants and signs the vocabulary lacks appended.
fn letters_back(model: &mut Value, letters: &BTreeSet<char>, components: &BTreeSet<char>) {
    let vocab = model["vocab"].as_object().expect("a BPE vocabulary").clone();
    let mut by_id: Vec<(u64, String)> =
        vocab.iter().map(|(token, id)| (id.as_u64().expect("an id"), token.clone())).collect();
    by_id.sort();
    let mut new_vocab = serde_json::Map::new();
    for (id, token) in &by_id {
        new_vocab.insert(from_letter_chars(token), json!(id));
    }
    let mut next = by_id.last().map_or(0, |(id, _)| id + 1);
    let mut add = |text: String| {
        new_vocab.entry(text).or_insert_with(|| {
            next += 1;
            json!(next - 1)
        });
    };
    for part in components {
        add(part.to_string());
    }
    let mut letter_merges = Vec::new();
    for &letter in letters {
        let (consonant, sign) = letter_parts(letter).expect("a letter character");
        add(format!("{consonant}{sign}"));
        letter_merges.push(json!([consonant.to_string(), sign.to_string()]));
    }
    let merges = model["merges"].as_array().cloned().unwrap_or_default();
    let spelt = merges.iter().map(|m| match m {
        Value::Array(pair) => {
            json!(pair.iter().map(|t| from_letter_chars(t.as_str().unwrap_or_default())).collect::<Vec<_>>())
        }
        Value::String(s) => json!(from_letter_chars(s)),
        other => other.clone(),
    });
    letter_merges.extend(spelt);
    model["vocab"] = Value::Object(new_vocab);
    model["merges"] = Value::Array(letter_merges);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_map_to_one_character_and_back() {
        let text = "தமிழ் கொௗ ஆ க்ஷ x";
        let mapped = to_letter_chars(text);
        // த, மி, ழ், space, கொ, ௗ (after a letter, left alone), space, ஆ, space, க், ஷ, space, x
        assert_eq!(mapped.chars().count(), 13);
        assert_eq!(from_letter_chars(&mapped), text);
        assert_eq!(mapped.chars().filter(|&c| is_letter_char(c)).count(), 4);
    }
}
