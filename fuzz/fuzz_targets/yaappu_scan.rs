//! Prosody scansion of any text (what `uraikal yaappu` and its `--input` records pass in): no panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = uraikal_yaappu::scan(text);
});
