//! jiwer 4.0.0 golden outputs (fixtures/metrics, copied from ../shared/golden/metrics): every pair's
//! WER/CER/MER/WIL/WIP and H/S/D/I, and every alignment's chunks and visualize_alignment text, to the
//! last digit and byte (SPEC S2, S3, S4).

use std::path::PathBuf;

use serde_json::Value;
use uraikal_metrics::align::{align, distance, Counts};
use uraikal_metrics::jiwer::{chars, visualize_alignment, words, Level, Sentence};
use uraikal_metrics::rates::Rates;

/// Every row of a JSONL fixture under `fixtures/metrics/`.
fn golden_rows(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/metrics").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn counts_of(v: &Value) -> Counts {
    let n = |k: &str| v[k].as_u64().unwrap() as usize;
    Counts {
        hits: n("hits"),
        substitutions: n("substitutions"),
        deletions: n("deletions"),
        insertions: n("insertions"),
    }
}

fn chunks_json(sentence: &Sentence<'_>) -> Value {
    sentence
        .alignment
        .chunks
        .iter()
        .map(|c| serde_json::json!([c.kind.as_str(), c.ref_start, c.ref_end, c.hyp_start, c.hyp_end]))
        .collect()
}

#[test]
fn pairs_equal_jiwer_to_the_last_digit() {
    let rows = golden_rows("pairs.jsonl");
    assert!(rows.len() >= 150, "{} rows", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let id = &row["id"];
        let (reference, hypothesis) = (row["reference"].as_str().unwrap(), row["hypothesis"].as_str().unwrap());
        let expected = &row["metrics"]["jiwer"];

        let (ref_words, hyp_words) = (words(reference), words(hypothesis));
        let word_list = |v: &Value| -> Vec<String> {
            v.as_array().unwrap().iter().map(|w| w.as_str().unwrap().to_string()).collect()
        };
        if ref_words != word_list(&expected["ref_words"]) || hyp_words != word_list(&expected["hyp_words"]) {
            failures.push(format!("{id}: word split"));
        }
        let word_counts = align(&ref_words, &hyp_words).counts;
        if word_counts != counts_of(&expected["word_counts"]) {
            failures.push(format!("{id}: word counts {word_counts:?}"));
        }
        if distance(&ref_words, &hyp_words) != word_counts.errors() {
            failures.push(format!("{id}: word distance"));
        }
        let rates = Rates::jiwer(&word_counts);
        for (name, got) in [("wer", rates.wer), ("mer", rates.mer), ("wil", rates.wil), ("wip", rates.wip)] {
            if got != expected[name].as_f64().unwrap() {
                failures.push(format!("{id}: {name} {got} vs {}", expected[name]));
            }
        }

        let (ref_chars, hyp_chars) = (chars(reference), chars(hypothesis));
        let char_counts = align(&ref_chars, &hyp_chars).counts;
        if char_counts != counts_of(&expected["char_counts"]) {
            failures.push(format!("{id}: char counts {char_counts:?}"));
        }
        if ref_chars.len() as u64 != expected["ref_chars"].as_u64().unwrap() {
            failures.push(format!("{id}: ref_chars"));
        }
        let code_points: Vec<char> = reference.trim().chars().collect();
        let hyp_points: Vec<char> = hypothesis.trim().chars().collect();
        if distance(&code_points, &hyp_points) != char_counts.errors() {
            failures.push(format!("{id}: char distance"));
        }
        let cer = Rates::jiwer(&char_counts).wer;
        if cer != expected["cer"].as_f64().unwrap() {
            failures.push(format!("{id}: cer {cer} vs {}", expected["cer"]));
        }
    }
    assert!(failures.is_empty(), "{} of {} pairs differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

#[test]
fn alignments_and_visualisations_equal_jiwer() {
    let rows = golden_rows("alignments.jsonl");
    assert!(rows.len() >= 30, "{} rows", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let id = &row["pair_id"];
        let (reference, hypothesis) = (row["reference"].as_str().unwrap(), row["hypothesis"].as_str().unwrap());
        let word_sentence = Sentence::new(words(reference), words(hypothesis));
        let char_sentence = Sentence::new(chars(reference), chars(hypothesis));
        if chunks_json(&word_sentence) != row["word_chunks"] {
            failures.push(format!("{id}: word chunks {}", chunks_json(&word_sentence)));
        }
        if chunks_json(&char_sentence) != row["char_chunks"] {
            failures.push(format!("{id}: char chunks {}", chunks_json(&char_sentence)));
        }
        let word_sentences = [word_sentence];
        let checks = [
            ("visualize_words", visualize_alignment(&word_sentences, Level::Words, true, true)),
            ("visualize_words_no_measures", visualize_alignment(&word_sentences, Level::Words, false, true)),
            ("visualize_chars", visualize_alignment(&[char_sentence], Level::Chars, true, true)),
        ];
        for (name, got) in checks {
            if got != row[name].as_str().unwrap() {
                failures.push(format!("{id}: {name}:\n{got}\nexpected:\n{}", row[name].as_str().unwrap()));
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
