//! Hypothesis files (`{"id","hyp"}` per line), read with the rules of SPEC S5.4: a bad line, a missing or
//! non-string field, or a duplicate id is an error naming `file:line`.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::path::Path;

use rustc_hash::FxHashMap;
use serde::Deserialize;
use uraikal_io::{sha256_hex, Error};

use crate::manifest::{parse_lines, read_bytes, InputFile};

/// The hypotheses of one system: id → text.
#[derive(Debug, Clone, Default)]
pub struct Hypotheses {
    /// The hypothesis file.
    pub file: Option<InputFile>,
    /// Hypothesis text by utterance id, with its 1-based line.
    pub by_id: FxHashMap<String, (String, usize)>,
}

#[derive(Deserialize)]
struct RawHypothesis<'a> {
    #[serde(borrow)]
    id: Cow<'a, str>,
    #[serde(borrow)]
    hyp: Cow<'a, str>,
}

/// Reads a hypothesis file (SPEC S5.4).
pub fn read_hypotheses(path: &Path) -> Result<Hypotheses, Error> {
    parse_hypotheses(path, &read_bytes(path)?)
}

/// Parses a hypothesis file already in memory; errors name `path` (SPEC S5.4).
pub fn parse_hypotheses(path: &Path, text: &[u8]) -> Result<Hypotheses, Error> {
    let (sha256, rows) = rayon::join(
        || sha256_hex(text),
        || {
            parse_lines(path, text, |raw: RawHypothesis<'_>, line| {
                Ok((raw.id.into_owned(), raw.hyp.into_owned(), line))
            })
        },
    );
    let rows = rows?;
    let mut by_id: FxHashMap<String, (String, usize)> = FxHashMap::default();
    by_id.reserve(rows.len());
    for (id, hyp, line) in rows {
        match by_id.entry(id) {
            Entry::Occupied(first) => {
                let message = format!("duplicate id {:?} (first at line {})", first.key(), first.get().1);
                return Err(Error::invalid(path, Some(line), message));
            }
            Entry::Vacant(slot) => {
                slot.insert((hyp, line));
            }
        }
    }
    Ok(Hypotheses { file: Some(InputFile { path: path.to_path_buf(), sha256 }), by_id })
}
