//! Detection (SPEC E6): which encoding a line is in, and which runs of a mixed line are legacy text.
//!
//! Each encoding has a character-bigram model of what its text looks like, learnt from open-tamil's encoding
//! (its table applied as it applies it) of a sample of Tamil (every other kural, data/kural-sample.txt, and data/grantha-sample.txt); English has one from
//! data/english-sample.txt. A line's words that are Unicode Tamil, or only digits and punctuation, or web
//! addresses are never candidates; the others are scored under every model, the best encoding taken, and a
//! word is legacy when that encoding explains it better than English does.
//!
//! ```
//! let d = uraikal_legacy::detect("Source: www.example.org jkpo; ehL");
//! assert_eq!(d.encoding.map(|e| e.name()), Some("bamini"));
//! assert_eq!((d.runs[0].start, d.runs[0].end), (24, 33));
//! assert_eq!(uraikal_legacy::decode_auto("Source: www.example.org jkpo; ehL"), "Source: www.example.org தமிழ் நாடு");
//! ```

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

use crate::codec::{is_tamil, Fx};
use crate::Encoding;

const CLASSES: usize = 258;
const TAMIL: usize = 256;
const OTHER: usize = 257;
/// How many encodings the unigram pass keeps for the bigram pass.
const SHORTLIST: usize = 4;

fn class(c: char) -> usize {
    match c as u32 {
        n if n < 256 => n as usize,
        _ if is_tamil(c) => TAMIL,
        _ => OTHER,
    }
}

/// Log-probabilities of a character class, alone and after another (add-α smoothing towards the unigram).
struct Model {
    uni: Vec<f32>,
    bi: Vec<f32>,
}

impl Model {
    fn train<'a>(lines: impl Iterator<Item = &'a str>) -> Model {
        let n = CLASSES;
        let mut uni = vec![0f64; n];
        let mut bi = vec![0f64; n * n];
        for line in lines {
            let mut prev = class(' ');
            for c in line.chars().chain([' ']) {
                let k = class(c);
                uni[k] += 1.0;
                bi[prev * n + k] += 1.0;
                prev = k;
            }
        }
        let total: f64 = uni.iter().sum();
        let p_uni: Vec<f64> = uni.iter().map(|c| (c + 0.01) / (total + 0.01 * n as f64)).collect();
        let mut model = Model { uni: p_uni.iter().map(|p| p.ln() as f32).collect(), bi: vec![0.0; n * n] };
        const ALPHA: f64 = 5.0;
        for p in 0..n {
            let row: f64 = bi[p * n..(p + 1) * n].iter().sum();
            for k in 0..n {
                model.bi[p * n + k] = ((bi[p * n + k] + ALPHA * p_uni[k]) / (row + ALPHA)).ln() as f32;
            }
        }
        model
    }

    /// The log-probability of a word's classes, after a space.
    fn bigram(&self, classes: impl Iterator<Item = usize>) -> f32 {
        let n = CLASSES;
        let mut prev = class(' ');
        let mut sum = 0.0;
        for k in classes {
            sum += self.bi[prev * n + k];
            prev = k;
        }
        sum
    }
}

struct Models {
    legacy: Vec<Model>,
    english: Model,
    /// Per class, the unigram log-probability under each encoding (the first, cheap pass).
    unigram: Vec<[f32; 28]>,
}

fn models() -> &'static Models {
    static MODELS: OnceLock<Models> = OnceLock::new();
    MODELS.get_or_init(|| {
        // Kurals have no grantha letters; a few lines of modern words with ஜ ஷ ஸ ஹ க்ஷ ஸ்ரீ make up for it.
        let sample = concat!(include_str!("../data/kural-sample.txt"), include_str!("../data/grantha-sample.txt"));
        let legacy: Vec<Model> = Encoding::all()
            .map(|e| {
                let (_, pairs) = crate::tables::OPEN_TAMIL[e.0 as usize];
                let pairs: Vec<(&str, &str, u128)> =
                    pairs.iter().map(|&(l, u)| (l, u, tamil_mask(u) & !(1 << 127))).collect();
                let encoded: Vec<String> = sample.lines().map(|l| peer_encode(&pairs, l)).collect();
                Model::train(encoded.iter().map(String::as_str))
            })
            .collect();
        let english = Model::train(include_str!("../data/english-sample.txt").lines());
        let mut unigram = vec![[0f32; 28]; CLASSES];
        for (k, row) in unigram.iter_mut().enumerate() {
            for (e, model) in legacy.iter().enumerate() {
                row[e] = model.uni[k];
            }
        }
        Models { legacy, english, unigram }
    })
}

/// What open-tamil's `unicode2<name>` makes of a line: each pair's Unicode replaced by its glyphs, in the
/// table's order (the text most legacy text in circulation was converted with, left-over signs and all).
fn peer_encode(pairs: &[(&str, &str, u128)], line: &str) -> String {
    let mut text = line.to_string();
    let mut present = tamil_mask(&text);
    for &(legacy, unicode, needs) in pairs {
        // Only a pair whose Tamil letters are all in the line can match (the quick test saves the search).
        if needs & !present == 0 && text.contains(unicode) {
            text = text.replace(unicode, legacy);
            present = tamil_mask(&text);
        }
    }
    text
}

/// The Tamil block characters in `text`, as bits (bit 127: anything else, so "" and Latin always pass).
fn tamil_mask(text: &str) -> u128 {
    text.chars().fold(1 << 127, |m, c| if is_tamil(c) { m | 1 << (c as u32 - 0x0B80) } else { m })
}

/// A run of legacy text inside a line, in characters of the line.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// First character of the run.
    pub start: usize,
    /// One past its last character.
    pub end: usize,
    /// Its encoding.
    pub encoding: Encoding,
}

/// What [`detect`] found in a line.
#[derive(Debug, Clone, PartialEq)]
pub struct Detection {
    /// The most likely encoding of the line's legacy runs (None: there are none).
    pub encoding: Option<Encoding>,
    /// How sure: 1 − e^−(margin over the runner-up, in nats), 0 when there are no runs.
    pub confidence: f64,
    /// The legacy runs, in order.
    pub runs: Vec<Run>,
}

#[derive(Clone, Copy, PartialEq)]
enum Word {
    /// Unicode Tamil, digits and punctuation, or a web address: never converted.
    Keep,
    Candidate,
}

fn kind(word: &str) -> Word {
    let mut chars = word.chars();
    let first = chars.next().unwrap_or(' ');
    let tamil = word.chars().filter(|&c| is_tamil(c)).count();
    // Unicode Tamil starts with a Tamil letter (a legacy word may carry open-tamil's left-over signs).
    if is_tamil(first) && tamil * 2 >= word.chars().count() {
        return Word::Keep;
    }
    // A Latin word with a Tamil suffix (AMகளின், PBS-இன்): Unicode text. The suffix starts with a Tamil letter
    // (left-over signs of a half-converted legacy word are signs) and runs to the end of the word (fonts that
    // write some letters as Unicode, such as ந, mix them into Latin glyphs: iந்tata்), and a glyph outside
    // ASCII before it marks a legacy word.
    if let Some(at) = word.find(is_tamil) {
        let (head, suffix) = word.split_at(at);
        let starts_with_letter = suffix.chars().next().is_some_and(|c| ('\u{0B85}'..='\u{0BB9}').contains(&c));
        if starts_with_letter && head.is_ascii() && suffix.chars().all(|c| is_tamil(c) || c.is_ascii_punctuation()) {
            return Word::Keep;
        }
    }
    if word.chars().all(|c| c.is_ascii() && !c.is_ascii_alphabetic()) {
        return Word::Keep;
    }
    let www = word.len() >= 4 && word.as_bytes()[..4].eq_ignore_ascii_case(b"www.");
    if www || word.contains("://") || (word.contains('@') && word.contains('.')) {
        return Word::Keep;
    }
    Word::Candidate
}

/// An acronym (capital letters, two or more, with digits and - . / &) or a single Latin letter, with
/// punctuation around.
fn is_weak(word: &str) -> bool {
    let core = word.trim_matches(|c: char| c.is_ascii_punctuation());
    let acronym = core.bytes().filter(u8::is_ascii_uppercase).count() >= 2
        && core.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b"-./&".contains(&b));
    acronym || (core.len() == 1 && core.as_bytes()[0].is_ascii_alphabetic())
}

/// Words of a line: (first char, end char, byte range, kind).
fn words(line: &str) -> Vec<(usize, usize, std::ops::Range<usize>, Word)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut n = 0;
    for (byte, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some((cs, bs)) = start.take() {
                out.push((cs, n, bs..byte, kind(&line[bs..byte])));
            }
        } else if start.is_none() {
            start = Some((n, byte));
        }
        n += 1;
    }
    if let Some((cs, bs)) = start {
        out.push((cs, n, bs..line.len(), kind(&line[bs..])));
    }
    out
}

/// A word's scores under the models, cached per distinct word (text repeats its words): the unigram
/// log-probability under each encoding, and the bigram ones (English last) as they are needed.
struct Scores {
    uni: [f32; 28],
    bi: [f32; 29],
}

const ENGLISH: usize = 28;
/// The cache is emptied when it holds this many words; longer words (bytes) are not cached.
const CACHE_SIZE: usize = 1 << 16;
const CACHE_WORD: usize = 64;

#[derive(Default)]
struct Cache {
    ids: HashMap<Box<str>, u32, BuildHasherDefault<Fx>>,
    words: Vec<(Box<str>, Scores)>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

impl Cache {
    /// The id of `word`'s scores (computed now if it is new).
    fn id(&mut self, models: &Models, word: &str) -> u32 {
        if let Some(&id) = self.ids.get(word) {
            return id;
        }
        let mut uni = [0f32; 28];
        for c in word.chars() {
            for (sum, lp) in uni.iter_mut().zip(&models.unigram[class(c)]) {
                *sum += lp;
            }
        }
        let id = self.words.len() as u32;
        self.words.push((word.into(), Scores { uni, bi: [f32::NAN; 29] }));
        if word.len() <= CACHE_WORD {
            self.ids.insert(word.into(), id);
        }
        id
    }

    /// The bigram log-probability of word `id` under encoding `e` (or English).
    fn bigram(&mut self, models: &Models, id: u32, e: usize) -> f32 {
        let (word, scores) = &mut self.words[id as usize];
        if scores.bi[e].is_nan() {
            let model = if e == ENGLISH { &models.english } else { &models.legacy[e] };
            scores.bi[e] = model.bigram(word.chars().map(class));
        }
        scores.bi[e]
    }

    /// Forgets the words when the cache is full (called between lines, when no id is held).
    fn trim(&mut self) {
        if self.words.len() >= CACHE_SIZE {
            self.ids.clear();
            self.words.clear();
        }
    }
}

/// The best encoding for the words `ids` and its margin over the runner-up (None when there is nothing to
/// score). The unigram pass shortlists, the bigram models rank.
fn best(models: &Models, cache: &mut Cache, ids: &[u32]) -> Option<(usize, f32)> {
    if ids.is_empty() {
        return None;
    }
    let mut uni = [0f32; 28];
    for &id in ids {
        for (sum, lp) in uni.iter_mut().zip(&cache.words[id as usize].1.uni) {
            *sum += lp;
        }
    }
    let mut order: Vec<usize> = (0..28).collect();
    order.sort_by(|&a, &b| uni[b].total_cmp(&uni[a]));
    let mut scored: Vec<(usize, f32)> =
        order[..SHORTLIST].iter().map(|&e| (e, ids.iter().map(|&id| cache.bigram(models, id, e)).sum())).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    Some((scored[0].0, scored[0].1 - scored[1].1))
}

/// The cost (nats) of switching between legacy and other words: legacy text comes in runs.
const SWITCH: f32 = 4.0;

/// Which candidate words are legacy in `enc`: a two-state Viterbi over the words (legacy / not), each scored
/// by the encoding's model or English, with a cost for every switch.
fn legacy_words(models: &Models, cache: &mut Cache, enc: usize, ids: &[u32]) -> Vec<bool> {
    let n = ids.len();
    let mut back: Vec<[usize; 2]> = Vec::with_capacity(n);
    // State 0: not legacy (English or other), 1: legacy. Both may start.
    let mut cur = [0f32; 2];
    for (i, &id) in ids.iter().enumerate() {
        let emit = [cache.bigram(models, id, ENGLISH), cache.bigram(models, id, enc)];
        let mut next = [0f32; 2];
        let mut from = [0usize; 2];
        for s in 0..2 {
            let (stay, switch) = (cur[s], cur[1 - s] - SWITCH);
            (next[s], from[s]) = if i == 0 || stay >= switch { (stay, s) } else { (switch, 1 - s) };
            next[s] += emit[s];
        }
        back.push(from);
        cur = next;
    }
    let mut state = if cur[1] >= cur[0] { 1 } else { 0 };
    let mut out = vec![false; n];
    for i in (0..n).rev() {
        out[i] = state == 1;
        state = back[i][state];
    }
    out
}

/// The most likely encoding of a line and its legacy runs (SPEC E6).
pub fn detect(line: &str) -> Detection {
    let models = models();
    CACHE.with(|c| {
        let cache = &mut c.borrow_mut();
        cache.trim();
        detect_with(models, cache, line)
    })
}

fn detect_with(models: &Models, cache: &mut Cache, line: &str) -> Detection {
    let words = words(line);
    let none = Detection { encoding: None, confidence: 0.0, runs: Vec::new() };
    let candidates: Vec<usize> = (0..words.len()).filter(|&i| words[i].3 == Word::Candidate).collect();
    let ids: Vec<u32> = candidates.iter().map(|&i| cache.id(models, &line[words[i].2.clone()])).collect();
    let Some((mut enc, mut margin)) = best(models, cache, &ids) else {
        return none;
    };
    // Words English explains better are not legacy; the encoding is chosen again on the others.
    let mut legacy: Vec<usize> = Vec::new();
    for _ in 0..2 {
        let flags = legacy_words(models, cache, enc, &ids);
        legacy = candidates.iter().zip(&flags).filter(|(_, f)| **f).map(|(&i, _)| i).collect();
        if legacy.len() == candidates.len() {
            break;
        }
        let legacy_ids: Vec<u32> = ids.iter().zip(&flags).filter(|(_, f)| **f).map(|(&id, _)| id).collect();
        match best(models, cache, &legacy_ids) {
            Some((e, m)) if e != enc => (enc, margin) = (e, m),
            Some((_, m)) => {
                margin = m;
                break;
            }
            None => return none,
        }
    }
    // An acronym (QVC, GMT, XDR-TB) or a single Latin letter among Unicode words is English, though fonts
    // have such words too: one counts as legacy only next to a legacy word that is neither.
    let weak = |i: usize| is_weak(&line[words[i].2.clone()]);
    let strong: Vec<bool> = (0..words.len()).map(|i| legacy.contains(&i) && !weak(i)).collect();
    legacy.retain(|&i| !weak(i) || (i > 0 && strong[i - 1]) || strong.get(i + 1).copied().unwrap_or(false));
    if legacy.is_empty() {
        return none;
    }
    let encoding = Encoding(enc as u8);
    let mut runs: Vec<Run> = Vec::new();
    let mut previous: Option<usize> = None;
    for &i in &legacy {
        let (start, end, _, _) = words[i];
        match runs.last_mut() {
            // Consecutive legacy words make one run (with the spaces between them).
            Some(run) if previous.is_some_and(|p| p + 1 == i) => run.end = end,
            _ => runs.push(Run { start, end, encoding }),
        }
        previous = Some(i);
    }
    Detection { encoding: Some(encoding), confidence: 1.0 - (-(margin as f64)).exp(), runs }
}

/// Converts only the legacy runs of each line (as [`detect`] finds them); everything else is kept as it is,
/// so Unicode text comes back unchanged.
pub fn decode_auto(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.split_inclusive('\n') {
        let detection = detect(line);
        let mut chars = line.char_indices().map(|(b, _)| b).chain([line.len()]).enumerate();
        let mut byte_of = |n: usize| chars.find(|&(k, _)| k == n).map(|(_, b)| b).unwrap_or(line.len());
        let mut done = 0;
        for run in &detection.runs {
            let (start, end) = (byte_of(run.start), byte_of(run.end));
            out.push_str(&line[done..start]);
            run.encoding.decode_into(&line[start..end], &mut out);
            done = end;
        }
        out.push_str(&line[done..]);
    }
    out
}
