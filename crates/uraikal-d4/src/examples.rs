//! Example words with each tokenizer's cuts: the `examples` field of a D4 document (SPEC D9), which
//! `uraikal report` shows so that a reader sees where each tokenizer cuts a Tamil word.
//!
//! ```
//! use uraikal_d4::examples::example_words;
//! use uraikal_d4::Passage;
//! let passages = [Passage::new("1", "அகர முதல எழுத்தெல்லாம் அகர", "k"), Passage::new("2", "ஆதி பகவன் a1b2c3", "k")];
//! assert_eq!(example_words(&passages, 3), ["அகர", "முதல", "எழுத்தெல்லாம்"]);
//! ```

use serde::{Deserialize, Serialize};

use crate::load::Loaded;
use crate::measure::Passage;

/// How many example words a D4 document carries.
pub const EXAMPLE_WORDS: usize = 5;

/// One example word and where each tokenizer cuts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Example {
    /// The word, as it stands in the passages.
    pub word: String,
    /// One entry per tokenizer measured, in the order of the results.
    pub cuts: Vec<Cut>,
}

/// Where one tokenizer cuts one word.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cut {
    /// The tokenizer's name.
    pub tokenizer: String,
    /// The word split at the start of each token (concatenated they give the word back).
    pub pieces: Vec<String>,
    /// Tokens: more than the pieces when tokens split a character's UTF-8 bytes.
    pub tokens: usize,
}

/// The first `n` distinct whitespace-separated words of the passages, in order, that hold a Tamil letter
/// (U+0B85–U+0BB9, as SPEC D1) and are at least three characters long.
pub fn example_words(passages: &[Passage], n: usize) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in passages.iter().flat_map(|p| p.text.split_whitespace()) {
        if words.len() == n {
            break;
        }
        let tamil = word.chars().any(|c| ('\u{0B85}'..='\u{0BB9}').contains(&c));
        if tamil && word.chars().count() >= 3 && !words.iter().any(|w| w == word) {
            words.push(word.to_string());
        }
    }
    words
}

/// Where `tokenizer` cuts `word`, encoded on its own without special tokens: the word split at each
/// token's start offset (offsets that fall inside a character are not cuts of the text), and the token count.
pub fn cut(tokenizer: &Loaded, word: &str) -> Result<Cut, String> {
    let encoding = tokenizer.tokenizer.encode(word, false).map_err(|e| format!("encode: {e}"))?;
    let mut starts: Vec<usize> = encoding
        .get_offsets()
        .iter()
        .map(|&(start, _)| start.min(word.len()))
        .filter(|&s| s > 0 && s < word.len() && word.is_char_boundary(s))
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let mut pieces = Vec::with_capacity(starts.len() + 1);
    let mut from = 0;
    for start in starts.into_iter().chain([word.len()]) {
        pieces.push(word[from..start].to_string());
        from = start;
    }
    Ok(Cut { tokenizer: tokenizer.name.clone(), pieces, tokens: encoding.get_ids().len() })
}

/// The example words of the passages with every tokenizer's cuts (a tokenizer that fails on a word is
/// left out of that word's cuts).
pub fn examples<'a>(tokenizers: impl IntoIterator<Item = &'a Loaded> + Clone, passages: &[Passage]) -> Vec<Example> {
    example_words(passages, EXAMPLE_WORDS)
        .into_iter()
        .map(|word| {
            let cuts = tokenizers.clone().into_iter().filter_map(|t| cut(t, &word).ok()).collect();
            Example { word, cuts }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_give_the_word_back_and_cut_where_tokens_start() {
        let tokenizer = crate::bundled::tokenizer("whisper-multilingual").unwrap().unwrap();
        for word in ["தமிழ்", "எழுத்தெல்லாம்", "அகர"] {
            let c = cut(&tokenizer, word).unwrap();
            assert_eq!(c.pieces.concat(), word);
            assert!(c.tokens >= c.pieces.len(), "{c:?}");
            assert!(c.pieces.iter().all(|p| !p.is_empty()), "{c:?}");
        }
    }
}
