//! The one edit-alignment core: Levenshtein distance and the exact jiwer 4 / rapidfuzz alignment of two
//! token sequences, generic over the unit (words, code points, graphemes, letters).
//!
//! The alignment reproduces `rapidfuzz.distance.Levenshtein.opcodes` (which jiwer 4 calls): the common
//! prefix, then the common suffix, are stripped; the middle is aligned by a back-trace through the edit
//! distance matrix from its last cell, preferring a deletion, then an insertion, then the diagonal (SPEC S2).
//! rapidfuzz switches to Hirschberg's divide and conquer for very large middles; that switch is not
//! reproduced (SPEC S2.3), so only such inputs can split their edits differently (never the distance).
//!
//! ```
//! use uraikal_metrics::align::{align, distance, ChunkKind};
//! let reference = ["the", "cat", "sat"];
//! let hypothesis = ["the", "bat", "sat", "down"];
//! assert_eq!(distance(&reference, &hypothesis), 2);
//! let alignment = align(&reference, &hypothesis);
//! assert_eq!(alignment.counts.substitutions, 1);
//! assert_eq!(alignment.counts.insertions, 1);
//! assert_eq!(alignment.chunks[1].kind, ChunkKind::Substitute);
//! ```

use std::cell::RefCell;
use std::ops::{Add, AddAssign};

/// Hit, substitution, deletion and insertion counts of an alignment (summed over a corpus with `+`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Reference units matched exactly.
    pub hits: usize,
    /// Reference units replaced by a different hypothesis unit.
    pub substitutions: usize,
    /// Reference units missing from the hypothesis.
    pub deletions: usize,
    /// Hypothesis units with no reference counterpart.
    pub insertions: usize,
}

impl Counts {
    /// Number of reference units, H + S + D.
    pub fn reference_len(&self) -> usize {
        self.hits + self.substitutions + self.deletions
    }

    /// Number of hypothesis units, H + S + I.
    pub fn hypothesis_len(&self) -> usize {
        self.hits + self.substitutions + self.insertions
    }

    /// Number of edits, S + D + I (the Levenshtein distance for one sentence).
    pub fn errors(&self) -> usize {
        self.substitutions + self.deletions + self.insertions
    }
}

impl Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            hits: self.hits + other.hits,
            substitutions: self.substitutions + other.substitutions,
            deletions: self.deletions + other.deletions,
            insertions: self.insertions + other.insertions,
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        *self = *self + other;
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), Add::add)
    }
}

/// The kind of an alignment chunk; the names are jiwer's `AlignmentChunk.type` strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChunkKind {
    /// Equal units on both sides.
    Equal,
    /// As many reference units replaced by as many hypothesis units.
    Substitute,
    /// Reference units with nothing in the hypothesis.
    Delete,
    /// Hypothesis units with nothing in the reference.
    Insert,
}

impl ChunkKind {
    /// jiwer's name: `equal`, `substitute`, `delete` or `insert`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChunkKind::Equal => "equal",
            ChunkKind::Substitute => "substitute",
            ChunkKind::Delete => "delete",
            ChunkKind::Insert => "insert",
        }
    }
}

/// A run of one kind of operation over `reference[ref_start..ref_end]` and `hypothesis[hyp_start..hyp_end]`
/// (rapidfuzz's opcode, jiwer's `AlignmentChunk`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chunk {
    /// What happens in this run.
    pub kind: ChunkKind,
    /// Start of the run in the reference.
    pub ref_start: usize,
    /// End (exclusive) of the run in the reference.
    pub ref_end: usize,
    /// Start of the run in the hypothesis.
    pub hyp_start: usize,
    /// End (exclusive) of the run in the hypothesis.
    pub hyp_end: usize,
}

/// The alignment of one (reference, hypothesis) pair: its chunks, in order and covering both sequences,
/// and their counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Alignment {
    /// Chunks in order; empty only when both sequences are empty.
    pub chunks: Vec<Chunk>,
    /// H/S/D/I of the chunks.
    pub counts: Counts,
}

/// The Levenshtein distance (unit costs) between two sequences: bit-parallel (Hyyrö) when the shorter
/// side, after stripping the common prefix and suffix, has at most 64 units, else a one-row programme.
pub fn distance<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> usize {
    let (reference, hypothesis) = strip_affixes(reference, hypothesis);
    let (short, long) =
        if reference.len() <= hypothesis.len() { (reference, hypothesis) } else { (hypothesis, reference) };
    if short.is_empty() {
        return long.len();
    }
    if short.len() <= 64 {
        return myers_distance(short, long);
    }
    row_distance(short, long)
}

/// [`distance`] of two sequences of unit ids (what the character metrics compare), in O(m · ⌈n/64⌉) steps
/// for any length: the shorter side is indexed once (each distinct id to its positions, as bit masks) and
/// Hyyrö's bit-parallel columns run in 64-unit blocks. [`distance`] must compare every pair of units to build
/// those masks, and falls back to the plain row DP beyond 64 units; a proptest keeps the two equal.
///
/// ```
/// use uraikal_metrics::align::{distance, distance_ids};
/// let (a, b): (Vec<u32>, Vec<u32>) = ((0..300).map(|i| i % 7).collect(), (0..290).map(|i| i % 5).collect());
/// assert_eq!(distance_ids(&a, &b), distance(&a, &b));
/// ```
pub fn distance_ids(reference: &[u32], hypothesis: &[u32]) -> usize {
    let (reference, hypothesis) = strip_affixes(reference, hypothesis);
    let (short, long) =
        if reference.len() <= hypothesis.len() { (reference, hypothesis) } else { (hypothesis, reference) };
    if short.is_empty() {
        return long.len();
    }
    // The masks are dense (distinct ids × blocks): bound them, and keep no huge buffer afterwards. Past the
    // bound (two long texts of mostly distinct units) the generic distance answers, equally exactly.
    const MAX_MASK_WORDS: usize = 1 << 21;
    let blocks = short.len().div_ceil(64);
    if short.len().saturating_mul(blocks) > MAX_MASK_WORDS {
        let distinct = short.iter().collect::<rustc_hash::FxHashSet<_>>().len();
        if distinct.saturating_mul(blocks) > MAX_MASK_WORDS {
            return distance(short, long);
        }
    }
    ID_SCRATCH.with(|cell| {
        let scratch = &mut *cell.borrow_mut();
        let d = blocked_distance(scratch, short, long);
        if scratch.masks.capacity() > 1 << 16 {
            *scratch = IdScratch::default();
        }
        d
    })
}

thread_local! {
    static ID_SCRATCH: RefCell<IdScratch> = RefCell::new(IdScratch::default());
}

/// [`distance_ids`]' buffers, kept per thread.
#[derive(Default)]
struct IdScratch {
    /// Each distinct pattern id to its row in `masks`.
    index: rustc_hash::FxHashMap<u32, u32>,
    /// Per distinct id, one mask per 64-unit block of the pattern.
    masks: Vec<u64>,
    vp: Vec<u64>,
    vn: Vec<u64>,
}

fn blocked_distance(s: &mut IdScratch, pattern: &[u32], text: &[u32]) -> usize {
    let n = pattern.len();
    let blocks = n.div_ceil(64);
    s.index.clear();
    s.masks.clear();
    for (i, &unit) in pattern.iter().enumerate() {
        let next = s.index.len() as u32;
        let row = *s.index.entry(unit).or_insert(next);
        if row == next {
            s.masks.resize(s.masks.len() + blocks, 0);
        }
        s.masks[row as usize * blocks + i / 64] |= 1 << (i % 64);
    }
    s.vp.clear();
    s.vp.resize(blocks, !0);
    s.vn.clear();
    s.vn.resize(blocks, 0);
    let (last_block, last_bit) = (blocks - 1, (n - 1) % 64);
    let mut dist = n;
    for unit in text {
        let masks = s.index.get(unit).map(|&row| &s.masks[row as usize * blocks..(row as usize + 1) * blocks]);
        // Row 0 grows by one per column: the horizontal delta entering the first block is +1.
        let mut carry: i32 = 1;
        for b in 0..blocks {
            let (ph, mh, out) = hyyro_block(masks.map_or(0, |m| m[b]), &mut s.vp[b], &mut s.vn[b], carry);
            if b == last_block {
                // The horizontal delta in the pattern's last row is the change of the distance.
                if ph >> last_bit & 1 != 0 {
                    dist += 1;
                } else if mh >> last_bit & 1 != 0 {
                    dist -= 1;
                }
            }
            carry = out;
        }
    }
    dist
}

/// One 64-unit block of one column of Hyyrö's algorithm (as in edlib). `eq` marks the block's rows equal to
/// the column's unit, `vp`/`vn` are the block's vertical deltas (updated in place), `carry` the horizontal
/// delta entering the block's first row (+1, 0 or −1). Returns the block's horizontal deltas before they are
/// shifted (bit i: the delta in row i; for reading a row's change) and the delta leaving its last row.
#[inline]
fn hyyro_block(eq: u64, vp: &mut u64, vn: &mut u64, carry: i32) -> (u64, u64, i32) {
    let (pv, mv) = (*vp, *vn);
    let negative = (carry < 0) as u64;
    let xv = eq | mv;
    let eq = eq | negative;
    let xh = ((eq & pv).wrapping_add(pv) ^ pv) | eq;
    let ph = mv | !(xh | pv);
    let mh = pv & xh;
    let out = (ph >> 63) as i32 - (mh >> 63) as i32;
    let shifted_ph = (ph << 1) | (carry > 0) as u64;
    let shifted_mh = (mh << 1) | negative;
    *vp = shifted_mh | !(xv | shifted_ph);
    *vn = shifted_ph & xv;
    (ph, mh, out)
}

/// The exact jiwer 4 / rapidfuzz alignment of `reference` and `hypothesis` (SPEC S2).
pub fn align<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> Alignment {
    with_scratch(|scratch| {
        edit_ops(scratch, reference, hypothesis);
        Alignment {
            chunks: chunks(&scratch.ops, reference.len(), hypothesis.len()),
            counts: count_ops(&scratch.ops, reference.len()),
        }
    })
}

/// The H/S/D/I counts of [`align`], without building its chunks (and without allocating once the
/// thread's scratch buffers have grown).
pub fn counts<T: PartialEq>(reference: &[T], hypothesis: &[T]) -> Counts {
    with_scratch(|scratch| {
        edit_ops(scratch, reference, hypothesis);
        count_ops(&scratch.ops, reference.len())
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OpKind {
    Replace,
    Delete,
    Insert,
}

/// One edit at (`src`, `dest`): rapidfuzz's editop.
#[derive(Debug, Clone, Copy)]
struct EditOp {
    kind: OpKind,
    src: usize,
    dest: usize,
}

/// Buffers reused between calls on one thread, so that scoring a corpus does not allocate per sentence.
#[derive(Default)]
struct Scratch {
    /// Per hypothesis unit and 64-unit block: the reference positions (bits) holding an equal unit.
    match_masks: Vec<u64>,
    /// Per hypothesis unit and block: vertical +1 / -1 deltas of the distance matrix column (Hyyrö).
    vp: Vec<u64>,
    vn: Vec<u64>,
    /// The edit operations of the last alignment, in order.
    ops: Vec<EditOp>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => f(&mut scratch),
        // Only reachable through re-entrant use (a PartialEq that aligns); give it its own buffers.
        Err(_) => f(&mut Scratch::default()),
    })
}

fn common_prefix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn common_suffix<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count()
}

fn strip_affixes<'a, T: PartialEq>(a: &'a [T], b: &'a [T]) -> (&'a [T], &'a [T]) {
    let prefix = common_prefix(a, b);
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix = common_suffix(a, b);
    (&a[..a.len() - suffix], &b[..b.len() - suffix])
}

/// Myers/Hyyrö bit-parallel distance; `pattern` has 1..=64 units.
fn myers_distance<T: PartialEq>(pattern: &[T], text: &[T]) -> usize {
    let n = pattern.len();
    let last = 1u64 << (n - 1);
    let mut vp: u64 = if n == 64 { !0 } else { (1u64 << n) - 1 };
    let mut vn: u64 = 0;
    let mut dist = n;
    for unit in text {
        let mut pm = 0u64;
        for (i, p) in pattern.iter().enumerate() {
            pm |= ((p == unit) as u64) << i;
        }
        let x = pm | vn;
        let d0 = ((x & vp).wrapping_add(vp) ^ vp) | x;
        let hp = vn | !(d0 | vp);
        let hn = vp & d0;
        if hp & last != 0 {
            dist += 1;
        }
        if hn & last != 0 {
            dist -= 1;
        }
        let hp = (hp << 1) | 1;
        let hn = hn << 1;
        vp = hn | !(d0 | hp);
        vn = hp & d0;
    }
    dist
}

/// One-row dynamic programme for long sequences.
fn row_distance<T: PartialEq>(short: &[T], long: &[T]) -> usize {
    let mut row: Vec<usize> = (0..=short.len()).collect();
    for (j, b) in long.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = j + 1;
        for (i, a) in short.iter().enumerate() {
            let above = row[i + 1];
            let cost = diagonal + (a != b) as usize;
            row[i + 1] = cost.min(above + 1).min(row[i] + 1);
            diagonal = above;
        }
    }
    row[short.len()]
}

/// Fills `scratch.ops` with rapidfuzz's editops for the pair (SPEC S2).
fn edit_ops<T: PartialEq>(scratch: &mut Scratch, reference: &[T], hypothesis: &[T]) {
    scratch.ops.clear();
    let prefix = common_prefix(reference, hypothesis);
    let (r, h) = (&reference[prefix..], &hypothesis[prefix..]);
    let suffix = common_suffix(r, h);
    let (r, h) = (&r[..r.len() - suffix], &h[..h.len() - suffix]);
    if r.is_empty() || h.is_empty() {
        scratch.ops.extend((0..r.len()).map(|i| EditOp { kind: OpKind::Delete, src: prefix + i, dest: prefix }));
        scratch.ops.extend((0..h.len()).map(|j| EditOp {
            kind: OpKind::Insert,
            src: prefix + r.len(),
            dest: prefix + j,
        }));
        return;
    }
    backtrace_bits(scratch, r, h, prefix);
    scratch.ops.reverse();
}

/// Hyyrö's bit-parallel algorithm in 64-unit blocks (as in edlib), keeping every column's vertical deltas,
/// then rapidfuzz's back-trace over them. Ops are pushed last to first.
fn backtrace_bits<T: PartialEq>(scratch: &mut Scratch, r: &[T], h: &[T], offset: usize) {
    let n = r.len();
    let blocks = n.div_ceil(64);
    // Per hypothesis unit and block: the reference positions holding an equal unit.
    scratch.match_masks.clear();
    scratch.match_masks.resize(h.len() * blocks, 0);
    for (j, unit) in h.iter().enumerate() {
        for (i, p) in r.iter().enumerate() {
            scratch.match_masks[j * blocks + i / 64] |= ((p == unit) as u64) << (i % 64);
        }
    }
    scratch.vp.clear();
    scratch.vn.clear();
    scratch.vp.resize(h.len() * blocks, 0);
    scratch.vn.resize(h.len() * blocks, 0);
    let mut vp = vec![!0u64; blocks];
    let mut vn = vec![0u64; blocks];
    for j in 0..h.len() {
        // Row 0 grows by one per column: the horizontal delta entering the first block is +1.
        let mut carry: i32 = 1;
        for b in 0..blocks {
            let (_, _, out) = hyyro_block(scratch.match_masks[j * blocks + b], &mut vp[b], &mut vn[b], carry);
            scratch.vp[j * blocks + b] = vp[b];
            scratch.vn[j * blocks + b] = vn[b];
            carry = out;
        }
    }
    let bit = |v: &[u64], j: usize, i: usize| v[j * blocks + i / 64] >> (i % 64) & 1 != 0;
    let (mut i, mut j) = (n, h.len());
    while i > 0 && j > 0 {
        // D[i][j] == D[i-1][j] + 1: delete r[i-1].
        if bit(&scratch.vp, j - 1, i - 1) {
            i -= 1;
            scratch.ops.push(EditOp { kind: OpKind::Delete, src: offset + i, dest: offset + j });
            continue;
        }
        j -= 1;
        // D[i][j] == D[i-1][j] - 1 (one column to the left): insert h[j].
        if j > 0 && bit(&scratch.vn, j - 1, i - 1) {
            scratch.ops.push(EditOp { kind: OpKind::Insert, src: offset + i, dest: offset + j });
            continue;
        }
        i -= 1;
        if r[i] != h[j] {
            scratch.ops.push(EditOp { kind: OpKind::Replace, src: offset + i, dest: offset + j });
        }
    }
    push_leftovers(&mut scratch.ops, i, j, offset);
}

/// The same back-trace over the full distance matrix: the plain statement of S2.1 that the bit-parallel
/// version is tested against.
#[cfg(test)]
fn backtrace_matrix<T: PartialEq>(scratch: &mut Scratch, r: &[T], h: &[T], offset: usize) {
    let (n, m) = (r.len(), h.len());
    let width = m + 1;
    let mut d = vec![0u32; (n + 1) * width];
    for (j, cell) in d.iter_mut().enumerate().take(width) {
        *cell = j as u32;
    }
    for i in 1..=n {
        d[i * width] = i as u32;
        for j in 1..=m {
            let diagonal = d[(i - 1) * width + j - 1] + (r[i - 1] != h[j - 1]) as u32;
            let up = d[(i - 1) * width + j] + 1;
            let left = d[i * width + j - 1] + 1;
            d[i * width + j] = diagonal.min(up).min(left);
        }
    }
    let at = |i: usize, j: usize| d[i * width + j];
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        if at(i, j) == at(i - 1, j) + 1 {
            i -= 1;
            scratch.ops.push(EditOp { kind: OpKind::Delete, src: offset + i, dest: offset + j });
            continue;
        }
        j -= 1;
        if j > 0 && at(i, j) + 1 == at(i - 1, j) {
            scratch.ops.push(EditOp { kind: OpKind::Insert, src: offset + i, dest: offset + j });
            continue;
        }
        i -= 1;
        if r[i] != h[j] {
            scratch.ops.push(EditOp { kind: OpKind::Replace, src: offset + i, dest: offset + j });
        }
    }
    push_leftovers(&mut scratch.ops, i, j, offset);
}

/// What remains at the matrix border: deletions down column 0, then insertions along row 0 (pushed last
/// to first, as rapidfuzz fills them).
fn push_leftovers(ops: &mut Vec<EditOp>, mut i: usize, mut j: usize, offset: usize) {
    while i > 0 {
        i -= 1;
        ops.push(EditOp { kind: OpKind::Delete, src: offset + i, dest: offset + j });
    }
    while j > 0 {
        j -= 1;
        ops.push(EditOp { kind: OpKind::Insert, src: offset, dest: offset + j });
    }
}

fn count_ops(ops: &[EditOp], reference_len: usize) -> Counts {
    let mut counts = Counts::default();
    for op in ops {
        match op.kind {
            OpKind::Replace => counts.substitutions += 1,
            OpKind::Delete => counts.deletions += 1,
            OpKind::Insert => counts.insertions += 1,
        }
    }
    counts.hits = reference_len - counts.substitutions - counts.deletions;
    counts
}

/// rapidfuzz's `Opcodes(Editops)`: equal runs fill the gaps; contiguous ops of one kind merge.
fn chunks(ops: &[EditOp], src_len: usize, dest_len: usize) -> Vec<Chunk> {
    let mut out = Vec::new();
    let (mut src, mut dest) = (0, 0);
    let mut k = 0;
    while k < ops.len() {
        if src < ops[k].src || dest < ops[k].dest {
            out.push(Chunk {
                kind: ChunkKind::Equal,
                ref_start: src,
                ref_end: ops[k].src,
                hyp_start: dest,
                hyp_end: ops[k].dest,
            });
            src = ops[k].src;
            dest = ops[k].dest;
        }
        let (src_begin, dest_begin, kind) = (src, dest, ops[k].kind);
        loop {
            match kind {
                OpKind::Replace => {
                    src += 1;
                    dest += 1;
                }
                OpKind::Delete => src += 1,
                OpKind::Insert => dest += 1,
            }
            k += 1;
            if k >= ops.len() || ops[k].kind != kind || ops[k].src != src || ops[k].dest != dest {
                break;
            }
        }
        let kind = match kind {
            OpKind::Replace => ChunkKind::Substitute,
            OpKind::Delete => ChunkKind::Delete,
            OpKind::Insert => ChunkKind::Insert,
        };
        out.push(Chunk { kind, ref_start: src_begin, ref_end: src, hyp_start: dest_begin, hyp_end: dest });
    }
    if src < src_len || dest < dest_len {
        out.push(Chunk {
            kind: ChunkKind::Equal,
            ref_start: src,
            ref_end: src_len,
            hyp_start: dest,
            hyp_end: dest_len,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(a: &Alignment) -> Vec<(&'static str, usize, usize, usize, usize)> {
        a.chunks.iter().map(|c| (c.kind.as_str(), c.ref_start, c.ref_end, c.hyp_start, c.hyp_end)).collect()
    }

    #[test]
    fn empty_sides() {
        assert_eq!(align::<char>(&[], &[]).chunks, vec![]);
        let a = align(&['a', 'b'], &[]);
        assert_eq!(kinds(&a), vec![("delete", 0, 2, 0, 0)]);
        let a = align(&[], &['a']);
        assert_eq!(kinds(&a), vec![("insert", 0, 0, 0, 1)]);
        assert_eq!(distance::<char>(&[], &['x', 'y']), 2);
    }

    #[test]
    fn jiwer_docstring_example() {
        // SPEC S2: jiwer's own example, "quite a bit of longer sentence" vs "quite bit of an even longest
        // sentence here": D at "a", I I at "an even", S at longer, I at here.
        let r: Vec<&str> = "quite a bit of longer sentence".split(' ').collect();
        let h: Vec<&str> = "quite bit of an even longest sentence here".split(' ').collect();
        let a = align(&r, &h);
        assert_eq!(
            kinds(&a),
            vec![
                ("equal", 0, 1, 0, 1),
                ("delete", 1, 2, 1, 1),
                ("equal", 2, 4, 1, 3),
                ("insert", 4, 4, 3, 5),
                ("substitute", 4, 5, 5, 6),
                ("equal", 5, 6, 6, 7),
                ("insert", 6, 6, 7, 8)
            ]
        );
        assert_eq!(a.counts, Counts { hits: 4, substitutions: 1, deletions: 1, insertions: 3 });
    }

    fn ops_via(reference: &[u8], hypothesis: &[u8], bits: bool) -> Vec<(OpKind, usize, usize)> {
        let mut scratch = Scratch::default();
        let p = common_prefix(reference, hypothesis);
        let (r, h) = (&reference[p..], &hypothesis[p..]);
        let s = common_suffix(r, h);
        let (r, h) = (&r[..r.len() - s], &h[..h.len() - s]);
        if r.is_empty() || h.is_empty() {
            return vec![];
        }
        if bits {
            backtrace_bits(&mut scratch, r, h, p);
        } else {
            backtrace_matrix(&mut scratch, r, h, p);
        }
        scratch.ops.iter().map(|o| (o.kind, o.src, o.dest)).collect()
    }

    proptest::proptest! {
        // SPEC S2: the bit-parallel back-trace and the matrix back-trace take the same path.
        #[test]
        fn bit_parallel_and_matrix_backtraces_agree(
            r in proptest::collection::vec(0u8..4, 0..200),
            h in proptest::collection::vec(0u8..4, 0..200),
        ) {
            proptest::prop_assert_eq!(ops_via(&r, &h, true), ops_via(&r, &h, false));
        }

        // The id distance (any length, indexed pattern) equals the generic one and the plain row DP.
        #[test]
        fn id_distance_equals_the_row_dp(
            r in proptest::collection::vec(0u32..6, 0..400),
            h in proptest::collection::vec(0u32..6, 0..400),
        ) {
            let plain = if r.len() <= h.len() { row_distance(&r, &h) } else { row_distance(&h, &r) };
            proptest::prop_assert_eq!(distance_ids(&r, &h), plain);
            proptest::prop_assert_eq!(distance(&r, &h), plain);
        }

        // SPEC S2.1: chunks cover both sequences in order, and the counts add up to the distance.
        #[test]
        fn chunks_cover_and_counts_match_distance(
            r in proptest::collection::vec(0u8..5, 0..150),
            h in proptest::collection::vec(0u8..5, 0..150),
        ) {
            let a = align(&r, &h);
            let (mut i, mut j) = (0, 0);
            for c in &a.chunks {
                proptest::prop_assert_eq!((c.ref_start, c.hyp_start), (i, j));
                match c.kind {
                    ChunkKind::Equal => proptest::prop_assert_eq!(&r[c.ref_start..c.ref_end], &h[c.hyp_start..c.hyp_end]),
                    ChunkKind::Substitute => proptest::prop_assert_eq!(c.ref_end - c.ref_start, c.hyp_end - c.hyp_start),
                    ChunkKind::Delete => proptest::prop_assert_eq!(c.hyp_start, c.hyp_end),
                    ChunkKind::Insert => proptest::prop_assert_eq!(c.ref_start, c.ref_end),
                }
                i = c.ref_end;
                j = c.hyp_end;
            }
            proptest::prop_assert_eq!((i, j), (r.len(), h.len()));
            proptest::prop_assert_eq!(a.counts.errors(), distance(&r, &h));
            proptest::prop_assert_eq!(a.counts.errors(), row_distance(&r, &h));
            proptest::prop_assert_eq!(a.counts, counts(&r, &h));
            proptest::prop_assert_eq!(a.counts.reference_len(), r.len());
            proptest::prop_assert_eq!(a.counts.hypothesis_len(), h.len());
        }
    }
}
