//! Common Voice `ta`, test split: `test.tsv` (header row; columns read by name, since releases add columns;
//! no quoting, a sentence may hold `"`) and `clips/<path>`. The benchmark expects release v27.0; any release
//! from 5.1 on has the two columns used, `path` and `sentence`.

use std::fs;
use std::path::{Path, PathBuf};

use crate::a1::{stem, Listed, Listing};
use crate::error::Error;

/// The slice Common Voice utterances are scored in.
pub const SLICE: &str = "common_voice";

/// The folder holding `test.tsv` and `clips/`: the language folder (`…/ta`), a release folder
/// (`cv-corpus-*/` holding `ta/`), or a folder holding exactly one release.
pub fn locate(dir: &Path) -> Result<PathBuf, Error> {
    for candidate in [dir.to_path_buf(), dir.join("ta")] {
        if candidate.join("test.tsv").is_file() {
            return Ok(candidate);
        }
    }
    let mut releases: Vec<PathBuf> = fs::read_dir(dir)
        .map_err(|e| Error::io(dir, e))?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("ta"))
        .filter(|p| p.join("test.tsv").is_file())
        .collect();
    releases.sort();
    match releases.len() {
        1 => Ok(releases.remove(0)),
        0 => Err(Error::layout(
            dir,
            "no Common Voice test.tsv here, in ta/ or in */ta/ (pass the cv-corpus-*/ta folder)",
        )),
        _ => Err(Error::layout(
            dir,
            format!(
                "several releases: {}; pass the one to use",
                releases.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

/// Lists the test utterances.
pub fn list(dir: &Path) -> Result<Listing, Error> {
    let lang = locate(dir)?;
    let tsv = lang.join("test.tsv");
    let clips = lang.join("clips");
    let mut listing = Listing::default();
    listing.notes.push(format!("listing: {}", tsv.display()));
    let text = uraikal_io::read_utf8(&tsv)?;
    let mut lines = text.lines().enumerate();
    let header: Vec<&str> = lines.next().map(|(_, h)| h.split('\t').collect()).unwrap_or_default();
    let column = |name: &str| {
        header.iter().position(|h| h.trim() == name).ok_or_else(|| {
            Error::listing(&tsv, Some(1), format!("header has no {name:?} column (it has: {})", header.join(", ")))
        })
    };
    let (path_col, sentence_col) = (column("path")?, column("sentence")?);
    for (index, line) in lines {
        let origin = format!("{}:{}", tsv.display(), index + 1);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != header.len() {
            listing
                .problems
                .add("bad_line", format!("{origin}: {} fields, the header has {}", fields.len(), header.len()));
            continue;
        }
        let file = fields[path_col].trim();
        listing.utterances.push(Listed {
            id: format!("{SLICE}/{}", stem(file)),
            audio: clips.join(file),
            text: fields[sentence_col].trim().to_string(),
            slice: SLICE.to_string(),
            origin,
        });
    }
    Ok(listing)
}
