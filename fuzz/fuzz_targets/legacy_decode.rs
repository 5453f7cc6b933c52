//! Legacy decoding on any bytes (its first byte picks the encoding; the rest read as Latin-1 characters and as
//! UTF-8): no panic (the decoder copies with `unsafe`), text decodes as its lines (SPEC E3); the TSCII byte
//! reader, detection and `decode_auto` never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_legacy::{decode_auto, decode_tscii_bytes, detect, Encoding};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let encodings: Vec<Encoding> = Encoding::all().collect();
    let enc = encodings[pick as usize % encodings.len()];
    let latin1: String = rest.iter().map(|&b| b as char).collect();
    let utf8 = String::from_utf8_lossy(rest);
    for text in [&latin1[..], &utf8[..]] {
        let by_line: String = text.split_inclusive('\n').map(|line| enc.decode(line)).collect();
        assert_eq!(enc.decode(text), by_line, "{}: the text decodes otherwise than its lines", enc.name());
        let _ = detect(text);
        let _ = decode_auto(text);
    }
    let _ = decode_tscii_bytes(rest);
});
