//! A1 manifests (`{"id","audio","text","slice"}` per line, optionally `"lattice"`), read with every rule of
//! SPEC S5: a bad line is an error naming `file:line`.
//!
//! Lines are parsed in parallel (the files of a large test set run to tens of megabytes); errors are still
//! reported for the first bad line of the first bad file, as a sequential reader would.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Deserialize;
use uraikal_io::{sha256_hex, Error};
use uraikal_metrics::lattice::{self, Language, Lattice, Mode, Reading};

/// One utterance of a manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Utterance {
    /// Unique id across all manifests scored together.
    pub id: String,
    /// The audio file as written in the manifest (relative paths are relative to the manifest's folder).
    pub audio: String,
    /// The reference transcript (raw; scoring normalises it).
    pub text: String,
    /// The test-set slice the utterance belongs to.
    pub slice: String,
    /// The acceptable variants of the reference (SPEC S12), when the line carries `"lattice"`.
    pub lattice: Option<Lattice>,
    /// The manifest (index into [`Manifests::files`]) and 1-based line it came from.
    pub origin: (usize, usize),
}

/// A file that was read, with the sha256 of its bytes (result records carry it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    /// The path as given.
    pub path: PathBuf,
    /// Lower-case hex sha256 of the file's bytes.
    pub sha256: String,
}

/// The utterances of one or more manifests, in file and line order.
#[derive(Debug, Clone, Default)]
pub struct Manifests {
    /// The manifest files, in the order given.
    pub files: Vec<InputFile>,
    /// Every utterance, in order.
    pub utterances: Vec<Utterance>,
}

#[derive(Deserialize)]
struct RawUtterance<'a> {
    #[serde(borrow)]
    id: Cow<'a, str>,
    #[serde(borrow)]
    audio: Cow<'a, str>,
    #[serde(borrow)]
    text: Cow<'a, str>,
    #[serde(borrow)]
    slice: Cow<'a, str>,
    #[serde(default)]
    lattice: Option<serde_json::Value>,
}

/// A manifest's `"lattice"`: nested JSON lists or a brace string (read strictly), with at least one word
/// after normalisation (SPEC S12.1).
fn read_lattice(value: &serde_json::Value) -> Result<Lattice, String> {
    let lattice = Lattice::read_value(value, Reading::Strict).map_err(|e| format!("\"lattice\": {e}"))?;
    lattice::oiwer("", &lattice, Language::Tamil, Mode::Uraikal).map_err(|e| format!("\"lattice\": {e}"))?;
    Ok(lattice)
}

impl Manifests {
    /// True when some utterance carries a lattice (the results then have an `oiwer` column, SPEC S12).
    pub fn has_lattices(&self) -> bool {
        self.utterances.iter().any(|u| u.lattice.is_some())
    }
}

/// Reads one or more manifests (SPEC S5.1–S5.3).
pub fn read_manifests(paths: &[PathBuf]) -> Result<Manifests, Error> {
    let texts = paths.iter().map(|p| read_bytes(p)).collect::<Result<Vec<Vec<u8>>, Error>>()?;
    let sources: Vec<(PathBuf, &[u8])> = paths.iter().cloned().zip(texts.iter().map(Vec::as_slice)).collect();
    parse_manifests(&sources)
}

/// Parses manifests already in memory, each with the path its errors should name (SPEC S5.1–S5.3).
pub fn parse_manifests(sources: &[(PathBuf, &[u8])]) -> Result<Manifests, Error> {
    let mut manifests = Manifests::default();
    // The digests are independent of parsing: compute them alongside.
    let (digests, parsed) = rayon::join(
        || sources.par_iter().map(|(_, text)| sha256_hex(text)).collect::<Vec<String>>(),
        || {
            sources
                .iter()
                .enumerate()
                .map(|(file_index, (path, text))| {
                    parse_lines(path, text, |raw: RawUtterance<'_>, line| {
                        if raw.id.is_empty() {
                            return Err("empty \"id\"".to_string());
                        }
                        if raw.slice.is_empty() {
                            return Err("empty \"slice\"".to_string());
                        }
                        if raw.slice == crate::score::MACRO {
                            return Err(format!(
                                "the slice name {:?} is reserved for the macro average",
                                crate::score::MACRO
                            ));
                        }
                        let lattice = match &raw.lattice {
                            None | Some(serde_json::Value::Null) => None,
                            Some(value) => Some(read_lattice(value)?),
                        };
                        Ok(Utterance {
                            id: raw.id.into_owned(),
                            audio: raw.audio.into_owned(),
                            text: raw.text.into_owned(),
                            slice: raw.slice.into_owned(),
                            lattice,
                            origin: (file_index, line),
                        })
                    })
                })
                .collect::<Result<Vec<Vec<Utterance>>, Error>>()
        },
    );
    for rows in parsed? {
        manifests.utterances.extend(rows);
    }
    let mut seen: FxHashMap<&str, (usize, usize)> = FxHashMap::default();
    seen.reserve(manifests.utterances.len());
    for utterance in &manifests.utterances {
        if let Some(&(first_file, first_line)) = seen.get(utterance.id.as_str()) {
            let (file_index, line) = utterance.origin;
            let first = if first_file == file_index {
                format!("line {first_line}")
            } else {
                format!("{}:{first_line}", sources[first_file].0.display())
            };
            return Err(Error::invalid(
                &sources[file_index].0,
                Some(line),
                format!("duplicate id {:?} (first at {first})", utterance.id),
            ));
        }
        seen.insert(&utterance.id, utterance.origin);
    }
    drop(seen);
    manifests.files =
        sources.iter().zip(digests).map(|((path, _), sha256)| InputFile { path: path.clone(), sha256 }).collect();
    if manifests.utterances.is_empty() {
        let path = sources.first().map(|s| s.0.clone()).unwrap_or_default();
        return Err(Error::invalid(path, None, "no utterances in the manifest(s)"));
    }
    Ok(manifests)
}

/// The whole file (or stdin for `-`) as bytes. UTF-8 is checked by the JSON parser, line by line, so that an
/// invalid byte is reported with its line (SPEC S5.5) and the file is not scanned twice.
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>, Error> {
    uraikal_io::read_bytes(path)
}

/// Parses every non-blank line as `R` and converts it; the first failing line (in line order) is the error.
pub(crate) fn parse_lines<'t, R, T, F>(path: &Path, text: &'t [u8], convert: F) -> Result<Vec<T>, Error>
where
    R: Deserialize<'t>,
    T: Send,
    F: Fn(R, usize) -> Result<T, String> + Sync,
{
    uraikal_io::non_blank_lines(text)
        .par_iter()
        .map(|&(line, source)| {
            let raw =
                serde_json::from_slice::<R>(source).map_err(|e| Error::invalid(path, Some(line), describe(&e)))?;
            convert(raw, line).map_err(|message| Error::invalid(path, Some(line), message))
        })
        .collect::<Vec<Result<T, Error>>>()
        .into_iter()
        .collect()
}

/// A serde_json error without its "at line 1 column N" tail (the line is the file's, named separately).
fn describe(err: &serde_json::Error) -> String {
    let message = err.to_string();
    let message = match message.rfind(" at line ") {
        Some(at) => message[..at].to_string(),
        None => message,
    };
    if err.is_data() {
        message
    } else {
        format!("not valid JSON: {message} (column {})", err.column())
    }
}
