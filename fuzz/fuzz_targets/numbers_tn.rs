//! Text normalisation for speech on any text, both registers: no panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_numbers::{tn, Register};

fuzz_target!(|text: &str| {
    let _ = tn(text, Register::Spoken);
    let _ = tn(text, Register::Written);
});
