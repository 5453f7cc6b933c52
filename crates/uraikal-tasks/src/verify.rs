//! The answer checks the families share (SPEC K3): integers, text equal under the frozen normaliser,
//! letter-level similarity, sequences of labels and orderings. Every check gives 1.0 only for a right
//! answer; partial credit is at most [`PARTIAL`], so a near miss never ties with a right answer.
//!
//! ```
//! // (crate-internal; the public entry point is `uraikal_tasks::score`)
//! use uraikal_tasks::{family, Config};
//! let spoken = family("numbers.spoken").unwrap();
//! let entry = spoken.entry(1, 0, &Config::default());
//! assert_eq!(spoken.score(&entry, &format!("  {}. ", entry.answer)), 1.0);
//! ```

use uraikal_metrics::{cer, Unit};
use uraikal_text::normalize;

/// The most a wrong answer can earn.
pub(crate) const PARTIAL: f64 = 0.5;

/// An integer written in ASCII or Tamil digits, with optional grouping commas and spaces (1,234 · ௧௨௩௪).
pub(crate) fn parse_integer(text: &str) -> Option<u128> {
    let text = trim_answer(text);
    let mut value: u128 = 0;
    let mut digits = 0;
    for c in text.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '௦'..='௯' => c as u32 - '௦' as u32,
            ',' | ' ' | '\u{00A0}' | '\u{202F}' => continue,
            _ => return None,
        };
        value = value.checked_mul(10)?.checked_add(d as u128)?;
        digits += 1;
    }
    (digits > 0).then_some(value)
}

/// The answer without surrounding whitespace, quotes and one final full stop.
pub(crate) fn trim_answer(text: &str) -> &str {
    let text = text.trim().trim_matches(|c| matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’' | '`')).trim();
    text.strip_suffix('.').unwrap_or(text).trim_end()
}

/// 1.0 when the integer `given` equals `expected`, else 0.
pub(crate) fn integer(expected: &str, given: &str) -> f64 {
    match (parse_integer(expected), parse_integer(given)) {
        (Some(a), Some(b)) if a == b => 1.0,
        _ => 0.0,
    }
}

/// 1.0 when the texts are equal under the frozen normaliser (case, punctuation, spacing, NFC, Tamil
/// digits); else [`PARTIAL`] × (1 − letter CER), floored at 0.
pub(crate) fn text(expected: &str, given: &str) -> f64 {
    let (e, g) = (normalize(expected), normalize(given));
    if e == g {
        return 1.0;
    }
    similarity(&e, &g)
}

/// [`PARTIAL`] × (1 − letter CER of `given` against `expected`), floored at 0.
pub(crate) fn similarity(expected: &str, given: &str) -> f64 {
    PARTIAL * (1.0 - cer(expected, given, Unit::Letter)).max(0.0)
}

/// 1.0 when the texts are equal under the frozen normaliser, else 0 (for short answers, where a near
/// miss is simply wrong).
pub(crate) fn exact(expected: &str, given: &str) -> f64 {
    if normalize(expected) == normalize(given) {
        1.0
    } else {
        0.0
    }
}

/// The items of a list answer: split at whitespace, commas, semicolons, `/`, `+`, `|` and `-`.
pub(crate) fn items(text: &str) -> Vec<&str> {
    trim_answer(text)
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '/' | '+' | '|' | '-' | '،' | '、'))
        .filter(|s| !s.is_empty())
        .collect()
}

/// Sequences of labels: 1.0 when equal, else [`PARTIAL`] × (positions that agree / the longer length).
pub(crate) fn labels<T: PartialEq>(expected: &[T], given: &[T]) -> f64 {
    if expected == given {
        return 1.0;
    }
    let longer = expected.len().max(given.len());
    if longer == 0 {
        return 0.0;
    }
    let same = expected.iter().zip(given).filter(|(a, b)| a == b).count();
    PARTIAL * same as f64 / longer as f64
}

/// An ordering: `given` must list exactly the items of `expected` (as a multiset) to earn anything; 1.0
/// when in the same order, else [`PARTIAL`] × the share of item pairs in the right relative order.
pub(crate) fn ordering(expected: &[String], given: &[String]) -> f64 {
    if expected == given {
        return 1.0;
    }
    let (mut a, mut b) = (expected.to_vec(), given.to_vec());
    a.sort();
    b.sort();
    if a != b || expected.len() < 2 {
        return 0.0;
    }
    // Position of each given item in the expected order (duplicates matched left to right).
    let mut used = vec![false; expected.len()];
    let positions: Vec<usize> = given
        .iter()
        .map(|g| {
            let at = (0..expected.len()).find(|&i| !used[i] && &expected[i] == g).expect("same multiset");
            used[at] = true;
            at
        })
        .collect();
    let n = positions.len();
    let mut right = 0usize;
    for i in 0..n {
        for j in i + 1..n {
            right += (positions[i] < positions[j]) as usize;
        }
    }
    PARTIAL * right as f64 / (n * (n - 1) / 2) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_both_digit_sets() {
        assert_eq!(parse_integer(" 1,234. "), Some(1234));
        assert_eq!(parse_integer("௧௨௩௪"), Some(1234));
        assert_eq!(parse_integer("12a"), None);
        assert_eq!(parse_integer(""), None);
        assert_eq!(integer("5", "௫"), 1.0);
        assert_eq!(integer("5", "6"), 0.0);
    }

    #[test]
    fn partial_credit_stays_below_one() {
        assert_eq!(text("தமிழ்", "தமிழ்!"), 1.0);
        let near = text("தமிழ் நாடு", "தமிழ் நாடா");
        assert!(near > 0.0 && near < PARTIAL, "{near}");
        assert_eq!(labels(&[1, 2, 3], &[1, 2, 3]), 1.0);
        assert_eq!(labels(&[1, 2, 3], &[1, 2]), PARTIAL * 2.0 / 3.0);
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(ordering(&s(&["a", "b", "c"]), &s(&["a", "b", "c"])), 1.0);
        assert_eq!(ordering(&s(&["a", "b", "c"]), &s(&["c", "b", "a"])), 0.0);
        assert_eq!(ordering(&s(&["a", "b", "c"]), &s(&["b", "a", "c"])), PARTIAL * 2.0 / 3.0);
        assert_eq!(ordering(&s(&["a", "b", "c"]), &s(&["a", "b", "d"])), 0.0);
    }
}
