//! Property tests of lattices (SPEC L1, L3, L4): the brace string and the nested JSON read back to the same
//! lattice; a hypothesis that follows any path through a lattice scores 0 (both modes; Vimarsha's mode on
//! single-word forms, since its phrase choice counts words over the whole utterance, SPEC L3); any hypothesis
//! scores without error, at 0 or more.

use proptest::prelude::*;
use uraikal_metrics::lattice::{oiwer, Language, Lattice, Mode, Reading};

/// Words that both normalisers leave as they are (no punctuation, no digits, no case, no number words).
const WORDS: [&str; 10] = ["அவன்", "வந்தான்", "நேற்று", "கடைக்கு", "போனான்", "மழை", "பெய்தது", "kadai", "veedu", "ponen"];

fn word() -> impl Strategy<Value = String> + Clone {
    prop::sample::select(&WORDS[..]).prop_map(str::to_string)
}

/// A form of one to three words.
fn form() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(word(), 1..=3).prop_map(|words| words.join(" "))
}

/// A lattice of one to six groups, each one to three forms, some groups optional (an empty form) when
/// `optional` is true.
fn lattice(forms: impl Strategy<Value = String> + Clone, optional: bool) -> impl Strategy<Value = Lattice> {
    let group = (prop::collection::vec(forms, 1..=3), any::<bool>()).prop_map(move |(mut forms, empty)| {
        if optional && empty {
            forms.push(String::new());
        }
        forms
    });
    prop::collection::vec(group, 1..=6).prop_map(Lattice::new)
}

/// A lattice and a path through it: the index of one form per group.
fn with_path(lattice: impl Strategy<Value = Lattice>) -> impl Strategy<Value = (Lattice, Vec<prop::sample::Index>)> {
    lattice.prop_flat_map(|l| {
        let n = l.groups().len();
        (Just(l), prop::collection::vec(any::<prop::sample::Index>(), n))
    })
}

fn path_text(lattice: &Lattice, path: &[prop::sample::Index]) -> String {
    let chosen: Vec<&str> = lattice
        .groups()
        .iter()
        .zip(path)
        .map(|(forms, index)| forms[index.index(forms.len())].as_str())
        .filter(|form| !form.is_empty())
        .collect();
    chosen.join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// L1: printing as a brace string or as JSON and reading back gives the same lattice, strictly.
    #[test]
    fn brace_string_and_json_round_trip(lattice in lattice(form(), true)) {
        prop_assume!(lattice.groups().iter().all(|forms| forms.iter().any(|f| !f.is_empty())));
        let braces = lattice.to_brace_string();
        prop_assert_eq!(&Lattice::parse(&braces).unwrap(), &lattice, "{}", braces);
        prop_assert_eq!(&Lattice::read_value(&lattice.to_json(), Reading::Strict).unwrap(), &lattice);
        prop_assert_eq!(&Lattice::parse(&lattice.to_json().to_string()).unwrap(), &lattice);
        prop_assert_eq!(&Lattice::read(&braces, Reading::Vimarsha).unwrap(), &lattice);
    }

    /// L4: in the uraikal mode every path (multi-word forms, optional groups skipped) scores 0.
    #[test]
    fn any_path_scores_zero_in_the_uraikal_mode((lattice, path) in with_path(lattice(form(), true))) {
        let hypothesis = path_text(&lattice, &path);
        prop_assume!(!hypothesis.is_empty());
        let got = oiwer(&hypothesis, &lattice, Language::Tamil, Mode::Uraikal).unwrap();
        prop_assert_eq!(got.errors(), 0, "{} | {}", hypothesis, lattice);
        prop_assert_eq!(got.percent(), 0.0);
    }

    /// L3: in the vimarsha mode every path through single-word forms scores 0.
    #[test]
    fn any_path_scores_zero_in_the_vimarsha_mode((lattice, path) in with_path(lattice(word(), false))) {
        let hypothesis = path_text(&lattice, &path);
        let got = oiwer(&hypothesis, &lattice, Language::Tamil, Mode::Vimarsha).unwrap();
        prop_assert_eq!(got.errors(), 0, "{} | {}", hypothesis, lattice);
        prop_assert_eq!(got.percent(), 0.0);
    }

    /// Any hypothesis at all scores in both modes: no error, a finite rate of 0 or more, one alignment step
    /// per operation, a hypothesis word on every step but a deletion.
    #[test]
    fn any_hypothesis_scores_at_zero_or_more(lattice in lattice(form(), false), hypothesis in "\\PC{0,40}") {
        for mode in [Mode::Uraikal, Mode::Vimarsha] {
            let got = oiwer(&hypothesis, &lattice, Language::Tamil, mode).unwrap();
            prop_assert!(got.percent() >= 0.0 && got.percent().is_finite());
            prop_assert_eq!(got.operations.len(), got.hypothesis_alignment.len());
            prop_assert_eq!(got.operations.len(), got.reference_alignment.len());
            let with_word = got.hypothesis_alignment.iter().filter(|w| !w.is_empty()).count();
            prop_assert_eq!(with_word, got.operations.len() - got.deletions);
        }
    }
}
