//! A table of words (byte strings) to dense ids, kept in one buffer: the detector's per-word cache inserts a
//! word without allocating (text whose words are new inserts one per word).

use std::hash::Hasher;

/// A small fast hash for short words (the multiply-rotate of rustc's FxHasher).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Byte strings → ids 0, 1, 2 … in the order of insertion; open addressing over the keys' Fx hashes.
#[derive(Default)]
pub(crate) struct WordTable {
    /// Per slot, id + 1 (0: empty) in the low half and the hash's low 32 bits in the high half, so that a
    /// probe reads one slot and compares keys only when the hashes agree; a power of two, at most half full.
    slots: Vec<u64>,
    hashes: Vec<u64>,
    /// Per id, where its key ends in `keys` (it starts where the previous one ends).
    ends: Vec<u32>,
    keys: Vec<u8>,
}

impl WordTable {
    /// The Fx hash of `key` (8-byte little-endian chunks, the last one padded with zeros), fed to Fx a whole
    /// u64 at a time: `Fx::write` on the key copies each chunk through memory with a call to memcpy, and the
    /// load that follows waits for it.
    #[inline]
    pub(crate) fn hash(key: &[u8]) -> u64 {
        let mut h = Fx::default();
        let mut chunks = key.chunks_exact(8);
        for chunk in &mut chunks {
            h.write_u64(u64::from_le_bytes(chunk.try_into().unwrap()));
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            h.write_u64(tail_word(tail));
        }
        h.finish()
    }

    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill(0);
        self.hashes.clear();
        self.ends.clear();
        self.keys.clear();
    }

    /// The word `id`.
    #[inline]
    pub(crate) fn key(&self, id: u32) -> &[u8] {
        let start = if id == 0 { 0 } else { self.ends[id as usize - 1] as usize };
        &self.keys[start..self.ends[id as usize] as usize]
    }

    #[inline]
    fn slot(&self, hash: u64) -> usize {
        // Fx's last multiply leaves its best bits high.
        (hash >> 40) as usize & (self.slots.len() - 1)
    }

    /// The id of `key` (whose hash is `hash`), if it is in the table.
    #[inline]
    pub(crate) fn find(&self, key: &[u8], hash: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut at = self.slot(hash);
        loop {
            let slot = self.slots[at];
            let id = (slot as u32).checked_sub(1)?;
            if (slot >> 32) as u32 == hash as u32 && same(self.key(id), key) {
                return Some(id);
            }
            at = (at + 1) & mask;
        }
    }

    /// Adds `key` (not in the table) and returns its id.
    pub(crate) fn insert(&mut self, key: &[u8], hash: u64) -> u32 {
        if (self.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let id = self.len() as u32;
        self.keys.extend_from_slice(key);
        self.ends.push(self.keys.len() as u32);
        self.hashes.push(hash);
        self.place(id);
        id
    }

    fn place(&mut self, id: u32) {
        let mask = self.slots.len() - 1;
        let hash = self.hashes[id as usize];
        let mut at = self.slot(hash);
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = (hash as u32 as u64) << 32 | (id as u64 + 1);
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        self.slots = vec![0; size];
        for id in 0..self.len() as u32 {
            self.place(id);
        }
    }
}

/// `a == b`, for keys up to 16 bytes with two loads that may overlap instead of a call to memcmp.
#[inline]
fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    fn ends<const W: usize>(s: &[u8]) -> ([u8; W], [u8; W]) {
        (s[..W].try_into().unwrap(), s[s.len() - W..].try_into().unwrap())
    }
    match n {
        0 => true,
        1 => a[0] == b[0],
        2..=3 => ends::<2>(a) == ends::<2>(b),
        4..=7 => ends::<4>(a) == ends::<4>(b),
        8..=16 => ends::<8>(a) == ends::<8>(b),
        _ => a == b,
    }
}

/// The bytes of `tail` (1 to 7 of them) as a little-endian u64, zero above: two loads that may overlap (the
/// overlapping bytes are the same in both) instead of a loop over the bytes.
#[inline]
fn tail_word(tail: &[u8]) -> u64 {
    let n = tail.len();
    let (lo, hi) = if n >= 4 {
        let lo = u32::from_le_bytes(tail[..4].try_into().unwrap()) as u64;
        (lo, (u32::from_le_bytes(tail[n - 4..].try_into().unwrap()) as u64) << (8 * (n - 4)))
    } else if n >= 2 {
        let lo = u16::from_le_bytes(tail[..2].try_into().unwrap()) as u64;
        (lo, (u16::from_le_bytes(tail[n - 2..].try_into().unwrap()) as u64) << (8 * (n - 2)))
    } else {
        (tail[0] as u64, 0)
    };
    lo | hi
}

#[cfg(test)]
mod tests {
    /// The two-load comparison is `==`, for every pair of lengths up to 20 and keys that differ in any one byte.
    #[test]
    fn same_equals_eq() {
        let base: Vec<u8> = (0..20u8).map(|i| i.wrapping_mul(53) ^ 0xA5).collect();
        for n in 0..=20 {
            for m in 0..=20 {
                assert_eq!(super::same(&base[..n], &base[..m]), n == m);
            }
            for at in 0..n {
                let mut other = base[..n].to_vec();
                other[at] ^= 1;
                assert!(!super::same(&base[..n], &other), "{n} {at}");
            }
        }
    }

    /// The two-load tail is the byte loop's value, for every length and many contents.
    #[test]
    fn tail_word_equals_byte_loop() {
        let bytes: Vec<u8> = (0..64u32).map(|i| (i * 37 + 11) as u8 | (0x80 * (i as u8 & 1))).collect();
        for start in 0..32 {
            for n in 1..8 {
                let tail = &bytes[start..start + n];
                assert_eq!(super::tail_word(tail), tail.iter().rev().fold(0, |word, &b| word << 8 | b as u64));
            }
        }
    }

    use super::WordTable;

    /// On a little-endian machine the hash is Fx's over the key's bytes, whatever the length.
    #[cfg(target_endian = "little")]
    #[test]
    fn hash_is_fx_over_the_bytes() {
        use std::hash::Hasher;
        let text = "தமிழ் jkpo; www.example.org 0123456789abcdef";
        for end in 0..=text.len() {
            let key = &text.as_bytes()[..end];
            let mut fx = super::Fx::default();
            fx.write(key);
            assert_eq!(WordTable::hash(key), fx.finish(), "{end}");
        }
    }

    #[test]
    fn finds_what_it_holds_and_only_that() {
        let mut table = WordTable::default();
        let words: Vec<String> = (0..5000).map(|i| format!("w{i}")).collect();
        for (i, w) in words.iter().enumerate() {
            let h = WordTable::hash(w.as_bytes());
            assert_eq!(table.find(w.as_bytes(), h), None);
            assert_eq!(table.insert(w.as_bytes(), h), i as u32);
        }
        for (i, w) in words.iter().enumerate() {
            assert_eq!(table.find(w.as_bytes(), WordTable::hash(w.as_bytes())), Some(i as u32));
            assert_eq!(table.key(i as u32), w.as_bytes());
        }
        assert_eq!(table.find(b"", WordTable::hash(b"")), None);
        table.clear();
        assert_eq!(table.find(b"w1", WordTable::hash(b"w1")), None);
        assert_eq!(table.insert(b"", WordTable::hash(b"")), 0);
        assert_eq!(table.find(b"", WordTable::hash(b"")), Some(0));
    }
}
