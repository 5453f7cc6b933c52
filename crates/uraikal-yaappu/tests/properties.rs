//! Laws of the scanner on any input: it never panics, and it never loses or invents a letter — every cir's
//! letters and asai concatenate back to the cir, and where no sandhi applies the cirs concatenate back to
//! the Tamil letters of the input.

use proptest::prelude::*;

/// Tamil-ish text: letters, signs, stray signs, spaces, newlines and punctuation, in any order.
fn tamilish() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "க", "ங", "ச", "ஞ", "ட", "ண", "த", "ந", "ப", "ம", "ய", "ர", "ல", "வ", "ழ", "ள", "ற", "ன", "ஜ", "ஷ", "ஸ", "ஹ",
        "அ", "ஆ", "இ", "ஈ", "உ", "ஊ", "எ", "ஏ", "ஐ", "ஒ", "ஓ", "ஔ", "ஃ", "\u{0BCD}", "\u{0BBE}", "\u{0BBF}",
        "\u{0BC0}", "\u{0BC1}", "\u{0BC2}", "\u{0BC6}", "\u{0BC7}", "\u{0BC8}", "\u{0BCA}", "\u{0BCB}", "\u{0BCC}",
        " ", "\n", ".", "a", "1", "\u{200D}",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|v| v.concat())
}

/// Words of consonant + sign letters only: no vowel-initial word, so no sandhi can apply.
fn consonant_words() -> impl Strategy<Value = String> {
    let letter = (
        prop::sample::select(vec!['க', 'ச', 'ட', 'த', 'ப', 'ம', 'ய', 'ர', 'ல', 'வ', 'ழ', 'ள', 'ன']),
        prop::sample::select(vec!["", "\u{0BCD}", "\u{0BBE}", "\u{0BBF}", "\u{0BC0}", "\u{0BC8}", "\u{0BCA}"]),
    )
        .prop_map(|(c, s)| format!("{c}{s}"));
    let word = prop::collection::vec(letter, 1..6).prop_map(|v| v.concat());
    prop::collection::vec(word, 1..9).prop_map(|v| v.join(" "))
}

proptest! {
    #[test]
    fn never_panics_and_cirs_are_whole(text in tamilish()) {
        let s = uraikal_yaappu::scan(&text);
        for c in &s.cirs {
            prop_assert_eq!(c.letters.concat(), c.text.clone());
            prop_assert_eq!(c.asai_text.concat(), c.text.clone());
        }
        prop_assert!(s.valid || !s.problems.is_empty());
        prop_assert_eq!(s.talai.len(), s.cirs.len().saturating_sub(1));
    }

    #[test]
    fn without_sandhi_no_letter_is_lost(text in consonant_words()) {
        // A verse needs one syllable (a letter with a vowel) to have any cir at all.
        prop_assume!(uraikal_text::letters(&text).any(|l| !l.as_str().ends_with('\u{0BCD}') && l.as_str() != " "));
        let s = uraikal_yaappu::scan(&text);
        let scanned: String = s.cirs.iter().map(|c| c.text.as_str()).collect();
        let written: String = text.split_whitespace().collect();
        prop_assert_eq!(scanned, uraikal_text::clean(&written));
    }
}
