//! sacrebleu 2.6.0 parity (SPEC M10–M12): chrF with every option of its `CHRF` class, BLEU with its
//! tokenisers (13a, intl, char, none) and smoothing methods, TER (tercom's shifts, sacrebleu's beam), several
//! references per segment, and sacrebleu's signature strings. Arguments are (references, hypothesis).
//!
//! A corpus score sums the per-segment statistics first (sacrebleu's `corpus_score`); a sentence score is
//! the score of one segment's statistics (its `sentence_score`).
//!
//! ```
//! use uraikal_metrics::sacrebleu::{Bleu, ChrfOptions, Ter};
//! use uraikal_metrics::Unit;
//! let chrf = ChrfOptions { beta: 3.0, eps_smoothing: true, ..ChrfOptions::default() };
//! let stats = chrf.stats(&["ab"], "aa", Unit::CodePoint);
//! assert!((chrf.score(&stats) - 8.3333).abs() < 1e-4);
//! assert_eq!(chrf.signature(&[1]), "nrefs:1|case:mixed|eff:no|nc:6|nw:0|space:no|version:2.6.0");
//!
//! let bleu = Bleu::default();
//! // sacrebleu prints 100.00000000000004 here too.
//! assert_eq!(bleu.score(&bleu.stats(&["this is a test"], "this is a test")).score, 100.00000000000004);
//! let ter = Ter::default();
//! assert_eq!(ter.score(&ter.stats(&["a b c d e f g h"], "d e f g h a b c")), 12.5);
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::chrf::{chrf_stats_spaces, ChrfConfig, ChrfStats};
use crate::unit::{is_python_space, Unit};

/// The sacrebleu version whose numbers these functions reproduce (and that the signatures name).
pub const SACREBLEU_VERSION: &str = "2.6.0";

/// sacrebleu's `nrefs` entry: the number of references per segment, or `var` when it varies.
fn nrefs(counts: &[usize]) -> String {
    match counts.split_first() {
        Some((first, rest)) if rest.iter().all(|n| n == first) => first.to_string(),
        Some(_) => "var".to_string(),
        None => "0".to_string(),
    }
}

fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// Python's `str.split()`.
fn py_split(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_python_space).filter(|word| !word.is_empty())
}

/// Python's `str.lower()` when `lowercase` is set.
fn lowered(text: &str, lowercase: bool) -> std::borrow::Cow<'_, str> {
    if lowercase {
        std::borrow::Cow::Owned(text.to_lowercase())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

// ------------------------------------------------------------------------------------------------ chrF

/// Every option of sacrebleu's `CHRF` (defaults: chrF2 on code points without whitespace, effective order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChrfOptions {
    /// Character n-gram orders 1..=char_order (6).
    pub char_order: usize,
    /// Word n-gram orders 1..=word_order (0; 2 is chrF++).
    pub word_order: usize,
    /// Recall weight (2).
    pub beta: f64,
    /// Lowercase both sides first (Python's `str.lower`).
    pub lowercase: bool,
    /// Keep whitespace in the character n-grams.
    pub whitespace: bool,
    /// chrF++.py's epsilon smoothing over all orders instead of sacrebleu's effective order.
    pub eps_smoothing: bool,
}

impl Default for ChrfOptions {
    fn default() -> ChrfOptions {
        ChrfOptions {
            char_order: 6,
            word_order: 0,
            beta: 2.0,
            lowercase: false,
            whitespace: false,
            eps_smoothing: false,
        }
    }
}

impl ChrfOptions {
    fn config(&self) -> ChrfConfig {
        ChrfConfig { char_order: self.char_order, word_order: self.word_order, beta: self.beta }
    }

    /// The statistics of one segment: those of the reference with the best score (the first on a tie), as
    /// sacrebleu picks them. No reference gives all-zero statistics.
    pub fn stats(&self, references: &[&str], hypothesis: &str, unit: Unit) -> ChrfStats {
        let hypothesis = lowered(hypothesis, self.lowercase);
        let mut best: Option<(f64, ChrfStats)> = None;
        for reference in references {
            let reference = lowered(reference, self.lowercase);
            let stats = chrf_stats_spaces(&reference, &hypothesis, unit, self.config(), self.whitespace);
            let score = self.score(&stats);
            if best.as_ref().is_none_or(|(top, _)| score > *top) {
                best = Some((score, stats));
            }
        }
        best.map_or_else(|| ChrfStats::zero(self.config()), |(_, stats)| stats)
    }

    /// The score (0..=100) of statistics summed over any number of segments.
    pub fn score(&self, stats: &ChrfStats) -> f64 {
        if self.eps_smoothing {
            stats.score_eps(self.beta)
        } else {
            stats.score(self.beta)
        }
    }

    /// sacrebleu's metric name: `chrF2`, `chrF2++`, …
    pub fn name(&self) -> String {
        format!("chrF{}{}", python_number(self.beta), "+".repeat(self.word_order))
    }

    /// sacrebleu's signature for segments with these reference counts.
    pub fn signature(&self, reference_counts: &[usize]) -> String {
        format!(
            "nrefs:{}|case:{}|eff:{}|nc:{}|nw:{}|space:{}|version:{SACREBLEU_VERSION}",
            nrefs(reference_counts),
            if self.lowercase { "lc" } else { "mixed" },
            yes_no(!self.eps_smoothing),
            self.char_order,
            self.word_order,
            yes_no(self.whitespace),
        )
    }
}

/// A number as Python prints an int (whole) or a float.
fn python_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

// ------------------------------------------------------------------------------------------- tokenisers

/// sacrebleu's BLEU tokenisers (the language-independent ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tokenizer {
    /// mteval-v13a (the default).
    #[default]
    Mteval13a,
    /// mteval-v14's international tokenisation (Unicode punctuation and symbols).
    Intl,
    /// Every character a token.
    Char,
    /// The text as given.
    None,
    /// sacrebleu's `zh`: Chinese characters (its `_UCODE_RANGES`, as Python compares them) spaced apart, then
    /// 13a's punctuation rules (without 13a's XML and line handling).
    Zh,
}

/// An unknown tokeniser name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTokenizer(pub String);

impl fmt::Display for UnknownTokenizer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown tokenizer {:?} (expected 13a, intl, char, none or zh; ja-mecab and ko-mecab need MeCab, \
             flores101/flores200 a SentencePiece model and are not offered)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTokenizer {}

impl FromStr for Tokenizer {
    type Err = UnknownTokenizer;

    fn from_str(name: &str) -> Result<Tokenizer, UnknownTokenizer> {
        match name {
            "13a" => Ok(Tokenizer::Mteval13a),
            "intl" => Ok(Tokenizer::Intl),
            "char" => Ok(Tokenizer::Char),
            "none" => Ok(Tokenizer::None),
            "zh" => Ok(Tokenizer::Zh),
            other => Err(UnknownTokenizer(other.to_string())),
        }
    }
}

impl Tokenizer {
    /// The name in signatures: `13a`, `intl`, `char`, `none`, `zh`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tokenizer::Mteval13a => "13a",
            Tokenizer::Intl => "intl",
            Tokenizer::Char => "char",
            Tokenizer::None => "none",
            Tokenizer::Zh => "zh",
        }
    }

    /// The tokenised line, exactly as sacrebleu's tokeniser returns it.
    ///
    /// ```
    /// use uraikal_metrics::sacrebleu::Tokenizer;
    /// assert_eq!(Tokenizer::Mteval13a.tokenize("It wasn't 3.5, was it?"), "It wasn't 3.5 , was it ?");
    /// assert_eq!(Tokenizer::Intl.tokenize("«நன்று», $5"), "« நன்று » , $ 5");
    /// ```
    pub fn tokenize(self, line: &str) -> String {
        match self {
            Tokenizer::None => line.to_string(),
            Tokenizer::Char => {
                let mut out = String::with_capacity(line.len() * 2);
                for (k, c) in line.chars().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push(c);
                }
                out
            }
            Tokenizer::Mteval13a => {
                let mut line = line.replace("<skipped>", "").replace("-\n", "").replace('\n', " ");
                if line.contains('&') {
                    line = unescape_xml(&line);
                }
                join_words(&western_punctuation(&format!(" {line} ")))
            }
            Tokenizer::Intl => {
                let not_number = |c: char| c.general_category_group() != GeneralCategoryGroup::Number;
                let punctuation = |c: char| c.general_category_group() == GeneralCategoryGroup::Punctuation;
                let line = pair_sub(line, not_number, punctuation, PairSpacing::After);
                let line = pair_sub(&line, punctuation, not_number, PairSpacing::Before);
                let line = single_sub(&line, |c| c.general_category_group() == GeneralCategoryGroup::Symbol);
                join_words(&line)
            }
            Tokenizer::Zh => {
                let line = single_sub(line.trim_matches(is_python_space), is_sacrebleu_chinese);
                join_words(&western_punctuation(&line))
            }
        }
    }
}

/// sacrebleu's `TokenizerZh._is_chinese_char`: `start <= c <= end` over its `_UCODE_RANGES`. Two of its
/// ranges are written `'\u20000'`–`'\u2a6d6'` and `'\u2f800'`–`'\u2fa1d'`, which Python reads as two-character
/// strings, so they compare as U+2001–U+2A6D and U+2F81–U+2FA1 (general punctuation, arrows, mathematical
/// symbols, …), not the supplementary ideographs their comments name; reproduced as sacrebleu behaves (its
/// U+2600–U+26FF and U+2700–U+27BF ranges fall inside the first of these).
fn is_sacrebleu_chinese(c: char) -> bool {
    matches!(c,
        '\u{3400}'..='\u{4DB5}'
        | '\u{4E00}'..='\u{9FA5}'
        | '\u{9FA6}'..='\u{9FBB}'
        | '\u{F900}'..='\u{FA2D}'
        | '\u{FA30}'..='\u{FA6A}'
        | '\u{FA70}'..='\u{FAD9}'
        | '\u{2001}'..='\u{2A6D}'
        | '\u{2F81}'..='\u{2FA1}'
        | '\u{FF00}'..='\u{FFEF}'
        | '\u{2E80}'..='\u{2EFF}'
        | '\u{3000}'..='\u{303F}'
        | '\u{31C0}'..='\u{31EF}'
        | '\u{2F00}'..='\u{2FDF}'
        | '\u{2FF0}'..='\u{2FFF}'
        | '\u{3100}'..='\u{312F}'
        | '\u{31A0}'..='\u{31BF}'
        | '\u{FE10}'..='\u{FE1F}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{3200}'..='\u{32FF}'
        | '\u{3300}'..='\u{33FF}')
}

/// `&quot;`, `&amp;`, `&lt;`, `&gt;` in that order (mteval's and tercom's order).
fn unescape_xml(line: &str) -> String {
    line.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
}

/// `' '.join(line.split())`.
fn join_words(line: &str) -> String {
    py_split(line).collect::<Vec<_>>().join(" ")
}

/// mteval-v13a's ASCII punctuation class `[{-~[-` -&(-+:-@/]` (and the space): every ASCII punctuation
/// character except `'`, `,`, `-` and `.`.
fn is_13a_punctuation(c: char) -> bool {
    matches!(c, '{'..='~' | '['..='`' | ' '..='&' | '('..='+' | ':'..='@' | '/')
}

/// The Western part of mteval-v13a (and tercom's normaliser, which adds the possessive rules between the
/// first and second step): punctuation split off; `.` and `,` split unless beside a digit; `-` after a digit.
fn western_punctuation(line: &str) -> String {
    let line = single_sub(line, is_13a_punctuation);
    western_numbers(&line)
}

fn western_numbers(line: &str) -> String {
    let digit = |c: char| c.is_ascii_digit();
    let period_or_comma = |c: char| c == '.' || c == ',';
    let line = pair_sub(line, |c| !digit(c), period_or_comma, PairSpacing::After);
    let line = pair_sub(&line, period_or_comma, |c| !digit(c), PairSpacing::Before);
    pair_sub(&line, digit, |c| c == '-', PairSpacing::After)
}

/// `re.sub(r'([class])', r' \1 ', line)`.
fn single_sub(line: &str, class: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(line.len() + 16);
    for c in line.chars() {
        if class(c) {
            out.push(' ');
            out.push(c);
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// Where a two-character substitution puts its spaces.
#[derive(Clone, Copy)]
enum PairSpacing {
    /// `\1 \2 `
    After,
    /// ` \1 \2`
    Before,
}

/// `re.sub(r'([a])([b])', repl, line)`: Python scans left to right and never overlaps matches, so a matched
/// pair is consumed whole.
fn pair_sub(line: &str, first: impl Fn(char) -> bool, second: impl Fn(char) -> bool, spacing: PairSpacing) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len() + 16);
    let mut i = 0;
    while i < chars.len() {
        if i + 1 < chars.len() && first(chars[i]) && second(chars[i + 1]) {
            match spacing {
                PairSpacing::After => {
                    out.push(chars[i]);
                    out.push(' ');
                    out.push(chars[i + 1]);
                    out.push(' ');
                }
                PairSpacing::Before => {
                    out.push(' ');
                    out.push(chars[i]);
                    out.push(' ');
                    out.push(chars[i + 1]);
                }
            }
            i += 2;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

// ------------------------------------------------------------------------------------------------ BLEU

/// BLEU's smoothing methods (Chen and Cherry 2014), sacrebleu's names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Smoothing {
    /// No smoothing.
    None,
    /// A zero precision counts `value` matches (default 0.1).
    Floor(f64),
    /// `value` added to the matches and totals of orders above 1 (default 1).
    AddK(f64),
    /// mteval-v13a's: the k-th zero precision counts 1/2^k matches (the default).
    Exp,
}

/// sacrebleu's `BLEU` options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bleu {
    /// Lowercase both sides first.
    pub lowercase: bool,
    /// The tokeniser.
    pub tokenizer: Tokenizer,
    /// The smoothing method.
    pub smoothing: Smoothing,
    /// The highest n-gram order (4).
    pub max_ngram_order: usize,
    /// Leave out the orders past the last one with any hypothesis n-grams (for sentence-level BLEU).
    pub effective_order: bool,
}

impl Default for Bleu {
    fn default() -> Bleu {
        Bleu {
            lowercase: false,
            tokenizer: Tokenizer::Mteval13a,
            smoothing: Smoothing::Exp,
            max_ngram_order: 4,
            effective_order: false,
        }
    }
}

/// BLEU's sufficient statistics: hypothesis and (closest) reference lengths, and per order the matches and
/// the hypothesis n-grams. Add segments' statistics to score a corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BleuStats {
    /// Hypothesis tokens.
    pub hypothesis_len: u64,
    /// Tokens of the reference closest in length (the shorter on a tie).
    pub reference_len: u64,
    /// Clipped n-gram matches per order.
    pub matches: Vec<u64>,
    /// Hypothesis n-grams per order.
    pub totals: Vec<u64>,
}

impl BleuStats {
    /// Adds another segment's statistics.
    pub fn add(&mut self, other: &BleuStats) {
        self.hypothesis_len += other.hypothesis_len;
        self.reference_len += other.reference_len;
        for (mine, theirs) in self.matches.iter_mut().zip(&other.matches) {
            *mine += theirs;
        }
        for (mine, theirs) in self.totals.iter_mut().zip(&other.totals) {
            *mine += theirs;
        }
    }
}

/// A BLEU score with its parts, as sacrebleu's `BLEUScore` reports them.
#[derive(Clone, Debug, PartialEq)]
pub struct BleuScore {
    /// BLEU in 0..=100.
    pub score: f64,
    /// Smoothed precisions per order, in percent.
    pub precisions: Vec<f64>,
    /// The brevity penalty.
    pub brevity_penalty: f64,
}

impl Bleu {
    /// All-zero statistics.
    pub fn zero(&self) -> BleuStats {
        BleuStats {
            hypothesis_len: 0,
            reference_len: 0,
            matches: vec![0; self.max_ngram_order],
            totals: vec![0; self.max_ngram_order],
        }
    }

    /// A segment as BLEU sees it: lowercased (if asked), right-stripped, tokenised.
    pub fn preprocess(&self, text: &str) -> String {
        self.preprocess_with(text, &|line| self.tokenizer.tokenize(line))
    }

    /// [`Bleu::preprocess`] with another tokeniser (a SentencePiece model, [`SpmTokenizer`]).
    pub fn preprocess_with(&self, text: &str, tokenize: &dyn Fn(&str) -> String) -> String {
        let text = lowered(text, self.lowercase);
        tokenize(text.trim_end_matches(is_python_space))
    }

    /// The statistics of one segment against its references: n-gram counts clipped by the highest count in
    /// any reference, and the reference length closest to the hypothesis's.
    pub fn stats(&self, references: &[&str], hypothesis: &str) -> BleuStats {
        self.stats_with(references, hypothesis, &|line| self.tokenizer.tokenize(line))
    }

    /// [`Bleu::stats`] with another tokeniser (a SentencePiece model, [`SpmTokenizer`]).
    pub fn stats_with(&self, references: &[&str], hypothesis: &str, tokenize: &dyn Fn(&str) -> String) -> BleuStats {
        let references: Vec<String> = references.iter().map(|r| self.preprocess_with(r, tokenize)).collect();
        let hypothesis = self.preprocess_with(hypothesis, tokenize);
        let mut ids = HashMap::new();
        let reference_ids: Vec<Vec<u32>> = references.iter().map(|r| intern(&mut ids, r)).collect();
        let hypothesis_ids = intern(&mut ids, &hypothesis);
        let max = self.max_ngram_order;
        let mut reference_counts: HashMap<&[u32], u64> = HashMap::new();
        for words in &reference_ids {
            for (ngram, count) in ngram_counts(words, max) {
                let entry = reference_counts.entry(ngram).or_insert(0);
                *entry = (*entry).max(count);
            }
        }
        let hypothesis_len = hypothesis_ids.len() as u64;
        let mut stats = self.zero();
        stats.hypothesis_len = hypothesis_len;
        stats.reference_len = closest_length(hypothesis_len, reference_ids.iter().map(|r| r.len() as u64));
        for (ngram, count) in ngram_counts(&hypothesis_ids, max) {
            let n = ngram.len() - 1;
            stats.totals[n] += count;
            if let Some(&in_reference) = reference_counts.get(ngram) {
                stats.matches[n] += count.min(in_reference);
            }
        }
        stats
    }

    /// The score of (summed) statistics: sacrebleu's `compute_bleu`, in its floating-point order.
    pub fn score(&self, stats: &BleuStats) -> BleuScore {
        let (sys_len, ref_len) = (stats.hypothesis_len, stats.reference_len);
        let mut brevity_penalty = 1.0;
        if sys_len < ref_len {
            brevity_penalty = if sys_len > 0 { (1.0 - ref_len as f64 / sys_len as f64).exp() } else { 0.0 };
        }
        let max = self.max_ngram_order;
        let mut precisions = vec![0.0; max];
        if stats.matches.iter().all(|&m| m == 0) {
            return BleuScore { score: 0.0, precisions, brevity_penalty };
        }
        let mut correct: Vec<f64> = stats.matches.iter().map(|&m| m as f64).collect();
        let mut total: Vec<f64> = stats.totals.iter().map(|&t| t as f64).collect();
        let mut smooth_mteval = 1.0;
        let mut effective_order = max;
        for n in 1..=max {
            if let Smoothing::AddK(k) = self.smoothing {
                if n > 1 {
                    correct[n - 1] += k;
                    total[n - 1] += k;
                }
            }
            if total[n - 1] == 0.0 {
                break;
            }
            if self.effective_order {
                effective_order = n;
            }
            if correct[n - 1] == 0.0 {
                match self.smoothing {
                    Smoothing::Exp => {
                        smooth_mteval *= 2.0;
                        precisions[n - 1] = 100.0 / (smooth_mteval * total[n - 1]);
                    }
                    Smoothing::Floor(value) => precisions[n - 1] = 100.0 * value / total[n - 1],
                    _ => {}
                }
            } else {
                precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1];
            }
        }
        let log = |p: f64| if p == 0.0 { -9_999_999_999.0 } else { p.ln() };
        let sum = precisions[..effective_order].iter().fold(0.0, |sum, &p| sum + log(p));
        let score = brevity_penalty * (sum / effective_order as f64).exp();
        BleuScore { score, precisions, brevity_penalty }
    }

    /// sacrebleu's signature, e.g. `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`.
    pub fn signature(&self, reference_counts: &[usize]) -> String {
        self.signature_with(reference_counts, self.tokenizer.as_str())
    }

    /// The signature with another tokeniser's name (`flores101`, `flores200`).
    pub fn signature_with(&self, reference_counts: &[usize], tokenizer: &str) -> String {
        let smooth = match self.smoothing {
            Smoothing::None => "none".to_string(),
            Smoothing::Exp => "exp".to_string(),
            Smoothing::Floor(value) => format!("floor[{value:.2}]"),
            Smoothing::AddK(value) => format!("add-k[{value:.2}]"),
        };
        format!(
            "nrefs:{}|case:{}|eff:{}|tok:{}|smooth:{smooth}|version:{SACREBLEU_VERSION}",
            nrefs(reference_counts),
            if self.lowercase { "lc" } else { "mixed" },
            yes_no(self.effective_order),
            tokenizer,
        )
    }
}

/// The `split()` words of a text as ids (equal words, equal ids).
fn intern<'a>(ids: &mut HashMap<&'a str, u32>, text: &'a str) -> Vec<u32> {
    py_split(text)
        .map(|word| {
            let next = ids.len() as u32;
            *ids.entry(word).or_insert(next)
        })
        .collect()
}

/// The counts of every n-gram of orders 1..=max.
fn ngram_counts(words: &[u32], max: usize) -> HashMap<&[u32], u64> {
    let mut counts = HashMap::new();
    for n in 1..=max {
        for window in words.windows(n) {
            *counts.entry(window).or_insert(0) += 1;
        }
    }
    counts
}

/// The reference length closest to the hypothesis length, the shorter one on a tie (0 without references).
fn closest_length(hypothesis_len: u64, reference_lens: impl Iterator<Item = u64>) -> u64 {
    let mut best: Option<(u64, u64)> = None;
    for len in reference_lens {
        let diff = hypothesis_len.abs_diff(len);
        match best {
            Some((best_diff, best_len)) if diff > best_diff || (diff == best_diff && len >= best_len) => {}
            _ => best = Some((diff, len)),
        }
    }
    best.map_or(0, |(_, len)| len)
}

// ------------------------------------------------------------------------------------------------- TER

/// sacrebleu's `TER` options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Ter {
    /// tercom's normalisation (XML entities, Western punctuation split off).
    pub normalized: bool,
    /// Remove `.,?:;!"()`.
    pub no_punct: bool,
    /// Keep case (the default lowercases).
    pub case_sensitive: bool,
    /// sacrebleu's `asian_support`: with `normalized`, CJK ideographs, strokes, radicals, compatibility
    /// characters and Asian punctuation are split off one by one; with `no_punct`, Asian and full-width
    /// punctuation is removed too. Without either it changes nothing (as in sacrebleu).
    pub asian_support: bool,
}

/// TER's statistics: the fewest edits over the references, and the mean reference length. Add segments'
/// statistics (in order, as sacrebleu does) to score a corpus.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct TerStats {
    /// Edits (shifts, insertions, deletions, substitutions) against the closest reference.
    pub edits: u64,
    /// The mean length of the references.
    pub reference_len: f64,
}

impl TerStats {
    /// Adds another segment's statistics.
    pub fn add(&mut self, other: &TerStats) {
        self.edits += other.edits;
        self.reference_len += other.reference_len;
    }
}

impl Ter {
    /// tercom's tokenisation of one segment (after sacrebleu's `rstrip`).
    pub fn tokenize(&self, text: &str) -> String {
        let text = text.trim_end_matches(is_python_space);
        if text.is_empty() {
            return String::new();
        }
        let mut text = lowered(text, !self.case_sensitive).into_owned();
        if self.normalized {
            text = text.replace("\n-", "").replace('\n', " ");
            text = unescape_xml(&text);
            let spaced = single_sub(&format!(" {text} "), is_13a_punctuation);
            let mut possessive = spaced.replace("'s ", " 's ");
            if possessive.ends_with("'s") {
                possessive.truncate(possessive.len() - 2);
                possessive.push_str(" 's");
            }
            text = western_numbers(&possessive);
            if self.asian_support {
                text = single_sub(&text, |c| is_tercom_asian(c) || is_asian_punctuation(c));
            }
        }
        if self.no_punct {
            text.retain(|c| !matches!(c, '.' | ',' | '?' | ':' | ';' | '!' | '"' | '(' | ')'));
            if self.asian_support {
                text.retain(|c| !is_asian_punctuation(c));
            }
        }
        join_words(&text)
    }

    /// The statistics of one segment.
    pub fn stats(&self, references: &[&str], hypothesis: &str) -> TerStats {
        let hypothesis = self.tokenize(hypothesis);
        let references: Vec<String> = references.iter().map(|r| self.tokenize(r)).collect();
        let mut ids = HashMap::new();
        let hypothesis_ids = intern(&mut ids, &hypothesis);
        let mut best = u64::MAX;
        let mut lengths = 0u64;
        for reference in &references {
            let reference_ids = intern(&mut ids, reference);
            let (edits, len) = translation_edit_rate(&hypothesis_ids, &reference_ids);
            lengths += len as u64;
            best = best.min(edits);
        }
        if references.is_empty() {
            return TerStats::default();
        }
        TerStats { edits: best, reference_len: lengths as f64 / references.len() as f64 }
    }

    /// TER in percent: edits / reference length × 100 (100 for an empty reference with edits, else 0).
    pub fn score(&self, stats: &TerStats) -> f64 {
        let score = if stats.reference_len > 0.0 {
            stats.edits as f64 / stats.reference_len
        } else if stats.edits > 0 {
            1.0
        } else {
            0.0
        };
        100.0 * score
    }

    /// sacrebleu's signature, e.g. `nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0`.
    pub fn signature(&self, reference_counts: &[usize]) -> String {
        format!(
            "nrefs:{}|case:{}|tok:tercom|norm:{}|punct:{}|asian:{}|version:{SACREBLEU_VERSION}",
            nrefs(reference_counts),
            if self.case_sensitive { "mixed" } else { "lc" },
            yes_no(self.normalized),
            yes_no(!self.no_punct),
            yes_no(self.asian_support),
        )
    }
}

/// The characters tercom's `_normalize_asian` spaces apart: CJK ideographs and Extension A, strokes, radicals,
/// CJK compatibility, compatibility ideographs and forms, and U+3200–U+3F22. (Its kana rules only add spaces
/// at the ends of a text made wholly of kana, which `split()` undoes: they change no token.)
fn is_tercom_asian(c: char) -> bool {
    matches!(c,
        '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{31C0}'..='\u{31EF}'
        | '\u{2E80}'..='\u{2EFF}'
        | '\u{3300}'..='\u{33FF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{3200}'..='\u{3F22}')
}

/// tercom's `ASIAN_PUNCT` and `FULL_WIDTH_PUNCT`.
fn is_asian_punctuation(c: char) -> bool {
    matches!(c,
        '\u{3001}' | '\u{3002}' | '\u{3008}'..='\u{3011}' | '\u{3014}'..='\u{301F}' | '\u{FF61}'..='\u{FF65}'
        | '\u{30FB}' | '\u{FF0E}' | '\u{FF0C}' | '\u{FF1F}' | '\u{FF1A}' | '\u{FF1B}' | '\u{FF01}' | '\u{FF02}'
        | '\u{FF08}' | '\u{FF09}')
}

const MAX_SHIFT_SIZE: usize = 10;
const MAX_SHIFT_DIST: usize = 50;
const BEAM_WIDTH: i64 = 25;
const MAX_SHIFT_CANDIDATES: usize = 1000;
const INFINITY: i64 = 10_000_000_000_000_000;

/// Edit operations of the beam edit distance, rewriting the hypothesis (rows) into the reference.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Keep,
    Substitute,
    /// Consumes a reference word.
    Insert,
    /// Consumes a hypothesis word.
    Delete,
    Undefined,
}

/// (edits, reference length) of one hypothesis against one reference: greedy shifts while they lower the
/// edit distance (at most 1,000 candidates in all), then the edit distance.
fn translation_edit_rate(hypothesis: &[u32], reference: &[u32]) -> (u64, usize) {
    if reference.is_empty() {
        return (hypothesis.len() as u64, 0);
    }
    let mut shifts = 0;
    let mut words = hypothesis.to_vec();
    let mut checked = 0;
    loop {
        let (delta, shifted) = best_shift(&words, reference, &mut checked);
        if checked >= MAX_SHIFT_CANDIDATES || delta <= 0 {
            break;
        }
        shifts += 1;
        words = shifted;
    }
    let (distance, _) = beam_edit_distance(&words, reference);
    (shifts + distance as u64, reference.len())
}

/// The shift that lowers the edit distance most, ranked as tercom ranks them (gain, then length, then
/// earliest start, then earliest target); (0, unchanged) when none is found.
fn best_shift(words: &[u32], reference: &[u32], checked: &mut usize) -> (i64, Vec<u32>) {
    let (before, trace) = beam_edit_distance(words, reference);
    // Alignment of the reference positions to hypothesis positions, and which positions are errors; the
    // trace is read with insertions and deletions swapped (rewriting the reference into the hypothesis).
    let mut at_hyp = -1i64;
    let mut align = Vec::with_capacity(reference.len());
    let mut hyp_err = Vec::with_capacity(words.len());
    let mut ref_err = Vec::with_capacity(reference.len());
    for op in trace {
        match op {
            Op::Keep | Op::Substitute => {
                at_hyp += 1;
                align.push(at_hyp);
                let error = u32::from(op == Op::Substitute);
                hyp_err.push(error);
                ref_err.push(error);
            }
            Op::Delete => {
                at_hyp += 1;
                hyp_err.push(1);
            }
            Op::Insert => {
                align.push(at_hyp);
                ref_err.push(1);
            }
            Op::Undefined => {}
        }
    }
    let mut best: Option<Candidate> = None;
    'pairs: for start_h in 0..words.len() {
        for start_r in 0..reference.len() {
            if start_r.abs_diff(start_h) > MAX_SHIFT_DIST {
                continue;
            }
            let mut length = 0;
            while length < MAX_SHIFT_SIZE && words[start_h + length] == reference[start_r + length] {
                length += 1;
                consider_shift(
                    words,
                    reference,
                    (start_h, start_r, length),
                    (&hyp_err, &ref_err, &align),
                    before,
                    checked,
                    &mut best,
                );
                if *checked >= MAX_SHIFT_CANDIDATES {
                    break 'pairs;
                }
                if words.len() == start_h + length || reference.len() == start_r + length {
                    break;
                }
            }
        }
    }
    match best {
        Some(((gain, ..), shifted)) => (gain, shifted),
        None => (0, words.to_vec()),
    }
}

type Candidate = ((i64, usize, i64, i64), Vec<u32>);

fn consider_shift(
    words: &[u32],
    reference: &[u32],
    (start_h, start_r, length): (usize, usize, usize),
    (hyp_err, ref_err, align): (&[u32], &[u32], &[i64]),
    before: i64,
    checked: &mut usize,
    best: &mut Option<Candidate>,
) {
    if hyp_err[start_h..start_h + length].iter().all(|&e| e == 0)
        || ref_err[start_r..start_r + length].iter().all(|&e| e == 0)
    {
        return;
    }
    let target = align[start_r];
    if start_h as i64 <= target && target < (start_h + length) as i64 {
        return;
    }
    let mut previous = -1i64;
    for offset in -1..length as i64 {
        let at = start_r as i64 + offset;
        let index = if at == -1 {
            0
        } else if (at as usize) < reference.len() {
            align[at as usize] + 1
        } else {
            break;
        };
        if index == previous {
            continue;
        }
        previous = index;
        let shifted = perform_shift(words, start_h, length, index as usize);
        let gain = before - beam_edit_distance(&shifted, reference).0;
        *checked += 1;
        let key = (gain, length, -(start_h as i64), -index);
        if best.as_ref().is_none_or(|(top, _)| key > *top) {
            *best = Some((key, shifted));
        }
    }
}

/// Python's `words[a:b]` (clamped).
fn slice(words: &[u32], from: usize, to: usize) -> &[u32] {
    let to = to.min(words.len());
    &words[from.min(to)..to]
}

/// sacrebleu's `_perform_shift`: the block [start, start+length) moved before `target`.
fn perform_shift(words: &[u32], start: usize, length: usize, target: usize) -> Vec<u32> {
    let n = words.len();
    let parts: [&[u32]; 4] = if target < start {
        [
            slice(words, 0, target),
            slice(words, start, start + length),
            slice(words, target, start),
            slice(words, start + length, n),
        ]
    } else if target > start + length {
        [
            slice(words, 0, start),
            slice(words, start + length, target),
            slice(words, start, start + length),
            slice(words, target, n),
        ]
    } else {
        [
            slice(words, 0, start),
            slice(words, start + length, length + target),
            slice(words, start, start + length),
            slice(words, length + target, n),
        ]
    };
    parts.concat()
}

/// sacrebleu's beam edit distance (rows: hypothesis words; a band of ±25 around the length-ratio diagonal,
/// the full last row), and its trace from the start. Ties prefer keep/substitute, then delete, then insert.
fn beam_edit_distance(hypothesis: &[u32], reference: &[u32]) -> (i64, Vec<Op>) {
    let (rows, columns) = (hypothesis.len(), reference.len());
    let width = columns + 1;
    let mut dist = vec![(INFINITY, Op::Undefined); (rows + 1) * width];
    for (j, cell) in dist[..width].iter_mut().enumerate() {
        *cell = (j as i64, Op::Insert);
    }
    let length_ratio = if rows > 0 { columns as f64 / rows as f64 } else { 1.0 };
    let beam = if (BEAM_WIDTH as f64) < length_ratio / 2.0 {
        (length_ratio / 2.0 + BEAM_WIDTH as f64).ceil() as i64
    } else {
        BEAM_WIDTH
    };
    for i in 1..=rows {
        let diagonal = (i as f64 * length_ratio).floor() as i64;
        let min_j = (diagonal - beam).max(0);
        let mut max_j = (columns as i64 + 1).min(diagonal + beam);
        if i == rows {
            max_j = columns as i64 + 1;
        }
        for j in min_j.max(0) as usize..max_j.max(0) as usize {
            let here = i * width + j;
            if j == 0 {
                dist[here] = (dist[here - width].0 + 1, Op::Delete);
                continue;
            }
            let (cost, op) = if hypothesis[i - 1] == reference[j - 1] { (0, Op::Keep) } else { (1, Op::Substitute) };
            let options = [
                (dist[here - width - 1].0 + cost, op),
                (dist[here - width].0 + 1, Op::Delete),
                (dist[here - 1].0 + 1, Op::Insert),
            ];
            for (cost, op) in options {
                if dist[here].0 > cost {
                    dist[here] = (cost, op);
                }
            }
        }
    }
    let mut trace = Vec::with_capacity(rows + columns);
    let (mut i, mut j) = (rows, columns);
    while i > 0 || j > 0 {
        let op = dist[i * width + j].1;
        trace.push(op);
        match op {
            Op::Keep | Op::Substitute => {
                i -= 1;
                j -= 1;
            }
            Op::Insert => j -= 1,
            Op::Delete => i -= 1,
            Op::Undefined => break,
        }
    }
    trace.reverse();
    (dist[rows * width + columns].0, trace)
}

// ------------------------------------------------------------------------------- one of the three, configured

/// One of sacrebleu's metrics, configured: what `uraikal evaluate --metric chrf|chrf++|bleu|ter` scores
/// segments with, whichever front end asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Scorer {
    /// chrF or chrF++ (word_order > 0) on the given unit.
    Chrf(ChrfOptions, Unit),
    /// BLEU.
    Bleu(Bleu),
    /// BLEU with a SentencePiece tokeniser (sacrebleu's `flores101`, `flores200`); `Bleu::tokenizer` unused.
    SpmBleu(Bleu, SpmTokenizer),
    /// TER.
    Ter(Ter),
}

/// sacrebleu's SentencePiece BLEU tokenisers (`flores101`, `flores200`: `TokenizerSPM`, a line's pieces joined
/// by spaces) on a model the caller loaded: uraikal-d4 reads SentencePiece `.model` files (SPEC D5), this
/// crate only calls `encode`.
#[derive(Clone)]
pub struct SpmTokenizer {
    /// The name in signatures: `flores101` or `flores200`.
    pub name: &'static str,
    /// A line to its pieces joined by single spaces (sentencepiece's `EncodeAsPieces`).
    pub encode: std::sync::Arc<dyn Fn(&str) -> String + Send + Sync>,
}

impl fmt::Debug for SpmTokenizer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SpmTokenizer").field("name", &self.name).finish_non_exhaustive()
    }
}

impl PartialEq for SpmTokenizer {
    fn eq(&self, other: &SpmTokenizer) -> bool {
        self.name == other.name && std::sync::Arc::ptr_eq(&self.encode, &other.encode)
    }
}

/// Segment statistics of a [`Scorer`], summed with [`ScorerStats::add`].
#[derive(Clone, Debug, PartialEq)]
pub enum ScorerStats {
    /// chrF's.
    Chrf(ChrfStats),
    /// BLEU's.
    Bleu(BleuStats),
    /// TER's.
    Ter(TerStats),
}

impl ScorerStats {
    /// Adds another segment's statistics (of the same metric; others are ignored).
    pub fn add(&mut self, other: &ScorerStats) {
        match (self, other) {
            (ScorerStats::Chrf(t), ScorerStats::Chrf(s)) => t.add(s),
            (ScorerStats::Bleu(t), ScorerStats::Bleu(s)) => t.add(s),
            (ScorerStats::Ter(t), ScorerStats::Ter(s)) => t.add(s),
            _ => {}
        }
    }
}

impl Scorer {
    /// The key of the score in a JSON record: `chrf`, `chrfpp`, `bleu` or `ter`.
    pub fn key(&self) -> &'static str {
        match self {
            Scorer::Chrf(o, _) if o.word_order > 0 => "chrfpp",
            Scorer::Chrf(..) => "chrf",
            Scorer::Bleu(_) | Scorer::SpmBleu(..) => "bleu",
            Scorer::Ter(_) => "ter",
        }
    }

    /// sacrebleu's metric name: `chrF2`, `chrF2++`, `BLEU`, `TER`.
    pub fn name(&self) -> String {
        match self {
            Scorer::Chrf(o, _) => o.name(),
            Scorer::Bleu(_) | Scorer::SpmBleu(..) => "BLEU".to_string(),
            Scorer::Ter(_) => "TER".to_string(),
        }
    }

    /// The statistics of one segment.
    pub fn stats(&self, references: &[&str], hypothesis: &str) -> ScorerStats {
        match self {
            Scorer::Chrf(o, unit) => ScorerStats::Chrf(o.stats(references, hypothesis, *unit)),
            Scorer::Bleu(o) => ScorerStats::Bleu(o.stats(references, hypothesis)),
            Scorer::SpmBleu(o, spm) => ScorerStats::Bleu(o.stats_with(references, hypothesis, &*spm.encode)),
            Scorer::Ter(o) => ScorerStats::Ter(o.stats(references, hypothesis)),
        }
    }

    /// Statistics of no segments, to sum into.
    pub fn zero(&self) -> ScorerStats {
        match self {
            Scorer::Chrf(o, unit) => ScorerStats::Chrf(o.stats(&[], "", *unit)),
            Scorer::Bleu(o) | Scorer::SpmBleu(o, _) => ScorerStats::Bleu(o.zero()),
            Scorer::Ter(_) => ScorerStats::Ter(TerStats::default()),
        }
    }

    /// The score of (summed) statistics; NaN for another metric's statistics.
    pub fn score(&self, stats: &ScorerStats) -> f64 {
        match (self, stats) {
            (Scorer::Chrf(o, _), ScorerStats::Chrf(s)) => o.score(s),
            (Scorer::Bleu(o) | Scorer::SpmBleu(o, _), ScorerStats::Bleu(s)) => o.score(s).score,
            (Scorer::Ter(o), ScorerStats::Ter(s)) => o.score(s),
            _ => f64::NAN,
        }
    }

    /// sacrebleu's signature for segments with these reference counts.
    pub fn signature(&self, reference_counts: &[usize]) -> String {
        match self {
            Scorer::Chrf(o, _) => o.signature(reference_counts),
            Scorer::Bleu(o) => o.signature(reference_counts),
            Scorer::SpmBleu(o, spm) => o.signature_with(reference_counts, spm.name),
            Scorer::Ter(o) => o.signature(reference_counts),
        }
    }

    /// The unit, for chrF (the others count tokens).
    pub fn unit(&self) -> Option<&'static str> {
        match self {
            Scorer::Chrf(_, unit) => Some(unit.as_str()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_length_prefers_the_shorter_on_a_tie() {
        assert_eq!(closest_length(5, [7, 3, 4, 6].into_iter()), 4);
        assert_eq!(closest_length(5, [].into_iter()), 0);
    }

    #[test]
    fn pair_sub_never_overlaps() {
        assert_eq!(pair_sub("a..b", |c| c != '1', |c| c == '.', PairSpacing::After), "a . .b");
    }

    /// Expected values are Python's `_perform_shift` outputs (sacrebleu 2.6.0).
    #[test]
    fn perform_shift_follows_python_slices() {
        let w = [0, 1, 2, 3, 4, 5];
        assert_eq!(perform_shift(&w, 3, 2, 1), [0, 3, 4, 1, 2, 5]);
        assert_eq!(perform_shift(&w, 0, 2, 4), [2, 3, 0, 1, 4, 5]);
        assert_eq!(perform_shift(&w, 1, 2, 2), [0, 3, 1, 2, 4, 5]);
    }
}
