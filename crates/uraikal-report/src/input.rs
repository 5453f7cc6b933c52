//! Reading result documents (already parsed JSON) into the report's typed input, with errors that say which
//! record and field is wrong.
//!
//! ```
//! let mut input = uraikal_report::Input::default();
//! let err = input.add_results(&serde_json::json!([{"system": "s"}])).unwrap_err();
//! assert_eq!(err.to_string(), "record 1: missing or non-string field \"slice\"");
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value;
use uraikal_metrics::lattice::Lattice;

/// A malformed result, alignment or D4 document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error { message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// One A1 result record: a system on a slice (or the macro average).
#[derive(Debug, Clone, PartialEq)]
pub struct SliceResult {
    pub system: String,
    pub slice: String,
    pub utterances: u64,
    pub missing: u64,
    pub wer: Option<f64>,
    pub cer: Option<f64>,
    pub wer_ci: Option<(f64, f64)>,
    pub cer_ci: Option<(f64, f64)>,
}

/// One utterance of an alignment file.
#[derive(Debug, Clone, PartialEq)]
pub struct Utterance {
    pub id: String,
    pub slice: String,
    pub reference: String,
    pub hypothesis: String,
    pub missing: bool,
    /// jiwer's word chunks: (kind, ref_start, ref_end, hyp_start, hyp_end).
    pub word_chunks: Vec<(String, usize, usize, usize, usize)>,
    /// Word errors (S + D + I).
    pub word_errors: u64,
    /// Reference words.
    pub reference_words: u64,
}

/// The alignments of one system.
#[derive(Debug, Clone, PartialEq)]
pub struct Alignments {
    pub system: String,
    pub utterances: Vec<Utterance>,
}

/// One tokenizer on one D4 slice.
#[derive(Debug, Clone, PartialEq)]
pub struct D4Row {
    pub tokenizer: String,
    pub slice: String,
    pub vocab_size: Option<u64>,
    pub tokens_per_word: Option<f64>,
    pub bytes_per_token: Option<f64>,
    pub letter_cut: Option<f64>,
    pub byte_cut: Option<f64>,
    pub round_trip: Option<f64>,
}

/// Where one tokenizer cuts an example word (SPEC D9).
#[derive(Debug, Clone, PartialEq)]
pub struct D4Cut {
    pub tokenizer: String,
    /// The word split at each token start.
    pub pieces: Vec<String>,
    pub tokens: u64,
}

/// An example word of a D4 document with each tokenizer's cuts.
#[derive(Debug, Clone, PartialEq)]
pub struct D4Example {
    pub word: String,
    pub cuts: Vec<D4Cut>,
}

/// One rate of a paired comparison of systems A and B (as `uraikal compare --json` prints it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedRate {
    /// A − B.
    pub difference: Option<f64>,
    /// Its 95 % paired-bootstrap interval.
    pub difference_ci: Option<(f64, f64)>,
    /// Two-sided p-value.
    pub p_value: Option<f64>,
}

/// The paired comparison of two systems on one slice (or "macro").
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    pub slice: String,
    pub utterances: u64,
    pub wer: PairedRate,
    pub cer: PairedRate,
}

/// The paired bootstrap comparison of system `a` with system `b`, per slice (SPEC S10).
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    pub slices: Vec<Paired>,
}

/// Everything a report shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    pub results: Vec<SliceResult>,
    pub alignments: Vec<Alignments>,
    pub d4: Vec<D4Row>,
    /// The D4 document's example words with each tokenizer's cuts (empty for documents without them).
    pub d4_examples: Vec<D4Example>,
    /// Reference lattices by utterance id (from the manifests): substitutions a lattice accepts are listed as
    /// spelling variants, apart from real errors.
    pub lattices: BTreeMap<String, Lattice>,
    /// Paired comparisons, one per ordered pair of systems (the significance matrix).
    pub comparisons: Vec<Comparison>,
}

fn text(record: &Value, field: &str, at: &str) -> Result<String, Error> {
    record
        .get(field)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| Error::new(format!("{at}: missing or non-string field {field:?}")))
}

fn number(record: &Value, field: &str) -> Option<f64> {
    record.get(field).and_then(Value::as_f64)
}

fn count(record: &Value, field: &str) -> u64 {
    record.get(field).and_then(Value::as_u64).unwrap_or(0)
}

fn interval(record: &Value, field: &str) -> Option<(f64, f64)> {
    match record.get(field)?.as_array()?.as_slice() {
        [low, high] => Some((low.as_f64()?, high.as_f64()?)),
        _ => None,
    }
}

impl Input {
    /// Adds a results document: an A1 results file (an array of records) or a D4 document (an object with
    /// "results"). Answers which kind it was ("A1" or "D4").
    pub fn add_document(&mut self, document: &Value) -> Result<&'static str, Error> {
        match document {
            Value::Array(_) => self.add_results(document).map(|_| "A1"),
            Value::Object(o) if o.contains_key("results") => self.add_d4(document).map(|_| "D4"),
            _ => Err(Error::new(
                "neither A1 results (a JSON array of records) nor a D4 document (an object with \"results\")",
            )),
        }
    }

    /// Adds the records of an A1 results file (`uraikal score --out`).
    pub fn add_results(&mut self, records: &Value) -> Result<(), Error> {
        let records = records.as_array().ok_or_else(|| Error::new("A1 results must be a JSON array of records"))?;
        for (index, record) in records.iter().enumerate() {
            let at = format!("record {}", index + 1);
            if !record.is_object() {
                return Err(Error::new(format!("{at}: not an object")));
            }
            self.results.push(SliceResult {
                system: text(record, "system", &at)?,
                slice: text(record, "slice", &at)?,
                utterances: count(record, "utterances"),
                missing: count(record, "missing"),
                wer: number(record, "wer"),
                cer: number(record, "cer"),
                wer_ci: interval(record, "wer_ci"),
                cer_ci: interval(record, "cer_ci"),
            });
        }
        Ok(())
    }

    /// Adds a D4 results document (`uraikal tokenizers --out`).
    pub fn add_d4(&mut self, document: &Value) -> Result<(), Error> {
        let rows = document
            .get("results")
            .and_then(Value::as_array)
            .ok_or_else(|| Error::new("a D4 document needs a \"results\" array"))?;
        for (index, row) in rows.iter().enumerate() {
            let at = format!("D4 result {}", index + 1);
            self.d4.push(D4Row {
                tokenizer: text(row, "tokenizer", &at)?,
                slice: text(row, "slice", &at).unwrap_or_default(),
                vocab_size: row.get("vocab_size").and_then(Value::as_u64),
                tokens_per_word: number(row, "tokens_per_word"),
                bytes_per_token: number(row, "bytes_per_token"),
                letter_cut: number(row, "letter_cut"),
                byte_cut: number(row, "byte_cut"),
                round_trip: number(row, "round_trip"),
            });
        }
        let examples = document.get("examples").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        for (index, example) in examples.iter().enumerate() {
            let at = format!("D4 example {}", index + 1);
            let mut cuts = Vec::new();
            for cut in example.get("cuts").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default() {
                let pieces = cut
                    .get("pieces")
                    .and_then(Value::as_array)
                    .and_then(|p| p.iter().map(|x| x.as_str().map(str::to_string)).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| Error::new(format!("{at}: \"pieces\" must be an array of strings")))?;
                cuts.push(D4Cut { tokenizer: text(cut, "tokenizer", &at)?, pieces, tokens: count(cut, "tokens") });
            }
            self.d4_examples.push(D4Example { word: text(example, "word", &at)?, cuts });
        }
        Ok(())
    }

    /// Adds the reference lattice of utterance `id` (a manifest line's `"lattice"`, SPEC S12).
    pub fn add_lattice(&mut self, id: &str, lattice: Lattice) {
        self.lattices.insert(id.to_string(), lattice);
    }

    /// Adds the paired comparison of systems `a` and `b`: the rows `uraikal compare --json` prints (the
    /// serialised `uraikal_asr::compare::PairedSlice`s).
    pub fn add_comparison(&mut self, a: &str, b: &str, rows: &Value) -> Result<(), Error> {
        let rows = rows.as_array().ok_or_else(|| Error::new("a comparison must be a JSON array of slices"))?;
        let rate = |row: &Value, field: &str| {
            let r = row.get(field).cloned().unwrap_or(Value::Null);
            PairedRate {
                difference: number(&r, "difference"),
                difference_ci: interval(&r, "difference_ci"),
                p_value: number(&r, "p_value"),
            }
        };
        let mut slices = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            let at = format!("comparison {a} / {b}, slice {}", index + 1);
            slices.push(Paired {
                slice: text(row, "slice", &at)?,
                utterances: count(row, "utterances"),
                wer: rate(row, "wer"),
                cer: rate(row, "cer"),
            });
        }
        self.comparisons.push(Comparison { a: a.to_string(), b: b.to_string(), slices });
        Ok(())
    }

    /// Adds one system's alignment records (the lines of `uraikal score --alignments`), in file order;
    /// `line` is each record's 1-based line, for the error.
    pub fn add_alignments<'a>(
        &mut self,
        system: &str,
        records: impl IntoIterator<Item = (usize, &'a Value)>,
    ) -> Result<(), Error> {
        let mut utterances = Vec::new();
        for (line, record) in records {
            let at = format!("line {line}");
            let chunks = record
                .get("word_chunks")
                .and_then(Value::as_array)
                .ok_or_else(|| Error::new(format!("{at}: missing field \"word_chunks\"")))?;
            let mut word_chunks = Vec::with_capacity(chunks.len());
            for chunk in chunks {
                let parsed = match chunk.as_array().map(Vec::as_slice) {
                    Some([kind, a, b, c, d]) => {
                        (|| Some((kind.as_str()?.to_string(), idx(a)?, idx(b)?, idx(c)?, idx(d)?)))()
                    }
                    _ => None,
                };
                word_chunks.push(parsed.ok_or_else(|| {
                    Error::new(format!("{at}: a word chunk is not [kind, ref_start, ref_end, hyp_start, hyp_end]"))
                })?);
            }
            let word = record.get("word").cloned().unwrap_or(Value::Null);
            utterances.push(Utterance {
                id: text(record, "id", &at)?,
                slice: text(record, "slice", &at).unwrap_or_default(),
                reference: text(record, "reference", &at)?,
                hypothesis: record.get("hypothesis").and_then(Value::as_str).unwrap_or("").to_string(),
                missing: record.get("missing").and_then(Value::as_bool).unwrap_or(false),
                word_errors: count(&word, "substitutions") + count(&word, "deletions") + count(&word, "insertions"),
                reference_words: count(&word, "hits") + count(&word, "substitutions") + count(&word, "deletions"),
                word_chunks,
            });
        }
        self.alignments.push(Alignments { system: system.to_string(), utterances });
        Ok(())
    }
}

fn idx(value: &Value) -> Option<usize> {
    value.as_u64().and_then(|n| usize::try_from(n).ok())
}
