//! The measures the tokenizer literature uses (SPEC D6), beside D4's own: parity against English on
//! parallel text (Petrov et al. 2023), normalised sequence length against a base tokenizer (Dagan et al.
//! 2024; the Indic tokenizer study, arXiv 2411.12240), Rényi efficiency of the token distribution (Zouhar
//! et al. 2023) and what the vocabulary holds for Tamil.
//!
//! Tokens are counted as D4 counts them (SPEC D2): one encoding per text, no special tokens.
//!
//! ```
//! use uraikal_d4::literature::renyi_efficiency;
//!
//! // Four tokens used equally often out of a vocabulary of four: the distribution is uniform.
//! let e = renyi_efficiency([10usize, 10, 10, 10].into_iter(), 4, 2.5).unwrap();
//! assert!((e - 1.0).abs() < 1e-12);
//! ```

use std::collections::HashMap;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind};
use crate::load::Loaded;
use crate::measure::Passage;

/// The order α of the Rényi entropy (Zouhar et al. 2023 found 2.5 to predict BLEU best).
pub const RENYI_ALPHA: f64 = 2.5;

/// What is compared with what: English texts paired with passage ids, and a base tokenizer.
#[derive(Default, Clone, Copy)]
pub struct Against<'a> {
    /// Passage id → the English text of the same sentence (`--parallel`).
    pub parallel: Option<&'a HashMap<String, String>>,
    /// The tokenizer NSL is measured against (`--base`).
    pub base: Option<&'a Loaded>,
}

/// The literature's measures of one tokenizer on one slice; None where not asked for or undefined.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Literature {
    /// Σ tokens of the paired passages ÷ Σ tokens of their English sides (SPEC D6).
    pub parity: Option<f64>,
    /// The median over pairs of tokens(passage) ÷ tokens(English).
    pub parity_median: Option<f64>,
    /// Passages with an English side.
    pub parity_pairs: Option<usize>,
    /// Σ tokens ÷ Σ tokens of the base tokenizer on the same passages.
    pub nsl: Option<f64>,
    /// Rényi entropy (α = 2.5) of the token distribution ÷ log of the vocabulary size.
    pub renyi_efficiency: Option<f64>,
}

/// Per-slice literature measures, in order of each slice's first passage.
pub fn literature(
    tokenizer: &Loaded,
    passages: &[Passage],
    against: Against<'_>,
) -> Result<Vec<(String, Literature)>, Error> {
    let count = |t: &Loaded, text: &str| -> Result<Vec<u32>, Error> {
        t.tokenizer
            .encode(text, false)
            .map(|e| e.get_ids().to_vec())
            .map_err(|e| Error::new(&t.name, ErrorKind::Tokenizer(format!("encode: {e}"))))
    };
    struct One {
        ids: Vec<u32>,
        english: Option<usize>,
        base: Option<usize>,
    }
    let per_passage: Vec<One> = passages
        .par_iter()
        .map(|p| {
            let ids = count(tokenizer, &p.text)?;
            let english = match against.parallel.and_then(|m| m.get(&p.id)) {
                Some(en) => Some(count(tokenizer, en)?.len()),
                None => None,
            };
            let base = match against.base {
                Some(b) => Some(count(b, &p.text)?.len()),
                None => None,
            };
            Ok(One { ids, english, base })
        })
        .collect::<Result<_, Error>>()?;
    let mut slices: Vec<String> = Vec::new();
    for p in passages {
        if !slices.contains(&p.slice) {
            slices.push(p.slice.clone());
        }
    }
    let vocab_size = tokenizer.vocab_size();
    let results = slices
        .into_iter()
        .map(|slice| {
            let members = || passages.iter().zip(&per_passage).filter(|(p, _)| p.slice == slice).map(|(_, one)| one);
            let mut frequency: HashMap<u32, usize> = HashMap::new();
            for one in members() {
                for &id in &one.ids {
                    *frequency.entry(id).or_default() += 1;
                }
            }
            let pairs: Vec<(usize, usize)> =
                members().filter_map(|one| one.english.map(|en| (one.ids.len(), en))).collect();
            let (ta, en) = pairs.iter().fold((0, 0), |(a, b), &(x, y)| (a + x, b + y));
            let nsl = against.base.map(|_| {
                let (tokens, base) =
                    members().fold((0, 0), |(a, b), one| (a + one.ids.len(), b + one.base.unwrap_or(0)));
                ratio(tokens, base)
            });
            let literature = Literature {
                parity: against.parallel.and_then(|_| ratio(ta, en)),
                parity_median: against.parallel.and_then(|_| parity_median(&pairs)),
                parity_pairs: against.parallel.map(|_| pairs.len()),
                nsl: nsl.flatten(),
                renyi_efficiency: renyi_efficiency(frequency.values().copied(), vocab_size, RENYI_ALPHA),
            };
            (slice, literature)
        })
        .collect();
    Ok(results)
}

fn ratio(numerator: usize, denominator: usize) -> Option<f64> {
    (denominator > 0).then(|| numerator as f64 / denominator as f64)
}

/// The median of tokens ÷ English tokens over the pairs with English tokens (the mean of the middle two
/// for an even count).
fn parity_median(pairs: &[(usize, usize)]) -> Option<f64> {
    let mut ratios: Vec<f64> = pairs.iter().filter_map(|&(ta, en)| ratio(ta, en)).collect();
    if ratios.is_empty() {
        return None;
    }
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    Some(if n % 2 == 1 { ratios[n / 2] } else { (ratios[n / 2 - 1] + ratios[n / 2]) / 2.0 })
}

/// Rényi efficiency (Zouhar et al. 2023): H_α(p) ÷ log |V|, where p is the relative frequency of each
/// token and H_α(p) = log(Σ p^α) ÷ (1 − α). None without tokens or with a vocabulary of one.
pub fn renyi_efficiency(counts: impl Iterator<Item = usize>, vocab_size: usize, alpha: f64) -> Option<f64> {
    let mut counts: Vec<usize> = counts.filter(|&c| c > 0).collect();
    // The counts come from a hash map, in an order that changes from run to run: sum the powers in one order
    // (ascending) so that the float sum, and the result, is the same in every run (issue 24 found it differ in
    // the last bits between the CLI and Python on the same file).
    counts.sort_unstable();
    let total: usize = counts.iter().sum();
    if total == 0 || vocab_size < 2 {
        return None;
    }
    let total = total as f64;
    let power_sum: f64 = counts.iter().map(|&c| (c as f64 / total).powf(alpha)).sum();
    let entropy = power_sum.ln() / (1.0 - alpha);
    Some(entropy / (vocab_size as f64).ln())
}

/// What a vocabulary holds for Tamil (SPEC D6): counts over every token of the vocabulary, added tokens
/// included, by the bytes each stands for (SPEC D3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VocabCounts {
    /// Tokens in the vocabulary.
    pub tokens: usize,
    /// Tokens holding a whole Tamil character (U+0B80–U+0BFF).
    pub tamil: usize,
    /// Tamil tokens made of whole letters: valid UTF-8 and no vowel sign, pulli or length mark cut off
    /// from its consonant.
    pub whole_letters: usize,
    /// Tokens holding such a cut-off sign: they begin inside a letter, so the token before them ended
    /// inside one.
    pub inside_letter: usize,
    /// Tokens whose bytes are not valid UTF-8: they begin or end inside a character.
    pub inside_utf8: usize,
}

/// The vocabulary counts of a tokenizer.
pub fn vocab_counts(tokenizer: &Loaded) -> VocabCounts {
    let mut counts = VocabCounts::default();
    let mut ids: Vec<u32> = tokenizer.tokenizer.get_vocab(true).into_values().collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        let Some(bytes) = tokenizer.token_bytes(id) else {
            continue;
        };
        counts.tokens += 1;
        match std::str::from_utf8(bytes) {
            Ok(text) => {
                if text.chars().any(is_tamil) {
                    counts.tamil += 1;
                    if has_cut_sign(text) {
                        counts.inside_letter += 1;
                    } else {
                        counts.whole_letters += 1;
                    }
                } else if has_cut_sign(text) {
                    counts.inside_letter += 1;
                }
            }
            Err(_) => {
                counts.inside_utf8 += 1;
                if contains_tamil_character(bytes) {
                    counts.tamil += 1;
                }
            }
        }
    }
    counts
}

/// A character of the Tamil block.
pub fn is_tamil(c: char) -> bool {
    ('\u{0B80}'..='\u{0BFF}').contains(&c)
}

/// Whether the bytes hold the whole UTF-8 encoding of a Tamil character (E0 AE|AF 80–BF).
pub fn contains_tamil_character(bytes: &[u8]) -> bool {
    bytes.windows(3).any(|w| w[0] == 0xE0 && (w[1] == 0xAE || w[1] == 0xAF) && (0x80..=0xBF).contains(&w[2]))
}

/// A Tamil dependent sign (vowel sign, pulli, length mark or anusvara).
fn is_sign(c: char) -> bool {
    matches!(c, '\u{0B82}' | '\u{0BBE}'..='\u{0BCD}' | '\u{0BD7}')
}

/// True when a Tamil sign does not follow a consonant: the token's first character, or after anything
/// else (a two-part vowel's second part may follow its first; the anusvara follows any Tamil letter).
fn has_cut_sign(text: &str) -> bool {
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if is_sign(c) {
            let attached = match (previous, c) {
                (Some(p), _) if ('\u{0B95}'..='\u{0BB9}').contains(&p) => true,
                (Some('\u{0BC6}' | '\u{0BC7}'), '\u{0BBE}' | '\u{0BD7}') => true,
                (Some(p), '\u{0B82}') if is_tamil(p) => true,
                _ => false,
            };
            if !attached {
                return true;
            }
        }
        previous = Some(c);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_even_and_odd_counts() {
        assert_eq!(parity_median(&[(2, 1), (3, 1), (10, 1)]), Some(3.0));
        assert_eq!(parity_median(&[(2, 1), (4, 1)]), Some(3.0));
        assert_eq!(parity_median(&[(2, 0)]), None);
    }

    #[test]
    fn renyi_does_not_depend_on_the_order_of_the_counts() {
        let counts: Vec<usize> = (1..500).map(|k| k * 7 % 97 + 1).collect();
        let forward = renyi_efficiency(counts.iter().copied(), 1000, 2.5);
        let backward = renyi_efficiency(counts.iter().rev().copied(), 1000, 2.5);
        assert_eq!(forward.map(f64::to_bits), backward.map(f64::to_bits));
    }

    #[test]
    fn renyi_of_a_skewed_distribution_is_below_one() {
        // p = (0.5, 0.25, 0.25): Σp^α by hand.
        let sum: f64 = 0.5f64.powf(2.5) + 2.0 * 0.25f64.powf(2.5);
        let want = sum.ln() / (1.0 - 2.5) / 4f64.ln();
        let got = renyi_efficiency([2usize, 1, 1].into_iter(), 4, 2.5).unwrap();
        assert!((got - want).abs() < 1e-15);
        assert!(got < 1.0);
        assert_eq!(renyi_efficiency([0usize].into_iter(), 4, 2.5), None);
    }

    #[test]
    fn cut_signs_are_those_without_their_consonant() {
        assert!(!has_cut_sign("தமிழ்"));
        assert!(!has_cut_sign("▁கொ"));
        assert!(!has_cut_sign("கொ"));
        assert!(!has_cut_sign("கௌ"));
        assert!(has_cut_sign("ிழ"));
        assert!(has_cut_sign("்"));
        assert!(has_cut_sign("அ்"));
        assert!(contains_tamil_character("அ".as_bytes()));
        assert!(!contains_tamil_character(&"அ".as_bytes()[..2]));
    }
}
