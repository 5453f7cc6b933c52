//! chrF and chrF++ (SPEC M3): sacrebleu 2.6's algorithm, on code points (equal to sacrebleu to the last
//! digit) or on graphemes (equal to grapheme-kit's GraphemeCHRF).
//!
//! Character n-grams of orders 1..=char_order over the units with whitespace removed; word n-grams of orders
//! 1..=word_order over `split()` tokens with sacrebleu's punctuation rule; per order the statistics
//! [hypothesis n-grams (0 when the reference has none of that order), reference n-grams, clipped matches];
//! precision and recall averaged over the orders where both sides have n-grams; F-beta with beta = 2.
//! A corpus score sums the statistics over sentences first. Arguments are (reference, hypothesis).

use crate::unit::{is_python_space, unit_ids, FastMap, Spaces, Unit};

/// The orders and beta of a chrF variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChrfConfig {
    /// Character n-gram orders 1..=char_order (6).
    pub char_order: usize,
    /// Word n-gram orders 1..=word_order (0 for chrF, 2 for chrF++).
    pub word_order: usize,
    /// Recall weight (2).
    pub beta: f64,
}

impl ChrfConfig {
    /// sacrebleu's `CHRF()`: chrF2.
    pub const CHRF: ChrfConfig = ChrfConfig { char_order: 6, word_order: 0, beta: 2.0 };
    /// sacrebleu's `CHRF(word_order=2)`: chrF2++.
    pub const CHRF_PLUS_PLUS: ChrfConfig = ChrfConfig { char_order: 6, word_order: 2, beta: 2.0 };
}

impl Default for ChrfConfig {
    fn default() -> ChrfConfig {
        ChrfConfig::CHRF
    }
}

/// Per-order statistics `[hypothesis n-grams, reference n-grams, matches]`: character orders first, then
/// word orders (sacrebleu's layout). Add sentences' statistics to score a corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChrfStats {
    orders: Vec<[u64; 3]>,
}

impl ChrfStats {
    /// All-zero statistics for `config`'s orders.
    pub fn zero(config: ChrfConfig) -> ChrfStats {
        ChrfStats { orders: vec![[0; 3]; config.char_order + config.word_order] }
    }

    /// Adds another sentence's statistics (same config).
    pub fn add(&mut self, other: &ChrfStats) {
        for (mine, theirs) in self.orders.iter_mut().zip(&other.orders) {
            for k in 0..3 {
                mine[k] += theirs[k];
            }
        }
    }

    /// The statistics flattened as sacrebleu prints them (three numbers per order).
    pub fn flat(&self) -> Vec<u64> {
        self.orders.iter().flatten().copied().collect()
    }

    /// The chrF score in 0..=100, sacrebleu's effective-order F-beta (its operation order, for last-digit
    /// equality).
    pub fn score(&self, beta: f64) -> f64 {
        let factor = beta * beta;
        let (mut precision, mut recall, mut effective) = (0.0, 0.0, 0usize);
        for &[hyp, reference, matches] in &self.orders {
            if hyp > 0 && reference > 0 {
                precision += matches as f64 / hyp as f64;
                recall += matches as f64 / reference as f64;
                effective += 1;
            }
        }
        if effective == 0 {
            return 0.0;
        }
        precision /= effective as f64;
        recall /= effective as f64;
        if precision + recall == 0.0 {
            return 0.0;
        }
        let mut score = (1.0 + factor) * precision * recall;
        score /= factor * precision + recall;
        100.0 * score
    }

    /// The chrF score with sacrebleu's `eps_smoothing=True` (chrF++.py, NLTK and Moses): per order an F-beta
    /// with 1e-16 standing in for an undefined precision, recall or F, averaged over all orders.
    pub fn score_eps(&self, beta: f64) -> f64 {
        const EPS: f64 = 1e-16;
        let factor = beta * beta;
        let mut score = 0.0;
        for &[hyp, reference, matches] in &self.orders {
            let precision = if hyp > 0 { matches as f64 / hyp as f64 } else { EPS };
            let recall = if reference > 0 { matches as f64 / reference as f64 } else { EPS };
            let denominator = factor * precision + recall;
            score += if denominator > 0.0 { (1.0 + factor) * precision * recall / denominator } else { EPS };
        }
        100.0 * score / self.orders.len() as f64
    }
}

/// The statistics of one (reference, hypothesis) pair.
pub fn chrf_stats(reference: &str, hypothesis: &str, unit: Unit, config: ChrfConfig) -> ChrfStats {
    chrf_stats_spaces(reference, hypothesis, unit, config, false)
}

/// [`chrf_stats`], keeping whitespace units in the character n-grams when `whitespace` is set (sacrebleu's
/// `whitespace=True`).
pub(crate) fn chrf_stats_spaces(
    reference: &str,
    hypothesis: &str,
    unit: Unit,
    config: ChrfConfig,
    whitespace: bool,
) -> ChrfStats {
    let mut stats = ChrfStats::zero(config);
    let spaces = if whitespace { Spaces::Keep } else { Spaces::Drop };
    let (r, h) = unit_ids(reference, hypothesis, unit, spaces);
    let mut scratch = Scratch::default();
    scratch.char_orders(&r, &h, &mut stats.orders[..config.char_order]);
    if config.word_order > 0 {
        let (reference, hypothesis) = match unit {
            Unit::CodePoint => (std::borrow::Cow::Borrowed(reference), std::borrow::Cow::Borrowed(hypothesis)),
            _ => (uraikal_text::normalize_script(reference), uraikal_text::normalize_script(hypothesis)),
        };
        let (r, h) = word_ids(&reference, &hypothesis);
        for n in 1..=config.word_order {
            stats.orders[config.char_order + n - 1] = scratch.order_stats(&r, &h, n);
        }
    }
    stats
}

/// Sentence chrF (chrF2) of a (reference, hypothesis) pair.
///
/// ```
/// use uraikal_metrics::{chrf, Unit};
/// assert_eq!(chrf("வணக்கம்", "வணக்கம்", Unit::CodePoint), 100.0);
/// assert_eq!(chrf("வணக்கம்", "", Unit::Grapheme), 0.0);
/// ```
pub fn chrf(reference: &str, hypothesis: &str, unit: Unit) -> f64 {
    chrf_stats(reference, hypothesis, unit, ChrfConfig::CHRF).score(ChrfConfig::CHRF.beta)
}

/// Sentence chrF++ (chrF2 with word bigrams) of a (reference, hypothesis) pair.
pub fn chrf_plus_plus(reference: &str, hypothesis: &str, unit: Unit) -> f64 {
    chrf_stats(reference, hypothesis, unit, ChrfConfig::CHRF_PLUS_PLUS).score(ChrfConfig::CHRF_PLUS_PLUS.beta)
}

/// Corpus chrF over (reference, hypothesis) pairs: statistics summed over sentences, then one score.
pub fn corpus_chrf<'a, I>(pairs: I, unit: Unit, config: ChrfConfig) -> f64
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut total = ChrfStats::zero(config);
    for (reference, hypothesis) in pairs {
        total.add(&chrf_stats(reference, hypothesis, unit, config));
    }
    total.score(config.beta)
}

/// sacrebleu's word tokens: `split()`, then one ASCII punctuation character split off the end, or else off
/// the start, of every token longer than one code point.
pub fn chrf_words(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    for word in text.split(is_python_space).filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        let first = chars.next();
        let last = chars.next_back();
        match (first, last) {
            (Some(_), None) => tokens.push(word),
            (_, Some(last)) if last.is_ascii_punctuation() => {
                let cut = word.len() - last.len_utf8();
                tokens.push(&word[..cut]);
                tokens.push(&word[cut..]);
            }
            (Some(first), _) if first.is_ascii_punctuation() => {
                let cut = first.len_utf8();
                tokens.push(&word[..cut]);
                tokens.push(&word[cut..]);
            }
            _ => tokens.push(word),
        }
    }
    tokens
}

fn word_ids(reference: &str, hypothesis: &str) -> (Vec<u32>, Vec<u32>) {
    let mut ids: FastMap<&str, u32> = FastMap::default();
    let mut intern = |text| -> Vec<u32> {
        chrf_words(text)
            .into_iter()
            .map(|word| {
                let next = ids.len() as u32;
                *ids.entry(word).or_insert(next)
            })
            .collect()
    };
    let r = intern(reference);
    let h = intern(hypothesis);
    (r, h)
}

/// Ids below this pack six to a u128 key.
const PACKED_ID_LIMIT: u32 = 1 << 21;

#[derive(Default)]
struct Scratch {
    reference: Vec<u128>,
    hypothesis: Vec<u128>,
}

impl Scratch {
    /// The statistics of character orders 1..=orders.len(): each side's positions are sorted once by the
    /// n-gram of the longest order starting there (ids + 1, padded with 0 past the end); every shorter
    /// order's n-grams are prefixes of those keys, so they are sorted too and one merge per order counts
    /// the clipped matches.
    fn char_orders(&mut self, reference: &[u32], hypothesis: &[u32], orders: &mut [[u64; 3]]) {
        let max_order = orders.len();
        let packable = max_order <= 6 && reference.iter().chain(hypothesis).all(|&id| id < PACKED_ID_LIMIT - 1);
        if !packable {
            for (index, order) in orders.iter_mut().enumerate() {
                *order = self.order_stats(reference, hypothesis, index + 1);
            }
            return;
        }
        prefix_keys(reference, max_order, &mut self.reference);
        prefix_keys(hypothesis, max_order, &mut self.hypothesis);
        for (index, order) in orders.iter_mut().enumerate() {
            let n = index + 1;
            let count = |len: usize| (len + 1).saturating_sub(n) as u64;
            let (ref_total, hyp_total) = (count(reference.len()), count(hypothesis.len()));
            let hyp_reported = if ref_total > 0 { hyp_total } else { 0 };
            let shift = 21 * (max_order - n) as u32;
            let matches = if ref_total == 0 || hyp_total == 0 {
                0
            } else {
                prefix_intersection(&self.reference, &self.hypothesis, shift)
            };
            *order = [hyp_reported, ref_total, matches];
        }
    }

    /// `[hypothesis n-grams or 0, reference n-grams, clipped matches]` for order n.
    fn order_stats(&mut self, reference: &[u32], hypothesis: &[u32], n: usize) -> [u64; 3] {
        let count = |len: usize| (len + 1).saturating_sub(n) as u64;
        let (ref_total, hyp_total) = (count(reference.len()), count(hypothesis.len()));
        let hyp_reported = if ref_total > 0 { hyp_total } else { 0 };
        if ref_total == 0 || hyp_total == 0 {
            return [hyp_reported, ref_total, 0];
        }
        let matches = if n <= 6 && reference.iter().chain(hypothesis).all(|&id| id < PACKED_ID_LIMIT) {
            pack(reference, n, &mut self.reference);
            pack(hypothesis, n, &mut self.hypothesis);
            sorted_intersection(&mut self.reference, &mut self.hypothesis)
        } else {
            let mut r: Vec<&[u32]> = reference.windows(n).collect();
            let mut h: Vec<&[u32]> = hypothesis.windows(n).collect();
            sorted_intersection(&mut r, &mut h)
        };
        [hyp_reported, ref_total, matches]
    }
}

/// For every position, the next `order` ids + 1 packed first-most-significant (0 past the end), sorted.
fn prefix_keys(ids: &[u32], order: usize, keys: &mut Vec<u128>) {
    keys.clear();
    keys.extend((0..ids.len()).map(|start| {
        (start..start + order).fold(0u128, |key, at| (key << 21) | ids.get(at).map_or(0, |&id| id as u128 + 1))
    }));
    keys.sort_unstable();
}

/// The multiset intersection of the keys' prefixes `key >> shift`, ignoring prefixes that run past the end
/// (their last id is the 0 padding).
fn prefix_intersection(a: &[u128], b: &[u128], shift: u32) -> u64 {
    let valid = |key: u128| (key >> shift) & 0x1F_FFFF != 0;
    let (mut i, mut j, mut matches) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i] >> shift, b[j] >> shift);
        if !valid(a[i]) {
            i += 1;
        } else if !valid(b[j]) {
            j += 1;
        } else if x < y {
            i += 1;
        } else if x > y {
            j += 1;
        } else {
            matches += 1;
            i += 1;
            j += 1;
        }
    }
    matches
}

fn pack(ids: &[u32], n: usize, keys: &mut Vec<u128>) {
    keys.clear();
    keys.extend(ids.windows(n).map(|window| window.iter().fold(0u128, |key, &id| (key << 21) | id as u128)));
}

/// The size of the multiset intersection (sum over n-grams of the smaller count).
pub(crate) fn sorted_intersection<T: Ord>(a: &mut [T], b: &mut [T]) -> u64 {
    a.sort_unstable();
    b.sort_unstable();
    let (mut i, mut j, mut matches) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                matches += 1;
                i += 1;
                j += 1;
            }
        }
    }
    matches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_follow_sacrebleu() {
        assert_eq!(chrf_words("(hi) there, «ஆம்» a."), ["(hi", ")", "there", ",", "«ஆம்»", "a", "."]);
        assert_eq!(chrf_words(" . ,x "), [".", ",", "x"]);
    }

    #[test]
    fn empty_sides_score_zero() {
        assert_eq!(chrf("", "", Unit::CodePoint), 0.0);
        assert_eq!(chrf("a", "", Unit::CodePoint), 0.0);
        assert_eq!(chrf("", "a", Unit::CodePoint), 0.0);
        assert_eq!(chrf_stats("", "ab", Unit::CodePoint, ChrfConfig::CHRF).flat()[..3], [0, 0, 0]);
    }

    proptest::proptest! {
        #[test]
        fn one_sort_equals_a_sort_per_order(
            r in proptest::collection::vec(0u32..5, 0..30),
            h in proptest::collection::vec(0u32..5, 0..30),
        ) {
            let mut scratch = Scratch::default();
            let mut fast = [[0u64; 3]; 6];
            scratch.char_orders(&r, &h, &mut fast);
            let slow: Vec<[u64; 3]> = (1..=6).map(|n| scratch.order_stats(&r, &h, n)).collect();
            proptest::prop_assert_eq!(fast.to_vec(), slow);
        }
    }

    #[test]
    fn identical_texts_score_100() {
        assert_eq!(chrf_plus_plus("நல்ல நாள்.", "நல்ல நாள்.", Unit::Grapheme), 100.0);
    }
}
