//! Ordering: sort Tamil words in dictionary order, letter by letter, not by code points (SPEC K2.5, K5).

use serde_json::json;

use super::{meta, question};
use crate::verify;
use crate::words::{dictionary_sort, random_word};
use crate::{Family, Task};

pub(super) const SORT: Family = Family {
    name: "words.sort",
    description: "a list of Tamil words → the list in dictionary order (letter order: அ … ஔ ஃ, then க் க கா … for each consonant)",
    accepts: "the same words in dictionary order, separated by spaces or commas; the same words in another order 0.5 × the share of pairs in the right order; other words 0",
    generate: |rng, config| {
        let n = config.words.unwrap_or(config.difficulty.pick(3, 5, 8));
        let (lo, hi) = config.letter_range(2, config.difficulty.pick(4, 6, 10));
        let mut words: Vec<&str> = Vec::with_capacity(n);
        // Distinct words (the list has thousands; give up on distinctness only if the range is tiny).
        for _ in 0..n * 20 {
            if words.len() == n {
                break;
            }
            let w = random_word(rng, lo, hi).text;
            if !words.contains(&w) {
                words.push(w);
            }
        }
        while words.len() < n {
            words.push(random_word(rng, lo, hi).text);
        }
        let shown = words.join(", ");
        dictionary_sort(&mut words);
        Task {
            question: question(
                config,
                "இந்தச் சொற்களை அகர வரிசைப்படி (எழுத்து வரிசையில்) வரிசைப்படுத்தி, காற்புள்ளி விட்டு எழுதுங்கள்",
                "Sort these Tamil words in dictionary order (Tamil letter order), separated by commas",
                &shown,
            ),
            answer: words.join(", "),
            metadata: meta([("words", json!(shown.split(", ").collect::<Vec<_>>()))]),
        }
    },
    score: |expected, _, given| {
        let list = |text: &str| verify::items(text).into_iter().map(uraikal_text::normalize).collect::<Vec<_>>();
        verify::ordering(&list(expected), &list(given))
    },
};
