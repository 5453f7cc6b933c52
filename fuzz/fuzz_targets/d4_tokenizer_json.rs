//! Tokenizer loading (`tokenizer.json` bytes): a loaded tokenizer or an error value, never a panic that
//! escapes; a tokenizer that loads is measured on one passage (encoding may meet what loading accepted).
//!
//! uraikal-d4 catches the tokenizers library's own panics and reports the file as unloadable, so this target
//! puts back the default panic hook (libfuzzer-sys's aborts on every panic, caught or not): a panic that
//! reaches libFuzzer still aborts and counts as a crash.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        let _ = std::panic::take_hook();
    },
    |bytes: &[u8]| {
        if let Ok(loaded) = uraikal_d4::Loaded::from_json("fuzz", "fuzz.json", None, bytes) {
            let passages = [uraikal_d4::Passage::new("p", "தமிழ் மொழி text", "fuzz")];
            let _ = uraikal_d4::measure(&loaded, &passages, &|_| {});
        }
    }
);
