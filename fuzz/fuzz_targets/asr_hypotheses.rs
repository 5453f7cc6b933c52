//! A1 hypothesis files (JSONL `{"id","hyp"}`): any bytes parse or give a file:line error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|bytes: &[u8]| {
    let _ = uraikal_asr::hyps::parse_hypotheses(Path::new("fuzz.jsonl"), bytes);
});
