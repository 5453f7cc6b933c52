//! Inverse text normalisation (number words → digits) on any text: no panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = uraikal_numbers::to_digits(text);
});
