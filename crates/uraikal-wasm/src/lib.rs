//! Uraikal in the browser: the text, numbers, prosody and metrics functions of the library crates, called
//! from JavaScript through WebAssembly, with JSON results.
//!
//! Nothing is re-implemented here: every function parses its arguments, calls the one library function
//! that computes the figure, and shapes the answer as JSON. [`call`] is the single entry point (an operation
//! name and a JSON object of arguments, the answer or an error as a JSON string) and [`call_batch`] its batch
//! form (an array of argument objects in, an array of answers out, one crossing); the named exports in
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

/// Runs operation `op` once per element of the JSON array `args` (each a JSON object of arguments) and
/// answers a JSON array with one `{"ok": result}` or `{"error": message}` per element, in order: [`call`] for
/// many inputs in one crossing between JavaScript and WebAssembly (the strings cross once, as one JSON
/// text, instead of once per call). Arguments that are not a JSON array answer `{"error": message}`.
///
/// ```
/// let answer = uraikal_wasm::call_batch("normalize", r#"[{"text": "a"}, {"text": 1}]"#);
/// assert_eq!(answer, r#"[{"ok":"a"},{"error":"normalize: argument \"text\" must be a string"}]"#);
/// ```
pub fn call_batch(op: &str, args: &str) -> String {
    let items = match serde_json::from_str::<Value>(args) {
        Ok(Value::Array(items)) => items,
        Ok(_) => {
            return json!({ "error": format!("{op}: batch arguments must be a JSON array of objects") }).to_string()
        }
        Err(e) => return json!({ "error": format!("{op}: the batch arguments are not JSON ({e})") }).to_string(),
    };
    let answers: Vec<Value> = items
        .iter()
        .map(|item| {
            let answer = match item {
                Value::Object(args) => api::dispatch(op, args),
                _ => Err(format!("{op}: each batch element must be a JSON object of arguments")),
            };
            match answer {
                Ok(value) => json!({ "ok": value }),
                Err(message) => json!({ "error": message }),
            }
        })
        .collect();
    Value::Array(answers).to_string()
}

#[cfg(test)]
mod tests {
    use super::{call, call_batch};

    #[test]
    fn a_batch_answers_what_each_call_answers() {
        let items = [r#"{"text": "தமிழ்"}"#, r#"{"text": "x", "ligatures": 3}"#, "{}", "[]"];
        let batch: serde_json::Value =
            serde_json::from_str(&call_batch("letters", &format!("[{}]", items.join(",")))).unwrap();
        let one_by_one: Vec<serde_json::Value> = items
            .iter()
            .map(|args| match serde_json::from_str::<serde_json::Value>(args).unwrap() {
                serde_json::Value::Object(_) => serde_json::from_str(&call("letters", args)).unwrap(),
                _ => serde_json::json!({"error": "letters: each batch element must be a JSON object of arguments"}),
            })
            .collect();
        assert_eq!(batch, serde_json::Value::Array(one_by_one));
        assert_eq!(call_batch("wer", "[]"), "[]");
        assert_eq!(call_batch("wer", "{}"), r#"{"error":"wer: batch arguments must be a JSON array of objects"}"#);
        assert!(call_batch("wer", "[").starts_with(r#"{"error":"wer: the batch arguments are not JSON"#));
    }

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
