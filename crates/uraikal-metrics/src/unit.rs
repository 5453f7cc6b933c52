//! The unit a character metric counts in: code points, grapheme clusters, or Tamil letters (SPEC M1).
//!
//! Both texts of a pair are turned into ids that compare equal exactly when the units are equal, so every
//! metric runs on `&[u32]`: code points are their own ids, graphemes and letters are interned per pair.

use std::collections::HashMap;
use std::fmt;
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
            let mut interner = Interner::default();
            let r = interner.ids(&reference, unit, spaces);
            let h = interner.ids(&hypothesis, unit, spaces);
            (r, h)
        }
    }
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

#[derive(Default)]
struct Interner<'a> {
    ids: HashMap<&'a str, u32>,
}

impl<'a> Interner<'a> {
    fn ids(&mut self, text: &'a str, unit: Unit, spaces: Spaces) -> Vec<u32> {
        segments(text, unit)
            .into_iter()
            .filter(|segment| spaces == Spaces::Keep || !segment.chars().all(is_python_space))
            .map(|segment| {
                let next = self.ids.len() as u32;
                *self.ids.entry(segment).or_insert(next)
            })
            .collect()
    }
}
