//! The six bundled tokenizers (and the grapheme-safe variants) on the bundled Kural passages give exactly
//! the counts and measures of an independent implementation of the D4 definitions
//! (fixtures/d4/expected_kural.json, from ../shared/golden/d4), and the grapheme-safe pre-tokenizer
//! removes the pre-tokenizer cuts of the Whisper tokenizer without changing its English.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use serde_json::Value;
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::{OffsetReferential, OffsetType, PreTokenizer};
use uraikal_d4::{bundled, grapheme_safe, measure, Loaded, Record};

/// The bundled tokenizers, loaded once for all the tests of this file.
fn bundled_tokenizers() -> &'static [Loaded] {
    static TOKENIZERS: OnceLock<Vec<Loaded>> = OnceLock::new();
    TOKENIZERS
        .get_or_init(|| bundled::tokenizers().into_iter().map(|t| t.expect("every bundled tokenizer loads")).collect())
}

#[test]
fn bundled_tokenizers_match_the_independent_implementation() {
    let expected: Vec<Value> = serde_json::from_str(include_str!("../../../fixtures/d4/expected_kural.json")).unwrap();
    let passages = bundled::kural();
    let mut tokenizers = Vec::new();
    for t in bundled_tokenizers() {
        let safe = grapheme_safe(t).unwrap();
        tokenizers.push(t.clone());
        tokenizers.extend(safe);
    }
    let names: Vec<&str> = tokenizers.iter().map(|t| t.name.as_str()).collect();
    let expected_names: Vec<&str> = expected.iter().map(|e| e["tokenizer"].as_str().unwrap()).collect();
    assert_eq!(names, expected_names, "grapheme-safe variants exist exactly for the GPT-regex tokenizers");
    for (t, e) in tokenizers.iter().zip(&expected) {
        let results = measure(t, &passages, &|_| {}).unwrap();
        let record = serde_json::to_value(Record::new("test", t, &results[0])).unwrap();
        for (key, want) in e.as_object().unwrap() {
            if key.ends_with("_starts_and_ends") {
                continue; // the peer's diagnostic with end offsets, which SPEC D2 does not use
            }
            match (want.as_u64(), want.as_f64()) {
                (Some(count), _) => {
                    assert_eq!(record[key].as_u64(), Some(count), "{} {key}", t.name)
                }
                // serde_json parses decimal text to within an ulp; the ratios themselves are exact.
                (None, Some(x)) => {
                    let got = record[key].as_f64().unwrap();
                    assert!((got - x).abs() <= 4.0 * f64::EPSILON * x.abs(), "{} {key}: {got} vs {x}", t.name);
                }
                _ => assert_eq!(&record[key], want, "{} {key}", t.name),
            }
        }
    }
}

fn whisper() -> Loaded {
    bundled::tokenizer("whisper-multilingual").unwrap().unwrap()
}

#[test]
fn grapheme_safe_whisper_has_no_pre_tokenizer_cuts_and_the_same_english() {
    let original = whisper();
    let safe = grapheme_safe(&original).unwrap().expect("Whisper's regex is rewritten");
    let passages = bundled::kural();
    let before = measure(&original, &passages, &|_| {}).unwrap()[0].counts;
    let after = measure(&safe, &passages, &|_| {}).unwrap()[0].counts;
    assert!(before.by_pretok_words > 9000, "{before:?}");
    assert_eq!(after.by_pretok_words, 0);
    let english = "The quick brown fox didn't jump over 12 lazy dogs; it's 3:45 p.m. in São Paulo — isn't it?\n\
                   Tokenizers split text into pieces, then the model maps each piece to ids.";
    for line in english.lines() {
        let a = original.tokenizer().encode(line, false).unwrap();
        let b = safe.tokenizer().encode(line, false).unwrap();
        assert_eq!(a.get_ids(), b.get_ids(), "{line}");
    }
}

/// The measures find pre-tokenizer pieces through the encoding's word ids; the pieces the library's
/// pre-tokenizer itself reports (mapped back to the original) must start at the same offsets.
#[test]
fn piece_starts_from_word_ids_equal_the_pre_tokenizers_own_splits() {
    for t in bundled_tokenizers() {
        let tok = t.tokenizer();
        for passage in bundled::kural().iter().step_by(37) {
            let encoding = tok.encode(passage.text.as_str(), false).unwrap();
            let ids = encoding.get_word_ids();
            let from_encoding: BTreeSet<usize> = (0..ids.len())
                .filter(|&i| i == 0 || ids[i] != ids[i - 1])
                .map(|i| encoding.get_offsets()[i].0)
                .collect();
            let mut pieces = tok.get_added_vocabulary().extract_and_normalize(tok.get_normalizer(), &passage.text);
            if let Some(pre) = tok.get_pre_tokenizer() {
                PreTokenizerWrapper::pre_tokenize(pre, &mut pieces).unwrap();
            }
            let from_splits: BTreeSet<usize> = pieces
                .get_splits(OffsetReferential::Original, OffsetType::Byte)
                .into_iter()
                .filter(|(text, _, _)| !text.is_empty())
                .map(|(_, (start, _), _)| start)
                .collect();
            assert_eq!(from_encoding, from_splits, "{} on {}", t.name, passage.id);
        }
    }
}
