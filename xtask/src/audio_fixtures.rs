//! `cargo xtask audio-fixtures [--check]`: the audio fixtures of uraikal-asr's decoding tests
//! (fixtures/audio). They are made by `fixtures/audio/make.sh` with ffmpeg: the WAVs are copies of
//! ../shared/data/asr/espeak-ta, the MP3/FLAC/OGG/M4A files conversions of one of them. Lossy encoders are
//! not bit-reproducible across ffmpeg versions, so the converted files are committed with their sha256 in
//! `SHA256SUMS`, and `--check` verifies what can be verified: every listed file has its recorded sha256, every
//! audio file is listed, and each WAV still equals its source in ../shared when that is present.

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// Where the fixtures live, relative to the project root.
pub const AUDIO_DIR: &str = "fixtures/audio";

pub fn run(root: &Path, args: &[String]) -> Result<()> {
    if args.iter().any(|a| a == "--check") {
        let problems = check(&root.join(AUDIO_DIR), &root.join("../shared/data/asr/espeak-ta"))?;
        if !problems.is_empty() {
            bail!("audio fixtures are stale (run `bash {AUDIO_DIR}/make.sh`):\n  - {}", problems.join("\n  - "));
        }
        println!("audio-fixtures: {AUDIO_DIR} matches SHA256SUMS");
        return Ok(());
    }
    let ffmpeg = Command::new("ffmpeg").arg("-version").output();
    if !ffmpeg.is_ok_and(|o| o.status.success()) {
        bail!("regenerating {AUDIO_DIR} needs ffmpeg (apt-get install ffmpeg); the tests never do");
    }
    let status = Command::new("bash").arg(root.join(AUDIO_DIR).join("make.sh")).status()?;
    if !status.success() {
        bail!("{AUDIO_DIR}/make.sh failed");
    }
    println!("audio-fixtures: {AUDIO_DIR} written; review and commit with SHA256SUMS");
    Ok(())
}

/// What is wrong with the fixtures in `dir` (empty when nothing is). `sources` holds the WAVs they copy.
pub fn check(dir: &Path, sources: &Path) -> Result<Vec<String>> {
    let sums = fs::read_to_string(dir.join("SHA256SUMS")).context("reading SHA256SUMS")?;
    let mut problems = Vec::new();
    let mut listed = Vec::new();
    for line in sums.lines().filter(|l| !l.trim().is_empty()) {
        let Some((sum, name)) = line.split_once("  ") else {
            problems.push(format!("SHA256SUMS: malformed line {line:?}"));
            continue;
        };
        let name = name.trim_start_matches("./");
        listed.push(name.to_string());
        match fs::read(dir.join(name)) {
            Ok(bytes) if hex(&Sha256::digest(&bytes)) == sum => {}
            Ok(_) => problems.push(format!("{name}: sha256 differs from SHA256SUMS")),
            Err(e) => problems.push(format!("{name}: {e}")),
        }
        if name.ends_with(".wav") {
            if let Ok(source) = fs::read(sources.join(name)) {
                if fs::read(dir.join(name)).ok() != Some(source) {
                    problems.push(format!("{name}: differs from its source {}", sources.join(name).display()));
                }
            }
        }
    }
    for entry in fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let audio = ["wav", "mp3", "flac", "ogg", "m4a"].iter().any(|ext| name.ends_with(&format!(".{ext}")));
        if audio && !listed.contains(&name) {
            problems.push(format!("{name}: not listed in SHA256SUMS"));
        }
    }
    Ok(problems)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_audio_fixtures_are_fresh() {
        let root = crate::project_root();
        let sources = root.join("../shared/data/asr/espeak-ta");
        if !sources.exists() {
            println!("SKIPPED: {} absent; WAV copies not compared with their sources", sources.display());
        }
        assert_eq!(check(&root.join(AUDIO_DIR), &sources).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn a_changed_missing_or_unlisted_fixture_is_caught() {
        let root = crate::project_root();
        let dir = tempfile::tempdir().unwrap();
        for entry in fs::read_dir(root.join(AUDIO_DIR)).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
        let no_sources = dir.path().join("none");
        assert!(check(dir.path(), &no_sources).unwrap().is_empty());
        let mut flac = fs::read(dir.path().join("kural_0001_22k.flac")).unwrap();
        flac[100] ^= 1;
        fs::write(dir.path().join("kural_0001_22k.flac"), flac).unwrap();
        fs::remove_file(dir.path().join("num_0001.wav")).unwrap();
        fs::write(dir.path().join("extra.mp3"), b"x").unwrap();
        let problems = check(dir.path(), &no_sources).unwrap().join("\n");
        assert!(problems.contains("kural_0001_22k.flac: sha256 differs"), "{problems}");
        assert!(problems.contains("num_0001.wav: "), "{problems}");
        assert!(problems.contains("extra.mp3: not listed"), "{problems}");
        // A WAV that no longer equals its source in ../shared.
        let sources = dir.path().join("sources");
        fs::create_dir(&sources).unwrap();
        fs::write(sources.join("prose_0001.wav"), b"another recording").unwrap();
        assert!(check(dir.path(), &sources).unwrap().join("\n").contains("prose_0001.wav: differs from its source"));
    }
}
