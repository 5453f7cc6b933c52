//! The A1 scoring rules of SPEC section S, one test (or more) per rule, through one helper that scores
//! in-memory manifests and hypotheses.

use std::path::{Path, PathBuf};

use serde_json::Value;
use uraikal_asr::compare::compare;
use uraikal_asr::hyps::parse_hypotheses;
use uraikal_asr::manifest::{parse_manifests, Manifests};
use uraikal_asr::score::{result_records, score, slice_members, ScoreOptions, Scores};

fn manifest_line(id: &str, text: &str, slice: &str) -> String {
    serde_json::json!({"id": id, "audio": format!("{id}.wav"), "text": text, "slice": slice}).to_string() + "\n"
}

fn hyp_line(id: &str, hyp: &str) -> String {
    serde_json::json!({"id": id, "hyp": hyp}).to_string() + "\n"
}

/// Scores in-memory files; errors are returned as their messages.
fn run(manifests: &[&str], hyps: &str, bootstrap: usize) -> Result<(Manifests, Scores), String> {
    let sources: Vec<(PathBuf, &[u8])> =
        manifests.iter().enumerate().map(|(i, m)| (PathBuf::from(format!("m{i}.jsonl")), m.as_bytes())).collect();
    let manifests = parse_manifests(&sources).map_err(|e| e.to_string())?;
    let hypotheses = parse_hypotheses(Path::new("h.jsonl"), hyps.as_bytes()).map_err(|e| e.to_string())?;
    let scores = score(&manifests, &hypotheses, ScoreOptions { bootstrap, seed: 7 });
    Ok((manifests, scores))
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/a1").join(name)).unwrap()
}

#[test]
fn golden_sample_equals_jiwer_on_the_normalised_text() {
    // SPEC S6.1, S6.2, S7.1, S7.2: fixtures/a1 (jiwer 4.0.0 on normalised text) to the last digit.
    let (m, h) = (fixture("a1_sample.jsonl"), fixture("hyps_sample.jsonl"));
    let expected: Value = serde_json::from_str(&fixture("expected.json")).unwrap();
    let (manifests, scores) = run(&[&m], &h, 0).unwrap();
    let hypotheses = parse_hypotheses(Path::new("h.jsonl"), h.as_bytes()).unwrap();
    let records = result_records(&scores, &manifests, &hypotheses, "sample");
    for record in &records {
        let e = &expected[&record.slice];
        assert_eq!(record.wer, e["wer"].as_f64(), "{} wer", record.slice);
        assert_eq!(record.cer, e["cer"].as_f64(), "{} cer", record.slice);
        if record.slice != "macro" {
            assert_eq!(serde_json::to_value(record.word).unwrap(), e["word"]);
            assert_eq!(serde_json::to_value(record.char).unwrap(), e["char"]);
            assert_eq!(record.missing as u64, e["missing"].as_u64().unwrap());
            assert_eq!(record.utterances as u64, e["utterances"].as_u64().unwrap());
            assert_eq!(record.ref_words as u64, e["ref_words"].as_u64().unwrap());
            assert_eq!(record.ref_chars as u64, e["ref_chars"].as_u64().unwrap());
        }
        assert_eq!(record.extra as u64, expected["extra"].as_u64().unwrap());
    }
    for pair in expected["normalised_examples"].as_array().unwrap() {
        assert_eq!(uraikal_text::normalize(pair[0].as_str().unwrap()), pair[1].as_str().unwrap());
    }
}

#[test]
fn missing_hypothesis_scores_as_empty_output() {
    // SPEC S6.3
    let m = manifest_line("a", "ஒன்று இரண்டு", "s") + &manifest_line("b", "மூன்று", "s");
    let (_, scores) = run(&[&m], &hyp_line("a", "ஒன்று இரண்டு"), 0).unwrap();
    let slice = &scores.slices[0];
    assert_eq!((slice.utterances, slice.missing), (2, 1));
    assert_eq!(slice.word.deletions, 1);
    assert_eq!(slice.wer, Some(1.0 / 3.0));
    assert!(scores.utterances[1].missing);
}

#[test]
fn extra_hypothesis_is_reported_not_scored() {
    // SPEC S6.4
    let m = manifest_line("a", "ஒன்று", "s");
    let h = hyp_line("a", "ஒன்று") + &hyp_line("zz", "கூடுதல்") + &hyp_line("yy", "x");
    let (_, scores) = run(&[&m], &h, 0).unwrap();
    assert_eq!(scores.extra, vec!["yy".to_string(), "zz".to_string()]);
    assert_eq!(scores.slices[0].wer, Some(0.0));
}

#[test]
fn bad_lines_are_errors_naming_file_and_line() {
    // SPEC S5.1–S5.5
    let good = manifest_line("a", "ஒன்று", "s");
    let cases: Vec<(Vec<String>, String, &str)> = vec![
        (vec![good.clone() + "{\"id\": \"x\", \"text\": \n"], String::new(), "m0.jsonl:2: not valid JSON"),
        (
            vec![good.clone() + "{\"id\": \"y\", \"audio\": \"a.wav\", \"slice\": \"s\"}\n"],
            String::new(),
            "m0.jsonl:2: missing field `text`",
        ),
        (
            vec![good.clone() + "\n" + &manifest_line("a", "x", "s")],
            String::new(),
            "m0.jsonl:3: duplicate id \"a\" (first at line 1)",
        ),
        (
            vec![good.clone(), manifest_line("a", "x", "s")],
            String::new(),
            "m1.jsonl:1: duplicate id \"a\" (first at m0.jsonl:1)",
        ),
        (
            vec![good.clone() + "{\"id\": \"b\", \"audio\": \"a\", \"text\": null, \"slice\": \"s\"}\n"],
            String::new(),
            "m0.jsonl:2: invalid type: null",
        ),
        (
            vec![good.clone() + "{\"id\": \"b\", \"audio\": \"a\", \"text\": 5, \"slice\": \"s\"}\n"],
            String::new(),
            "m0.jsonl:2: invalid type: integer",
        ),
        (vec![manifest_line("a", "x", "macro")], String::new(), "m0.jsonl:1: the slice name \"macro\" is reserved"),
        (vec![manifest_line("", "x", "s")], String::new(), "m0.jsonl:1: empty \"id\""),
        (vec![String::from("\n")], String::new(), "m0.jsonl: no utterances"),
        (
            vec![good.clone()],
            hyp_line("a", "x") + &hyp_line("a", "y"),
            "h.jsonl:2: duplicate id \"a\" (first at line 1)",
        ),
        (vec![good.clone()], "{\"id\": \"a\"}\n".to_string(), "h.jsonl:1: missing field `hyp`"),
        (vec![good.clone()], "{\"id\": \"a\", \"hyp\": [1]}\n".to_string(), "h.jsonl:1: invalid type: sequence"),
        (vec![good.clone()], "[]\n".to_string(), "h.jsonl:1: invalid length 0"),
    ];
    for (manifests, hyps, expected) in cases {
        let manifests: Vec<&str> = manifests.iter().map(String::as_str).collect();
        let err = run(&manifests, &hyps, 0).err().unwrap_or_else(|| panic!("no error, expected {expected}"));
        assert!(err.starts_with(expected), "{err:?} does not start with {expected:?}");
    }
}

#[test]
fn invalid_utf8_names_the_line_and_crlf_is_accepted() {
    // SPEC S5.5
    let mut m = manifest_line("a", "ஒன்று", "s").replace('\n', "\r\n").into_bytes();
    assert!(parse_manifests(&[(PathBuf::from("m.jsonl"), m.as_slice())]).is_ok());
    m.extend_from_slice(b"{\"id\": \"b\", \"audio\": \"a\", \"text\": \"\xff\", \"slice\": \"s\"}\n");
    let err = parse_manifests(&[(PathBuf::from("m.jsonl"), m.as_slice())]).unwrap_err().to_string();
    assert!(err.starts_with("m.jsonl:2: not valid JSON"), "{err}");
}

#[test]
fn empty_references_add_insertions_and_empty_slices_are_undefined() {
    // SPEC S6.5, S3.2, S7.2
    let m = manifest_line("a", "ஒன்று", "s") + &manifest_line("b", "", "s") + &manifest_line("c", "...", "silence");
    let h = hyp_line("a", "ஒன்று") + &hyp_line("b", "இரண்டு") + &hyp_line("c", "");
    let (_, scores) = run(&[&m], &h, 20).unwrap();
    let s = scores.slices.iter().find(|s| s.slice == "s").unwrap();
    assert_eq!((s.word.insertions, s.word.reference_len()), (1, 1));
    assert_eq!(s.wer, Some(1.0));
    let silence = scores.slices.iter().find(|s| s.slice == "silence").unwrap();
    assert_eq!((silence.wer, silence.cer, silence.wer_ci), (None, None, None));
    assert_eq!(scores.macro_average.wer, Some(1.0), "the macro average skips undefined slices");
}

#[test]
fn macro_is_the_unweighted_mean_of_slices() {
    // SPEC S7.1, S7.2
    let m = manifest_line("a", "ஒன்று இரண்டு மூன்று நான்கு", "long") + &manifest_line("b", "ஐந்து", "short");
    let h = hyp_line("a", "ஒன்று இரண்டு மூன்று நான்கு") + &hyp_line("b", "ஆறு");
    let (_, scores) = run(&[&m], &h, 0).unwrap();
    let names: Vec<&str> = scores.slices.iter().map(|s| s.slice.as_str()).collect();
    assert_eq!(names, ["long", "short"], "slices sorted by name");
    assert_eq!(scores.macro_average.wer, Some(0.5));
    assert_eq!(scores.macro_average.word.reference_len(), 5, "macro counts are sums");
    assert_eq!(scores.macro_average.utterances, 2);
}

#[test]
fn bootstrap_is_seeded_and_deterministic() {
    // SPEC S8.1–S8.3
    let mut m = String::new();
    let mut h = String::new();
    for k in 0..40 {
        m += &manifest_line(&format!("u{k}"), "ஒன்று இரண்டு மூன்று", if k % 2 == 0 { "x" } else { "y" });
        h += &hyp_line(
            &format!("u{k}"),
            if k % 3 == 0 {
                "ஒன்று மூன்று"
            } else {
                "ஒன்று இரண்டு மூன்று"
            },
        );
    }
    let (_, a) = run(&[&m], &h, 200).unwrap();
    let (_, b) = run(&[&m], &h, 200).unwrap();
    assert_eq!(a.slices, b.slices);
    assert_eq!(a.macro_average, b.macro_average);
    for s in a.slices.iter().chain([&a.macro_average]) {
        let (low, high) = s.wer_ci.unwrap();
        assert!(low <= s.wer.unwrap() && s.wer.unwrap() <= high, "{s:?}");
        assert!(low < high);
    }
    let (_, none) = run(&[&m], &h, 0).unwrap();
    assert_eq!(none.slices[0].wer_ci, None);
}

#[test]
fn compare_identical_systems_finds_no_difference() {
    // SPEC S10.1, S10.2
    let m = manifest_line("a", "ஒன்று இரண்டு", "s") + &manifest_line("b", "மூன்று நான்கு", "s");
    let h = hyp_line("a", "ஒன்று") + &hyp_line("b", "மூன்று நான்கு");
    let (manifests, a) = run(&[&m], &h, 100).unwrap();
    let rows = compare(&slice_members(&manifests), &a, &a).unwrap();
    assert_eq!(rows.len(), 2, "one slice and the macro row");
    assert_eq!(rows[0].wer.difference, Some(0.0));
    assert_eq!(rows[0].wer.p_value, Some(1.0));

    let better = hyp_line("a", "ஒன்று இரண்டு") + &hyp_line("b", "மூன்று நான்கு");
    let (_, b) = run(&[&m], &better, 100).unwrap();
    let rows = compare(&slice_members(&manifests), &a, &b).unwrap();
    assert_eq!(rows[0].wer.difference, Some(0.25));
    let [low, high] = rows[0].wer.difference_ci.unwrap();
    assert!((0.0..=0.25).contains(&low) && 0.25 <= high);
    assert_eq!(rows[0].missing, [0, 0]);

    // Missing hypotheses are counted per system.
    let (_, c) = run(&[&m], &hyp_line("a", "ஒன்று"), 100).unwrap();
    assert_eq!(compare(&slice_members(&manifests), &a, &c).unwrap()[0].missing, [0, 1]);

    // Runs over different manifests are an error, not a wrong answer or a panic.
    let (_, other) = run(&[&manifest_line("a", "ஒன்று", "s")], &h, 100).unwrap();
    let err = compare(&slice_members(&manifests), &a, &other).unwrap_err();
    assert_eq!(err.to_string(), "the two runs were not scored on the same manifests (2 and 1 utterances)");
}

/// Levenshtein distance by the textbook matrix, for oracles.
fn edit_distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let next = (diagonal + usize::from(x != y)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[test]
fn grapheme_cer_is_the_grapheme_distance_of_the_normalised_texts() {
    // SPEC S12.2, against an independent oracle: Unicode extended grapheme clusters (unicode-segmentation)
    // with SPEC G2's Tamil folds written out here, and the textbook matrix.
    use unicode_segmentation::UnicodeSegmentation;
    fn clusters(text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for g in text.graphemes(true) {
            let fold = match out.last().map(String::as_str) {
                Some("க்") => g.starts_with('ஷ'),
                Some("ஸ்" | "ஶ்") => g == "ரீ",
                _ => false,
            };
            match out.last_mut() {
                Some(last) if fold => last.push_str(g),
                _ => out.push(g.to_string()),
            }
        }
        out
    }
    assert_eq!(clusters("லக்ஷ்மி ஸ்ரீ"), ["ல", "க்ஷ்", "மி", " ", "ஸ்ரீ"]);
    let (m, h) = (fixture("a1_sample.jsonl"), fixture("hyps_sample.jsonl"));
    assert!(m.contains("க்ஷ"), "the sample exercises a fold");
    let (manifests, scores) = run(&[&m], &h, 0).unwrap();
    let hyps: std::collections::HashMap<String, String> = h
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| (v["id"].as_str().unwrap().to_string(), v["hyp"].as_str().unwrap().to_string()))
        .collect();
    for (name, members) in slice_members(&manifests) {
        let (mut errors, mut length) = (0, 0);
        for i in members {
            let u = &manifests.utterances[i];
            let reference = uraikal_text::normalize(&u.text);
            let hypothesis = uraikal_text::normalize(hyps.get(&u.id).map_or("", String::as_str));
            let (r, h) = (clusters(&reference), clusters(&hypothesis));
            errors += edit_distance(&r, &h);
            length += r.len();
        }
        let slice = scores.slices.iter().find(|s| s.slice == name).unwrap();
        assert_eq!((slice.grapheme.errors, slice.grapheme.reference_len), (errors, length), "{name}");
        assert_eq!(slice.grapheme_cer, Some(errors as f64 / length as f64), "{name}");
    }
    // Tamil letters are fewer than code points, so the two CERs differ; the frozen CER is untouched.
    let kural = &scores.slices[0];
    assert!(kural.grapheme.reference_len < kural.char.reference_len());
    assert_eq!(
        scores.macro_average.grapheme_cer,
        Some((scores.slices[0].grapheme_cer.unwrap() + scores.slices[1].grapheme_cer.unwrap()) / 2.0)
    );
}

fn lattice_line(id: &str, text: &str, slice: &str, lattice: Value) -> String {
    serde_json::json!({"id": id, "audio": format!("{id}.wav"), "text": text, "slice": slice, "lattice": lattice})
        .to_string()
        + "\n"
}

#[test]
fn oiwer_column_against_lattices_and_texts() {
    // SPEC S12.1, S12.3. Errors and N worked by hand.
    let m = [
        // Compound written apart: 0 errors, N 3 (WER: 3 errors).
        lattice_line("a", "நான் போயிட்டு வந்தேன்", "s1", serde_json::json!([["நான்"], ["போயிட்டு", "போய்விட்டு"], ["வந்தேன்"]])),
        // A brace string; English in Latin script, any case: 0, 3.
        lattice_line("b", "அவர் போன் பண்ணினார்", "s1", Value::from("{அவர்} {Phone | போன்} {பண்ணினார்}")),
        // No lattice: the text is the only form; one deletion: 1, 3.
        manifest_line("c", "அவன் நேற்று வந்தான்", "s2"),
        // No lattice, a number in the text: digits for number words are accepted: 0, 3.
        manifest_line("d", "பத்து பேர் வந்தார்கள்", "s2"),
        // Missing hypothesis against an optional group: the shortest path is deleted: 2, 2.
        lattice_line("e", "அவன் நேற்று வந்தான்", "s2", Value::from("{அவன்} { | நேற்று} {வந்தான்}")),
        // A null lattice is no lattice.
        lattice_line("f", "சரி", "s3", Value::Null),
    ]
    .concat();
    let h = [
        hyp_line("a", "நான் போய் விட்டு வந்தேன்"),
        hyp_line("b", "அவர் PHONE பண்ணினார்"),
        hyp_line("c", "அவன் வந்தான்"),
        hyp_line("d", "10 பேர் வந்தார்கள்"),
        hyp_line("f", "சரி"),
    ]
    .concat();
    let (manifests, scores) = run(&[&m], &h, 0).unwrap();
    let oiwer = |slice: usize| {
        let s = &scores.slices[slice];
        (s.oiwer.map(|o| (o.errors, o.reference_words)), s.oiwer_rate, s.lattices)
    };
    assert_eq!(oiwer(0), (Some((0, 6)), Some(0.0), 2));
    assert_eq!(oiwer(1), (Some((3, 8)), Some(3.0 / 8.0), 1));
    assert_eq!(oiwer(2), (Some((0, 1)), Some(0.0), 0));
    assert_eq!(scores.slices[0].wer, Some(3.0 / 6.0), "WER stays rigid against the text");
    assert_eq!(scores.macro_average.oiwer_rate, Some((0.0 + 3.0 / 8.0 + 0.0) / 3.0));
    let hypotheses = parse_hypotheses(Path::new("h.jsonl"), h.as_bytes()).unwrap();
    let records = serde_json::to_value(result_records(&scores, &manifests, &hypotheses, "x")).unwrap();
    assert_eq!(records[1]["oiwer"], 0.375);
    assert_eq!(records[1]["oiwer_reference_words"], 8);
    assert_eq!(records[3]["lattice_utterances"], 3);
    assert_eq!(records[3]["oiwer_mode"], "uraikal");

    // Without a lattice anywhere the OIWER keys are absent.
    let (manifests, scores) = run(&[&manifest_line("a", "சரி", "s")], &hyp_line("a", "சரி"), 0).unwrap();
    let hypotheses = parse_hypotheses(Path::new("h.jsonl"), hyp_line("a", "சரி").as_bytes()).unwrap();
    let record = serde_json::to_value(&result_records(&scores, &manifests, &hypotheses, "x")[0]).unwrap();
    assert!(record.get("oiwer").is_none() && record.get("lattice_utterances").is_none(), "{record}");
    assert_eq!(record["grapheme_cer"], 0.0);
}

#[test]
fn bad_lattices_are_errors_naming_the_line() {
    // SPEC S12.1: read strictly, checked before anything is scored.
    let good = manifest_line("a", "அவன் வந்தான்", "s");
    for (lattice, message) in [
        (Value::from("{அவன்} வந்தான்"), "column 8: text outside the {…} groups"),
        (Value::from("{அவன் {வந்தான்}}"), "column 7: a group inside the group opened at column 1"),
        (Value::from("{அவன்"), "never closed"),
        (Value::from("அவன் | அவள்"), "no {…} group"),
        (Value::from(r#"[["அவன்"]]"#), "a JSON lattice written as a string"),
        (serde_json::json!([["அவன்", 7]]), "must be a string, not a number"),
        (serde_json::json!(["அவன்"]), "must be a list of strings"),
        (serde_json::json!({"a": 1}), "must be a list of groups"),
        (serde_json::json!([["", "…"]]), "no non-empty variants"),
        (serde_json::json!([]), "no non-empty variants"),
        (Value::from(3), "must be a list of groups"),
    ] {
        let m = good.clone() + &lattice_line("b", "அவன் வந்தான்", "s", lattice.clone());
        let err = run(&[&m], "", 0).unwrap_err();
        assert!(err.starts_with("m0.jsonl:2: \"lattice\": ") && err.contains(message), "{lattice}: {err}");
    }
}
