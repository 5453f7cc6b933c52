//! A1 manifest files (JSONL, lattices included): any bytes parse into manifests or a file:line error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fuzz_target!(|bytes: &[u8]| {
    let _ = uraikal_asr::manifest::parse_manifests(&[(PathBuf::from("fuzz.jsonl"), bytes)]);
});
