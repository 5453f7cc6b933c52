//! The letter iterator on any text: no panic, lossless (the letters join back to the text), every letter has
//! a length, and the ligature option is lossless too.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_text::{length, letters, letters_with, LetterOptions};

fuzz_target!(|text: &str| {
    let mut joined = String::with_capacity(text.len());
    for letter in letters(text) {
        let _ = length(letter.as_str());
        joined.push_str(letter.as_str());
    }
    assert_eq!(joined, text, "letters lost text");
    let ligatures: String =
        letters_with(text, LetterOptions::ligatures(true)).map(|l| l.as_str().to_string()).collect();
    assert_eq!(ligatures, text, "letters with ligatures lost text");
});
