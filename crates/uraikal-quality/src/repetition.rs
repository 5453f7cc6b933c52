//! Gopher-style repetition (SPEC Q1.6): duplicated lines and paragraphs, the most frequent 2–4-gram and the
//! duplicated 5–10-grams of words, as shares of the text's characters — the quantities of Rae et al. (2021)
//! as datatrove's `GopherRepetitionFilter` computes them, over words split at white space.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The keys are already hashes: pass them through.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Fast = BuildHasherDefault<Identity>;

fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95)
}

fn hash_str(s: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let bytes = s.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        h = mix(h, u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
    }
    for &b in chunks.remainder() {
        h = mix(h, u64::from(b));
    }
    mix(h, bytes.len() as u64)
}

/// The repetition signals of a text.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Repetition {
    pub dup_line_fraction: f64,
    pub dup_line_char_fraction: f64,
    pub dup_para_fraction: f64,
    pub dup_para_char_fraction: f64,
    pub top_ngram_char_fraction: [f64; 3],
    pub dup_ngram_char_fraction: [f64; 6],
}

fn chars(s: &str) -> usize {
    s.bytes().filter(|&b| (b as i8) >= -0x40).count()
}

/// Duplicated pieces among `pieces` (count) and their characters.
fn duplicates<'a>(pieces: impl Iterator<Item = &'a str>) -> (usize, usize, usize) {
    let mut seen: HashSet<u64, Fast> = HashSet::default();
    let (mut total, mut dup, mut dup_chars) = (0, 0, 0);
    for piece in pieces {
        total += 1;
        if !seen.insert(hash_str(piece)) {
            dup += 1;
            dup_chars += chars(piece);
        }
    }
    (total, dup, dup_chars)
}

pub(crate) fn repetition(text: &str) -> Repetition {
    let total_chars = chars(text).max(1) as f64;
    let mut r = Repetition::default();
    let lines = text.split('\n').map(str::trim).filter(|l| !l.is_empty());
    let (n, dup, dup_chars) = duplicates(lines);
    r.dup_line_fraction = dup as f64 / n.max(1) as f64;
    r.dup_line_char_fraction = dup_chars as f64 / total_chars;
    let paras = text.split("\n\n").map(str::trim).filter(|p| !p.is_empty());
    let (n, dup, dup_chars) = duplicates(paras);
    r.dup_para_fraction = dup as f64 / n.max(1) as f64;
    r.dup_para_char_fraction = dup_chars as f64 / total_chars;

    let words: Vec<(u64, usize)> = text.split_whitespace().map(|w| (hash_str(w), chars(w))).collect();
    let gram = |i: usize, n: usize| -> (u64, usize) {
        words[i..i + n].iter().fold((n as u64, n - 1), |(h, len), &(wh, wl)| (mix(h, wh), len + wl))
    };
    for (k, n) in (2..=4).enumerate() {
        if words.len() < n {
            break;
        }
        let mut counts: HashMap<u64, (u32, usize), Fast> =
            HashMap::with_capacity_and_hasher(words.len(), Fast::default());
        for i in 0..=words.len() - n {
            let (h, len) = gram(i, n);
            counts.entry(h).or_insert((0, len)).0 += 1;
        }
        // The most frequent n-gram (ties: the longest), counted only when it repeats.
        if let Some(&(count, len)) = counts.values().max_by_key(|&&(c, l)| (c, l)) {
            if count > 1 {
                r.top_ngram_char_fraction[k] = (count as usize * len) as f64 / total_chars;
            } else {
                // No n-gram repeats, so no longer one does either.
                break;
            }
        }
    }
    for (k, n) in (5..=10).enumerate() {
        if words.len() < n {
            break;
        }
        let mut seen: HashSet<u64, Fast> = HashSet::with_capacity_and_hasher(words.len(), Fast::default());
        let (mut i, mut dup_chars) = (0, 0);
        // As Gopher: a duplicated n-gram's characters count once and the scan jumps past it.
        while i + n <= words.len() {
            let (h, len) = gram(i, n);
            if seen.insert(h) {
                i += 1;
            } else {
                dup_chars += len;
                i += n;
            }
        }
        r.dup_ngram_char_fraction[k] = dup_chars as f64 / total_chars;
        if dup_chars == 0 {
            // A duplicated longer n-gram would hold a duplicated n-gram.
            break;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_lines_are_counted() {
        let r = repetition("அ ஆ இ\nஅ ஆ இ\nஈ உ");
        assert!((r.dup_line_fraction - 1.0 / 3.0).abs() < 1e-12);
        assert!((r.dup_line_char_fraction - 5.0 / 15.0).abs() < 1e-12);
    }

    #[test]
    fn distinct_words_have_no_duplicated_ngrams() {
        let text = (0..50).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ");
        let r = repetition(&text);
        assert_eq!(r.top_ngram_char_fraction, [0.0; 3]);
        assert_eq!(r.dup_ngram_char_fraction, [0.0; 6]);
    }
}
