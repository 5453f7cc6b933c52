//! jiwer 4.0.0's parameterised transformations (SPEC M13.1): `SubstituteRegexes`, `RemoveSpecificWords`,
//! `ReduceToSingleSentence`, `RemoveWhiteSpace(replace_by_space)`, `word_delimiter`, composed with the rest, give
//! jiwer's lists and rates to the last digit. Expected values: jiwer's own outputs, recorded in
//! fixtures/metrics/jiwer_transforms.json by fixtures/metrics/jiwer_transforms.py (English sentences and 40
//! Tamil golden pairs).

use std::path::PathBuf;

use serde_json::Value;
use uraikal_metrics::transforms::{word_rates, Pipeline};

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/metrics").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect()).unwrap_or_default()
}

fn lists(v: &Value) -> Vec<Vec<String>> {
    v.as_array().unwrap().iter().map(strings).collect()
}

#[test]
fn parameterised_transforms_equal_jiwer() {
    let v: Value = serde_json::from_str(&fixture("jiwer_transforms.json")).unwrap();
    let (english_refs, english_hyps) = (strings(&v["english"][0]), strings(&v["english"][1]));
    let golden: Vec<Value> =
        fixture("pairs.jsonl").lines().take(40).map(|l| serde_json::from_str(l).unwrap()).collect();
    let tamil_refs: Vec<String> = golden.iter().map(|r| r["reference"].as_str().unwrap().to_string()).collect();
    let tamil_hyps: Vec<String> = golden.iter().map(|r| r["hypothesis"].as_str().unwrap().to_string()).collect();
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    for case in cases {
        let args = &case["args"];
        let pairs = |key: &str| -> Vec<String> {
            args[key]
                .as_array()
                .map(|a| a.iter().map(|p| format!("{}={}", p[0].as_str().unwrap(), p[1].as_str().unwrap())).collect())
                .unwrap_or_default()
        };
        let pipeline = Pipeline::parse(
            &strings(&case["steps"]),
            &pairs("substitute_words"),
            &pairs("substitute_regexes"),
            &strings(&args["remove_words"]),
            args["word_delimiter"].as_str(),
            args["replace_by_space"].as_bool().unwrap_or(false),
        )
        .unwrap();
        let (refs, hyps) =
            if case["corpus"] == "english" { (&english_refs, &english_hyps) } else { (&tamil_refs, &tamil_hyps) };
        let what = format!("{} on {}", case["steps"], case["corpus"]);
        let r = pipeline.apply(refs).unwrap();
        let h = pipeline.apply(hyps).unwrap();
        assert_eq!(r, lists(&case["references"]), "{what}");
        assert_eq!(h, lists(&case["hypotheses"]), "{what}");
        let (_, rates) = word_rates(&r, &h).unwrap();
        for (key, got) in [("wer", rates.wer), ("mer", rates.mer), ("wil", rates.wil), ("wip", rates.wip)] {
            assert_eq!(Some(got), case[key].as_f64(), "{what}: {key}");
        }
    }
}

#[test]
fn arguments_need_their_transformation() {
    let words = ["strip", "reduce-to-list-of-words"];
    assert!(Pipeline::parse(&words, &[], &["a=b"], &[], None, false).is_err());
    assert!(Pipeline::parse(&words, &[], &[], &["um"], None, false).is_err());
    assert!(Pipeline::parse(&words, &[], &[], &[], None, true).is_err());
    assert!(Pipeline::parse(&["strip", "reduce-to-list-of-chars"], &[], &[], &[], Some("|"), false).is_err());
    assert!(
        Pipeline::parse(&["substitute-regexes", "reduce-to-list-of-words"], &[], &["(=x"], &[], None, false).is_err()
    );
    assert!(Pipeline::parse(&["substitute-regexes", "reduce-to-list-of-words"], &[], &["no pair"], &[], None, false)
        .is_err());
    // The last `=` separates a regex pair, so look-ahead patterns can be written.
    let p = Pipeline::parse(&["substitute-regexes", "reduce-to-list-of-words"], &[], &["a(?=b)=X"], &[], None, false)
        .unwrap();
    assert_eq!(p.apply(&["ab ac".to_string()]).unwrap(), vec![vec!["Xb".to_string(), "ac".to_string()]]);
}
