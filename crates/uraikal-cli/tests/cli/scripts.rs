//! `uraikal graphemes --fold`, `--profile auto`, `--scripts` (SPEC G7): the nukta fold, per-token scripts
//! and profiles on a mixed-script line.

use super::uraikal_with_stdin;

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = uraikal_with_stdin(args, stdin);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// One line in Tamil (a split ௌ), Devanagari (precomposed क़ and decomposed ज़), Bengali ড়, Latin, digits.
const MIXED: &str = "கெளரவம் \u{0958}िला \u{091C}\u{093C}रा \u{09DC} ok, 2024\n";

#[test]
fn profile_auto_folds_each_token_by_its_script() {
    let scripts = stdout_of(&["graphemes", "--scripts", "-"], MIXED);
    let profiled = stdout_of(&["graphemes", "--profile", "auto", "--codepoints", "-"], MIXED);
    insta::assert_snapshot!("graphemes_scripts_mixed", scripts);
    insta::assert_snapshot!("graphemes_profile_auto_mixed", profiled);
}

#[test]
fn fold_nukta_makes_both_spellings_one() {
    let composed = stdout_of(&["graphemes", "--fold", "nukta", "--json", "\u{0958}"], "");
    let decomposed = stdout_of(&["graphemes", "--fold", "nukta", "--json", "\u{0915}\u{093C}"], "");
    assert_eq!(composed, "[\"\u{0915}\u{093C}\"]\n");
    assert_eq!(composed, decomposed);
    // Without the fold the text is segmented as it stands.
    assert_eq!(stdout_of(&["graphemes", "--json", "\u{0958}"], ""), "[\"\u{0958}\"]\n");
}

#[test]
fn an_unknown_fold_is_refused_with_exit_2() {
    let out = uraikal_with_stdin(&["graphemes", "--fold", "nukta,bogus", "x"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown fold \"bogus\"") && err.contains("script, nukta"), "{err}");
}
