//! Laws of every family (SPEC K1, K3): a generated entry's own answer scores 1.0; the same seed, index
//! and configuration give the same entry; any answer scores in [0, 1] without panicking; the answers of
//! other entries, and the typical wrong answers of each family, score below 1.0.

use proptest::prelude::*;
use uraikal_tasks::{families, family, generate, Config, Difficulty, Lang};

fn config() -> impl Strategy<Value = Config> {
    (
        prop::sample::select(vec![Difficulty::Easy, Difficulty::Medium, Difficulty::Hard]),
        prop::sample::select(vec![Lang::Ta, Lang::En]),
    )
        .prop_map(|(difficulty, lang)| Config { difficulty, lang, ..Config::default() })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// SPEC K1, K3.1: the reference answer scores 1.0, and generation is a pure function of its inputs.
    #[test]
    fn own_answer_scores_one_and_generation_is_deterministic(seed in any::<u64>(), index in 0u64..1_000_000, config in config()) {
        for family in families() {
            let entry = family.entry(seed, index, &config);
            prop_assert_eq!(family.score(&entry, &entry.answer), 1.0, "{}: {:?}", family.name, entry);
            prop_assert_eq!(&entry, &family.entry(seed, index, &config));
            prop_assert!(!entry.question.is_empty() && !entry.answer.is_empty());
        }
    }

    /// SPEC K3: any text scores in [0, 1] and never panics.
    #[test]
    fn any_answer_scores_in_the_unit_interval(seed in any::<u64>(), answer in "\\PC{0,40}") {
        for family in families() {
            let entry = family.entry(seed, 0, &Config::default());
            let score = family.score(&entry, &answer);
            prop_assert!((0.0..=1.0).contains(&score), "{}: {answer:?} → {score}", family.name);
        }
    }

    /// Overrides of the ranges hold.
    #[test]
    fn number_and_letter_ranges_hold(seed in any::<u64>(), lo in 0u64..100_000, width in 0u64..1_000_000, letters in 2usize..8) {
        let config = Config { min_number: Some(lo), max_number: Some(lo + width), min_letters: Some(letters), max_letters: Some(letters), ..Config::default() };
        for name in ["numbers.spoken", "numbers.digits", "numerals.read"] {
            let entry = family(name).unwrap().entry(seed, 0, &config);
            let n: u64 = match entry.metadata.get("number") { Some(n) => n.as_u64().unwrap(), None => entry.answer.parse().unwrap() };
            prop_assert!((lo..=lo + width).contains(&n), "{name}: {n}");
        }
        let entry = family("letters.count").unwrap().entry(seed, 0, &config);
        prop_assert_eq!(entry.answer, letters.to_string());
    }
}

/// The acceptance check's rule (SPEC K3.2): every other entry's different answer scores below 1.0.
#[test]
fn other_entries_answers_score_below_one() {
    for family in families() {
        let entries = generate(family.name, 300, 11, &Config::default()).unwrap();
        for (i, entry) in entries.iter().enumerate() {
            for other in [&entries[(i + 1) % 300], &entries[(i + 137) % 300]] {
                if other.answer != entry.answer {
                    let score = family.score(entry, &other.answer);
                    assert!(score < 1.0, "{}: {:?} for {:?} scores {score}", family.name, other.answer, entry.answer);
                }
            }
        }
    }
}

/// The typical mistakes of each family score below 1.0.
#[test]
fn typical_wrong_answers_score_below_one() {
    let config = Config::default();
    for index in 0..300 {
        // A neighbouring number, in the register asked.
        for (name, register) in [
            ("numbers.spoken", uraikal_numbers::Register::Spoken),
            ("numbers.written", uraikal_numbers::Register::Written),
        ] {
            let f = family(name).unwrap();
            let e = f.entry(3, index, &config);
            let n = e.metadata["number"].as_i64().unwrap();
            let neighbour = uraikal_numbers::to_words(n + 1, register).unwrap();
            assert!(f.score(&e, &neighbour) < 1.0, "{name} {n}");
            // The other register is not the answer.
            let other = uraikal_numbers::to_words(
                n,
                if register == uraikal_numbers::Register::Spoken {
                    uraikal_numbers::Register::Written
                } else {
                    uraikal_numbers::Register::Spoken
                },
            )
            .unwrap();
            if other != e.answer {
                assert!(f.score(&e, &other) < 1.0, "{name} {n} other register");
            }
        }
        // A code-point count instead of a letter count, and a count off by one.
        let f = family("letters.count").unwrap();
        let e = f.entry(3, index, &config);
        let word = e.metadata["word"].as_str().unwrap();
        let code_points = word.chars().count().to_string();
        if code_points != e.answer {
            assert_eq!(f.score(&e, &code_points), 0.0, "{word}");
        }
        let n: usize = e.answer.parse().unwrap();
        assert_eq!(f.score(&e, &(n + 1).to_string()), 0.0);
        // A swapped asai.
        let f = family("yaappu.asai").unwrap();
        let e = f.entry(3, index, &config);
        let swapped: Vec<&str> = e.answer.split(' ').map(|a| if a == "நேர்" { "நிரை" } else { "நேர்" }).collect();
        assert!(f.score(&e, &swapped.join(" ")) < 1.0);
        // One length label wrong.
        let f = family("letters.lengths").unwrap();
        let e = f.entry(3, index, &config);
        let mut labels: Vec<&str> = e.answer.split(' ').collect();
        labels[0] = if labels[0] == "குறில்" { "நெடில்" } else { "குறில்" };
        let score = f.score(&e, &labels.join(" "));
        assert!(score > 0.0 || labels.len() == 1, "partial credit for the rest");
        assert!(score < 1.0);
        // Digits instead of words in arithmetic: half credit.
        let f = family("numbers.arithmetic").unwrap();
        let e = f.entry(3, index, &config);
        assert_eq!(f.score(&e, &e.metadata["result"].to_string()), 0.5);
        // The question's own material echoed back.
        let f = family("text.repair").unwrap();
        let e = f.entry(3, index, &config);
        assert!(f.score(&e, e.metadata["text"].as_str().unwrap()) < 1.0);
    }
}

/// Accepted variants (SPEC K2): what each family documents as right scores 1.0.
#[test]
fn documented_variants_are_accepted() {
    let config = Config::default();
    let f = family("numbers.digits").unwrap();
    let e = f.entry(1, 5, &config);
    let n: u64 = e.answer.parse().unwrap();
    let tamil: String =
        n.to_string().chars().map(|c| char::from_u32('௦' as u32 + c.to_digit(10).unwrap()).unwrap()).collect();
    assert_eq!(f.score(&e, &tamil), 1.0);
    let f = family("letters.lengths").unwrap();
    let e = f.entry(1, 5, &config);
    let english =
        e.answer.replace("குறில்", "kuril").replace("நெடில்", "nedil").replace("ஒற்று", "otru").replace("ஆய்தம்", "aaytham");
    assert_eq!(f.score(&e, &english.replace(' ', ", ")), 1.0);
    let f = family("numbers.arithmetic").unwrap();
    for index in 0..50 {
        let e = f.entry(1, index, &config);
        let result = e.metadata["result"].as_i64().unwrap();
        let spoken = uraikal_numbers::to_words(result, uraikal_numbers::Register::Spoken).unwrap();
        assert_eq!(f.score(&e, &spoken), 1.0, "{spoken}");
    }
    let f = family("yaappu.venba").unwrap();
    let e = f.entry(1, 0, &config);
    let english = if e.answer == "ஆம்" { "Yes." } else { "no" };
    assert_eq!(f.score(&e, english), 1.0);
    let f = family("words.sort").unwrap();
    let e = f.entry(1, 0, &config);
    assert_eq!(f.score(&e, &e.answer.replace(", ", "\n")), 1.0);
}
