//! Letter families: counts, the n-th letter, length patterns, splitting, composing mei + uyir, and visual
//! order repair (SPEC K2.2). Letters are `uraikal_text::letters` (SPEC T1), lengths `Letter::length` (T2).

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use uraikal_metrics::bootstrap::SplitMix64;
use uraikal_text::{clean, decompose, letters, Length};

use super::{meta, question};
use crate::verify;
use crate::words::{random_word, words};
use crate::{Config, Family, Task};

/// The letter-count range of words for the level (or the overrides).
fn word_range(config: &Config) -> (usize, usize) {
    let (lo, hi) = config.difficulty.pick((2, 4), (3, 8), (7, 40));
    config.letter_range(lo, hi)
}

fn word(rng: &mut SplitMix64, config: &Config) -> &'static str {
    let (lo, hi) = word_range(config);
    random_word(rng, lo, hi).text
}

/// A task whose material is one word (metadata `word`).
fn word_task(config: &Config, ta: &str, en: &str, word: &str, answer: String) -> Task {
    Task { question: question(config, ta, en, word), answer, metadata: meta([("word", json!(word))]) }
}

fn score_integer(expected: &str, _: &Map<String, Value>, given: &str) -> f64 {
    verify::integer(expected, given)
}

pub(super) const COUNT: Family = Family {
    name: "letters.count",
    description: "a word → the number of Tamil letters (எழுத்து: uyir, mei, uyirmei, aaytham), not code points",
    accepts: "the integer in ASCII or Tamil digits; anything else scores 0",
    generate: |rng, config| {
        let word = word(rng, config);
        word_task(
            config,
            "இந்தச் சொல்லில் எத்தனை எழுத்துகள் உள்ளன (உயிர், மெய், உயிர்மெய், ஆய்தம் ஒவ்வொன்றும் ஒரு எழுத்து)?",
            "How many Tamil letters (uyir, mei, uyirmei and aaytham count one each; not code points) are in this word?",
            word,
            letters(word).count().to_string(),
        )
    },
    score: score_integer,
};

pub(super) const CODEPOINTS: Family = Family {
    name: "letters.codepoints",
    description: "a word → the number of Unicode code points (a uyirmei such as கி is two)",
    accepts: "the integer in ASCII or Tamil digits; anything else scores 0",
    generate: |rng, config| {
        let word = word(rng, config);
        word_task(
            config,
            "இந்தச் சொல்லில் எத்தனை யூனிகோடு குறியீட்டுப் புள்ளிகள் (code points) உள்ளன?",
            "How many Unicode code points are in this word?",
            word,
            word.chars().count().to_string(),
        )
    },
    score: score_integer,
};

pub(super) const NTH: Family = Family {
    name: "letters.nth",
    description: "a word and n → its n-th Tamil letter",
    accepts: "the letter, equal under the frozen normaliser (quotes and spaces ignored); anything else scores 0",
    generate: |rng, config| {
        let word = word(rng, config);
        let units: Vec<&str> = letters(word).map(|l| l.text).collect();
        let n = rng.below(units.len() as u64) as usize;
        Task {
            question: question(
                config,
                &format!("இந்தச் சொல்லின் {}-ஆவது எழுத்து எது?", n + 1),
                &format!("Which is letter number {} (counting Tamil letters, not code points) of this word?", n + 1),
                word,
            ),
            answer: units[n].to_string(),
            metadata: meta([("word", json!(word)), ("n", json!(n + 1))]),
        }
    },
    score: |expected, _, given| verify::exact(expected, verify::trim_answer(given)),
};

/// The Tamil name of a length class, as the answers write it.
fn length_name(length: Length) -> &'static str {
    match length {
        Length::Kuril => "குறில்",
        Length::Nedil => "நெடில்",
        Length::Otru => "ஒற்று",
        Length::Aaytham => "ஆய்தம்",
        _ => "பிற",
    }
}

/// A length label of an answer: the Tamil or English name (or its initial K/N/O/A).
fn parse_length(label: &str) -> Option<Length> {
    match label.to_lowercase().as_str() {
        "குறில்" | "kuril" | "k" => Some(Length::Kuril),
        "நெடில்" | "nedil" | "n" => Some(Length::Nedil),
        "ஒற்று" | "otru" | "mei" | "மெய்" | "o" => Some(Length::Otru),
        "ஆய்தம்" | "aaytham" | "aytham" | "a" => Some(Length::Aaytham),
        _ => None,
    }
}

pub(super) const LENGTHS: Family = Family {
    name: "letters.lengths",
    description: "a word → the length of each letter: குறில், நெடில், ஒற்று or ஆய்தம்",
    accepts: "the labels in order, in Tamil (குறில் நெடில் ஒற்று ஆய்தம்) or English (kuril nedil otru aaytham), separated by spaces or commas; otherwise 0.5 × the share of positions that agree",
    generate: |rng, config| {
        let word = word(rng, config);
        let names: Vec<&str> = letters(word).map(|l| length_name(l.length())).collect();
        word_task(
            config,
            "இந்தச் சொல்லின் ஒவ்வொரு எழுத்தும் குறிலா, நெடிலா, ஒற்றா, ஆய்தமா என்று வரிசையாக, இடைவெளி விட்டு எழுதுங்கள்",
            "For each letter of this word, in order, write kuril, nedil, otru or aaytham (Tamil names), separated by spaces",
            word,
            names.join(" "),
        )
    },
    score: |expected, _, given| {
        let labels = |text: &str| verify::items(text).into_iter().map(parse_length).collect::<Vec<_>>();
        verify::labels(&labels(expected), &labels(given))
    },
};

pub(super) const SPLIT: Family = Family {
    name: "letters.split",
    description: "a word → its Tamil letters, separated by spaces",
    accepts: "the letters in order separated by spaces, commas or +, each equal under the frozen normaliser; otherwise 0.5 × the share of positions that agree",
    generate: |rng, config| {
        let word = word(rng, config);
        let units: Vec<&str> = letters(word).map(|l| l.text).collect();
        word_task(
            config,
            "இந்தச் சொல்லை எழுத்துகளாகப் பிரித்து, இடைவெளி விட்டு எழுதுங்கள்",
            "Split this word into its Tamil letters, separated by spaces",
            word,
            units.join(" "),
        )
    },
    score: |expected, _, given| {
        let units = |text: &str| verify::items(text).into_iter().map(uraikal_text::normalize).collect::<Vec<_>>();
        verify::labels(&units(expected), &units(given))
    },
};

pub(super) const COMPOSE: Family = Family {
    name: "letters.compose",
    description: "consonants (mei) and vowels (uyir) joined by + → the word they compose (க் + ஓ → கோ)",
    accepts: "the word, equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)",
    generate: |rng, config| {
        let word = word(rng, config);
        // The letters of the decomposition are exactly the parts: every mei and every uyir.
        let parts = decompose(word).map(|d| letters(&d).map(|l| l.text.to_string()).collect::<Vec<_>>().join(" + "));
        let parts = parts.unwrap_or_else(|_| letters(word).map(|l| l.text).collect::<Vec<_>>().join(" + "));
        Task {
            question: question(
                config,
                "இந்த மெய், உயிர் எழுத்துகளைச் சேர்த்து ஒரே சொல்லாக எழுதுங்கள்",
                "Join these consonants (mei) and vowels (uyir) into one word",
                &parts,
            ),
            answer: word.to_string(),
            metadata: meta([("parts", json!(parts))]),
        }
    },
    score: |expected, _, given| verify::text(expected, given),
};

/// A word as a legacy font stores it: the prebase vowel signs ெ ே ை before their consonant, and ொ ோ as
/// ெ/ே + consonant + ா.
fn visual_order(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for letter in letters(word) {
        let mut chars = letter.text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(c), Some(sign @ ('ெ' | 'ே' | 'ை')), None) => {
                out.push(sign);
                out.push(c);
            }
            (Some(c), Some(sign @ ('ொ' | 'ோ')), None) => {
                out.push(if sign == 'ொ' { 'ெ' } else { 'ே' });
                out.push(c);
                out.push('ா');
            }
            _ => out.push_str(letter.text),
        }
    }
    out
}

/// The words that have a prebase sign and that `clean` restores from visual order, with their visual form,
/// by letter count.
fn repairable() -> &'static [(usize, &'static str, String)] {
    static LIST: OnceLock<Vec<(usize, &'static str, String)>> = OnceLock::new();
    LIST.get_or_init(|| {
        words()
            .iter()
            .filter_map(|w| {
                let visual = visual_order(w.text);
                (visual != w.text && clean(&visual) == w.text).then_some((w.letters, w.text, visual))
            })
            .collect()
    })
}

pub(super) const REPAIR: Family = Family {
    name: "text.repair",
    description:
        "a word in legacy visual order (ேகாயில்) → the word in Unicode order (கோயில்), as `text clean` repairs it",
    accepts: "the word, equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)",
    generate: |rng, config| {
        let (lo, hi) = word_range(config);
        let list = repairable();
        let start = list.partition_point(|w| w.0 < lo).min(list.len() - 1);
        let end = list.partition_point(|w| w.0 <= hi).max(start + 1);
        let (_, word, visual) = &list[start + rng.below((end - start) as u64) as usize];
        Task {
            question: question(
                config,
                "இந்தச் சொல்லில் உயிர்க்குறிகள் பழைய எழுத்துருக்களைப் போலக் காட்சி வரிசையில் உள்ளன; சரியான யூனிகோடு வரிசையில் எழுதுங்கள்",
                "The vowel signs of this word are in visual order, as legacy fonts store them; write the word in correct Unicode order",
                visual,
            ),
            answer: word.to_string(),
            metadata: meta([("text", json!(visual))]),
        }
    },
    score: |expected, _, given| verify::text(expected, given),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visual_order_is_what_clean_repairs() {
        assert_eq!(visual_order("கோயில்"), "ேகாயில்");
        assert_eq!(clean(&visual_order("கோயில்")), "கோயில்");
        assert!(repairable().len() > 1000, "{}", repairable().len());
    }
}
