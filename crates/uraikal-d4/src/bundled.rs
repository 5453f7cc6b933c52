//! The bundled D4 inputs: six real tokenizers and the 1,330 kurals as passages (this crate's data/tokenizers
//! and data/d4_kural.jsonl, compiled in so that `uraikal tokenizers` and `uraikal demo` run from any folder;
//! they live inside the crate so that the published crate is self-contained).

use rayon::prelude::*;

use crate::error::Error;
use crate::load::Loaded;
use crate::measure::Passage;

macro_rules! bundled {
    ($name:literal, $file:literal) => {
        ($name, $file, include_bytes!(concat!("../data/tokenizers/", $name, "/", $file)) as &[u8])
    };
}

/// (name, file name, bytes as stored) of the bundled tokenizers; origins in data/tokenizers/SOURCES.md.
pub const TOKENIZERS: [(&str, &str, &[u8]); 6] = [
    bundled!("whisper-multilingual", "tokenizer.json.gz"),
    bundled!("whisper-gpt2", "tokenizer.json.gz"),
    bundled!("cl100k_base", "tokenizer.json.gz"),
    bundled!("o200k_base", "tokenizer.json.gz"),
    bundled!("ailaysa-asai-v1", "tokenizer.json.gz"),
    bundled!("bert-uncased-minilm", "tokenizer.json"),
];

/// The bundled Kural passages, one JSON object a line (slice `kural`).
pub const KURAL_JSONL: &str = include_str!("../data/d4_kural.jsonl");

/// The source of a bundled tokenizer in results: `bundled:<name>`.
pub fn source(name: &str) -> String {
    format!("bundled:{name}")
}

/// Loads the bundled tokenizers (in parallel), in the order of [`TOKENIZERS`].
pub fn tokenizers() -> Vec<Result<Loaded, Error>> {
    TOKENIZERS.par_iter().map(|(name, file, bytes)| Loaded::from_stored(name, &source(name), file, bytes)).collect()
}

/// Loads one bundled tokenizer by name (None for a name not bundled).
pub fn tokenizer(name: &str) -> Option<Result<Loaded, Error>> {
    let (name, file, bytes) = TOKENIZERS.iter().find(|(n, _, _)| *n == name)?;
    Some(Loaded::from_stored(name, &source(name), file, bytes))
}

/// The bundled Kural passages.
pub fn kural() -> Vec<Passage> {
    KURAL_JSONL
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("the bundled Kural passages are valid (tested)"))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn bundled_kural_has_1330_passages() {
        let passages = super::kural();
        assert_eq!(passages.len(), 1330);
        assert!(passages.iter().all(|p| p.slice == "kural"));
    }
}
