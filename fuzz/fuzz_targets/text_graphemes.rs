//! Graphemes, script normalisation and compose/decompose on any text: no panic; graphemes are lossless;
//! `compose(decompose(x)) == x` up to NFC whenever decompose accepts x (SPEC G6: a vowel sign written in two
//! parts decomposes as the one sign; ARCHITECTURE: uraikal-text invariants).
#![no_main]
use libfuzzer_sys::fuzz_target;
use unicode_normalization::UnicodeNormalization;

fuzz_target!(|text: &str| {
    let joined: String = uraikal_text::graphemes(text).collect();
    assert_eq!(joined, text, "graphemes lost text");
    let _ = uraikal_text::normalize_script(text);
    if let Ok(parts) = uraikal_text::decompose(text) {
        let composed = uraikal_text::compose(&parts).map(|c| c.nfc().collect::<String>());
        assert_eq!(composed, Ok(text.nfc().collect::<String>()), "compose(decompose(x)) != x up to NFC");
    }
});
