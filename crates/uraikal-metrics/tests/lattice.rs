//! Lattice references and OIWER against Vimarsha's golden outputs (fixtures/vimarsha, SPEC L), plus the
//! uraikal mode's documented improvements on Tamil cases.

use std::path::PathBuf;

use serde_json::Value;
use uraikal_metrics::lattice::{
    build_lattice, oiwer, vimarsha_normalize, ErrorKind, Language, Lattice, Mode,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/vimarsha")
        .join(name)
}

/// The JSON rows of a fixture file with their line numbers. normalize.jsonl carries one stray non-JSON
/// line (`y`) from its generator; that exact line is skipped, anything else unreadable fails.
fn rows(name: &str) -> Vec<(usize, Value)> {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || (name == "normalize.jsonl" && line == "y") {
            continue;
        }
        let value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", index + 1));
        out.push((index + 1, value));
    }
    out
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn reference_of(row: &Value) -> Result<Lattice, uraikal_metrics::lattice::Error> {
    match &row["reference_lattice"] {
        Value::String(text) => Ok(Lattice::parse_braces(text)),
        other => Lattice::from_json(other),
    }
}

#[test]
fn vimarsha_mode_equals_every_golden_oiwer_row() {
    let rows = rows("oiwer.jsonl");
    assert!(rows.len() >= 100);
    for (line, row) in rows {
        let id = row["id"].as_str().unwrap();
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let hypothesis = row["hypothesis"].as_str().unwrap();
        let result =
            reference_of(&row).and_then(|r| oiwer(hypothesis, &r, language, Mode::Vimarsha));
        if let Some(error) = row.get("error") {
            let err = result.expect_err(id);
            let message = error["message"].as_str().unwrap();
            match error["type"].as_str().unwrap() {
                "ValueError" => assert_eq!(err.kind(), &ErrorKind::EmptyLattice, "{id}"),
                "TypeError" => assert!(
                    matches!(
                        err.kind(),
                        ErrorKind::NonStringVariant { .. } | ErrorKind::MalformedLattice(_)
                    ),
                    "{id}"
                ),
                other => panic!("{id}: unexpected error type {other}"),
            }
            assert!(
                err.to_string().starts_with(message),
                "{id}: {err} vs {message}"
            );
            continue;
        }
        let got = result.unwrap_or_else(|e| panic!("oiwer.jsonl:{line} {id}: {e}"));
        let at = format!("oiwer.jsonl:{line} {id}");
        assert_eq!(got.percent(), row["score"].as_f64().unwrap(), "{at} score");
        assert_eq!(
            got.insertions as u64,
            row["insertions"].as_u64().unwrap(),
            "{at} I"
        );
        assert_eq!(
            got.deletions as u64,
            row["deletions"].as_u64().unwrap(),
            "{at} D"
        );
        assert_eq!(
            got.substitutions as u64,
            row["substitutions"].as_u64().unwrap(),
            "{at} S"
        );
        assert_eq!(
            got.reference_words as u64,
            row["reference_words"].as_u64().unwrap(),
            "{at} N"
        );
        let ops: Vec<&str> = got.operations.iter().map(|o| o.as_str()).collect();
        assert_eq!(ops, strings(&row["operations"]), "{at} operations");
        assert_eq!(
            got.hypothesis_alignment,
            strings(&row["hypothesis_alignment"]),
            "{at} hyp"
        );
        assert_eq!(
            got.reference_alignment,
            strings(&row["reference_alignment"]),
            "{at} ref"
        );
        let tokens: Vec<String> = vimarsha_normalize(hypothesis, language)
            .split_whitespace()
            .map(String::from)
            .collect();
        assert_eq!(
            tokens,
            strings(&row["normalized_hypothesis"]),
            "{at} normalised hypothesis"
        );
    }
}

#[test]
fn vimarsha_normaliser_equals_golden_rows() {
    for (line, row) in rows("normalize.jsonl") {
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let got = vimarsha_normalize(row["text"].as_str().unwrap(), language);
        assert_eq!(
            got,
            row["normalized"].as_str().unwrap(),
            "normalize.jsonl:{line}"
        );
    }
}

#[test]
fn brace_strings_parse_like_vimarsha() {
    for (line, row) in rows("parse_lattice.jsonl") {
        let parsed = Lattice::parse_braces(row["input"].as_str().unwrap());
        assert_eq!(
            parsed.to_json(),
            row["parsed"],
            "parse_lattice.jsonl:{line}"
        );
    }
}

#[test]
fn vimarsha_lattices_equal_every_golden_row() {
    let rows = rows("lattices.jsonl");
    assert!(rows.len() >= 25);
    for (line, row) in rows {
        let id = row["id"].as_str().unwrap();
        let language = Language::parse(row["language"].as_str().unwrap()).unwrap();
        let hypotheses = strings(&row["hypotheses"]);
        let result = build_lattice(&hypotheses, language, Mode::Vimarsha);
        if let Some(error) = row.get("error") {
            let err = result.expect_err(id);
            assert_eq!(err.kind(), &ErrorKind::NoHypotheses, "{id}");
            assert_eq!(err.to_string(), error["message"].as_str().unwrap(), "{id}");
            continue;
        }
        let lattice = result.unwrap_or_else(|e| panic!("lattices.jsonl:{line} {id}: {e}"));
        assert_eq!(
            lattice.to_json(),
            row["lattice"],
            "lattices.jsonl:{line} {id}"
        );
        assert_eq!(
            lattice.to_string(),
            row["lattice_string"].as_str().unwrap(),
            "lattices.jsonl:{line} {id}"
        );
    }
}
