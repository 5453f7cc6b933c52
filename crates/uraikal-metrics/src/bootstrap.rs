//! Seeded, deterministic bootstrap resampling for corpus-level rates (SPEC S8).
//!
//! A replicate draws as many rows as there are, with replacement, and sums their columns (for instance
//! word errors, reference words, char errors, reference chars of each utterance); the caller turns the sums
//! into rates. Replicate `b` of a run with seed `s` depends only on (`s`, `b`), so replicates can be computed
//! in any order or in parallel and still give the same numbers.
//!
//! ```
//! use uraikal_metrics::bootstrap::{percentile_interval, replicate_sums};
//! let rows = [[1u64, 4], [0, 5], [3, 3]]; // (errors, reference length) per utterance
//! let rates: Vec<f64> = (0..200)
//!     .map(|b| replicate_sums(&rows, 7, b))
//!     .map(|[errors, length]| errors as f64 / length as f64)
//!     .collect();
//! let (low, high) = percentile_interval(rates, 0.95).unwrap();
//! assert!(low <= 4.0 / 12.0 && 4.0 / 12.0 <= high);
//! ```

/// SplitMix64 (Steele, Lea and Flood 2014): a small, fast generator with a fixed, documented sequence.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (`bound` > 0), without modulo bias (Lemire's method with rejection).
    pub fn below(&mut self, bound: u64) -> u64 {
        // No number lies below 0: answer 0 rather than divide by zero (an empty range is never drawn from).
        if bound == 0 {
            return 0;
        }
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = self.next_u64() as u128 * bound as u128;
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }
}

/// The seed of replicate `replicate` of a run seeded with `seed`.
pub fn replicate_seed(seed: u64, replicate: u64) -> u64 {
    SplitMix64::new(seed ^ SplitMix64::new(replicate).next_u64()).next_u64()
}

/// Column sums of one bootstrap replicate: `rows.len()` rows drawn with replacement (SPEC S8.1).
pub fn replicate_sums<const K: usize>(rows: &[[u64; K]], seed: u64, replicate: u64) -> [u64; K] {
    let mut sums = [0u64; K];
    if rows.is_empty() {
        return sums;
    }
    let mut rng = SplitMix64::new(replicate_seed(seed, replicate));
    for _ in 0..rows.len() {
        let row = &rows[rng.below(rows.len() as u64) as usize];
        for (sum, value) in sums.iter_mut().zip(row) {
            *sum += value;
        }
    }
    sums
}

/// The percentile interval holding `level` (e.g. 0.95) of the values: with the values sorted and N of them,
/// the values at 0-based ranks ⌊N·(1−level)/2⌋ and ⌈N·(1+level)/2⌉ − 1 (SPEC S8.2). NaN values are
/// dropped; `None` when none are left.
pub fn percentile_interval(mut values: Vec<f64>, level: f64) -> Option<(f64, f64)> {
    values.retain(|v| !v.is_nan());
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len() as f64;
    let low = ((n * (1.0 - level) / 2.0).floor() as usize).min(values.len() - 1);
    let high = ((n * (1.0 + level) / 2.0).ceil() as usize).clamp(1, values.len()) - 1;
    Some((values[low], values[high]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // SPEC S8.1: the published SplitMix64 sequence for seed 1234567.
        let mut rng = SplitMix64::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn below_zero_and_one_answer_zero() {
        let mut rng = SplitMix64::new(3);
        assert_eq!((rng.below(0), rng.below(1)), (0, 0));
    }

    #[test]
    fn replicates_are_deterministic() {
        let rows = [[1u64, 2], [3, 4], [5, 6]];
        assert_eq!(replicate_sums(&rows, 9, 4), replicate_sums(&rows, 9, 4));
        assert_ne!(
            (0..20).map(|b| replicate_sums(&rows, 9, b)).collect::<Vec<_>>(),
            (0..20).map(|b| replicate_sums(&rows, 10, b)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn interval_ranks() {
        // SPEC S8.2: 1000 values 0..999 → ranks 25 and 974.
        let values: Vec<f64> = (0..1000).map(f64::from).collect();
        assert_eq!(percentile_interval(values, 0.95), Some((25.0, 974.0)));
        assert_eq!(percentile_interval(vec![2.0], 0.95), Some((2.0, 2.0)));
        assert_eq!(percentile_interval(vec![f64::NAN], 0.95), None);
    }
}
