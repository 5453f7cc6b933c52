//! The table of task families (SPEC K2) and the helpers their generators share.

use serde_json::{Map, Value};
use uraikal_metrics::bootstrap::SplitMix64;

use crate::{Config, Family, Lang};

mod letters;
mod numbers;
mod order;
mod prosody;
mod speech;

/// Every family, in the order `uraikal tasks list` prints them.
pub(crate) static ALL: &[Family] = &[
    numbers::SPOKEN,
    numbers::WRITTEN,
    numbers::ORDINAL,
    numbers::DIGITS,
    numbers::ARITHMETIC,
    numbers::NUMERALS_READ,
    numbers::NUMERALS_WRITE,
    letters::COUNT,
    letters::CODEPOINTS,
    letters::NTH,
    letters::LENGTHS,
    letters::SPLIT,
    letters::COMPOSE,
    letters::REPAIR,
    prosody::ASAI,
    prosody::VAAYPAADU,
    prosody::TALAI,
    prosody::VENBA,
    speech::DATE,
    speech::MONEY,
    speech::PHONE,
    speech::TIME,
    order::SORT,
];

/// The question: the Tamil instruction and the material; with [`Lang::En`], the English instruction on
/// a line before it.
pub(crate) fn question(config: &Config, ta: &str, en: &str, material: &str) -> String {
    // A question mark ends the instruction; anything else takes a colon before the material.
    let colon = if ta.ends_with('?') { " " } else { ": " };
    match config.lang {
        Lang::Ta => format!("{ta}{colon}{material}"),
        Lang::En => format!("{en}\n{ta}{colon}{material}"),
    }
}

/// Metadata from (key, value) pairs.
pub(crate) fn meta<const N: usize>(pairs: [(&str, Value); N]) -> Map<String, Value> {
    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// A number in `lo..=hi`, log-uniform: first a digit count, then a number with that many digits, so that
/// small and large numbers are equally common.
pub(crate) fn draw_number(rng: &mut SplitMix64, lo: u64, hi: u64) -> u64 {
    let digits = |n: u64| n.checked_ilog10().unwrap_or(0) + 1;
    let (dlo, dhi) = (digits(lo), digits(hi));
    let d = dlo + rng.below((dhi - dlo + 1) as u64) as u32;
    let first = if d == 1 { 0 } else { 10u64.pow(d - 1) };
    let last = 10u64.checked_pow(d).map_or(u64::MAX, |p| p - 1);
    let (start, end) = (first.max(lo), last.min(hi));
    start + rng.below(end - start + 1)
}

/// One of `items`, uniformly.
pub(crate) fn pick<'a, T>(rng: &mut SplitMix64, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_the_fixed_ones_exist() {
        let mut names: Vec<&str> = ALL.iter().map(|f| f.name).collect();
        for fixed in ["numbers.spoken", "numbers.written", "numerals.read", "letters.count", "letters.lengths"] {
            assert!(names.contains(&fixed), "{fixed}");
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        assert!(ALL.len() >= 15);
    }

    #[test]
    fn draw_number_stays_in_range() {
        let mut rng = SplitMix64::new(5);
        for (lo, hi) in [(0, 0), (0, 9), (7, 7), (5, 123), (0, 999_999), (10, u64::MAX), (99, 100)] {
            for _ in 0..200 {
                let n = draw_number(&mut rng, lo, hi);
                assert!((lo..=hi).contains(&n), "{n} not in {lo}..={hi}");
            }
        }
    }
}
