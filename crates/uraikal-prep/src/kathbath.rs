//! Kathbath Tamil, test splits: `kb_data_clean_m4a/tamil/<split>/{audio/*.m4a, transcription_n2w.txt}`, where
//! `<split>` is `test_known` (slice `kathbath_known`) or `test` / `test_unknown` (slice `kathbath_unknown`).
//! The transcript file has no header: `<file name>\t<text>`; NBSP (U+00A0) becomes a space, as in ESPnet's
//! recipe.

use std::fs;
use std::path::{Path, PathBuf};

use crate::a1::{stem, Listed, Listing};
use crate::error::Error;

const TRANSCRIPT: &str = "transcription_n2w.txt";
/// How deep below `--dir` split folders are looked for (root → kb_data_clean_m4a → tamil → split).
const DEPTH: usize = 4;

/// The slice of a split folder name, if it is a test split.
fn slice_of(split: &str) -> Option<&'static str> {
    match split {
        "test_known" => Some("kathbath_known"),
        "test" | "test_unknown" => Some("kathbath_unknown"),
        _ => None,
    }
}

/// The test split folders under `dir`, with their slices: known first, then unknown. Only Tamil folders
/// are taken when several languages are present, and the clean release over the noisy one.
pub fn locate(dir: &Path) -> Result<Vec<(&'static str, PathBuf)>, Error> {
    let mut found = Vec::new();
    walk(dir, 0, &mut found);
    let is_tamil = |split: &Path| {
        split.parent().is_some_and(|p| p == dir || p.file_name().is_some_and(|n| n == "tamil")) || split == dir
    };
    found.retain(|p| is_tamil(p));
    let noisy = |p: &PathBuf| p.components().any(|c| c.as_os_str().to_string_lossy().contains("noisy"));
    if found.iter().any(|p| !noisy(p)) {
        found.retain(|p| !noisy(p));
    }
    let mut splits: Vec<(&'static str, PathBuf)> = Vec::new();
    for path in found {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let Some(slice) = slice_of(&name) else { continue };
        if let Some((_, other)) = splits.iter().find(|(s, _)| *s == slice) {
            return Err(Error::layout(
                dir,
                format!("two folders for {slice}: {} and {}; pass the one to use", other.display(), path.display()),
            ));
        }
        splits.push((slice, path));
    }
    splits.sort_by_key(|(slice, _)| *slice);
    if splits.is_empty() {
        return Err(Error::layout(
            dir,
            format!("no Kathbath Tamil test split here (looked for tamil/test_known/{TRANSCRIPT} and tamil/test/{TRANSCRIPT})"),
        ));
    }
    Ok(splits)
}

fn walk(dir: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    if dir.join(TRANSCRIPT).is_file() {
        found.push(dir.to_path_buf());
    }
    if depth == DEPTH {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut children: Vec<PathBuf> =
        entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_dir() && !p.ends_with("audio")).collect();
    children.sort();
    for child in children {
        walk(&child, depth + 1, found);
    }
}

/// Lists the utterances of every test split found under `dir`.
pub fn list(dir: &Path) -> Result<Listing, Error> {
    let splits = locate(dir)?;
    let mut listing = Listing::default();
    for slice in ["kathbath_known", "kathbath_unknown"] {
        if !splits.iter().any(|(s, _)| *s == slice) {
            listing.problems.add("missing_split", format!("{}: no folder for {slice}", dir.display()));
        }
    }
    for (slice, split) in splits {
        let transcript = split.join(TRANSCRIPT);
        listing.notes.push(format!("{slice}: {}", transcript.display()));
        let text = uraikal_io::read_utf8(&transcript)?;
        for (index, line) in text.lines().enumerate() {
            let origin = format!("{}:{}", transcript.display(), index + 1);
            if line.trim().is_empty() {
                continue;
            }
            let Some((file, words)) = line.split_once('\t') else {
                listing.problems.add("bad_line", format!("{origin}: no tab between file name and transcript"));
                continue;
            };
            let file = file.trim();
            let audio = if file.contains('/') { split.join(file) } else { split.join("audio").join(file) };
            listing.utterances.push(Listed {
                id: format!("{slice}/{}", stem(file)),
                audio,
                text: words.replace('\u{a0}', " ").trim().to_string(),
                slice: slice.to_string(),
                origin,
            });
        }
    }
    Ok(listing)
}
