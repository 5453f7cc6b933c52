//! sacrebleu 2.6.0 on its own test vectors (test_chrf.py: all 25 cases; test_bleu.py; test_ter.py) and on the
//! golden pairs, to the last digit (SPEC M10–M12). The numbers are sacrebleu's own outputs, recorded in
//! fixtures/metrics/sacrebleu_vectors.json by fixtures/metrics/sacrebleu_vectors.py.

use std::path::PathBuf;

use serde_json::Value;
use uraikal_metrics::sacrebleu::{Bleu, ChrfOptions, Smoothing, Ter, Tokenizer};
use uraikal_metrics::Unit;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/metrics").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn vectors() -> Value {
    serde_json::from_str(&fixture("sacrebleu_vectors.json")).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// sacrebleu's layout: one list per reference stream.
fn streams(v: &Value) -> Vec<Vec<String>> {
    v.as_array().unwrap().iter().map(strings).collect()
}

fn chrf_options(opts: &Value) -> ChrfOptions {
    let mut o = ChrfOptions::default();
    let flag = |k: &str| opts.get(k).and_then(Value::as_bool).unwrap_or(false);
    if let Some(n) = opts.get("char_order").and_then(Value::as_u64) {
        o.char_order = n as usize;
    }
    if let Some(n) = opts.get("word_order").and_then(Value::as_u64) {
        o.word_order = n as usize;
    }
    if let Some(b) = opts.get("beta").and_then(Value::as_f64) {
        o.beta = b;
    }
    o.lowercase = flag("lowercase");
    o.whitespace = flag("whitespace");
    o.eps_smoothing = flag("eps_smoothing");
    o
}

fn bleu_options(opts: &Value) -> Bleu {
    let mut o = Bleu::default();
    if let Some(t) = opts.get("tokenize").and_then(Value::as_str) {
        o.tokenizer = t.parse::<Tokenizer>().unwrap();
    }
    if let Some(n) = opts.get("max_ngram_order").and_then(Value::as_u64) {
        o.max_ngram_order = n as usize;
    }
    o.lowercase = opts.get("lowercase").and_then(Value::as_bool).unwrap_or(false);
    o.effective_order = opts.get("effective_order").and_then(Value::as_bool).unwrap_or(false);
    let value = opts.get("smooth_value").and_then(Value::as_f64);
    o.smoothing = match opts.get("smooth_method").and_then(Value::as_str).unwrap_or("exp") {
        "none" => Smoothing::None,
        "floor" => Smoothing::Floor(value.unwrap_or(0.1)),
        "add-k" => Smoothing::AddK(value.unwrap_or(1.0)),
        _ => Smoothing::Exp,
    };
    o
}

fn ter_options(opts: &Value) -> Ter {
    let flag = |k: &str| opts.get(k).and_then(Value::as_bool).unwrap_or(false);
    Ter {
        normalized: flag("normalized"),
        no_punct: flag("no_punct"),
        case_sensitive: flag("case_sensitive"),
        asian_support: flag("asian_support"),
    }
}

/// (references of segment i, for every i) from sacrebleu's stream layout.
fn per_segment(refs: &[Vec<String>], segments: usize) -> Vec<Vec<&str>> {
    (0..segments).map(|i| refs.iter().map(|stream| stream[i].as_str()).collect()).collect()
}

#[test]
fn chrf_equals_sacrebleu_on_its_25_test_cases_and_more() {
    let v = vectors();
    let cases = v["chrf"].as_array().unwrap();
    assert!(cases.iter().filter(|c| !c["published"].is_null()).count() == 25);
    for case in cases {
        let options = chrf_options(&case["opts"]);
        let hyps = strings(&case["hyps"]);
        let refs = streams(&case["refs"]);
        let segments = per_segment(&refs, hyps.len());
        let mut total = options.stats(&[], "", Unit::CodePoint);
        for (hyp, refs) in hyps.iter().zip(&segments) {
            total.add(&options.stats(refs, hyp, Unit::CodePoint));
        }
        let got = options.score(&total);
        assert_eq!(got, case["score"].as_f64().unwrap(), "{case}");
        if let Some(published) = case["published"].as_f64() {
            assert!((got - published).abs() < 1e-4, "{case}");
        }
        if let Some(signature) = case.get("signature").and_then(Value::as_str) {
            assert_eq!(options.signature(&vec![refs.len(); hyps.len()]), signature);
        }
    }
}

#[test]
fn bleu_equals_sacrebleu_on_its_tests() {
    let v = vectors();
    for case in v["bleu"].as_array().unwrap() {
        let options = bleu_options(&case["opts"]);
        let hyps = strings(&case["hyps"]);
        let refs = streams(&case["refs"]);
        let mut total = options.zero();
        for (hyp, refs) in hyps.iter().zip(per_segment(&refs, hyps.len())) {
            total.add(&options.stats(&refs, hyp));
        }
        let got = options.score(&total).score;
        assert_eq!(got, case["score"].as_f64().unwrap(), "{case}");
        assert_eq!(options.signature(&vec![refs.len(); hyps.len()]), case["signature"].as_str().unwrap(), "{case}");
    }
}

#[test]
fn ter_equals_sacrebleu_on_its_tests() {
    let v = vectors();
    for case in v["ter"].as_array().unwrap() {
        let options = ter_options(&case["opts"]);
        let hyps = strings(&case["hyps"]);
        let refs = streams(&case["refs"]);
        let mut total = uraikal_metrics::sacrebleu::TerStats::default();
        for (hyp, refs) in hyps.iter().zip(per_segment(&refs, hyps.len())) {
            total.add(&options.stats(&refs, hyp));
        }
        let got = options.score(&total);
        assert_eq!(got, case["score"].as_f64().unwrap(), "{case}");
        assert_eq!(options.signature(&vec![refs.len(); hyps.len()]), case["signature"].as_str().unwrap(), "{case}");
    }
}

#[test]
fn golden_pairs_equal_sacrebleu_at_corpus_and_sentence_level() {
    let v = vectors();
    let rows: Vec<Value> = fixture("pairs.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let pairs: Vec<(&str, &str)> =
        rows.iter().map(|r| (r["reference"].as_str().unwrap(), r["hypothesis"].as_str().unwrap())).collect();
    let golden = &v["golden_pairs"];
    let nrefs = vec![1; pairs.len()];
    for case in golden["corpus"].as_array().unwrap() {
        let opts = &case["opts"];
        let (got, signature) = match case["metric"].as_str().unwrap() {
            "chrf" => {
                let o = chrf_options(opts);
                let mut total = o.stats(&[], "", Unit::CodePoint);
                pairs.iter().for_each(|(r, h)| total.add(&o.stats(&[r], h, Unit::CodePoint)));
                (o.score(&total), o.signature(&nrefs))
            }
            "bleu" => {
                let o = bleu_options(opts);
                let mut total = o.zero();
                pairs.iter().for_each(|(r, h)| total.add(&o.stats(&[r], h)));
                (o.score(&total).score, o.signature(&nrefs))
            }
            _ => {
                let o = ter_options(opts);
                let mut total = uraikal_metrics::sacrebleu::TerStats::default();
                pairs.iter().for_each(|(r, h)| total.add(&o.stats(&[r], h)));
                (o.score(&total), o.signature(&nrefs))
            }
        };
        assert_eq!(got, case["score"].as_f64().unwrap(), "{case}");
        assert_eq!(signature, case["signature"].as_str().unwrap());
    }
    let bleu = Bleu { effective_order: true, ..Bleu::default() };
    let ter = Ter::default();
    for ((r, h), expected) in pairs.iter().zip(golden["sentence"].as_array().unwrap()) {
        assert_eq!(bleu.score(&bleu.stats(&[r], h)).score, expected["bleu"].as_f64().unwrap(), "{r} / {h}");
        assert_eq!(ter.score(&ter.stats(&[r], h)), expected["ter"].as_f64().unwrap(), "{r} / {h}");
    }
}

/// grapheme-kit 0.1.1's CharBLEU with `max_n` and `weights` (SPEC M4.1), recorded by
/// fixtures/metrics/charbleu_weights.py, equals ours in its compatibility mode to the last digit.
#[test]
fn charbleu_weights_equal_grapheme_kit() {
    use uraikal_metrics::{charbleu_weighted, CharBleuMode};
    let rows: Vec<Value> = serde_json::from_str(&fixture("charbleu_weights.json")).unwrap();
    assert!(rows.len() > 500);
    for row in rows {
        let args = &row["args"];
        let weights: Vec<f64> = match args.get("weights") {
            Some(w) => w.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect(),
            None => {
                let n = args["max_n"].as_u64().unwrap() as usize;
                vec![1.0 / n as f64; n]
            }
        };
        let (r, h) = (row["reference"].as_str().unwrap(), row["hypothesis"].as_str().unwrap());
        let got = charbleu_weighted(r, h, Unit::Grapheme, &weights, CharBleuMode::GraphemeKit);
        assert_eq!(got, row["charbleu"].as_f64().unwrap(), "{row}");
    }
}

/// sacrebleu 2.6.0's test_sentence_bleu.py (its issue #98 and #141 examples, effective order) and
/// test_tokenizer_ter.py (all but the asian_support cases, which Uraikal does not offer); the numbers are
/// sacrebleu's own outputs.
#[test]
fn sentence_bleu_and_tercom_tokenizer_equal_sacrebleu() {
    let reference = "producţia de zahăr brut se exprimă în zahăr alb;";
    let hypothesis = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;";
    let cases: [(&str, Option<f64>, bool, &str, f64); 12] = [
        ("exp", None, false, "13a", 8.493098745313148),
        ("none", None, false, "13a", 0.0),
        ("floor", None, false, "13a", 4.516881220954753),
        ("floor", Some(0.1), false, "13a", 4.516881220954753),
        ("floor", Some(0.5), false, "13a", 10.100053456347073),
        ("add-k", None, false, "13a", 14.882560178972215),
        ("add-k", Some(1.0), false, "13a", 14.882560178972215),
        ("add-k", Some(2.0), false, "13a", 21.389460275371086),
        ("exp", None, false, "none", 7.347053125977879),
        ("exp", None, false, "intl", 8.493098745313148),
        ("exp", None, false, "char", 40.875973647629166),
        ("exp", None, true, "char", 42.02678206410298),
    ];
    for (method, value, lowercase, tokenizer, expected) in cases {
        let smoothing = match method {
            "none" => Smoothing::None,
            "floor" => Smoothing::Floor(value.unwrap_or(0.1)),
            "add-k" => Smoothing::AddK(value.unwrap_or(1.0)),
            _ => Smoothing::Exp,
        };
        let bleu = Bleu {
            lowercase,
            tokenizer: tokenizer.parse().unwrap(),
            smoothing,
            max_ngram_order: 4,
            effective_order: true,
        };
        assert_eq!(bleu.score(&bleu.stats(&[reference], hypothesis)).score, expected, "{method} {value:?} {tokenizer}");
        if tokenizer == "13a" {
            // Issue #141's example: no word in common, 0 under every smoothing.
            let zero = bleu.score(&bleu.stats(&["okay thanks"], "this is a cat")).score;
            assert_eq!(zero, 0.0);
        }
    }
    let default = Ter::default();
    for (input, expected) in [("a b c d", "a b c d"), ("", ""), ("a b c d.", "a b c d."), ("A B C D.", "a b c d.")] {
        assert_eq!(default.tokenize(input), expected);
    }
    let no_punct = Ter { no_punct: true, ..Ter::default() };
    for (input, expected) in [("a b c d.", "a b c d"), ("A ; B ) C : D.", "a b c d")] {
        assert_eq!(no_punct.tokenize(input), expected);
    }
    let normalized = Ter { normalized: true, ..Ter::default() };
    for (input, expected) in [("a b (c) d.", "a b ( c ) d ."), ("Jim's car.", "jim 's car ."), ("4.2", "4.2")] {
        assert_eq!(normalized.tokenize(input), expected);
    }
    // test_tokenizer_ter.py's test_cases_asian (normalized=True, asian_support=True).
    let asian = Ter { normalized: true, asian_support: true, ..Ter::default() };
    for (input, expected) in [("美众院公布对特", "美 众 院 公 布 对 特"), ("りの拳銃を持", "りの 拳 銃 を 持")]
    {
        assert_eq!(asian.tokenize(input), expected);
    }
}

/// sacrebleu 2.6.0's `zh` tokeniser and TER's `asian_support` (fixtures/metrics/sacrebleu_zh_asian.json, made by
/// sacrebleu_zh_asian.py): every tokenised string, and corpus BLEU/TER with signatures on the golden pairs and
/// on a small Chinese/Japanese corpus.
#[test]
fn zh_tokenizer_and_ter_asian_support_equal_sacrebleu() {
    let v: Value = serde_json::from_str(&fixture("sacrebleu_zh_asian.json")).unwrap();
    let zh = Bleu { tokenizer: Tokenizer::Zh, ..Bleu::default() };
    for case in v["zh_tokens"].as_array().unwrap() {
        let (input, expected) = (case[0].as_str().unwrap(), case[1].as_str().unwrap());
        assert_eq!(zh.preprocess(input), expected, "zh {input:?}");
    }
    for set in v["ter_tokens"].as_array().unwrap() {
        let ter = ter_options(&set["opts"]);
        for case in set["cases"].as_array().unwrap() {
            let (input, expected) = (case[0].as_str().unwrap(), case[1].as_str().unwrap());
            assert_eq!(ter.tokenize(input), expected, "{} {input:?}", set["opts"]);
        }
    }
    let golden: Vec<Value> = fixture("pairs.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for case in v["corpus"].as_array().unwrap() {
        let (refs, hyps): (Vec<String>, Vec<String>) = if case["corpus"] == "golden" {
            golden
                .iter()
                .map(|r| (r["reference"].as_str().unwrap().to_string(), r["hypothesis"].as_str().unwrap().to_string()))
                .unzip()
        } else {
            (strings(&case["refs"]), strings(&case["hyps"]))
        };
        let expected = case["score"].as_f64().unwrap();
        let (score, signature) = if case["metric"] == "bleu" {
            let bleu = bleu_options(&case["opts"]);
            let mut total = bleu.zero();
            for (r, h) in refs.iter().zip(&hyps) {
                total.add(&bleu.stats(&[r.as_str()], h));
            }
            (bleu.score(&total).score, bleu.signature(&[1]))
        } else {
            let ter = ter_options(&case["opts"]);
            let mut total = uraikal_metrics::sacrebleu::TerStats::default();
            for (r, h) in refs.iter().zip(&hyps) {
                total.add(&ter.stats(&[r.as_str()], h));
            }
            (ter.score(&total), ter.signature(&[1]))
        };
        assert_eq!(score, expected, "{} {} {}", case["metric"], case["opts"], case["corpus"]);
        assert_eq!(signature, case["signature"].as_str().unwrap());
    }
}
