//! The HTML report on a small, complete input: named snapshots of the whole document, and the properties the
//! acceptance checks rely on (every system and slice named, a chart per slice, no network reference).

use serde_json::{json, Value};
use uraikal_report::{render, Input};

fn record(system: &str, slice: &str, wer: f64, cer: f64, missing: u64) -> Value {
    json!({"system": system, "track": "A1", "slice": slice, "utterances": 40, "missing": missing,
           "wer": wer, "cer": cer, "wer_ci": [wer * 0.8, wer * 1.25], "cer_ci": [cer * 0.7, cer * 1.4]})
}

fn input() -> Input {
    let mut input = Input::default();
    input
        .add_document(&json!([
            record("whisper-small", "kural", 0.1543, 0.085, 1),
            record("whisper-small", "other", 0.2178, 0.1447, 5),
            record("whisper-small", "macro", 0.1861, 0.1148, 6),
        ]))
        .unwrap();
    input
        .add_document(&json!([
            record("whisper-tiny", "kural", 0.2781, 0.1777, 0),
            record("whisper-tiny", "other", 0.3267, 0.2811, 2),
            record("whisper-tiny", "macro", 0.3024, 0.2294, 2),
        ]))
        .unwrap();
    // Real Kural words: one substitution (நாடி → நாடு), one deletion, one insertion, one missing hypothesis.
    let alignments = [
        json!({"id": "utt-1", "slice": "kural", "missing": false,
               "reference": "நல்லாற்றாள் நாடி அருளாள்க பல்லாற்றால்", "hypothesis": "நல்லாற்றாள் நாடு பல்லாற்றால்",
               "word": {"hits": 2, "substitutions": 1, "deletions": 1, "insertions": 0},
               "word_chunks": [["equal", 0, 1, 0, 1], ["substitute", 1, 2, 1, 2], ["delete", 2, 3, 2, 2], ["equal", 3, 4, 2, 3]]}),
        json!({"id": "utt-2", "slice": "other", "missing": false,
               "reference": "அகர முதல", "hypothesis": "அகர முதல எழுத்து",
               "word": {"hits": 2, "substitutions": 0, "deletions": 0, "insertions": 1},
               "word_chunks": [["equal", 0, 2, 0, 2], ["insert", 2, 2, 2, 3]]}),
        json!({"id": "utt-3", "slice": "other", "missing": true, "reference": "உலகு", "hypothesis": "",
               "word": {"hits": 0, "substitutions": 0, "deletions": 1, "insertions": 0},
               "word_chunks": [["delete", 0, 1, 0, 0]]}),
    ];
    input.add_alignments("whisper-tiny", alignments.iter().enumerate().map(|(i, v)| (i + 1, v))).unwrap();
    input
        .add_document(&json!({"uraikal_version": "1.1", "results": [
            {"tokenizer": "cl100k_base", "slice": "kural", "vocab_size": 100277, "tokens_per_word": 11.957,
             "bytes_per_token": 1.9957, "letter_cut": 0.9975, "byte_cut": 1.0, "round_trip": 1.0},
            {"tokenizer": "whisper-multilingual", "slice": "kural", "vocab_size": 51865, "tokens_per_word": 7.699,
             "bytes_per_token": 3.0996, "letter_cut": 0.9975, "byte_cut": 0.1582, "round_trip": 1.0}
        ]}))
        .unwrap();
    input
}

#[test]
fn full_report_snapshot() {
    insta::assert_snapshot!("report_full", render(&input(), "Uraikal demo report"));
}

#[test]
fn leaderboard_only_snapshot() {
    let mut input = input();
    input.alignments.clear();
    input.d4.clear();
    insta::assert_snapshot!("report_leaderboard_only", render(&input, "A1"));
}

#[test]
fn names_every_system_and_slice_with_a_chart_each_and_no_network() {
    let html = render(&input(), "Report");
    for name in ["whisper-small", "whisper-tiny", "kural", "other", "macro", "cl100k_base"] {
        assert!(html.contains(name), "{name} missing");
    }
    // One chart per slice (kural, other, macro) and the D4 chart.
    assert_eq!(html.matches("<svg").count(), 4);
    assert!(!html.contains("http:") && !html.contains("https:") && !html.contains("<script"));
    // Best macro WER first.
    assert!(
        html.find("<th scope=\"row\">whisper-small").unwrap() < html.find("<th scope=\"row\">whisper-tiny").unwrap()
    );
}

#[test]
fn counts_confusions_from_the_alignment_chunks() {
    let html = render(&input(), "Report");
    assert!(html.contains("<td class=\"text\" lang=\"ta\">நாடி → நாடு</td><td>1</td>"));
    assert!(html.contains("<td class=\"text\" lang=\"ta\">அருளாள்க</td><td>1</td>"), "deletion");
    assert!(html.contains("<td class=\"text\" lang=\"ta\">எழுத்து</td><td>1</td>"), "insertion");
    assert!(html.contains("3 utterances aligned (1 missing hypotheses"));
}

/// `uraikal compare --json` rows (the shape of `uraikal_asr::compare::PairedSlice`) for A against B.
fn paired(a_minus_b: f64, p: f64) -> Value {
    let rate =
        |d: f64| json!({"a": 0.2, "b": 0.2 - d, "difference": d, "difference_ci": [d - 0.03, d + 0.03], "p_value": p});
    json!([
        {"slice": "kural", "utterances": 40, "wer": rate(a_minus_b), "cer": rate(a_minus_b / 2.0), "missing": [1, 0]},
        {"slice": "other", "utterances": 40, "wer": rate(a_minus_b * 1.5), "cer": rate(a_minus_b), "missing": [5, 2]},
        {"slice": "macro", "utterances": 80, "wer": rate(a_minus_b * 1.2), "cer": rate(a_minus_b * 0.8), "missing": [6, 2]}
    ])
}

fn with_comparisons() -> Input {
    let mut input = input();
    input.add_comparison("whisper-small", "whisper-tiny", &paired(-0.1163, 0.002)).unwrap();
    input.add_comparison("whisper-tiny", "whisper-small", &paired(0.1163, 0.002)).unwrap();
    input
}

#[test]
fn significance_matrix_snapshot() {
    let mut input = with_comparisons();
    input.alignments.clear();
    input.d4.clear();
    insta::assert_snapshot!("report_significance", render(&input, "A1 with comparisons"));
}

#[test]
fn the_matrix_colours_only_significant_differences() {
    let html = render(&with_comparisons(), "Report");
    assert!(html.contains("<h2>Paired significance</h2>"));
    // Row A = whisper-small is better than whisper-tiny (A − B < 0, p < 0.05): green; the mirror cell red.
    assert!(html.contains("<td class=\"better\" title=\"whisper-small − whisper-tiny, macro WER\">-13.96"), "{html}");
    assert!(html.contains("<td class=\"worse\" title=\"whisper-tiny − whisper-small, macro WER\">+13.96"));
    let mut input = Input::default();
    input.add_comparison("a", "b", &paired(-0.01, 0.4)).unwrap();
    let html = render(&input, "not significant");
    assert!(html.contains("<td class=\"same\" title=\"a − b, macro WER\">-1.20"), "{html}");
    assert!(!html.contains("class=\"better\" title"));
    assert_eq!(
        input.add_comparison("a", "b", &json!({"slice": "x"})).unwrap_err().to_string(),
        "a comparison must be a JSON array of slices"
    );
}

#[test]
fn names_and_texts_are_escaped() {
    let mut input = Input::default();
    input.add_results(&json!([record("<script>alert(1)</script>", "a&b", 0.1, 0.1, 0)])).unwrap();
    let html = render(&input, "\"quoted\" <title>");
    assert!(!html.contains("<script>alert"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && html.contains("a&amp;b"));
    assert!(html.contains("<title>&quot;quoted&quot; &lt;title&gt;</title>"));
}

#[test]
fn malformed_documents_are_errors_naming_the_record() {
    let mut input = Input::default();
    assert_eq!(
        input.add_document(&json!("x")).unwrap_err().to_string(),
        "neither A1 results (a JSON array of records) nor a D4 document (an object with \"results\")"
    );
    assert_eq!(
        input.add_results(&json!([{"system": "s", "slice": "k"}, 3])).unwrap_err().to_string(),
        "record 2: not an object"
    );
    let bad = json!({"id": "u", "reference": "a", "word_chunks": [["equal", 0, 1, 0]]});
    assert_eq!(
        input.add_alignments("s", [(7, &bad)]).unwrap_err().to_string(),
        "line 7: a word chunk is not [kind, ref_start, ref_end, hyp_start, hyp_end]"
    );
    // Chunks that point past the words (a hand-edited file) show nothing for them instead of panicking.
    let odd = json!({"id": "u", "reference": "a", "hypothesis": "b", "word": {"substitutions": 1},
                     "word_chunks": [["substitute", 0, 5, 0, 9]]});
    input.add_alignments("s", [(1, &odd)]).unwrap();
    render(&input, "odd");
}

/// The demo input with a lattice on utt-1 that accepts நாடு for நாடி, and a D4 document with example cuts.
fn with_lattice_and_examples() -> Input {
    let mut input = input();
    let lattice = uraikal_metrics::lattice::Lattice::parse("{நல்லாற்றாள்} {நாடி | நாடு} {அருளாள்க} {பல்லாற்றால்}").unwrap();
    input.add_lattice("utt-1", lattice);
    input
        .add_document(&json!({"results": [], "examples": [
            {"word": "நல்லாற்றாள்", "cuts": [
                {"tokenizer": "cl100k_base", "pieces": ["ந", "ல்", "லா", "ற்", "றா", "ள்"], "tokens": 14},
                {"tokenizer": "whisper-multilingual", "pieces": ["நல்", "லா", "ற்றாள்"], "tokens": 5}]}
        ]}))
        .unwrap();
    input
}

#[test]
fn lattice_and_examples_snapshot() {
    let mut input = with_lattice_and_examples();
    input.results.clear();
    input.d4.clear();
    insta::assert_snapshot!("report_lattice_and_examples", render(&input, "Variants and cuts"));
}

#[test]
fn substitutions_the_lattice_accepts_are_listed_apart_from_real_errors() {
    let html = render(&with_lattice_and_examples(), "Report");
    let variants = html.find("Spelling variants the lattice accepts").expect("a variants table");
    let real = html.find("Substitutions, real errors").expect("a real-errors table");
    let pair = "<td class=\"text\" lang=\"ta\">நாடி → நாடு</td><td>1</td>";
    // The pair is in the variants table (after its caption), not among the real errors.
    assert!(html[variants..].starts_with("Spelling variants") && html[variants..].contains(pair));
    assert!(!html[real..variants].contains(pair), "a variant counted as a real error");
    // Without the lattice it is a real error again, and there is no variants table.
    let html = render(&input(), "Report");
    assert!(html.contains(pair) && !html.contains("Spelling variants"));
}

#[test]
fn example_words_show_each_tokenizers_pieces() {
    let html = render(&with_lattice_and_examples(), "Report");
    assert!(html.contains("Where each tokenizer cuts a Tamil word"));
    assert!(html.contains("<span>நல்</span><b>|</b><span>லா</span><b>|</b><span>ற்றாள்</span></td><td>5</td>"));
    let bad = json!({"results": [], "examples": [{"word": "x", "cuts": [{"tokenizer": "t", "pieces": [1]}]}]});
    let err = Input::default().add_document(&bad).unwrap_err();
    assert_eq!(err.to_string(), "D4 example 1: \"pieces\" must be an array of strings");
}
