//! The D4 run as a whole: passage files in, the results document out. What `uraikal tokenizers` and the
//! Python `uraikal.d4.measure` both call, so the two give the same records (issue 24).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use uraikal_metrics::URAIKAL_VERSION;

use crate::error::{Error, ErrorKind};
use crate::literature::{literature, Against};
use crate::load::Loaded;
use crate::measure::{measure, Passage};
use crate::report::{Input, Record, Report, Skipped};
use crate::{bundled, grapheme_safe};

/// Reads D4 passage files ({"id", "text", "slice"?} per line; the slice defaults to the file's stem without
/// `d4_`), or the bundled Kural passages when `files` is empty. Duplicate ids in a file, or no passages at
/// all, are errors.
pub fn read_passages(files: &[PathBuf]) -> Result<(Vec<Passage>, Vec<Input>), Error> {
    if files.is_empty() {
        let passages = bundled::kural();
        let input = Input {
            path: "bundled:d4_kural.jsonl".into(),
            sha256: uraikal_io::sha256_hex(bundled::KURAL_JSONL.as_bytes()),
            passages: passages.len(),
        };
        return Ok((passages, vec![input]));
    }
    let mut sources = Vec::with_capacity(files.len());
    for file in files {
        sources.push((file.display().to_string(), uraikal_io::read_utf8(file)?, slice_of(file)));
    }
    let borrowed: Vec<(&str, &str, &str)> =
        sources.iter().map(|(name, text, slice)| (name.as_str(), text.as_str(), slice.as_str())).collect();
    parse_passages(&borrowed)
}

/// Parses passage files already in memory: (name errors give, JSON lines, default slice) each.
pub fn parse_passages(sources: &[(&str, &str, &str)]) -> Result<(Vec<Passage>, Vec<Input>), Error> {
    let mut passages = Vec::new();
    let mut inputs = Vec::new();
    for &(name, text, default_slice) in sources {
        let file = Path::new(name);
        let records = uraikal_io::parse_jsonl_str::<Passage>(file, text)?;
        let mut ids = HashSet::new();
        for record in &records {
            if !ids.insert(record.value.id.as_str()) {
                let message = format!("duplicate passage id {:?}", record.value.id);
                return Err(uraikal_io::Error::invalid(file, Some(record.line), message).into());
            }
        }
        inputs.push(Input {
            path: name.to_string(),
            sha256: uraikal_io::sha256_hex(text.as_bytes()),
            passages: records.len(),
        });
        passages.extend(records.into_iter().map(|r| {
            let mut p = r.value;
            if p.slice.is_empty() {
                p.slice = default_slice.to_string();
            }
            p
        }));
    }
    if passages.is_empty() {
        let names: Vec<&str> = sources.iter().map(|s| s.0).collect();
        return Err(Error::new(names.join(", "), ErrorKind::Data("no passages in the input".into())));
    }
    Ok((passages, inputs))
}

/// The default slice of a passage file: its stem without the `d4_` prefix.
pub fn slice_of(file: &Path) -> String {
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    stem.strip_prefix("d4_").map(str::to_string).unwrap_or(stem)
}

/// Loads tokenizers by spec (path, hub id; the bundled ones when `specs` is empty), with their grapheme-safe
/// variants when asked; those that fail to load are skipped with their reason.
pub fn load_tokenizers(specs: &[String], with_grapheme_safe: bool) -> (Vec<Loaded>, Vec<Skipped>) {
    let loaded: Vec<(String, Result<Loaded, Error>)> = if specs.is_empty() {
        let names = bundled::TOKENIZERS.iter().map(|(name, _, _)| bundled::source(name));
        names.zip(bundled::tokenizers()).collect()
    } else {
        specs.par_iter().map(|spec| (spec.clone(), crate::load(spec))).collect()
    };
    let mut tokenizers = Vec::new();
    let mut skipped = Vec::new();
    for (spec, result) in loaded {
        match result {
            Ok(t) => {
                let variant = if with_grapheme_safe { grapheme_safe(&t) } else { Ok(None) };
                let name = t.name.clone();
                tokenizers.push(t);
                match variant {
                    Ok(Some(v)) => tokenizers.push(v),
                    Ok(None) => {}
                    Err(e) => skipped.push(Skipped::new(&format!("{name}+grapheme-safe"), &spec, &e)),
                }
            }
            Err(e) => skipped.push(Skipped::new(&name_of_spec(&spec), &spec, &e)),
        }
    }
    (tokenizers, skipped)
}

/// A tokenizer's name from its spec: the last path component.
fn name_of_spec(spec: &str) -> String {
    let trimmed = spec.trim_end_matches('/');
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

/// Measures every tokenizer on the passages (in parallel): one record per tokenizer × slice, in tokenizer
/// order; a tokenizer that fails is skipped with its reason. `progress` is told of each passage done.
pub fn evaluate(
    tokenizers: &[Loaded],
    mut skipped: Vec<Skipped>,
    passages: &[Passage],
    data: Vec<Input>,
    against: Against<'_>,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let outcomes: Vec<Result<_, Error>> = tokenizers
        .par_iter()
        .map(|t| {
            let d4 = measure(t, passages, progress)?;
            Ok((d4, literature(t, passages, against)?))
        })
        .collect();
    let mut results = Vec::new();
    let mut measured = Vec::new();
    for (t, outcome) in tokenizers.iter().zip(outcomes) {
        match outcome {
            Ok((slices, literature)) => {
                measured.push(t);
                for (s, (_, l)) in slices.iter().zip(literature) {
                    results.push(Record::new(URAIKAL_VERSION, t, s).with_literature(l));
                }
            }
            Err(e) => skipped.push(Skipped::new(&t.name, &t.source, &e)),
        }
    }
    let examples = crate::examples::examples(measured.iter().copied(), passages);
    Report { uraikal_version: URAIKAL_VERSION.to_string(), data, results, skipped, examples }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_come_from_file_names() {
        assert_eq!(slice_of(Path::new("data/d4_kural.jsonl")), "kural");
        assert_eq!(slice_of(Path::new("prose.jsonl")), "prose");
        assert_eq!(name_of_spec("/tmp/x/broken/"), "broken");
    }

    #[test]
    fn empty_and_duplicate_passages_are_errors() {
        let empty = parse_passages(&[("d4_empty.jsonl", "\n", "empty")]).unwrap_err();
        assert!(empty.to_string().contains("no passages in"), "{empty}");
        let twice = "{\"id\":\"a\",\"text\":\"x\"}\n{\"id\":\"a\",\"text\":\"y\"}\n";
        let dup = parse_passages(&[("d4_x.jsonl", twice, "x")]).unwrap_err();
        assert!(dup.to_string().contains("d4_x.jsonl:2"), "{dup}");
    }
}
