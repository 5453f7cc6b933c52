//! Extending an open tokenizer with Tamil tokens (SPEC D8): every base token keeps its id, text without a
//! Tamil character encodes exactly as before, and up to N new tokens, each holding the start of a Tamil
//! character, are appended.
//!
//! The base's pre-tokenizer is made grapheme-safe for Tamil marks only. The training text is cut into
//! pieces by it and each piece holding Tamil is encoded by the base model; then, as BPE training does,
//! the most frequent adjacent pair of tokens is merged, again and again. A pair is only merged when the
//! token it makes holds the bytes E0 AE or E0 AF (with which every Tamil character, and nothing else,
//! begins in UTF-8) and no whitespace after its first character, so that no text without Tamil can ever
//! reach a new token. BPE bases get the merges after their own (a base merge
//! never involves a new token, so encoding is the base's encoding followed by the new merges); Unigram
//! bases get the merged strings as pieces scoring a little above the pieces they are made of.
//!
//! ```no_run
//! use uraikal_d4::extend::{extend, ExtendOptions};
//!
//! let base = uraikal_d4::load("whisper-multilingual/tokenizer.json.gz").unwrap();
//! let texts = vec!["தமிழ் மொழி இனிது".to_string(); 10];
//! let extended = extend(&base, &texts, &ExtendOptions::new(100), &|_| {}).unwrap();
//! assert!(extended.new_tokens.iter().all(|t| t.id as usize >= base.vocab_size()));
//! ```

use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokenizers::{Model, NormalizedString, OffsetReferential, OffsetType, PreTokenizedString};
use tokenizers::{Normalizer, PreTokenizer, Tokenizer};

use crate::error::{Error, ErrorKind};
/// Whether the bytes hold E0 AE or E0 AF, the start of every Tamil character and of nothing else.
fn begins_tamil_character(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| w[0] == 0xE0 && (w[1] == 0xAE || w[1] == 0xAF))
}
use crate::load::Loaded;
use crate::pretok::{patch_pre_tokenizer_with, TAMIL_MARKS};

/// How far to extend.
#[derive(Debug, Clone)]
pub struct ExtendOptions {
    /// New tokens to add (fewer when the text runs out of pairs seen `min_frequency` times).
    pub add: usize,
    /// A pair must occur this often to be merged.
    pub min_frequency: u64,
}

impl ExtendOptions {
    /// `add` new tokens, pairs seen at least twice.
    pub fn new(add: usize) -> ExtendOptions {
        ExtendOptions { add, min_frequency: 2 }
    }
}

/// A token added by [`extend`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewToken {
    /// Its id (after every base id).
    pub id: u32,
    /// The token as the vocabulary spells it.
    pub token: String,
    /// The text it stands for.
    pub text: String,
    /// The base tokens it is made of, in order: the rows whose mean can initialise its embedding.
    pub base_ids: Vec<u32>,
}

/// The extended tokenizer.
#[derive(Debug, Clone)]
pub struct Extended {
    /// The new tokenizer.json.
    pub tokenizer_json: String,
    /// The new tokens, by id.
    pub new_tokens: Vec<NewToken>,
    /// Whether the pre-tokenizer was rewritten (false when it already kept Tamil letters whole).
    pub pre_tokenizer_patched: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bpe,
    Unigram,
}

fn fail(subject: &str, message: impl Into<String>) -> Error {
    Error::new(subject, ErrorKind::Patch(message.into()))
}

/// Extends `base` with Tamil tokens learnt from `texts`. `stage` is told what is being done.
pub fn extend(
    base: &Loaded,
    texts: &[String],
    options: &ExtendOptions,
    stage: &dyn Fn(&str),
) -> Result<Extended, Error> {
    let subject = base.source.as_str();
    let mut json: Value = serde_json::from_str(
        &base.tokenizer.to_string(false).map_err(|e| fail(subject, format!("cannot serialise the base: {e}")))?,
    )
    .expect("the library writes JSON");
    let kind = match json["model"]["type"].as_str() {
        Some("BPE") => Kind::Bpe,
        Some("Unigram") => Kind::Unigram,
        other => {
            return Err(fail(
                subject,
                format!(
                    "a {} model cannot be extended (BPE and Unigram only)",
                    other.unwrap_or("model without a type")
                ),
            ))
        }
    };
    if kind == Kind::Bpe
        && (json["model"]["continuing_subword_prefix"].is_string() || json["model"]["end_of_word_suffix"].is_string())
    {
        return Err(fail(subject, "a BPE with subword prefixes or suffixes cannot be extended"));
    }
    let pre_tokenizer_patched = json.get_mut("pre_tokenizer").is_some_and(|p| patch_pre_tokenizer_with(p, TAMIL_MARKS));
    let patched = Tokenizer::from_bytes(json.to_string().as_bytes())
        .map_err(|e| fail(subject, format!("the rewritten pre-tokenizer does not load: {e}")))?;

    stage("cutting the text into pieces");
    let byte_level = base.is_byte_level();
    let mut pieces: HashMap<String, u64> = HashMap::new();
    for text in texts {
        for piece in split(&patched, text).map_err(|m| fail(subject, m))? {
            if begins_tamil_character(&piece_bytes(&piece, byte_level)) {
                *pieces.entry(piece).or_default() += 1;
            }
        }
    }
    if pieces.is_empty() {
        return Err(Error::new(subject, ErrorKind::Data("the data holds no Tamil text".into())));
    }
    let mut pieces: Vec<(String, u64)> = pieces.into_iter().collect();
    pieces.sort();

    stage("encoding the pieces with the base");
    let model = patched.get_model();
    let mut words: Vec<Vec<u32>> = Vec::with_capacity(pieces.len());
    for (piece, _) in &pieces {
        let tokens =
            model.tokenize(piece).map_err(|e| fail(subject, format!("the base cannot encode {piece:?}: {e}")))?;
        words.push(tokens.iter().map(|t| t.id).collect());
    }
    let counts: Vec<u64> = pieces.iter().map(|(_, c)| *c).collect();

    // Every token's spelling and bytes, base and new.
    let vocab = patched.get_vocab(true);
    let mut spelling: HashMap<u32, String> = vocab.iter().map(|(t, &i)| (i, t.clone())).collect();
    let mut known: HashMap<String, u32> = vocab.clone();
    let base_size = match kind {
        Kind::Unigram => json["model"]["vocab"].as_array().map_or(0, Vec::len) as u32,
        Kind::Bpe => 0,
    };
    let mut next_id = vocab.values().copied().max().map_or(0, |m| m + 1);
    if kind == Kind::Unigram && next_id != base_size {
        return Err(fail(subject, "added tokens lie outside the Unigram vocabulary: ids would clash"));
    }

    stage("learning the new tokens");
    let mut learner = Learner::new(&words, &counts);
    let mut merges: Vec<(u32, u32, u32)> = Vec::new();
    let mut new_ids: Vec<u32> = Vec::new();
    let mut made_of: HashMap<u32, (u32, u32)> = HashMap::new();
    while new_ids.len() < options.add {
        let Some((pair, count)) = learner.best() else {
            break;
        };
        if count < options.min_frequency {
            break;
        }
        let joined = format!("{}{}", spelling[&pair.0], spelling[&pair.1]);
        let existing = known.get(&joined).copied();
        let byte_piece = |id: u32| crate::load::byte_piece(&spelling[&id]).is_some();
        // A Unigram piece already in the vocabulary cannot be added again; byte pieces are not spellings.
        let duplicate_piece = kind == Kind::Unigram && existing.is_some();
        let allowed = eligible(&piece_bytes(&joined, byte_level), &joined)
            && !duplicate_piece
            && !byte_piece(pair.0)
            && !byte_piece(pair.1);
        if !allowed {
            learner.ban(pair);
            continue;
        }
        let id = existing.unwrap_or_else(|| {
            let id = next_id;
            next_id += 1;
            known.insert(joined.clone(), id);
            spelling.insert(id, joined.clone());
            new_ids.push(id);
            made_of.insert(id, pair);
            id
        });
        merges.push((pair.0, pair.1, id));
        learner.merge(pair, id);
        // Never the same merge twice (a pair can come back where it overlapped itself).
        learner.ban(pair);
    }

    stage("writing the tokenizer");
    let added: Vec<(String, u32)> = json["added_tokens"]
        .as_array()
        .map(|list| {
            list.iter().filter_map(|t| Some((t["content"].as_str()?.to_string(), t["id"].as_u64()? as u32))).collect()
        })
        .unwrap_or_default();
    let model_json = &mut json["model"];
    match kind {
        Kind::Bpe => {
            let vocab = model_json["vocab"].as_object_mut().expect("a BPE vocabulary");
            // The library numbers added tokens missing from the model after the model's vocabulary, which
            // now grows: they enter the model's vocabulary under their own ids so that they keep them.
            for (content, id) in added {
                vocab.entry(content).or_insert(json!(id));
            }
            for &id in &new_ids {
                vocab.insert(spelling[&id].clone(), json!(id));
            }
            let list = model_json["merges"].as_array_mut().expect("BPE merges");
            let as_strings = list.first().is_some_and(Value::is_string);
            for &(a, b, _) in &merges {
                let (a, b) = (&spelling[&a], &spelling[&b]);
                list.push(if as_strings && !a.contains(' ') && !b.contains(' ') {
                    json!(format!("{a} {b}"))
                } else {
                    json!([a, b])
                });
            }
            if as_strings && list.iter().any(Value::is_array) {
                // One format for the whole list: pairs.
                for m in list.iter_mut() {
                    if let Some(s) = m.as_str() {
                        let (a, b) = s.split_once(' ').expect("a merge is two tokens");
                        *m = json!([a, b]);
                    }
                }
            }
        }
        Kind::Unigram => {
            let list = model_json["vocab"].as_array_mut().expect("a Unigram vocabulary");
            let mut score: HashMap<u32, f64> =
                list.iter().enumerate().map(|(i, p)| (i as u32, p[1].as_f64().unwrap_or(0.0))).collect();
            for &(a, b, id) in &merges {
                // Just above the two pieces it replaces, so that it wins where they would be chosen.
                let s = score[&a] + score[&b] + UNIGRAM_BONUS;
                score.insert(id, s);
                list.push(json!([spelling[&id], s]));
            }
        }
    }
    let text = json.to_string();
    let reloaded = Tokenizer::from_bytes(text.as_bytes())
        .map_err(|e| fail(subject, format!("the extended tokenizer does not load: {e}")))?;
    let tokenizer_json = reloaded.to_string(false).map_err(|e| fail(subject, e.to_string()))?;

    let expand = |id: u32| -> Vec<u32> {
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(t) = stack.pop() {
            match made_of.get(&t) {
                Some(&(a, b)) => {
                    stack.push(b);
                    stack.push(a);
                }
                None => out.push(t),
            }
        }
        out
    };
    let new_tokens = new_ids
        .iter()
        .map(|&id| NewToken {
            id,
            token: spelling[&id].clone(),
            text: String::from_utf8_lossy(&piece_bytes(&spelling[&id], byte_level)).replace('\u{2581}', " "),
            base_ids: expand(id),
        })
        .collect();
    Ok(Extended { tokenizer_json, new_tokens, pre_tokenizer_patched })
}

/// How much a new Unigram piece scores above the sum of its two parts.
const UNIGRAM_BONUS: f64 = 0.1;

/// The pieces the normaliser and pre-tokenizer cut a text into (as the model sees them).
fn split(tokenizer: &Tokenizer, text: &str) -> Result<Vec<String>, String> {
    let mut normalized = NormalizedString::from(text);
    if let Some(n) = tokenizer.get_normalizer() {
        n.normalize(&mut normalized).map_err(|e| e.to_string())?;
    }
    let mut pre = PreTokenizedString::from(normalized);
    if let Some(p) = tokenizer.get_pre_tokenizer() {
        p.pre_tokenize(&mut pre).map_err(|e| e.to_string())?;
    }
    Ok(pre
        .get_splits(OffsetReferential::Original, OffsetType::Byte)
        .into_iter()
        .map(|(s, _, _)| s.to_string())
        .collect())
}

/// The bytes a piece or token spells (byte-level characters mapped back to their bytes).
fn piece_bytes(token: &str, byte_level: bool) -> Vec<u8> {
    if byte_level {
        crate::load::byte_level_bytes(token)
    } else {
        crate::load::plain_token_bytes(token)
    }
}

/// A new token must hold the first two bytes of a Tamil character (E0 AE or E0 AF: in UTF-8 only the
/// Tamil block U+0B80–U+0BFF begins so) and no whitespace (space, ▁) after its first character.
fn eligible(bytes: &[u8], spelling: &str) -> bool {
    begins_tamil_character(bytes)
        && !bytes.iter().skip(1).any(|b| b.is_ascii_whitespace())
        && !spelling.chars().skip(1).any(|c| c == '\u{2581}')
}

/// Incremental pair counting over weighted words (the BPE trainer's bookkeeping).
struct Learner {
    words: Vec<Vec<u32>>,
    counts: Vec<u64>,
    pair_counts: HashMap<(u32, u32), u64>,
    where_: HashMap<(u32, u32), BTreeSet<usize>>,
    heap: BinaryHeap<(u64, Reverse<(u32, u32)>)>,
    banned: HashSet<(u32, u32)>,
}

impl Learner {
    fn new(words: &[Vec<u32>], counts: &[u64]) -> Learner {
        let mut learner = Learner {
            words: words.to_vec(),
            counts: counts.to_vec(),
            pair_counts: HashMap::new(),
            where_: HashMap::new(),
            heap: BinaryHeap::new(),
            banned: HashSet::new(),
        };
        for w in 0..learner.words.len() {
            learner.add_word(w, true);
        }
        let mut all: Vec<_> = learner.pair_counts.iter().map(|(&p, &c)| (c, Reverse(p))).collect();
        all.sort();
        learner.heap = all.into_iter().collect();
        learner
    }

    /// Adds (or removes) a word's pairs to the counts.
    fn add_word(&mut self, w: usize, add: bool) {
        let count = self.counts[w];
        for i in 1..self.words[w].len() {
            let pair = (self.words[w][i - 1], self.words[w][i]);
            let c = self.pair_counts.entry(pair).or_default();
            if add {
                *c += count;
                self.where_.entry(pair).or_default().insert(w);
            } else {
                *c -= count;
            }
        }
    }

    /// The most frequent pair not banned (ties: the smallest ids), with its count.
    fn best(&mut self) -> Option<((u32, u32), u64)> {
        while let Some((count, Reverse(pair))) = self.heap.pop() {
            let current = self.pair_counts.get(&pair).copied().unwrap_or(0);
            if self.banned.contains(&pair) || current == 0 {
                continue;
            }
            if current != count {
                self.heap.push((current, Reverse(pair)));
                continue;
            }
            self.heap.push((count, Reverse(pair)));
            return Some((pair, count));
        }
        None
    }

    fn ban(&mut self, pair: (u32, u32)) {
        self.banned.insert(pair);
    }

    /// Replaces every occurrence of the pair (left to right) by `id` and updates the counts.
    fn merge(&mut self, pair: (u32, u32), id: u32) {
        let Some(places) = self.where_.remove(&pair) else {
            return;
        };
        let mut touched: HashSet<(u32, u32)> = HashSet::new();
        for w in places {
            self.add_word(w, false);
            let old = std::mem::take(&mut self.words[w]);
            let mut new = Vec::with_capacity(old.len());
            let mut i = 0;
            while i < old.len() {
                if i + 1 < old.len() && (old[i], old[i + 1]) == pair {
                    new.push(id);
                    i += 2;
                } else {
                    new.push(old[i]);
                    i += 1;
                }
            }
            for j in 1..new.len() {
                touched.insert((new[j - 1], new[j]));
            }
            self.words[w] = new;
            self.add_word(w, true);
        }
        let mut touched: Vec<_> = touched.into_iter().collect();
        touched.sort();
        for p in touched {
            if let Some(&c) = self.pair_counts.get(&p) {
                if c > 0 {
                    self.heap.push((c, Reverse(p)));
                }
            }
        }
    }
}
