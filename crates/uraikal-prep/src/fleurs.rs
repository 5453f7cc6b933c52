//! FLEURS `ta_in`, test split: `test.tsv` (no header, 7 columns) and `audio/test.tar.gz` (members
//! `test/<file_name>`). The archive is extracted once into `<manifest folder>/fleurs_ta_in/test/`, or an
//! already extracted `audio/test/` folder beside the TSV is read in place.

use std::fs::{self, File};
use std::io;
use std::path::{Component, Path, PathBuf};

use crate::a1::{stem, Listed, Listing};
use crate::error::Error;

/// The slice FLEURS utterances are scored in.
pub const SLICE: &str = "fleurs";

/// The folder holding `test.tsv`: the dataset root (`…/fleurs`), `data/`, or `ta_in/` itself.
pub fn locate(dir: &Path) -> Result<PathBuf, Error> {
    let candidates = [dir.to_path_buf(), dir.join("ta_in"), dir.join("data/ta_in"), dir.join("fleurs/data/ta_in")];
    candidates.iter().find(|c| c.join("test.tsv").is_file()).cloned().ok_or_else(|| {
        Error::layout(
            dir,
            "no FLEURS test.tsv here, in ta_in/ or in data/ta_in/ (pass the dataset root or its data/ta_in folder)",
        )
    })
}

/// Lists the test utterances; audio comes from an extracted `audio/test/` folder or is extracted from
/// `audio/test.tar.gz` into `extract_root/fleurs_ta_in/`.
pub fn list(dir: &Path, extract_root: &Path) -> Result<Listing, Error> {
    let ta_in = locate(dir)?;
    let tsv = ta_in.join("test.tsv");
    let mut listing = Listing::default();
    listing.notes.push(format!("listing: {}", tsv.display()));
    let audio_dir = audio_folder(&ta_in, extract_root, &mut listing)?;
    let text = uraikal_io::read_utf8(&tsv)?;
    for (index, line) in text.lines().enumerate() {
        let origin = format!("{}:{}", tsv.display(), index + 1);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 3 || fields[1].trim().is_empty() {
            listing.problems.add("bad_line", format!("{origin}: {} tab-separated field(s), expected 7", fields.len()));
            continue;
        }
        let file_name = fields[1].trim();
        listing.utterances.push(Listed {
            id: format!("{SLICE}/{}", stem(file_name)),
            audio: audio_dir.join(file_name),
            text: fields[2].trim().to_string(),
            slice: SLICE.to_string(),
            origin,
        });
    }
    Ok(listing)
}

fn audio_folder(ta_in: &Path, extract_root: &Path, listing: &mut Listing) -> Result<PathBuf, Error> {
    let extracted = ta_in.join("audio/test");
    if extracted.is_dir() {
        listing.notes.push(format!("audio: read in place from {}", extracted.display()));
        return Ok(extracted);
    }
    let archive = ta_in.join("audio/test.tar.gz");
    if !archive.is_file() {
        return Err(Error::layout(ta_in, "neither audio/test/ nor audio/test.tar.gz is here"));
    }
    let target = extract_root.join("fleurs_ta_in");
    let (written, kept) = extract_wavs(&archive, &target)?;
    listing.notes.push(format!(
        "audio: {} extracted from {} into {} ({written} written, {kept} already there)",
        written + kept,
        archive.display(),
        target.display()
    ));
    Ok(target.join("test"))
}

/// Extracts the regular files under `test/` from a `.tar.gz` into `target/test/`. A file already there with
/// the same size is kept, so re-runs are cheap; each new file is written under a temporary name and renamed.
/// Returns (written, kept).
pub fn extract_wavs(archive: &Path, target: &Path) -> Result<(usize, usize), Error> {
    let bad = |e: io::Error| Error::listing(archive, None, format!("not a readable .tar.gz archive: {e}"));
    let file = File::open(archive).map_err(|e| Error::io(archive, e))?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(io::BufReader::new(file)));
    let out_dir = target.join("test");
    fs::create_dir_all(&out_dir).map_err(|e| Error::io(&out_dir, e))?;
    let (mut written, mut kept) = (0, 0);
    for entry in tar.entries().map_err(bad)? {
        let mut entry = entry.map_err(bad)?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let path = entry.path().map_err(bad)?.into_owned();
        let parts: Vec<_> = path.components().collect();
        // Only `test/<name>`: nothing nested, nothing absolute, no `..`.
        let name = match parts.as_slice() {
            [Component::Normal(dir), Component::Normal(name)] if *dir == "test" => name.to_owned(),
            _ => continue,
        };
        let dest = out_dir.join(name);
        let size = entry.header().size().map_err(bad)?;
        if fs::metadata(&dest).is_ok_and(|m| m.len() == size) {
            kept += 1;
            continue;
        }
        let tmp = out_dir.join(format!(
            ".{}.part{}",
            dest.file_name().unwrap_or_default().to_string_lossy(),
            std::process::id()
        ));
        let result =
            File::create(&tmp).and_then(|mut f| io::copy(&mut entry, &mut f)).and_then(|_| fs::rename(&tmp, &dest));
        if let Err(e) = result {
            let _ = fs::remove_file(&tmp);
            return Err(Error::listing(archive, None, format!("extracting {}: {e}", path.display())));
        }
        written += 1;
    }
    Ok((written, kept))
}
