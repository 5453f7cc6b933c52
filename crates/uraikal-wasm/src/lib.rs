//! Uraikal in the browser: the text, numbers, prosody and metrics functions of the library crates, called
//! from JavaScript through WebAssembly, with JSON results.
//!
//! Nothing is re-implemented here: every function parses its arguments, calls the one library function
//! that computes the figure, and shapes the answer as JSON. [`call`] is the single entry point (an operation
//! name and a JSON object of arguments, the answer or an error as a JSON string); the named exports in
//! `bindings` (built for wasm32 only) are conveniences over the same functions. On the host the crate is an
//! ordinary library, which is how `cargo xtask web --check` compares the WASM build with native code byte for
//! byte. Tokenizers are left out on purpose (the size budget of the browser package).
//!
//! ```
//! let answer = uraikal_wasm::call("letters", r#"{"text": "தமிழ்"}"#);
//! assert_eq!(
//!     answer,
//!     r#"{"ok":[{"length":"kuril","letter":"த"},{"length":"kuril","letter":"மி"},{"length":"otru","letter":"ழ்"}]}"#
//! );
//! let wer = uraikal_wasm::call("wer", r#"{"reference": "a b c", "hypothesis": "a x c"}"#);
//! assert!(wer.contains(r#""substitutions":1,"#) && wer.contains(r#""wer":0.3333333333333333"#));
//! ```

pub mod api;

#[cfg(target_arch = "wasm32")]
mod bindings;

use serde_json::{json, Value};

/// Runs operation `op` on the JSON object `args` and answers `{"ok": result}` or `{"error": message}`, as
/// compact JSON with sorted keys. The operations and their arguments are listed in `web/README.md`; an unknown operation,
/// malformed JSON or a missing argument is an error naming it, never a panic.
pub fn call(op: &str, args: &str) -> String {
    let answer = match serde_json::from_str::<Value>(args) {
        Ok(Value::Object(args)) => api::dispatch(op, &args),
        Ok(_) => Err(format!("{op}: the arguments must be a JSON object")),
        Err(e) => Err(format!("{op}: the arguments are not JSON ({e})")),
    };
    match answer {
        Ok(value) => json!({ "ok": value }).to_string(),
        Err(message) => json!({ "error": message }).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::call;

    #[test]
    fn errors_are_json_not_panics() {
        assert_eq!(call("nope", "{}"), r#"{"error":"unknown operation \"nope\""}"#);
        assert_eq!(call("letters", "[]"), r#"{"error":"letters: the arguments must be a JSON object"}"#);
        assert!(call("letters", "{").starts_with(r#"{"error":"letters: the arguments are not JSON"#));
        assert_eq!(call("letters", "{}"), r#"{"error":"letters: missing string argument \"text\""}"#);
        assert!(call("to_words", r#"{"number": "x"}"#).starts_with(r#"{"error":"#));
        assert!(call("from_numerals", r#"{"text": "abc"}"#).starts_with(r#"{"error":"from_numerals: "#));
        assert!(call("oiwer", r#"{"hypothesis": "a", "reference": "[1]"}"#).starts_with(r#"{"error":"oiwer: "#));
    }
}
