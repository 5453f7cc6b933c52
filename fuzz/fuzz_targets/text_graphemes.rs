//! Graphemes, script normalisation and compose/decompose on any text: no panic; graphemes are lossless;
//! `compose(decompose(x)) == x` whenever decompose accepts x (ARCHITECTURE: uraikal-text invariants).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let joined: String = uraikal_text::graphemes(text).collect();
    assert_eq!(joined, text, "graphemes lost text");
    let _ = uraikal_text::normalize_script(text);
    if let Ok(parts) = uraikal_text::decompose(text) {
        assert_eq!(uraikal_text::compose(&parts).as_deref(), Ok(text), "compose(decompose(x)) != x");
    }
});
