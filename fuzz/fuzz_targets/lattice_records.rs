//! `uraikal build-lattices` input (JSONL records with `*_transcription` fields) in both modes: records or the
//! first bad line, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_metrics::lattice::batch::{build_lines, Defaults};
use uraikal_metrics::lattice::{Language, Mode};

fuzz_target!(|bytes: &[u8]| {
    let lines = uraikal_io::non_blank_lines(bytes);
    let _ = build_lines(&lines, Defaults::default());
    let tamil = Language::parse("ta").ok();
    let _ = build_lines(&lines, Defaults { language: tamil, mode: Some(Mode::Uraikal) });
});
