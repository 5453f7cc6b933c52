//! The material tasks are made from: the 1,330 kurals of the Thirukkural (public domain, compiled in from
//! data/kurals.tsv) and the words they contain; and Tamil dictionary order (SPEC K5).
//!
//! ```
//! use uraikal_tasks::dictionary_sort;
//! // Letter order, not code-point order: the mei க் before க, ஃ after the vowels, ங after க.
//! let mut words = vec!["கல்", "அஃது", "அக்கா", "அகம்", "ஙனம்", "ஆறு"];
//! dictionary_sort(&mut words);
//! assert_eq!(words, ["அஃது", "அக்கா", "அகம்", "ஆறு", "கல்", "ஙனம்"]);
//! ```

use std::cmp::Ordering;
use std::sync::OnceLock;

use uraikal_metrics::bootstrap::SplitMix64;
use uraikal_text::{letters, LetterKind};

/// number, line1, line2 (a header line first).
const KURALS_TSV: &str = include_str!("../data/kurals.tsv");

/// One kural: its number and its two lines.
pub(crate) struct Kural {
    pub number: u32,
    pub text: String,
}

/// All 1,330 kurals, lines joined by a newline (as `uraikal yaappu` reads a verse).
pub(crate) fn kurals() -> &'static [Kural] {
    static KURALS: OnceLock<Vec<Kural>> = OnceLock::new();
    KURALS.get_or_init(|| {
        KURALS_TSV
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut fields = line.split('\t');
                let number = fields.next()?.parse().ok()?;
                let (one, two) = (fields.next()?, fields.next()?);
                Some(Kural { number, text: format!("{one}\n{two}") })
            })
            .collect()
    })
}

/// A word of the list with its letter count.
pub(crate) struct Word {
    pub text: &'static str,
    pub letters: usize,
}

/// The distinct words of the kurals made only of Tamil letters (no punctuation, digits or other script),
/// sorted by letter count and then by code points, so that a letter-count range is one slice.
pub(crate) fn words() -> &'static [Word] {
    static WORDS: OnceLock<Vec<Word>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut list: Vec<&'static str> = KURALS_TSV
            .lines()
            .skip(1)
            .flat_map(|line| line.split('\t').skip(1))
            .flat_map(|text| text.split(|c: char| c.is_whitespace() || c.is_ascii_punctuation()))
            .filter(|w| !w.is_empty() && is_tamil_word(w))
            .collect();
        list.sort_unstable();
        list.dedup();
        let mut words: Vec<Word> = list.into_iter().map(|text| Word { text, letters: letters(text).count() }).collect();
        words.sort_by(|a, b| a.letters.cmp(&b.letters).then(a.text.cmp(b.text)));
        words
    })
}

/// True when every letter of `text` is a uyir, mei, uyirmei or aaytham written with at most one sign (as
/// every count in the tasks assumes), and the text looks like a whole word rather than a metrical piece
/// of one: no mei directly before a vowel (நீர்இன்று, a sandhi split) and no final hard mei (பெருகலிற்).
fn is_tamil_word(text: &str) -> bool {
    let units: Vec<_> = letters(text).collect();
    let letters_ok = units.iter().all(|l| {
        matches!(l.kind, LetterKind::Uyir | LetterKind::Mei | LetterKind::Uyirmei | LetterKind::Aaytham)
            && l.text.chars().count() <= 2
            && !l.text.contains('\u{0BD7}')
    });
    let split = units.windows(2).any(|p| p[0].kind == LetterKind::Mei && p[1].kind == LetterKind::Uyir);
    let hard_end = units.last().is_some_and(|l| matches!(l.text, "க்" | "ச்" | "ட்" | "த்" | "ப்" | "ற்"));
    letters_ok && !split && !hard_end
}

/// A random word with `lo..=hi` letters (the nearest length that has words when none has).
pub(crate) fn random_word(rng: &mut SplitMix64, lo: usize, hi: usize) -> &'static Word {
    let all = words();
    let start = all.partition_point(|w| w.letters < lo);
    let end = all.partition_point(|w| w.letters <= hi);
    if start < end {
        return &all[start + rng.below((end - start) as u64) as usize];
    }
    // No word in range: the closest one (the longest below, or the shortest above).
    &all[start.min(all.len() - 1)]
}

/// The rank of a letter in dictionary order: the twelve vowels, ஃ, then each consonant in the order
/// க ங ச ஞ ட ண த ந ப ம ய ர ல வ ழ ள ற ன ஜ ஷ ஸ ஹ, each as mei first and then with அ ஆ இ ஈ உ ஊ எ ஏ ஐ ஒ ஓ ஔ.
/// Anything else ranks after all letters, by code points.
fn letter_rank(letter: &str) -> u32 {
    const VOWELS: &str = "அஆஇஈஉஊஎஏஐஒஓஔ";
    const SIGNS: [char; 12] = ['\0', 'ா', 'ி', 'ீ', 'ு', 'ூ', 'ெ', 'ே', 'ை', 'ொ', 'ோ', 'ௌ'];
    const CONSONANTS: &str = "கஙசஞடணதநபமயரலவழளறனஜஷஸஹ";
    let mut chars = letter.chars();
    let Some(first) = chars.next() else {
        return u32::MAX;
    };
    let second = chars.next();
    if chars.next().is_some() {
        return 10_000 + first as u32;
    }
    if let Some(v) = VOWELS.chars().position(|c| c == first) {
        return if second.is_none() { v as u32 } else { 10_000 + first as u32 };
    }
    if first == 'ஃ' && second.is_none() {
        return 12;
    }
    let Some(c) = CONSONANTS.chars().position(|c| c == first) else {
        return 10_000 + first as u32;
    };
    let vowel = match second {
        Some('்') => 0,
        None => 1,
        Some(sign) => match SIGNS.iter().position(|&s| s == sign) {
            Some(i) if i > 0 => i as u32 + 1,
            _ => return 10_000 + first as u32,
        },
    };
    13 + c as u32 * 13 + vowel
}

/// Tamil dictionary order (SPEC K5): letter by letter by [`letter_rank`]; a word before its own
/// continuations; code points break the remaining ties.
pub fn dictionary_cmp(a: &str, b: &str) -> Ordering {
    let ranks = |s| letters(s).map(|l| letter_rank(l.text));
    ranks(a).cmp(ranks(b)).then_with(|| a.cmp(b))
}

/// Sorts words in Tamil dictionary order ([`dictionary_cmp`]).
pub fn dictionary_sort(words: &mut [&str]) {
    words.sort_by(|a, b| dictionary_cmp(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_list_is_large_and_clean() {
        assert_eq!(kurals().len(), 1330);
        let all = words();
        assert!(all.len() > 4000, "{}", all.len());
        assert!(all.iter().all(|w| w.letters >= 1 && is_tamil_word(w.text)));
        assert!(all.windows(2).all(|p| p[0].letters <= p[1].letters));
    }

    #[test]
    fn dictionary_order_of_letters() {
        let ordered = ["அ", "ஔ", "ஃ", "க்", "க", "கா", "கௌ", "ங்", "ன", "ஜ", "ஹௌ"];
        for pair in ordered.windows(2) {
            assert!(letter_rank(pair[0]) < letter_rank(pair[1]), "{pair:?}");
        }
        // A word before its continuation; Latin after Tamil.
        assert_eq!(dictionary_cmp("அகம்", "அகம்பாவம்"), Ordering::Less);
        assert_eq!(dictionary_cmp("abc", "அ"), Ordering::Greater);
    }
}
