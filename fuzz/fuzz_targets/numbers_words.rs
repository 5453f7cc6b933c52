//! Numbers as the CLI takes them (`numbers to-words`: a decimal string) to words in both registers: an
//! error or words, never a panic; integers also through `to_words` and the ordinal form.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_numbers::{decimal_to_words, to_ordinal_words, to_words, Register};

fuzz_target!(|text: &str| {
    for register in [Register::Spoken, Register::Written] {
        let _ = decimal_to_words(text, register);
        if let Ok(n) = text.trim().parse::<i64>() {
            let _ = to_words(n, register);
            let _ = to_ordinal_words(n.unsigned_abs(), register);
        }
    }
});
