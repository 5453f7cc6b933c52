//! `clean` (legacy-font and PDF repairs) on any text: no panic, idempotent in both option sets.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_text::{clean_with, CleanOptions};

fuzz_target!(|text: &str| {
    for options in [CleanOptions::default(), CleanOptions::legacy_au(true)] {
        let once = clean_with(text, options);
        assert_eq!(clean_with(&once, options), once, "clean is not idempotent");
    }
});
