//! The matching-block semantics of Python's `difflib.SequenceMatcher(None, a, b)` (autojunk on), written
//! from its documentation: the longest matching block is found with an index of `b` from which "popular"
//! elements are left out (more than `len(b) / 100 + 1` occurrences once `len(b) >= 200`), so blocks made
//! of them are only found by extending a match found otherwise; ties go to the earliest start in `a`, then in
//! `b`; matching blocks are found recursively left and right of each block, sorted, adjacent ones merged.
//! A unit test compares it with CPython's difflib on random inputs when a `python3` is present.

use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Matching blocks `(i, j, size)` of `a` and `b`, ending with the sentinel `(a.len(), b.len(), 0)`.
pub fn matching_blocks<T: Eq + Hash>(a: &[T], b: &[T]) -> Vec<(usize, usize, usize)> {
    WORK.with(|work| {
        let work = &mut *work.borrow_mut();
        find_blocks(a, b, &mut work.search);
        let found = &mut work.search.found;
        found.sort_unstable();
        let mut merged: Vec<(usize, usize, usize)> = Vec::with_capacity(found.len() + 1);
        for &(i, j, k) in found.iter() {
            match merged.last_mut() {
                Some((i1, j1, k1)) if *i1 + *k1 == i && *j1 + *k1 == j => *k1 += k,
                _ => merged.push((i, j, k)),
            }
        }
        merged.push((a.len(), b.len(), 0));
        merged
    })
}

/// `SequenceMatcher(None, a, b).ratio()` over characters: 2M / T (1.0 for two empty strings). Called for
/// many short word pairs, so it allocates nothing once its thread's buffers have grown.
pub fn ratio(a: &str, b: &str) -> f64 {
    WORK.with(|work| {
        let work = &mut *work.borrow_mut();
        let (chars_a, chars_b) = (&mut work.chars.0, &mut work.chars.1);
        chars_a.clear();
        chars_a.extend(a.chars());
        chars_b.clear();
        chars_b.extend(b.chars());
        let total = chars_a.len() + chars_b.len();
        if total == 0 {
            return 1.0;
        }
        find_blocks(chars_a, chars_b, &mut work.search);
        // M is the same before and after adjacent blocks are merged.
        let matches: usize = work.search.found.iter().map(|&(_, _, k)| k).sum();
        2.0 * matches as f64 / total as f64
    })
}

thread_local! {
    static WORK: std::cell::RefCell<Work> = std::cell::RefCell::new(Work::default());
}

/// A thread's reusable buffers.
#[derive(Default)]
struct Work {
    chars: (Vec<char>, Vec<char>),
    search: Search,
}

/// The block search's buffers: the blocks found (unsorted), the ranges still to search, the run lengths.
#[derive(Default)]
struct Search {
    found: Vec<(usize, usize, usize)>,
    pending: Vec<(usize, usize, usize, usize)>,
    scratch: Scratch,
}

/// The matching blocks of `a` and `b`, unsorted and unmerged, into `search.found`.
fn find_blocks<T: Eq + Hash>(a: &[T], b: &[T], search: &mut Search) {
    let index = Index::new(b);
    search.found.clear();
    search.pending.clear();
    search.pending.push((0, a.len(), 0, b.len()));
    search.scratch.fit(b.len());
    while let Some((alo, ahi, blo, bhi)) = search.pending.pop() {
        let (i, j, k) = longest_match(a, b, &index, &mut search.scratch, alo, ahi, blo, bhi);
        if k > 0 {
            search.found.push((i, j, k));
            if alo < i && blo < j {
                search.pending.push((alo, i, blo, j));
            }
            if i + k < ahi && j + k < bhi {
                search.pending.push((i + k, ahi, j + k, bhi));
            }
        }
    }
}

/// Positions of each non-popular element of `b`, ascending. A short `b` (no element can be popular below
/// 200) is scanned instead: for the words and letters lattice building compares, building a hash map costs
/// more than looking.
enum Index<'a, T> {
    Scan(&'a [T]),
    Map(FxHashMap<&'a T, Vec<usize>>),
}

/// The longest `b` that is scanned rather than indexed.
const SCAN_LIMIT: usize = 64;

impl<'a, T: Eq + Hash> Index<'a, T> {
    fn new(b: &'a [T]) -> Self {
        if b.len() <= SCAN_LIMIT {
            return Index::Scan(b);
        }
        let mut positions: FxHashMap<&'a T, Vec<usize>> = FxHashMap::default();
        for (j, item) in b.iter().enumerate() {
            positions.entry(item).or_default().push(j);
        }
        if b.len() >= 200 {
            let limit = b.len() / 100 + 1;
            positions.retain(|_, js| js.len() <= limit);
        }
        Index::Map(positions)
    }
}

/// The run lengths ending at each `j` for the previous and the current row of `a`, stamped with the row
/// they belong to so nothing needs clearing between rows or calls (the stamp only grows, so a value left
/// by an earlier call never carries the stamp a row looks for).
#[derive(Default)]
struct Scratch {
    rows: [Vec<(usize, usize)>; 2],
    stamp: usize,
}

impl Scratch {
    /// Room for a `b` of `n` items.
    fn fit(&mut self, n: usize) {
        for row in &mut self.rows {
            if row.len() < n {
                row.resize(n, (0, 0));
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn longest_match<T: Eq + Hash>(
    a: &[T],
    b: &[T],
    index: &Index<'_, T>,
    scratch: &mut Scratch,
    alo: usize,
    ahi: usize,
    blo: usize,
    bhi: usize,
) -> (usize, usize, usize) {
    let (mut best_i, mut best_j, mut best_k) = (alo, blo, 0);
    // Skip a stamp so that the first row sees no run lengths left over from an earlier call.
    scratch.stamp += 1;
    for (i, item) in a.iter().enumerate().take(ahi).skip(alo) {
        scratch.stamp += 1;
        let stamp = scratch.stamp;
        let (previous, current) = if stamp.is_multiple_of(2) {
            let (x, y) = scratch.rows.split_at_mut(1);
            (&x[0], &mut y[0])
        } else {
            let (x, y) = scratch.rows.split_at_mut(1);
            (&y[0], &mut x[0])
        };
        let mut extend = |j: usize| {
            let before = if j > 0 && previous[j - 1].0 == stamp - 1 { previous[j - 1].1 } else { 0 };
            let k = before + 1;
            current[j] = (stamp, k);
            if k > best_k {
                (best_i, best_j, best_k) = (i + 1 - k, j + 1 - k, k);
            }
        };
        match index {
            Index::Scan(b) => (blo..bhi).filter(|&j| b[j] == *item).for_each(&mut extend),
            Index::Map(positions) => {
                if let Some(js) = positions.get(item) {
                    js.iter().copied().skip_while(|&j| j < blo).take_while(|&j| j < bhi).for_each(&mut extend);
                }
            }
        }
    }
    // Popular elements are not in the index: extend the best match over equal neighbours on both sides.
    while best_i > alo && best_j > blo && a[best_i - 1] == b[best_j - 1] {
        best_i -= 1;
        best_j -= 1;
        best_k += 1;
    }
    while best_i + best_k < ahi && best_j + best_k < bhi && a[best_i + best_k] == b[best_j + best_k] {
        best_k += 1;
    }
    (best_i, best_j, best_k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_examples() {
        // From the difflib documentation.
        let blocks = matching_blocks(&['a', 'b', 'x', 'c', 'd'], &['a', 'b', 'c', 'd']);
        assert_eq!(blocks, vec![(0, 0, 2), (3, 2, 2), (5, 4, 0)]);
        assert_eq!(ratio("abcd", "bcde"), 0.75);
        let a: Vec<char> = " abcd".chars().collect();
        let b: Vec<char> = "abcd abcd".chars().collect();
        assert_eq!(matching_blocks(&a, &b)[0], (0, 4, 5));
        assert_eq!(ratio("", ""), 1.0);
    }

    #[test]
    fn popular_elements_only_match_by_extension() {
        // 240 tokens: every one is popular, so only a prefix found by extension matches.
        let a: Vec<u8> = (0..240).map(|i| (i % 3) as u8).collect();
        let mut b = a.clone();
        b.insert(50, 9);
        let blocks = matching_blocks(&a, &b);
        assert_eq!(blocks[0], (0, 0, 50));
    }

    /// CPython's own answer for random pairs (small alphabets, so repeats and, past 200 items, popular
    /// elements are common). Runs `python3` as a subprocess: no network, and reported when absent.
    #[test]
    fn equals_cpython_difflib_on_random_inputs() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        let mut cases = Vec::new();
        for case in 0..400u64 {
            let long = case % 4 == 0;
            let alphabet = 2 + next(6);
            // Both sides of SCAN_LIMIT and of the autojunk threshold (200) are covered.
            let middle = case % 4 == 1;
            let la = next(if long || middle { 320 } else { 24 }) as usize;
            let lb = if long {
                200 + next(120) as usize
            } else if middle {
                SCAN_LIMIT - 8 + next(150) as usize
            } else {
                next(24) as usize
            };
            let a: Vec<u64> = (0..la).map(|_| next(alphabet)).collect();
            let b: Vec<u64> = (0..lb).map(|_| next(alphabet)).collect();
            cases.push((a, b));
        }
        let input: String = cases.iter().map(|(a, b)| format!("{a:?}|{b:?}\n")).collect();
        let script = "import sys, difflib, json\nfor line in sys.stdin:\n    a, b = (json.loads(x) for x in line.split('|'))\n    print(json.dumps([list(m) for m in difflib.SequenceMatcher(None, a, b).get_matching_blocks()]))\n";
        let child = std::process::Command::new("python3")
            .args(["-c", script])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn();
        let Ok(mut child) = child else {
            println!("SKIPPED: python3 absent, CPython difflib parity not checked");
            return;
        };
        use std::io::Write;
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success());
        let expected = String::from_utf8(output.stdout).unwrap();
        let mut checked = 0;
        for ((a, b), line) in cases.iter().zip(expected.lines()) {
            let ours: Vec<[usize; 3]> = matching_blocks(a, b).into_iter().map(|(i, j, k)| [i, j, k]).collect();
            let theirs: Vec<[usize; 3]> = serde_json::from_str(line).unwrap();
            assert_eq!(ours, theirs, "a={a:?} b={b:?}");
            checked += 1;
        }
        assert_eq!(checked, cases.len());
    }
}
