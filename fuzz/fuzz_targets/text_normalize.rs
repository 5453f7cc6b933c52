//! The frozen A1 normaliser on any text: no panic, idempotent (ARCHITECTURE: uraikal-text invariants), and
//! `tamil_share` a fraction.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let once = uraikal_text::normalize(text);
    assert_eq!(uraikal_text::normalize(&once), once, "normalize is not idempotent");
    let share = uraikal_text::tamil_share(text);
    assert!((0.0..=1.0).contains(&share), "tamil_share {share} outside [0, 1]");
});
