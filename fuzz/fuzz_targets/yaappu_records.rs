//! `uraikal yaappu --input` files (JSONL `{"id","text"}`), read as the command reads them and each text scanned:
//! records or a file:line error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|text: &str| {
    if let Ok(records) = uraikal_io::parse_jsonl_str::<serde_json::Value>(Path::new("fuzz.jsonl"), text) {
        for record in records {
            if let Some(verse) = record.value.get("text").and_then(serde_json::Value::as_str) {
                let _ = uraikal_yaappu::scan(verse);
            }
        }
    }
});
