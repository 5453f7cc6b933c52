//! D4 passage files (JSONL `{"id","text","slice","source"}`) as `uraikal tokenizers --data` reads them.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|text: &str| {
    let _ = uraikal_io::parse_jsonl_str::<uraikal_d4::Passage>(Path::new("fuzz.jsonl"), text);
});
