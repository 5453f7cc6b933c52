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
pub enum Unit {
    /// Unicode scalar values, as the text stands (what sacrebleu and jiwer count).
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
        write!(
            f,
            "unknown unit {:?} (expected codepoint, grapheme or letter)",
            self.0
        )
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
pub(crate) fn unit_ids(
    reference: &str,
    hypothesis: &str,
    unit: Unit,
    spaces: Spaces,
) -> (Vec<u32>, Vec<u32>) {
    match unit {
        Unit::CodePoint => {
            let ids = |text: &str| -> Vec<u32> {
                text.chars()
                    .filter(|&c| spaces == Spaces::Keep || !is_python_space(c))
                    .map(|c| c as u32)
                    .collect()
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
pub(crate) fn unit_ids_as_written(reference: &str, hypothesis: &str, unit: Unit, spaces: Spaces) -> (Vec<u32>, Vec<u32>) {
    if unit == Unit::CodePoint {
        return unit_ids(reference, hypothesis, unit, spaces);
    }
    let mut interner = Interner::with_capacity(reference.len() / 2 + hypothesis.len() / 2);
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
            segments(&normalized, unit)
                .into_iter()
                .map(String::from)
                .collect()
        }
    }
}

fn segments(text: &str, unit: Unit) -> Vec<&str> {
    match unit {
        Unit::Letter => uraikal_text::letters(text)
            .map(|letter| letter.text)
            .collect(),
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

/// Ids of clusters longer than one code point start above the code points.
const FIRST_CLUSTER_ID: u32 = 0x11_0000;

/// Unit ids for one pair: a one-code-point unit is its own id; longer units are numbered from
/// `FIRST_CLUSTER_ID`, keyed by their bytes packed into a u128 (up to 15 bytes, so Tamil and Sinhala letters
/// never hash a string) or by the string itself.
#[derive(Default)]
struct Interner<'a> {
    short: HashMap<u128, u32, BuildHasherDefault<FastHasher>>,
    long: HashMap<&'a str, u32, BuildHasherDefault<FastHasher>>,
}

impl<'a> Interner<'a> {
    fn with_capacity(capacity: usize) -> Interner<'a> {
        Interner {
            short: HashMap::with_capacity_and_hasher(capacity.min(4096), Default::default()),
            long: HashMap::default(),
        }
    }

    fn id(&mut self, segment: &'a str) -> u32 {
        let mut chars = segment.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return c as u32;
        }
        let next = FIRST_CLUSTER_ID + (self.short.len() + self.long.len()) as u32;
        let bytes = segment.as_bytes();
        if bytes.len() <= 15 {
            let mut packed = [0u8; 16];
            packed[..bytes.len()].copy_from_slice(bytes);
            packed[15] = bytes.len() as u8;
            *self
                .short
                .entry(u128::from_le_bytes(packed))
                .or_insert(next)
        } else {
            *self.long.entry(segment).or_insert(next)
        }
    }

    fn ids(&mut self, text: &'a str, unit: Unit, spaces: Spaces) -> Vec<u32> {
        let mut ids = Vec::with_capacity(text.len() / 3 + 1);
        for segment in segments(text, unit) {
            if spaces == Spaces::Keep || !segment.chars().all(is_python_space) {
                ids.push(self.id(segment));
            }
        }
        ids
    }
}
