//! The D4 measures (SPEC.md section D): each passage is encoded once, without special tokens, padding or
//! truncation, and its words and tokens are counted; counts add up per slice and the measures are ratios
//! of the sums.

use rayon::prelude::*;
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Error, ErrorKind};
use crate::load::Loaded;

/// One passage of a `d4_<slice>.jsonl` file: `{"id", "text", "slice", "source"}`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct Passage {
    /// Unique within its file (a number is read as its decimal text).
    #[serde(deserialize_with = "string_or_number")]
    pub id: String,
    /// The passage text, measured as it is (no normalisation).
    pub text: String,
    /// The slice it is reported under; when absent the caller fills it in (from the file name).
    #[serde(default)]
    pub slice: String,
    /// Where the passage came from (kept, not used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<serde_json::Value>,
}

impl Passage {
    /// A passage without a source.
    pub fn new(id: &str, text: &str, slice: &str) -> Passage {
        Passage { id: id.into(), text: text.into(), slice: slice.into(), source: None }
    }
}

fn string_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::String(s) => Ok(s),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        other => Err(serde::de::Error::custom(format!("id must be a string or a number, not {other}"))),
    }
}

/// What is counted per slice; every measure is a ratio of two of these (SPEC D2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Passages.
    pub passages: usize,
    /// Whitespace-separated words.
    pub words: usize,
    /// Words holding a Tamil letter (U+0B85–U+0BB9).
    pub tamil_words: usize,
    /// Tokens.
    pub tokens: usize,
    /// UTF-8 bytes of the passages.
    pub bytes: usize,
    /// Tamil words with a token starting at a vowel sign or pulli inside them.
    pub letter_cut_words: usize,
    /// Tamil words where such a token is the first of a pre-tokenizer piece.
    pub by_pretok_words: usize,
    /// Tamil words overlapped by a token that ends inside a UTF-8 character.
    pub byte_cut_words: usize,
    /// Tokens with the model's unknown id.
    pub unk_tokens: usize,
    /// Passages whose decoding equals the text, all whitespace ignored.
    pub round_trip_passages: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.passages += o.passages;
        self.words += o.words;
        self.tamil_words += o.tamil_words;
        self.tokens += o.tokens;
        self.bytes += o.bytes;
        self.letter_cut_words += o.letter_cut_words;
        self.by_pretok_words += o.by_pretok_words;
        self.byte_cut_words += o.byte_cut_words;
        self.unk_tokens += o.unk_tokens;
        self.round_trip_passages += o.round_trip_passages;
    }
}

/// The measures of SPEC D2; None where the denominator is 0.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// tokens ÷ words.
    pub tokens_per_word: Option<f64>,
    /// bytes ÷ tokens.
    pub bytes_per_token: Option<f64>,
    /// letter_cut_words ÷ tamil_words.
    pub letter_cut: Option<f64>,
    /// by_pretok_words ÷ tamil_words.
    pub by_pretok: Option<f64>,
    /// byte_cut_words ÷ tamil_words.
    pub byte_cut: Option<f64>,
    /// (unk_tokens ÷ tokens) × 1000.
    pub unk_per_1000: Option<f64>,
    /// round_trip_passages ÷ passages.
    pub round_trip: Option<f64>,
}

fn ratio(numerator: usize, denominator: usize) -> Option<f64> {
    (denominator > 0).then(|| numerator as f64 / denominator as f64)
}

impl Counts {
    /// The measures from the counts.
    pub fn metrics(&self) -> Metrics {
        Metrics {
            tokens_per_word: ratio(self.tokens, self.words),
            bytes_per_token: ratio(self.bytes, self.tokens),
            letter_cut: ratio(self.letter_cut_words, self.tamil_words),
            by_pretok: ratio(self.by_pretok_words, self.tamil_words),
            byte_cut: ratio(self.byte_cut_words, self.tamil_words),
            // unk ÷ tokens, then × 1000 (in that order: the last digit depends on it).
            unk_per_1000: ratio(self.unk_tokens, self.tokens).map(|r| r * 1000.0),
            round_trip: ratio(self.round_trip_passages, self.passages),
        }
    }
}

/// The counts of one tokenizer on one slice.
#[derive(Debug, Clone, PartialEq)]
pub struct SliceResult {
    /// The slice name.
    pub slice: String,
    /// The sums over its passages.
    pub counts: Counts,
}

impl SliceResult {
    /// The measures of this slice.
    pub fn metrics(&self) -> Metrics {
        self.counts.metrics()
    }
}

/// Measures one tokenizer on passages, in parallel; one result per slice, in order of first appearance.
/// `progress` is called once per passage measured (from any thread).
pub fn measure(
    tokenizer: &Loaded,
    passages: &[Passage],
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<SliceResult>, Error> {
    let per_passage: Vec<Counts> = passages
        .par_iter()
        .map(|p| {
            // The tokenizers library can panic on malformed data it accepted at load time (a SentencePiece
            // charsmap whose trie points outside itself): that is this tokenizer failing, not the run.
            let measured =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| measure_passage(tokenizer, &p.text)))
                    .unwrap_or_else(|panic| {
                        Err(format!("the tokenizers library panicked: {}", panic_message(&*panic)))
                    });
            let counts = measured
                .map_err(|e| Error::new(&tokenizer.name, ErrorKind::Tokenizer(format!("passage {}: {e}", p.id))));
            progress(1);
            counts
        })
        .collect::<Result<_, _>>()?;
    let mut results: Vec<SliceResult> = Vec::new();
    for (p, counts) in passages.iter().zip(per_passage) {
        match results.iter_mut().find(|r| r.slice == p.slice) {
            Some(r) => r.counts += counts,
            None => results.push(SliceResult { slice: p.slice.clone(), counts }),
        }
    }
    Ok(results)
}

/// A whitespace-separated word: byte span in the passage, and whether it holds a Tamil letter.
#[derive(Debug, Clone, Copy)]
struct Word {
    start: usize,
    end: usize,
    tamil: bool,
}

fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut current: Option<Word> = None;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            out.extend(current.take());
        } else {
            let w = current.get_or_insert(Word { start: i, end: i, tamil: false });
            w.end = i + c.len_utf8();
            w.tamil |= is_tamil_letter(c);
        }
    }
    out.extend(current);
    out
}

/// SPEC D1: a Tamil letter is U+0B85–U+0BB9 (vowels and consonants).
fn is_tamil_letter(c: char) -> bool {
    ('\u{0B85}'..='\u{0BB9}').contains(&c)
}

/// SPEC D2: a token starting at a vowel sign or pulli (U+0BBE–U+0BCD) cuts a letter.
fn is_sign_at(text: &str, offset: usize) -> bool {
    text.get(offset..).and_then(|t| t.chars().next()).is_some_and(|c| ('\u{0BBE}'..='\u{0BCD}').contains(&c))
}

/// The word that `offset` falls strictly inside (not at its start), if any.
fn word_strictly_containing(words: &[Word], offset: usize) -> Option<usize> {
    let i = words.partition_point(|w| w.start < offset).checked_sub(1)?;
    (offset < words[i].end).then_some(i)
}

/// UTF-8 continuation bytes still owed after `bytes`, starting from `owed`.
fn utf8_owed(mut owed: u8, bytes: &[u8]) -> u8 {
    for &b in bytes {
        owed = match b {
            0x00..=0x7F => 0,
            0x80..=0xBF => owed.saturating_sub(1),
            0xC0..=0xDF => 1,
            0xE0..=0xEF => 2,
            _ => 3,
        };
    }
    owed
}

/// The message of a caught panic.
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string())
}

/// The counts of one passage.
fn measure_passage(t: &Loaded, text: &str) -> Result<Counts, String> {
    let words = words(text);
    let encoding = t.tokenizer.encode(text, false).map_err(|e| format!("encode: {e}"))?;
    let ids = encoding.get_ids();
    let offsets = encoding.get_offsets();
    let pieces = encoding.get_word_ids();

    // Per word: bit 0 letter cut, bit 1 cut by the pre-tokenizer, bit 2 byte cut.
    let mut marks = vec![0u8; words.len()];
    let mut owed = 0u8;
    let mut unk_tokens = 0;
    for (i, (&id, &(start, end))) in ids.iter().zip(offsets).enumerate() {
        if let Some(w) = word_strictly_containing(&words, start) {
            if words[w].tamil && is_sign_at(text, start) {
                // The encoding's word ids number the pre-tokenizer's pieces: a new id starts a piece.
                let piece_start = i == 0 || pieces[i] != pieces[i - 1];
                marks[w] |= if piece_start { 0b011 } else { 0b001 };
            }
        }
        owed = utf8_owed(owed, t.token_bytes(id).unwrap_or_default());
        if owed > 0 {
            let first = words.partition_point(|w| w.end <= start);
            for (w, word) in words.iter().enumerate().skip(first).take_while(|(_, w)| w.start < end) {
                if word.tamil {
                    marks[w] |= 0b100;
                }
            }
        }
        if Some(id) == t.unk_id {
            unk_tokens += 1;
        }
    }
    let decoded = t.tokenizer.decode(ids, false).map_err(|e| format!("decode: {e}"))?;
    let round_trip = decoded.chars().filter(|c| !c.is_whitespace()).eq(text.chars().filter(|c| !c.is_whitespace()));
    let count = |bit: u8| marks.iter().filter(|&&m| m & bit != 0).count();
    Ok(Counts {
        passages: 1,
        words: words.len(),
        tamil_words: words.iter().filter(|w| w.tamil).count(),
        tokens: ids.len(),
        bytes: text.len(),
        letter_cut_words: count(0b001),
        by_pretok_words: count(0b010),
        byte_cut_words: count(0b100),
        unk_tokens,
        round_trip_passages: round_trip as usize,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_whitespace_separated_spans() {
        let w = words(" தமிழ்  abc\u{00A0}க ");
        let spans: Vec<_> = w.iter().map(|w| (w.start, w.end, w.tamil)).collect();
        assert_eq!(spans, vec![(1, 16, true), (18, 21, false), (23, 26, true)]);
    }

    #[test]
    fn strictly_inside_excludes_word_starts_and_gaps() {
        let w = words("ab cd");
        assert_eq!(word_strictly_containing(&w, 0), None);
        assert_eq!(word_strictly_containing(&w, 1), Some(0));
        assert_eq!(word_strictly_containing(&w, 2), None);
        assert_eq!(word_strictly_containing(&w, 3), None);
        assert_eq!(word_strictly_containing(&w, 4), Some(1));
    }

    #[test]
    fn utf8_owed_tracks_split_characters() {
        let ta = "த".as_bytes(); // three bytes
        assert_eq!(utf8_owed(0, &ta[..1]), 2);
        assert_eq!(utf8_owed(2, &ta[1..2]), 1);
        assert_eq!(utf8_owed(1, &ta[2..]), 0);
        assert_eq!(utf8_owed(0, ta), 0);
    }
}
