//! One encoding's decoder and encoder, built once from its source table (SPEC E2–E4).
//!
//! Decoding segments the legacy text into the table's glyph sequences at the least cost (E3): each piece costs
//! 1, a character that belongs to the font's glyph set but starts no sequence costs 1,000, and so does a piece
//! that begins with a dependent vowel sign or pulli where nothing before it can carry one. Greedy longest match
//! is wrong exactly where fonts reuse a glyph: Bamini's "h" is both the ா sign and the old ர of ரி, and the ள
//! glyph is also the ௌ length mark, so "xs;" is ஒள் and not ஔ followed by a stranded pulli.
//!
//! `Codec::decode` runs that segmentation over the whole text and is the reference; `Codec::decode_line`, what
//! the library calls, gives the same (a property test holds it to that) by cutting the line where the
//! segmentation falls apart (`Codec::cuts`) and remembering each piece's decoding: text repeats its syllables,
//! fresh text too, so the segmentation runs on few of them.

use std::collections::HashMap;
use std::hint::select_unpredictable;

use crate::tables::OPEN_TAMIL;

/// Segments longer than this (bytes) are not cached (a cache key holds the bytes and their length: a u64 up to
/// 7 bytes, a u128 up to 15).
const SEGMENT: usize = 15;
/// Each segment cache's slots (direct-mapped: a new segment overwrites the slot's old one).
const SLOTS: usize = 1 << 13;
/// A decoding longer than this (bytes) is not cached.
const SHORT: usize = 22;

const NONE: u32 = u32::MAX;
/// The cost of a glyph left unexplained, or of a vowel sign with no consonant to carry it.
const BAD: u32 = 1000;

/// A character of the Tamil block.
pub(crate) fn is_tamil(c: char) -> bool {
    ('\u{0B80}'..='\u{0BFF}').contains(&c)
}

/// A dependent vowel sign, the pulli or the au length mark: something a consonant must carry.
pub(crate) fn is_mark(c: char) -> bool {
    matches!(c, '\u{0BBE}'..='\u{0BCD}' | '\u{0BD7}')
}

/// A Tamil consonant (க … ஹ).
pub(crate) fn is_consonant(c: char) -> bool {
    ('\u{0B95}'..='\u{0BB9}').contains(&c)
}

/// Appends `c` to `out`, composing the Tamil canonical pairs (ொ ோ ௌ ஔ) as NFC does.
pub(crate) fn push_composed(out: &mut String, c: char) {
    if !matches!(c, '\u{0BBE}' | '\u{0BD7}') {
        out.push(c);
        return;
    }
    let composed = match (out.chars().next_back(), c) {
        (Some('\u{0BC6}'), '\u{0BBE}') => Some('\u{0BCA}'),
        (Some('\u{0BC7}'), '\u{0BBE}') => Some('\u{0BCB}'),
        (Some('\u{0BC6}'), '\u{0BD7}') => Some('\u{0BCC}'),
        (Some('\u{0B92}'), '\u{0BD7}') => Some('\u{0B94}'),
        _ => None,
    };
    match composed {
        Some(k) => {
            out.pop();
            out.push(k);
        }
        None => out.push(c),
    }
}

/// Tamil text with the canonical pairs composed (the NFC of Tamil; other characters are left as they are).
pub(crate) fn compose_tamil(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_composed(&mut out, c);
    }
    out
}

struct Node {
    value: u32,
    children: Vec<(char, u32)>,
}

/// A character trie; the root's children below U+0100 are looked up in a dense array.
struct Trie {
    nodes: Vec<Node>,
    root_low: Box<[u32; 256]>,
    depth: usize,
}

impl Trie {
    fn new() -> Trie {
        Trie { nodes: vec![Node { value: NONE, children: Vec::new() }], root_low: Box::new([NONE; 256]), depth: 0 }
    }

    fn child(&self, node: u32, c: char) -> u32 {
        if node == 0 && (c as u32) < 256 {
            return self.root_low[c as usize];
        }
        let children = &self.nodes[node as usize].children;
        match children.binary_search_by_key(&c, |&(k, _)| k) {
            Ok(i) => children[i].1,
            Err(_) => NONE,
        }
    }

    /// Inserts `key` unless it is already there; returns whether it was inserted.
    fn insert(&mut self, key: &str, value: u32) -> bool {
        let mut node = 0u32;
        for c in key.chars() {
            let next = self.child(node, c);
            node = if next != NONE {
                next
            } else {
                let id = self.nodes.len() as u32;
                self.nodes.push(Node { value: NONE, children: Vec::new() });
                if node == 0 && (c as u32) < 256 {
                    self.root_low[c as usize] = id;
                } else {
                    let children = &mut self.nodes[node as usize].children;
                    let at = children.partition_point(|&(k, _)| k < c);
                    children.insert(at, (c, id));
                }
                id
            };
        }
        self.depth = self.depth.max(key.chars().count());
        let slot = &mut self.nodes[node as usize].value;
        if *slot != NONE {
            return false;
        }
        *slot = value;
        true
    }

    /// The values of every key that starts `chars`, shortest first, as (length, value).
    fn matches(&self, chars: &[char], out: &mut Vec<(u8, u32)>) {
        out.clear();
        let mut node = 0u32;
        for (k, &c) in chars.iter().take(self.depth).enumerate() {
            node = self.child(node, c);
            if node == NONE {
                return;
            }
            let value = self.nodes[node as usize].value;
            if value != NONE {
                out.push((k as u8 + 1, value));
            }
        }
    }
}

/// The decoder's trie over the keys' UTF-8 bytes: a dense transition table whose columns are the bytes keys
/// use, so a step is two loads and no search. Each node is a row of `width` cells at its offset: cell 0 is 0
/// (where a byte no key uses leads: nowhere), cell 1 the node's value (NONE: no key ends here), the others the
/// offsets of its children's rows (0: none; the root, at 0, is nobody's child).
struct ByteTrie {
    column: [u16; 256],
    width: usize,
    cells: Vec<u32>,
}

impl ByteTrie {
    /// A trie with a column for each byte of `keys` (a later key with other bytes widens the table).
    fn new<'k>(keys: impl Iterator<Item = &'k str>) -> ByteTrie {
        let mut trie = ByteTrie { column: [0; 256], width: 2, cells: Vec::new() };
        for key in keys {
            for &b in key.as_bytes() {
                if trie.column[b as usize] == 0 {
                    trie.column[b as usize] = trie.width as u16;
                    trie.width += 1;
                }
            }
        }
        trie.cells = vec![0; trie.width];
        trie.cells[1] = NONE;
        trie
    }

    /// The row `b` leads to from `row` (0: none).
    fn step(&self, row: u32, b: u8) -> u32 {
        self.cells[row as usize + self.column[b as usize] as usize]
    }

    fn value(&self, row: u32) -> u32 {
        self.cells[row as usize + 1]
    }

    /// Inserts `key` unless it is already there; returns whether it was inserted.
    fn insert(&mut self, key: &str, value: u32) -> bool {
        let mut row = 0usize;
        for &b in key.as_bytes() {
            if self.column[b as usize] == 0 {
                // Every row moves: so does the one we are at.
                row = row / self.width * (self.width + 1);
                self.widen(b);
            }
            let at = row + self.column[b as usize] as usize;
            row = match self.cells[at] {
                0 => {
                    let new = self.cells.len();
                    self.cells.resize(new + self.width, 0);
                    self.cells[new + 1] = NONE;
                    self.cells[at] = new as u32;
                    new
                }
                next => next as usize,
            };
        }
        let slot = &mut self.cells[row + 1];
        if *slot != NONE {
            return false;
        }
        *slot = value;
        true
    }

    /// Gives `b` a column of its own (every row moves).
    fn widen(&mut self, b: u8) {
        let (old, width) = (self.width, self.width + 1);
        let mut cells = Vec::with_capacity(self.cells.len() / old * width);
        for row in self.cells.chunks(old) {
            cells.extend_from_slice(&row[..2]);
            cells.extend(row[2..].iter().map(|&child| child / old as u32 * width as u32));
            cells.push(0);
        }
        self.column[b as usize] = old as u16;
        (self.cells, self.width) = (cells, width);
    }
}

/// A decoded piece: its Unicode text and what the DP needs to know about it.
struct Piece {
    text: Box<str>,
    /// The text starts with ா or ௗ, which may compose with what comes before it (ெ + ா = ொ).
    composes: bool,
    /// What the piece costs: 2 for a conjunct (க்ஷ, ஸ்ரீ), rarer than the letters its glyphs also spell.
    cost: u32,
    /// What it costs on top where nothing before it can carry a sign: BAD for a piece that starts with one.
    stranded: u32,
    /// Whether what follows can carry a sign, after a piece read where what came before could not (0) or could
    /// (1): a piece that ends with a consonant can; one that deletes its glyph (libi's "-") passes the state on.
    next: [u8; 2],
}

/// Per state (what comes before cannot, or can, carry a sign): the least cost of the rest of the word from a
/// byte, and the step that gives it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Cell {
    cost: [u32; 2],
    choice: [Choice; 2],
}

/// A piece's id with what the DP needs of it, in the trie's value: id << 5 | next[1] << 4 | next[0] << 3 |
/// (stranded > 0) << 2 | cost (at most 3).
fn packed(id: usize, piece: &Piece) -> u32 {
    debug_assert!(piece.cost <= 3 && id < 1 << 26);
    (id as u32) << 5
        | (piece.next[1] as u32) << 4
        | (piece.next[0] as u32) << 3
        | ((piece.stranded > 0) as u32) << 2
        | piece.cost
}

/// One step of the least-cost segmentation: the piece taken (NONE: one character as itself), its length in
/// bytes and the state after it.
#[derive(Clone, Copy, Default)]
struct Choice {
    piece: u32,
    len: u16,
    next: u8,
}

/// The dependent signs an encoder may have to write apart from a consonant (E4).
const SIGNS: [char; 12] = [
    '\u{0BBE}', '\u{0BBF}', '\u{0BC0}', '\u{0BC1}', '\u{0BC2}', '\u{0BC6}', '\u{0BC7}', '\u{0BC8}', '\u{0BCA}',
    '\u{0BCB}', '\u{0BCC}', '\u{0BCD}',
];

/// One encoding's decoder and encoder.
pub(crate) struct Codec {
    index: usize,
    decode: ByteTrie,
    pieces: Vec<Piece>,
    /// At `b << 8 | a` (the two bytes as a little-endian u16): the least-cost segmentation may be cut between
    /// bytes a and b (see `decode_line`). Bytes, not bits: 64 KB, but the scan for cuts takes 3 instructions
    /// fewer per byte, and is faster (fifth pass).
    cuts: Box<[bool; 1 << 16]>,
    /// At `byte`, an ASCII byte's decoding as a segment of its own, keyed as the segment cache keys it
    /// (`short_bytes`; key 0: none, see `Slot::new`, and for the other bytes, which are no character).
    single: Box<[Slot<u64>; 256]>,
    glyph_low: Box<[bool; 256]>,
    glyph_high: Vec<char>,
    encode: Trie,
    keys: Vec<Box<str>>,
    /// Per sign of SIGNS, the glyphs written before and after a consonant's glyph, where the table agrees.
    affixes: Vec<Option<(Box<str>, Box<str>)>>,
    /// Tamil letters the table spells only with a space before them (koeln's " ந").
    spaced_letters: Vec<char>,
}

/// Reusable buffers of decoding: the segment caches and the segmentation's cells.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Per encoding, its decoded segments (`decode_line`).
    caches: Vec<Segments>,
    /// Per byte of the text, the least cost of the rest and the step that gives it, per state (E3).
    cells: Vec<Cell>,
    /// Per byte of the line, whether a segment starts there (`decode_line`), 64 to a word.
    starts: Vec<u64>,
    /// The line, padded (`decode_line`).
    padded: Vec<u8>,
}

/// One encoding's decoded segments, direct-mapped by their key's hash (a new segment overwrites the slot's old
/// one); each table is allocated when first used (264 and 384 KB).
#[derive(Default)]
struct Segments {
    /// Segments of at most 7 bytes: `SLOTS` slots, then a copy of the codec's `single` (one index reaches
    /// either).
    short: Option<Box<[Slot<u64>; SLOTS + 256]>>,
    /// Segments of 8 to 15 bytes (fonts whose glyphs are two bytes of UTF-8 have many).
    long: Option<Box<[Slot<u128>; SLOTS]>>,
}

/// A decoded segment: its key (`short_bytes` or `long_bytes`; 0: empty) and its decoding (the first `len`
/// bytes of `text`).
#[derive(Clone, Copy, Default)]
struct Slot<K> {
    key: K,
    text: [u8; SHORT],
    len: u8,
}

impl<K> Slot<K> {
    /// The slot of a segment decoded as `decoded`; None when the decoding is too long or could compose with
    /// what comes before it (ா or ௗ first: ெ + ா = ொ).
    fn new(key: K, decoded: &str) -> Option<Slot<K>> {
        if decoded.len() > SHORT || decoded.starts_with(['\u{0BBE}', '\u{0BD7}']) {
            return None;
        }
        let mut text = [0; SHORT];
        text[..decoded.len()].copy_from_slice(decoded.as_bytes());
        Some(Slot { key, text, len: decoded.len() as u8 })
    }

    /// Appends the decoding to `out`.
    #[inline]
    fn push_to(&self, out: &mut String) {
        // SAFETY: `text[..len]` is a copy of a &str (`Slot::new`) and `len <= SHORT`, so `out` is UTF-8 again
        // once the bytes after it are cut off, which happens before anything can read it (`extend_from_slice`
        // can fail only before it writes); `set_len` shortens (`at + len <= at + SHORT`, the length after the
        // copy), so every byte it keeps is initialised. A fixed-size copy and a length cost a few instructions
        // where `push_str` calls memcpy (and `truncate` compares).
        let bytes = unsafe { out.as_mut_vec() };
        let at = bytes.len();
        bytes.extend_from_slice(&self.text);
        unsafe { bytes.set_len(at + self.len as usize) };
    }
}

/// The slot of a segment cache that the hash `hash` falls in.
#[inline(always)]
fn slot_of(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

/// A table of byte pairs, all false (on the heap).
fn bools() -> Box<[bool; 1 << 16]> {
    vec![false; 1 << 16].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}

/// An empty segment cache (on the heap).
fn slots<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!())
}

/// The segment `line[start..end]` (at most 7 bytes) as a u64: its bytes, and its length in bits 57–59 (never
/// 0). `line` goes on for at least 8 bytes from `start` (`decode_line` pads it; the bytes after `end` are masked
/// off).
#[inline]
fn short_bytes(line: &[u8], start: usize, end: usize) -> u64 {
    let len = end - start;
    let eight = u64::from_le_bytes(line[start..start + 8].try_into().unwrap_or_default());
    eight & MASKS[len] | (len as u64) << 57
}

/// At `len` (0 to 7): the low `len` bytes of a u64.
const MASKS: [u64; 8] = {
    let mut masks = [0; 8];
    let mut len = 0;
    while len < 8 {
        masks[len] = (1 << (8 * len)) - 1;
        len += 1;
    }
    masks
};

/// `short_bytes` for a segment of 8 to 15 bytes (`line` goes on for at least 16 bytes from `start`).
#[inline]
fn long_bytes(line: &[u8], start: usize, end: usize) -> u128 {
    let len = end - start;
    let sixteen = u128::from_le_bytes(line[start..start + 16].try_into().unwrap_or_default());
    sixteen & ((1 << (8 * len)) - 1) | (len as u128) << 121
}

/// Which source pairs take part in decoding (SPEC E2): a key with Tamil letters in it is one of open-tamil's
/// fix-ups of its own half-converted output, and an empty value would delete a glyph.
fn usable(legacy: &str) -> bool {
    !legacy.is_empty() && !legacy.chars().any(is_tamil)
}

/// Per Unicode piece (composed), the keys that spell it in the table's order: glyph-only keys first, then
/// open-tamil's glyph + Unicode sign forms (written only where the font has no glyph).
fn candidates(pairs: &[(&'static str, &'static str)]) -> Vec<(String, Vec<&'static str>)> {
    let mut out: Vec<(String, Vec<&'static str>)> = Vec::new();
    for pure in [true, false] {
        for &(legacy, unicode) in pairs {
            if legacy.is_empty() || unicode.is_empty() || usable(legacy) != pure {
                continue;
            }
            let text = compose_tamil(unicode);
            match out.iter_mut().find(|(t, _)| *t == text) {
                Some((_, keys)) => keys.push(legacy),
                None => out.push((text, vec![legacy])),
            }
        }
    }
    out
}

/// The separator (U+200C ZERO WIDTH NON-JOINER): an empty key in every encoding, which the encoder writes
/// between two keys that would otherwise read as something else (SPEC E4).
pub(crate) const SEPARATOR: char = '\u{200C}';

/// How the table's pairs are overruled (SPEC E2): 0 not; 1 (never written, read as usual) a consonant + sign
/// whose key writes the consonant's glyph twice where the other consonants write a sign glyph (Bamini "ntt" for
/// வௌ, where the pattern is "nts"); 2 (never written, read at cost 3) a consonant + sign whose key is only the
/// sign's glyphs (dinakaran's "h" for பா: "h" is its ா, and ";" for ப் is its pulli); 3 (dropped) a consonant +
/// sign whose key is the pattern of another sign (shreelipiavid's றௌ is öÓõ, the pattern of றொ).
fn overruled(pairs: &[(&str, &str)]) -> Vec<u8> {
    let mut first: HashMap<String, &str> = HashMap::new();
    for &(legacy, unicode) in pairs {
        if usable(legacy) {
            first.entry(compose_tamil(unicode)).or_insert(legacy);
        }
    }
    let mut affixes: HashMap<char, (String, String)> = HashMap::new();
    for sign in SIGNS {
        if let Some(pair) = majority_affix(sign, |u| first.get(u).copied()) {
            affixes.insert(sign, pair);
        }
    }
    pairs
        .iter()
        .map(|&(legacy, unicode)| {
            let text = compose_tamil(unicode);
            let chars: Vec<char> = text.chars().collect();
            let [c, sign] = chars[..] else { return 0 };
            let (Some((before, after)), Some(bare)) = (affixes.get(&sign), first.get(&c.to_string())) else {
                return 0;
            };
            let pattern = format!("{before}{bare}{after}");
            let doubled = format!("{bare}{bare}");
            let other_sign = affixes.iter().any(|(&s, (b, a))| s != sign && legacy == format!("{b}{bare}{a}"));
            if legacy == format!("{before}{after}") {
                2
            } else if other_sign {
                3
            } else if legacy != pattern && legacy.contains(&doubled) && !pattern.contains(&doubled) {
                1
            } else {
                0
            }
        })
        .collect()
}

impl Codec {
    pub(crate) fn build(index: usize) -> Codec {
        let (_, table) = OPEN_TAMIL[index];
        let typos = overruled(table);
        let mut pairs: Vec<(&'static str, &'static str)> = table.to_vec();
        pairs.push(("\u{200C}", ""));
        let pairs = &pairs[..];
        // What the encoder may write: the table less its typos.
        let writable: Vec<(&'static str, &'static str)> =
            table.iter().zip(&typos).filter(|(_, t)| **t == 0).map(|(p, _)| *p).collect();
        let mut codec = Codec {
            index,
            decode: ByteTrie::new(pairs.iter().map(|(legacy, _)| *legacy)),
            pieces: Vec::new(),
            cuts: bools(),
            single: Box::new([Slot::default(); 256]),
            glyph_low: Box::new([false; 256]),
            glyph_high: Vec::new(),
            encode: Trie::new(),
            keys: Vec::new(),
            affixes: Vec::new(),
            spaced_letters: Vec::new(),
        };
        // The keys the decoder reads, for the cut points (`cuts`).
        let mut decoded_keys: Vec<String> = Vec::new();
        for (k, &(legacy, unicode)) in pairs.iter().enumerate() {
            if !usable(legacy) || typos.get(k) == Some(&3) {
                continue;
            }
            if unicode.starts_with(char::is_whitespace) {
                codec.spaced_letters.extend(unicode.chars().filter(|&c| is_tamil(c) && !is_mark(c)));
            }
            let mut piece = codec.piece(unicode);
            if typos.get(k) == Some(&2) {
                piece.cost = 3;
            }
            if codec.decode.insert(legacy, packed(codec.pieces.len(), &piece)) {
                codec.pieces.push(piece);
            }
            decoded_keys.push(legacy.to_string());
            for c in legacy.chars() {
                if (c as u32) < 256 {
                    codec.glyph_low[c as usize] = true;
                } else if let Err(at) = codec.glyph_high.binary_search(&c) {
                    codec.glyph_high.insert(at, c);
                }
            }
        }
        // A first encoder (the first key, in the table's order, that reads back as its piece) tells which glyphs
        // the table writes around a consonant for each sign (E4).
        let candidates = candidates(&writable);
        let mut scratch = Scratch::default();
        for (text, keys) in &candidates {
            if let Some(key) = keys.iter().find(|k| codec.decode(k, &mut scratch) == *text) {
                codec.encode.insert(text, codec.keys.len() as u32);
                codec.keys.push((*key).into());
            }
        }
        codec.affixes = SIGNS.iter().map(|&sign| codec.affix(sign)).collect();
        // Completion (E2): a consonant with a sign the table has no glyph sequence for is written, and read, with
        // the glyphs the other consonants agree on.
        let mut extra: Vec<(String, String)> = Vec::new();
        for (at, &sign) in SIGNS.iter().enumerate() {
            let Some((before, after)) = codec.affixes[at].clone() else {
                continue;
            };
            for c in '\u{0B95}'..='\u{0BB9}' {
                let text = format!("{c}{sign}");
                let Some(bare) = codec.key_of(&c.to_string()).filter(|k| usable(k)) else {
                    continue;
                };
                // Also where the table has its own key: mylai's ங் is "f", which is also its pulli ("zf" is ழ்),
                // while the pattern gives "gf". The encoder picks between them below.
                let key = format!("{before}{bare}{after}");
                let piece = codec.piece(&text);
                if codec.decode.insert(&key, packed(codec.pieces.len(), &piece)) {
                    codec.pieces.push(piece);
                }
                decoded_keys.push(key.clone());
                extra.push((text, key));
            }
        }
        // The encoder proper: per piece, the key that reads back right beside the most consonants (ties: the
        // table's order, glyph-only keys first, completions last). A key that is also another letter's prefix or
        // suffix (pallavar's Ø, both ய and the ெ glyph) loses to one that is not.
        let context: Vec<(String, String)> = ('\u{0B95}'..='\u{0BA9}')
            .filter_map(|c| codec.key_of(&c.to_string()).map(|k| (c.to_string(), k.to_string())))
            .collect();
        let mut chosen: Vec<(String, String)> = Vec::new();
        let mut all: Vec<(String, Vec<String>)> =
            candidates.iter().map(|(t, k)| (t.clone(), k.iter().map(|k| k.to_string()).collect())).collect();
        for (text, key) in extra {
            match all.iter_mut().find(|(t, _)| *t == text) {
                Some((_, keys)) if !keys.contains(&key) => keys.push(key),
                Some(_) => {}
                None => all.push((text, vec![key])),
            }
        }
        for (text, keys) in all {
            let mut best: Option<(usize, &String)> = None;
            for key in &keys {
                if codec.decode(key, &mut scratch) != text {
                    continue;
                }
                let fits = context
                    .iter()
                    .filter(|(ct, ck)| {
                        codec.decode(&format!("{ck}{key}"), &mut scratch) == format!("{ct}{text}")
                            && codec.decode(&format!("{key}{ck}"), &mut scratch) == format!("{text}{ct}")
                    })
                    .count();
                if best.is_none_or(|(b, _)| fits > b) {
                    best = Some((fits, key));
                }
            }
            if let Some((_, key)) = best {
                chosen.push((text, key.clone()));
            }
        }
        codec.encode = Trie::new();
        codec.keys.clear();
        for (text, key) in chosen {
            if codec.encode.insert(&text, codec.keys.len() as u32) {
                codec.keys.push(key.into());
            }
        }
        codec.cuts = codec.cuts(&decoded_keys);
        let mut cells = Vec::new();
        for b in 0..128u8 {
            let mut text = String::new();
            codec.decode_span(&(b as char).to_string(), 0, &mut text, &mut cells);
            codec.single[b as usize] =
                Slot::new(short_bytes(&[b, 0, 0, 0, 0, 0, 0, 0], 0, 1), &text).unwrap_or_default();
        }
        codec
    }

    /// Where the least-cost segmentation may be cut (at `b << 8 | a` of the result: between bytes a and b).
    /// At such a point no key spans (no key holds a followed by b), and the rest of the text costs the same
    /// whatever came before (b starts a character that is no sign, and every key that starts with b reads as a
    /// piece that is not stranded and is not empty): the choices before the point do not depend on what
    /// follows, and those after it not on what precedes, not even on its state (whether it ends in a
    /// consonant): every piece that can start there costs the same from either state and leaves a state of its
    /// own (`a_cut_forgets_the_state`).
    fn cuts(&self, keys: &[String]) -> Box<[bool; 1 << 16]> {
        let mut first = [true; 256];
        // A continuation byte starts no character; U+0B80..U+0BFF (lead byte E0) holds the signs.
        first[0x80..0xC0].fill(false);
        first[0xE0] = false;
        let mut pair = vec![false; 1 << 16];
        for key in keys {
            let bytes = key.as_bytes();
            let mut row = 0u32;
            for &b in bytes {
                row = self.decode.step(row, b);
            }
            let v = self.decode.value(row);
            if v == NONE || v >> 2 & 1 == 1 || (v >> 3 & 1) != (v >> 4 & 1) {
                first[bytes[0] as usize] = false;
            }
            for w in bytes.windows(2) {
                pair[(w[0] as usize) << 8 | w[1] as usize] = true;
            }
        }
        let mut cuts = bools();
        for (at, &spanned) in pair.iter().enumerate() {
            cuts[(at & 0xFF) << 8 | at >> 8] = !spanned && first[at & 0xFF];
        }
        cuts
    }

    fn piece(&self, text: &str) -> Piece {
        let text = compose_tamil(text);
        let consonant = text.chars().next_back().is_some_and(is_consonant) as u8;
        Piece {
            composes: text.starts_with(['\u{0BBE}', '\u{0BD7}']),
            cost: if text.contains("\u{0BCD}") && !text.ends_with('\u{0BCD}') { 2 } else { 1 },
            stranded: if text.chars().next().is_some_and(is_mark) { BAD } else { 0 },
            next: if text.is_empty() { [0, 1] } else { [consonant; 2] },
            text: text.into(),
        }
    }

    /// The glyphs the table writes around a consonant for `sign`, when most consonants agree (at least three).
    fn affix(&self, sign: char) -> Option<(Box<str>, Box<str>)> {
        majority_affix(sign, |u| self.key_of(u)).map(|(p, q)| (p.into(), q.into()))
    }

    fn key_of(&self, unicode: &str) -> Option<&str> {
        let mut node = 0u32;
        for c in unicode.chars() {
            node = self.encode.child(node, c);
            if node == NONE {
                return None;
            }
        }
        let value = self.encode.nodes[node as usize].value;
        (value != NONE).then(|| &*self.keys[value as usize])
    }

    fn is_glyph(&self, c: char) -> bool {
        if (c as u32) < 256 {
            self.glyph_low[c as usize]
        } else {
            self.glyph_high.binary_search(&c).is_ok()
        }
    }

    /// Decodes `text` (SPEC E3) by the least-cost segmentation over all of it: the reference `decode_line`
    /// must equal (the codec's build and the encoder use it).
    pub(crate) fn decode(&self, text: &str, scratch: &mut Scratch) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        self.decode_span(text, 0, &mut out, &mut scratch.cells);
        out
    }

    /// Decodes a line, appending to `out`: the same as `decode`, segment by segment. The line is cut where
    /// `cuts` allows (before and after a space, between most syllables) and each segment is decoded on its own,
    /// as if it began a line (after a cut the state before does not matter, see `cuts`), so a segment's
    /// decoding is cached by its bytes alone (text repeats its syllables, fresh text too).
    pub(crate) fn decode_line(&self, line: &str, out: &mut String, scratch: &mut Scratch) {
        let bytes = line.as_bytes();
        let n = bytes.len();
        if n == 0 {
            return;
        }
        if scratch.caches.len() <= self.index {
            scratch.caches.resize_with(self.index + 1, Segments::default);
        }
        let cache = &mut scratch.caches[self.index];
        let short = &mut **cache.short.get_or_insert_with(|| {
            let mut table = slots::<Slot<u64>, { SLOTS + 256 }>();
            table[SLOTS..].copy_from_slice(&self.single[..]);
            table
        });
        let long = &mut cache.long;
        // First the segments' starts, bit i of `starts` where the pair of bytes around i is a cut (no branch
        // per byte), then the segments in order, found by counting zeros (a branch per segment, not per byte).
        let starts = &mut scratch.starts;
        starts.clear();
        starts.resize(n / 64 + 1, 0);
        for (w, word) in starts.iter_mut().enumerate() {
            let (from, to) = ((w * 64).max(1), (w * 64 + 64).min(n));
            // Each pair's bit enters at the top (a shift by a constant), then the word is moved down into place.
            let mut bits = 0u64;
            for pair in bytes[from - 1..to].windows(2) {
                let at = u16::from_le_bytes([pair[0], pair[1]]) as usize;
                bits = bits >> 1 | (self.cuts[at] as u64) << 63;
            }
            bits = bits.checked_shr((64 - (to - from) - (from & 63)) as u32).unwrap_or(0);
            *word = bits;
        }
        starts[n / 64] |= 1 << (n & 63);
        // The line with 16 zero bytes after it, so that a cache key's bytes are one load (`short_bytes`).
        let padded = &mut scratch.padded;
        padded.clear();
        padded.extend_from_slice(bytes);
        padded.extend_from_slice(&[0; 16]);
        let padded = &padded[..];
        let cells = &mut scratch.cells;
        let mut start = 0;
        // The answer grows in `buf`, whose pointer and length stay in registers (`out` is seen by the slow
        // path's calls): a found segment is a copy of SHORT bytes into room reserved for a whole word's segments,
        // and a new length.
        let mut buf = std::mem::take(out).into_bytes();
        for (w, &word) in starts.iter().enumerate() {
            let mut word = word;
            buf.reserve(word.count_ones() as usize * SHORT);
            let (mut written, mut room) = (buf.len(), buf.as_mut_ptr());
            while word != 0 {
                let end = w << 6 | word.trailing_zeros() as usize;
                word &= word - 1;
                let len = end - start;
                if len <= 7 {
                    debug_assert!(start < n && padded.len() >= n + 8);
                    // SAFETY: start < end <= n, and `padded` goes on for 16 bytes after n. (`short_bytes`, whose
                    // bounds checks cost 5 % here.)
                    let eight = u64::from_le(unsafe { padded.as_ptr().add(start).cast::<u64>().read_unaligned() });
                    let bare = eight & MASKS[len] | (len as u64) << 57;
                    // A byte from the `single` part, more bytes from the cache part: chosen without a branch
                    // (which would be mispredicted as often as not: half the segments are one byte).
                    let slot = &short[select_unpredictable(len == 1, SLOTS + (eight & 0xFF) as usize, slot_of(bare))];
                    if slot.key == bare {
                        // SAFETY: the room reserved above is SHORT bytes for each of the word's segments, and
                        // those before this one wrote at most SHORT bytes each, so the copy ends within it; the key
                        // matched, so `text[..len]` is a decoding `Slot::new` copied from a &str (len <= SHORT):
                        // `buf[..written]` stays UTF-8 and initialised.
                        unsafe { std::ptr::copy_nonoverlapping(slot.text.as_ptr(), room.add(written), SHORT) };
                        written += slot.len as usize;
                        start = end;
                        continue;
                    }
                }
                // SAFETY: `buf[..written]` is whole decodings of segments (UTF-8, initialised).
                let mut text = unsafe {
                    buf.set_len(written);
                    String::from_utf8_unchecked(std::mem::take(&mut buf))
                };
                self.segment((line, padded), (start, end), short, long, &mut text, cells);
                buf = text.into_bytes();
                buf.reserve(word.count_ones() as usize * SHORT);
                (written, room) = (buf.len(), buf.as_mut_ptr());
                start = end;
            }
            // SAFETY: as above.
            unsafe { buf.set_len(written) };
        }
        // SAFETY: as above.
        *out = unsafe { String::from_utf8_unchecked(buf) };
    }

    /// Decodes the segment `line[start..end]` (`bytes`: the line padded) through the caches `short` and `long`,
    /// where `decode_line`'s own look in them found nothing (a byte `single` has no decoding for, or more bytes
    /// not in their slot).
    fn segment(
        &self,
        (line, bytes): (&str, &[u8]),
        (start, end): (usize, usize),
        short: &mut [Slot<u64>; SLOTS + 256],
        long: &mut Option<Box<[Slot<u128>; SLOTS]>>,
        out: &mut String,
        cells: &mut Vec<Cell>,
    ) {
        let len = end - start;
        if len <= 7 {
            let key = short_bytes(bytes, start, end);
            self.cached(&mut short[slot_of(key)], key, &line[start..end], out, cells);
        } else if len <= SEGMENT {
            let long = &mut **long.get_or_insert_with(slots::<Slot<u128>, SLOTS>);
            let key = long_bytes(bytes, start, end);
            self.cached(&mut long[slot_of(key as u64 ^ (key >> 64) as u64)], key, &line[start..end], out, cells);
        } else {
            self.decode_span(&line[start..end], 0, out, cells);
        }
    }

    /// Decodes `segment` through the cache slot `slot`, where its key is `key`.
    #[inline(always)]
    fn cached<K: Copy + PartialEq>(
        &self,
        slot: &mut Slot<K>,
        key: K,
        segment: &str,
        out: &mut String,
        cells: &mut Vec<Cell>,
    ) {
        if slot.key == key {
            slot.push_to(out);
            return;
        }
        let from = out.len();
        self.decode_span(segment, 0, out, cells);
        if let Some(new) = Slot::new(key, &out[from..]) {
            *slot = new;
        }
    }

    /// Decodes `text` from `state` (1: what comes before can carry a sign), appending to `out`, and returns the
    /// state after it: the least-cost segmentation (E3), computed backwards over the bytes (a key is whole
    /// characters, so only character starts are reached), then read forwards.
    fn decode_span(&self, text: &str, state: u8, out: &mut String, cells: &mut Vec<Cell>) -> u8 {
        let bytes = text.as_bytes();
        let n = bytes.len();
        // Every character start is written before it is read (continuation bytes are never read): only the
        // end needs a value.
        if cells.len() <= n {
            cells.resize(n + 1, Cell::default());
        }
        cells[n] = Cell::default();
        let trie = &self.decode;
        // cells[i].cost[s]: the least cost of text[i..] when what comes before can (s = 1) or cannot carry a sign.
        for i in (0..n).rev() {
            let b = bytes[i];
            if b & 0xC0 == 0x80 {
                continue;
            }
            // Ties go to the longest key, and one character as itself only wins when strictly cheaper.
            let mut best = [u32::MAX; 2];
            let mut pick = [Choice::default(); 2];
            let (mut row, mut j) = (0u32, i);
            while j < n {
                row = trie.step(row, bytes[j]);
                if row == 0 {
                    break;
                }
                j += 1;
                let v = trie.value(row);
                if v == NONE {
                    continue;
                }
                let (piece, cost, after) = (v >> 5, v & 3, &cells[j].cost);
                let (next0, next1) = ((v >> 3 & 1) as u8, (v >> 4 & 1) as u8);
                let total0 = cost + (v >> 2 & 1) * BAD + after[next0 as usize];
                let total1 = cost + after[next1 as usize];
                let len = (j - i) as u16;
                if total0 <= best[0] {
                    best[0] = total0;
                    pick[0] = Choice { piece, len, next: next0 };
                }
                if total1 <= best[1] {
                    best[1] = total1;
                    pick[1] = Choice { piece, len, next: next1 };
                }
            }
            let (c, len) = if b < 0x80 {
                (b as char, 1)
            } else {
                let c = text[i..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
                (c, c.len_utf8())
            };
            let next = is_consonant(c) as u8;
            let own = 1 + cells[i + len].cost[next as usize] + if self.is_glyph(c) { BAD } else { 0 };
            let mut cell = Cell { cost: best, choice: pick };
            for (s, extra) in [(0, if is_mark(c) { BAD } else { 0 }), (1, 0)] {
                if own + extra < best[s] {
                    cell.cost[s] = own + extra;
                    cell.choice[s] = Choice { piece: NONE, len: len as u16, next };
                }
            }
            cells[i] = cell;
        }
        let (mut i, mut state) = (0usize, state as usize);
        while i < n {
            let Choice { piece, len, next } = cells[i].choice[state];
            if piece == NONE {
                push_composed(out, text[i..].chars().next().unwrap_or(char::REPLACEMENT_CHARACTER));
            } else {
                let p = &self.pieces[piece as usize];
                let mut rest = &*p.text;
                if p.composes {
                    let mut chars = rest.chars();
                    chars.next().into_iter().for_each(|c| push_composed(out, c));
                    rest = chars.as_str();
                }
                out.push_str(rest);
            }
            i += len as usize;
            state = next as usize;
        }
        state as u8
    }

    /// Encodes `text` (already Tamil-composed), or returns the character index of the first letter it cannot
    /// write. With `lossy`, such a letter is written as itself (E4).
    pub(crate) fn encode(&self, text: &str, lossy: bool) -> Result<String, usize> {
        let chars: Vec<char> = text.chars().collect();
        // The units written, as (legacy, Unicode): joined with the separator where two would read otherwise.
        let mut units: Vec<(String, String)> = Vec::new();
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            self.encode.matches(&chars[i..], &mut found);
            if let Some(&(len, key)) = found.last() {
                // A consonant whose sign the table lacks in one piece: consonant and sign glyphs apart.
                let len = len as usize;
                if len == 1 && is_consonant(chars[i]) {
                    if let Some(written) = chars.get(i + 1).and_then(|&s| self.with_sign(chars[i], s)) {
                        units.push((written, chars[i..i + 2].iter().collect()));
                        i += 2;
                        continue;
                    }
                }
                units.push((self.keys[key as usize].to_string(), chars[i..i + len].iter().collect()));
                i += len;
                continue;
            }
            let c = chars[i];
            // A sign the font has no glyph for, after a consonant it has, stays a Unicode sign (as open-tamil
            // writes it); decoding passes it through onto the consonant. So does a letter the table spells only
            // after a space (koeln's "na" is " ந"), elsewhere, as open-tamil leaves it.
            let carried = is_mark(c) && i > 0 && is_consonant(chars[i - 1]) || self.spaced_letters.contains(&c);
            if is_tamil(c) && !lossy && !carried {
                return Err(i);
            }
            units.push((c.to_string(), c.to_string()));
            i += 1;
        }
        let mut out = String::with_capacity(text.len());
        let mut scratch = Scratch::default();
        for (k, (key, _)) in units.iter().enumerate() {
            if k > 0 && self.merges(&units[k - 1], &units[k], &mut scratch) {
                out.push(SEPARATOR);
            }
            out.push_str(key);
        }
        Ok(out)
    }

    /// Whether two units written side by side read as something else than their texts (and the separator
    /// between them helps): dinakaran's ள் then ள ("s;" "s") is not ௌ; diacritic's ṉ then e is not ṉe.
    fn merges(&self, a: &(String, String), b: &(String, String), scratch: &mut Scratch) -> bool {
        let text = format!("{}{}", a.1, b.1);
        if self.decode(&format!("{}{}", a.0, b.0), scratch) == text {
            return false;
        }
        self.decode(&format!("{}{SEPARATOR}{}", a.0, b.0), scratch) == text
    }

    /// The consonant `c` with `sign` written from the derived affixes, if the table has them.
    fn with_sign(&self, c: char, sign: char) -> Option<String> {
        let at = SIGNS.iter().position(|&s| s == sign)?;
        let (before, after) = self.affixes[at].as_ref()?;
        let bare = self.key_of(&c.to_string())?;
        Some(format!("{before}{bare}{after}"))
    }
}

/// The glyphs written around a consonant's key for `sign` (before, after), when at least three consonants agree;
/// `key` gives the legacy key of a Unicode text.
fn majority_affix<'k>(sign: char, key: impl Fn(&str) -> Option<&'k str>) -> Option<(String, String)> {
    let mut votes: Vec<((String, String), usize)> = Vec::new();
    for c in '\u{0B95}'..='\u{0BB9}' {
        let (Some(bare), Some(with)) = (key(&c.to_string()), key(&format!("{c}{sign}"))) else {
            continue;
        };
        if let Some(at) = with.find(bare) {
            let pair = (with[..at].to_string(), with[at + bare.len()..].to_string());
            match votes.iter_mut().find(|(p, _)| *p == pair) {
                Some((_, n)) => *n += 1,
                None => votes.push((pair, 1)),
            }
        }
    }
    votes.sort_by_key(|v| std::cmp::Reverse(v.1));
    votes.into_iter().next().filter(|(_, n)| *n >= 3).map(|(pair, _)| pair)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{ByteTrie, Scratch, NONE};
    use crate::tables::OPEN_TAMIL;
    use crate::Encoding;

    /// Text in the encoding's own alphabet: its keys, spaces, Tamil signs and the separator, side by side.
    fn glyph_text(e: usize, picks: &[prop::sample::Index]) -> String {
        let extra = [" ", "  ", "\u{0BBE}", "\u{0BC6}", "\u{0BCD}", "\u{0BD7}", "\u{200C}", "a", ".", "\u{0B95}"];
        let keys: Vec<&str> = OPEN_TAMIL[e].1.iter().map(|p| p.0).chain(extra).collect();
        picks.iter().map(|i| keys[i.index(keys.len())]).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// `decode_line` (cut into segments, through the segment cache) equals the least-cost segmentation of
        /// the whole line, on the encoding's own glyphs side by side, on Latin-1 bytes and on any text.
        #[test]
        fn segments_decode_as_the_whole_line(
            e in 0usize..28,
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..24),
            bytes in proptest::collection::vec(any::<u8>(), 0..24),
            text in ".{0,16}",
        ) {
            let codec = Encoding(e as u8).codec();
            let mut scratch = Scratch::default();
            let latin1: String = bytes.iter().map(|&b| b as char).collect();
            let glyphs = glyph_text(e, &picks);
            // Twice: the second time from the cache.
            for line in [&glyphs, &latin1, &text, &glyphs, &latin1, &text] {
                let mut out = String::new();
                codec.decode_line(line, &mut out, &mut scratch);
                prop_assert_eq!(&out, &codec.decode(line, &mut Scratch::default()), "{:?}", line);
            }
        }

        /// What follows a cut reads the same whatever precedes it (SPEC E3): from every cut of a line, the rest
        /// decodes to the same text and state from either state. This is why a segment's cache key has no state.
        #[test]
        fn a_cut_forgets_the_state(
            e in 0usize..28,
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..24),
            bytes in proptest::collection::vec(any::<u8>(), 0..24),
        ) {
            let codec = Encoding(e as u8).codec();
            let mut cells = Vec::new();
            let latin1: String = bytes.iter().map(|&b| b as char).collect();
            for line in [glyph_text(e, &picks), latin1] {
                let b = line.as_bytes();
                for i in (1..b.len()).filter(|&i| codec.cuts[u16::from_le_bytes([b[i - 1], b[i]]) as usize]) {
                    let (mut zero, mut one) = (String::new(), String::new());
                    let after_zero = codec.decode_span(&line[i..], 0, &mut zero, &mut cells);
                    let after_one = codec.decode_span(&line[i..], 1, &mut one, &mut cells);
                    prop_assert_eq!((zero, after_zero), (one, after_one), "{:?} from byte {}", line, i);
                }
            }
        }
    }

    /// The value of `key`'s node, or None when the key leads nowhere.
    fn lookup(trie: &ByteTrie, key: &str) -> Option<u32> {
        let mut row = 0;
        for &b in key.as_bytes() {
            row = trie.step(row, b);
            if row == 0 {
                return None;
            }
        }
        Some(trie.value(row))
    }

    /// Keys with bytes the trie was not built for widen it (every row moves) and keep what was there.
    #[test]
    fn byte_trie_widens_and_keeps_its_keys() {
        let mut trie = ByteTrie::new(["ab"].into_iter());
        assert!(trie.insert("ab", 1));
        assert!(trie.insert("a", 2));
        assert!(!trie.insert("ab", 3), "the first value stays");
        assert!(trie.insert("a—b", 4), "U+2014's bytes were not in the first keys");
        assert!(trie.insert("zz", 5));
        assert_eq!(lookup(&trie, "ab"), Some(1));
        assert_eq!(lookup(&trie, "a"), Some(2));
        assert_eq!(lookup(&trie, "a—b"), Some(4));
        assert_eq!(lookup(&trie, "a—"), Some(NONE));
        assert_eq!(lookup(&trie, "zz"), Some(5));
        assert_eq!(lookup(&trie, "b"), None);
        assert_eq!(lookup(&trie, "q"), None, "a byte no key uses leads nowhere");
    }
}
