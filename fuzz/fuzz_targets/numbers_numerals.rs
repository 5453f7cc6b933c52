//! Tamil numerals on any text: `from_numerals` is a number or an error, never a panic; a number it reads
//! is written back in both styles without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_numbers::{from_numerals, to_numerals, Style};

fuzz_target!(|text: &str| {
    if let Ok(n) = from_numerals(text) {
        let _ = to_numerals(n, Style::Traditional);
        let _ = to_numerals(n, Style::Positional);
    }
});
