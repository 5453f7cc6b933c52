//! The unit a character metric counts in: code points, grapheme clusters, or Tamil letters (SPEC M1).
//!
//! Both texts of a pair are turned into ids that compare equal exactly when the units are equal, so every
//! metric runs on `&[u32]`: code points are their own ids, graphemes and letters are interned per pair.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::str::FromStr;

/// The unit of a character metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Unit {
    /// Unicode scalar values, as the text stands (what sacrebleu and jiwer count).
    #[cfg_attr(feature = "clap", value(name = "codepoint"))]
    CodePoint,
    /// Grapheme clusters (`uraikal_text::graphemes`) of the script-normalised text
    /// (`uraikal_text::normalize_script`), as grapheme-kit counts.
    Grapheme,
    /// Tamil letters (`uraikal_text::letters`: uyir, mei, uyirmei, aaytham; grapheme clusters outside Tamil)
    /// of the script-normalised text.
    Letter,
}

impl Unit {
    /// The name used on the command line and in JSON: `codepoint`, `grapheme`, `letter`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::CodePoint => "codepoint",
            Unit::Grapheme => "grapheme",
            Unit::Letter => "letter",
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error for an unknown unit name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownUnit(pub String);

impl fmt::Display for UnknownUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown unit {:?} (expected codepoint, grapheme or letter)", self.0)
    }
}

impl std::error::Error for UnknownUnit {}

impl FromStr for Unit {
    type Err = UnknownUnit;

    fn from_str(name: &str) -> Result<Unit, UnknownUnit> {
        match name {
            "codepoint" | "char" | "character" => Ok(Unit::CodePoint),
            "grapheme" => Ok(Unit::Grapheme),
            "letter" => Ok(Unit::Letter),
            other => Err(UnknownUnit(other.to_string())),
        }
    }
}

/// Python's `str.isspace`: Unicode White_Space plus U+001C..U+001F (which `str.split()` also splits on).
pub(crate) fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1C}'..='\u{1F}').contains(&c)
}

/// Which units a segmentation keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spaces {
    /// Every unit (CER and the distances count spaces).
    Keep,
    /// Units that are not all whitespace (chrF ignores whitespace).
    Drop,
}

/// The units of both texts as ids; equal ids mean equal units.
pub(crate) fn unit_ids(reference: &str, hypothesis: &str, unit: Unit, spaces: Spaces) -> (Vec<u32>, Vec<u32>) {
    match unit {
        Unit::CodePoint => {
            let ids = |text: &str| -> Vec<u32> {
                text.chars().filter(|&c| spaces == Spaces::Keep || !is_python_space(c)).map(|c| c as u32).collect()
            };
            (ids(reference), ids(hypothesis))
        }
        Unit::Grapheme | Unit::Letter => {
            let reference = uraikal_text::normalize_script(reference);
            let hypothesis = uraikal_text::normalize_script(hypothesis);
            unit_ids_as_written(&reference, &hypothesis, unit, spaces)
        }
    }
}

/// [`unit_ids`] without the script normalisation: the units of the texts exactly as given.
pub(crate) fn unit_ids_as_written(
    reference: &str,
    hypothesis: &str,
    unit: Unit,
    spaces: Spaces,
) -> (Vec<u32>, Vec<u32>) {
    if unit == Unit::CodePoint {
        return unit_ids(reference, hypothesis, unit, spaces);
    }
    // No capacity: the table is allocated only if a cluster needs interning (Tamil and ASCII never do).
    let mut interner = Interner::default();
    let r = interner.ids(reference, unit, spaces);
    let h = interner.ids(hypothesis, unit, spaces);
    (r, h)
}

/// The units of one text as strings (for display and for the peers' list outputs).
pub fn units(text: &str, unit: Unit) -> Vec<String> {
    match unit {
        Unit::CodePoint => text.chars().map(String::from).collect(),
        Unit::Grapheme | Unit::Letter => {
            let normalized = uraikal_text::normalize_script(text);
            segments(&normalized, unit).into_iter().map(String::from).collect()
        }
    }
}

fn segments(text: &str, unit: Unit) -> Vec<&str> {
    match unit {
        Unit::Letter => uraikal_text::letters(text).map(|letter| letter.text).collect(),
        _ => uraikal_text::graphemes(text).collect(),
    }
}

/// A hash map with [`FastHasher`], for per-pair interning.
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A small multiply-rotate hasher (FxHash's): clusters are short and never adversarial within one pair.
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(byte as u64);
    }

    fn write_u128(&mut self, value: u128) {
        self.add(value as u64);
        self.add((value >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Ids of clusters longer than one code point start above the code points: first the two-code-point Tamil
/// clusters (a base and one sign, nearly every Tamil letter), whose id is computed from the two code points,
/// then the interned ones. Ids stay below 2^21 while a pair has fewer than ~966,000 distinct longer clusters;
/// chrF packs six such ids into one key and checks the limit, falling back to unpacked keys beyond it.
const TAMIL_PAIR_ID: u32 = 0x11_0000;
const FIRST_CLUSTER_ID: u32 = TAMIL_PAIR_ID + (1 << 14);

/// The id of a cluster of exactly two Tamil-block code points (U+0B80..U+0BFF), from their 7-bit offsets.
#[inline]
fn tamil_pair_id(bytes: &[u8]) -> Option<u32> {
    match *bytes {
        [0xE0, a @ (0xAE | 0xAF), b, 0xE0, c @ (0xAE | 0xAF), d] => {
            let offset = |high: u8, low: u8| (((high - 0xAE) as u32) << 6) | (low & 0x3F) as u32;
            Some(TAMIL_PAIR_ID + ((offset(a, b) << 7) | offset(c, d)))
        }
        _ => None,
    }
}

/// Unit ids for one pair: a one-code-point unit is its own id; a two-code-point Tamil cluster has a computed
/// id; longer units are numbered from `FIRST_CLUSTER_ID`, keyed by their bytes packed into a u128 (up to 15
/// bytes, so Tamil and Sinhala letters never hash a string) or by the string itself. An id depends only on
/// the unit, never on which path produced it.
#[derive(Default)]
struct Interner<'a> {
    short: HashMap<u128, u32, BuildHasherDefault<FastHasher>>,
    long: HashMap<&'a str, u32, BuildHasherDefault<FastHasher>>,
}

impl<'a> Interner<'a> {
    #[inline]
    fn id(&mut self, segment: &'a str) -> u32 {
        let bytes = segment.as_bytes();
        if bytes.len() <= 4 {
            let mut chars = segment.chars();
            if let (Some(c), None) = (chars.next(), chars.next()) {
                return c as u32;
            }
        }
        if let Some(id) = tamil_pair_id(bytes) {
            return id;
        }
        let next = FIRST_CLUSTER_ID + (self.short.len() + self.long.len()) as u32;
        if bytes.len() <= 15 {
            let mut packed = [0u8; 16];
            packed[..bytes.len()].copy_from_slice(bytes);
            packed[15] = bytes.len() as u8;
            *self.short.entry(u128::from_le_bytes(packed)).or_insert(next)
        } else {
            *self.long.entry(segment).or_insert(next)
        }
    }

    fn ids(&mut self, text: &'a str, unit: Unit, spaces: Spaces) -> Vec<u32> {
        if unit == Unit::Grapheme {
            if let Some(ids) = self.ascii_tamil_grapheme_ids(text, spaces) {
                return ids;
            }
        }
        self.segmented_ids(text, unit, spaces)
    }

    /// The grapheme ids of a text made of ASCII and Tamil-block characters only (as A1's normalised text
    /// almost always is), read straight from the bytes; `None` for any other text, and for the few
    /// sequences whose clusters need the full rules (a sign after a non-Tamil character, CR LF). There a
    /// cluster is a Tamil base with all the signs after it, or one ASCII character; the folds of SPEC G2
    /// join க் + ஷ… and ஸ் / ஶ் + ரீ. A test checks this against [`Interner::segmented_ids`] on any such text.
    fn ascii_tamil_grapheme_ids(&mut self, text: &'a str, spaces: Spaces) -> Option<Vec<u32>> {
        let bytes = text.as_bytes();
        let mut ids = Vec::with_capacity(text.len() / 3 + 1);
        // Where the cluster before the current one started and ended, for the folds.
        let mut previous: Option<(usize, usize)> = None;
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            if byte < 0x80 {
                if byte == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                    return None;
                }
                if spaces == Spaces::Keep || !is_python_space(byte as char) {
                    ids.push(byte as u32);
                }
                previous = None;
                at += 1;
                continue;
            }
            // Not Tamil, or a sign with no Tamil base before it (it joins the previous cluster, whatever that
            // is): the full rules.
            let start = at;
            at += uraikal_text::tamil_cluster_len(bytes, at)?;
            let cluster = &text[start..at];
            let folded = previous.is_some_and(|(p_start, p_end)| match &text[p_start..p_end] {
                "\u{0B95}\u{0BCD}" => cluster.starts_with('\u{0BB7}'),
                "\u{0BB8}\u{0BCD}" | "\u{0BB6}\u{0BCD}" => cluster == "\u{0BB0}\u{0BC0}",
                _ => false,
            });
            if folded {
                let (p_start, _) = previous.take().unwrap_or_default();
                ids.pop();
                ids.push(self.id(&text[p_start..at]));
            } else {
                ids.push(self.id(cluster));
                previous = Some((start, at));
            }
        }
        Some(ids)
    }

    fn segmented_ids(&mut self, text: &'a str, unit: Unit, spaces: Spaces) -> Vec<u32> {
        let mut ids = Vec::with_capacity(text.len() / 3 + 1);
        let mut push = |segment: &'a str| {
            if spaces == Spaces::Keep || !segment.chars().all(is_python_space) {
                ids.push(self.id(segment));
            }
        };
        match unit {
            Unit::Letter => uraikal_text::letters(text).for_each(|letter| push(letter.text)),
            _ => uraikal_text::graphemes(text).for_each(push),
        }
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(3000)
        ))]

        #[test]
        fn the_ascii_tamil_fast_path_equals_the_segmenter(
            pieces in prop::collection::vec(prop_oneof![
                6 => (0x0B80u32..=0x0BFF).prop_map(|c| char::from_u32(c).unwrap().to_string()),
                2 => prop::sample::select(vec!["க்ஷ", "க்ஷா", "ஸ்ரீ", "ஶ்ரீ", "ஸ்ரி", "க்", "ஷ", "ரீ", "ஸ்"]).prop_map(String::from),
                2 => (0u8..0x80).prop_map(|b| (b as char).to_string()),
                1 => prop::sample::select(vec![" ", "\r\n", "\n", "\t"]).prop_map(String::from),
            ], 0..30)
        ) {
            let text: String = pieces.concat();
            for spaces in [Spaces::Keep, Spaces::Drop] {
                let mut fast = Interner::default();
                let mut general = Interner::default();
                if let Some(ids) = fast.ascii_tamil_grapheme_ids(&text, spaces) {
                    prop_assert_eq!(&ids, &general.segmented_ids(&text, Unit::Grapheme, spaces), "{:?}", text);
                }
            }
        }
    }

    fn graphemes_of(text: &str) -> Vec<&str> {
        uraikal_text::graphemes(text).collect()
    }

    #[test]
    fn the_fast_path_takes_tamil_and_ascii_and_declines_the_rest() {
        let mut interner = Interner::default();
        let text = "லக்ஷ்மி ஸ்ரீ க்ஷேத்திரம் ஸ்ரி 2024, ok";
        let fast = interner.ascii_tamil_grapheme_ids(text, Spaces::Keep).unwrap();
        assert_eq!(fast, Interner::default().segmented_ids(text, Unit::Grapheme, Spaces::Keep));
        assert_eq!(fast.len(), graphemes_of(text).len());
        for other in ["a\u{0BBF}", " \u{0BBF}", "\u{0BBF}", "x\r\ny", "தமிழ்\u{200D}", "é"] {
            assert!(interner.ascii_tamil_grapheme_ids(other, Spaces::Keep).is_none(), "{other:?}");
        }
    }

    #[test]
    fn ids_are_equal_exactly_when_units_are_and_fit_21_bits() {
        // Every Tamil base + sign pair (the computed ids), plus clusters that take the other paths.
        let mut units: Vec<String> = Vec::new();
        for base in 0x0B80u32..=0x0BFF {
            for sign in [0x0BBEu32, 0x0BBF, 0x0BC1, 0x0BCD, 0x0BD7, 0x0B82] {
                units.push([base, sign].iter().map(|&c| char::from_u32(c).unwrap_or('?')).collect());
            }
        }
        units.extend(
            ["க்ஷ", "க்ஷா", "ஸ்ரீ", "கிி", "ක්‍ය", "ශ්‍රී", "é", "e\u{301}", "👍🏽", "\r\n", "அ", "a", "\u{10FFFF}"]
                .map(String::from),
        );
        units.push("ஸ்ரீ".repeat(5));
        let text = units.join("\u{0}");
        let mut interner = Interner::default();
        let ids: Vec<u32> = text.split('\u{0}').map(|unit| interner.id(unit)).collect();
        for (i, a) in units.iter().enumerate() {
            assert!(ids[i] < 1 << 21, "{a}: {:#x}", ids[i]);
            for (j, b) in units.iter().enumerate() {
                assert_eq!(ids[i] == ids[j], a == b, "{a} / {b}");
            }
        }
    }
}
