//! Named insta snapshots of the `--json` outputs and records the house refactor touched (issue 18): OIWER
//! single and batch (both modes), build-lattices (both modes), evaluate, distance, numbers, tn and version.

/// stdout of a successful run, with `stdin` fed to it.
fn run(args: &[&str], stdin: &str) -> String {
    let out = crate::uraikal_with_stdin(args, stdin);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// The first golden OIWER rows that score, as batch records.
fn oiwer_batch() -> String {
    let golden = std::fs::read_to_string(uraikal_test_support::fixture("vimarsha/oiwer.jsonl")).unwrap();
    let mut out = String::new();
    for row in golden.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()) {
        if row.get("error").is_some() || out.lines().count() == 8 {
            continue;
        }
        let record = serde_json::json!({"id": row["id"], "language": row["language"], "hypothesis": row["hypothesis"], "reference": row["reference_lattice"]});
        out.push_str(&format!("{record}\n"));
    }
    out
}

#[test]
fn oiwer_json() {
    let args = [
        "oiwer",
        "--language",
        "ta",
        "--hypothesis",
        "நான் போய் விட்டு வந்தேன்",
        "--reference",
        "{நான்} {போயிட்டு | போய்விட்டு} {வந்தேன்}",
        "--json",
    ];
    insta::assert_snapshot!("oiwer_single_uraikal", run(&args, ""));
    insta::assert_snapshot!("oiwer_single_vimarsha", run(&[&args[..], &["--mode", "vimarsha"]].concat(), ""));
    let batch = oiwer_batch();
    insta::assert_snapshot!("oiwer_batch_uraikal", run(&["oiwer", "--input", "-", "--mode", "uraikal"], &batch));
    insta::assert_snapshot!("oiwer_batch_vimarsha", run(&["oiwer", "--input", "-", "--mode", "vimarsha"], &batch));
}

#[test]
fn build_lattices_records() {
    let input = std::fs::read_to_string(uraikal_test_support::fixture("vimarsha/lattice_cli_input.jsonl")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for mode in ["uraikal", "vimarsha"] {
        let out = dir.path().join(format!("{mode}.jsonl"));
        run(&["build-lattices", "-", out.to_str().unwrap(), "--language", "ta", "--mode", mode], &input);
        insta::assert_snapshot!(format!("build_lattices_{mode}"), std::fs::read_to_string(&out).unwrap());
    }
}

#[test]
fn metric_and_number_json() {
    insta::assert_snapshot!("evaluate_json", run(&["evaluate", "கௌரவம் வந்தது", "கெளரவம் வந்தது", "--json"], ""));
    insta::assert_snapshot!(
        "evaluate_json_codepoint",
        run(&["evaluate", "கௌரவம் வந்தது", "கெளரவம் வந்தது", "--unit", "codepoint", "--json"], "")
    );
    insta::assert_snapshot!(
        "distance_json",
        run(&["distance", "நிலுவை", "நிலவை", "--metric", "jaro-winkler", "--json"], "")
    );
    insta::assert_snapshot!(
        "numbers_to_words_json",
        run(&["numbers", "to-words", "2300", "--register", "written", "--json"], "")
    );
    insta::assert_snapshot!(
        "numbers_to_numerals_json",
        run(&["numbers", "to-numerals", "2024", "--style", "positional", "--json"], "")
    );
    insta::assert_snapshot!("tn_json", run(&["tn", "--json", "-"], "விலை ₹250\n"));
    insta::assert_snapshot!("version_json", run(&["version", "--json"], ""));
}
