//! The JavaScript exports (wasm32 only): `call` and one named function per operation, each returning the
//! operation's result as a JSON string and throwing an `Error` with the message on bad input.

use wasm_bindgen::prelude::*;

/// `call(op, argsJson)`: `{"ok": …}` or `{"error": …}` as a JSON string; never throws.
#[wasm_bindgen]
pub fn call(op: &str, args: &str) -> String {
    crate::call(op, args)
}

/// `call_batch(op, argsJsonArray)`: `call` once per element of a JSON array of argument objects, answering a JSON
/// array of `{"ok": …}` / `{"error": …}` in order (one crossing for many inputs); never throws.
#[wasm_bindgen]
pub fn call_batch(op: &str, args: &str) -> String {
    crate::call_batch(op, args)
}

/// `normalize_many(texts)`: the normalised form of each string of the array, in order (a JavaScript array of
/// strings in and out, no JSON): the typed batch path for normalising many texts in one crossing.
#[wasm_bindgen]
pub fn normalize_many(texts: Vec<String>) -> Vec<String> {
    crate::normalize_many(&texts)
}

/// `normalize_joined(texts.join(""), lengths)`: the texts as one string with their lengths (`Uint32Array` of
/// `text.length`); overwrites each length with 0x80000000 + k when the text's normal form is its own first k code
/// units, else with the length of its normal form in the answer, the string of those other normal forms: the fast
/// typed batch (web/README.md); throws on lengths that do not fit.
#[wasm_bindgen(unchecked_return_type = "string")]
pub fn normalize_joined(joined: &str, lengths: &mut [u32]) -> Result<JsValue, JsError> {
    let units = crate::normalize_joined(joined, lengths).map_err(|e| JsError::new(&e))?;
    Ok(UTF16.with(|decoder| decoder.decode(&units)))
}

#[wasm_bindgen]
extern "C" {
    /// The engine's `TextDecoder`: decoding UTF-16 is far faster in JavaScript engines than decoding UTF-8
    /// Tamil (docs/perf.md).
    type TextDecoder;
    #[wasm_bindgen(constructor)]
    fn new(label: &str) -> TextDecoder;
    /// `decoder.decode(units)`, the units handed over as a view of WebAssembly memory (not copied).
    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, units: &[u16]) -> JsValue;
}

thread_local! {
    static UTF16: TextDecoder = TextDecoder::new("utf-16le");
}

/// The names of the operations `call` knows.
#[wasm_bindgen]
pub fn operations() -> Vec<String> {
    crate::api::OPERATIONS.iter().map(|s| s.to_string()).collect()
}

/// The versions the native CLI prints with `uraikal version` that matter in the browser.
#[wasm_bindgen]
pub fn versions() -> String {
    serde_json::json!({
        "uraikal": env!("CARGO_PKG_VERSION"),
        "uraikal_version": uraikal_metrics::URAIKAL_VERSION,
        "normalizer_version": uraikal_text::NORMALIZER_VERSION,
    })
    .to_string()
}

fn run(op: &str, args: serde_json::Value) -> Result<String, JsError> {
    match args {
        serde_json::Value::Object(map) => {
            crate::api::dispatch(op, &map).map(|v| v.to_string()).map_err(|e| JsError::new(&e))
        }
        _ => Err(JsError::new("arguments must be an object")),
    }
}

macro_rules! text_op {
    ($($name:ident),*) => {$(
        /// The operation of the same name on `text` (JSON string result).
        #[wasm_bindgen]
        pub fn $name(text: &str) -> Result<String, JsError> {
            run(stringify!($name), serde_json::json!({ "text": text }))
        }
    )*};
}

text_op!(normalize, share, graphemes, decompose, compose, to_digits, from_numerals, yaappu);

/// Letters with their lengths.
#[wasm_bindgen]
pub fn letters(text: &str, ligatures: bool) -> Result<String, JsError> {
    run("letters", serde_json::json!({ "text": text, "ligatures": ligatures }))
}

/// Repaired legacy-font / PDF text.
#[wasm_bindgen]
pub fn clean(text: &str, legacy_au: bool) -> Result<String, JsError> {
    run("clean", serde_json::json!({ "text": text, "legacy_au": legacy_au }))
}

/// A number (given as a string) in words; register "spoken" or "written".
#[wasm_bindgen]
pub fn to_words(number: &str, register: &str, ordinal: bool) -> Result<String, JsError> {
    run("to_words", serde_json::json!({ "number": number, "register": register, "ordinal": ordinal }))
}

/// A non-negative integer (given as a string) in Tamil numerals; style "traditional" or "positional".
#[wasm_bindgen]
pub fn to_numerals(number: &str, style: &str) -> Result<String, JsError> {
    run("to_numerals", serde_json::json!({ "number": number, "style": style }))
}

/// Text normalisation for speech.
#[wasm_bindgen]
pub fn tn(text: &str, register: &str) -> Result<String, JsError> {
    run("tn", serde_json::json!({ "text": text, "register": register }))
}

/// WER with the word alignment.
#[wasm_bindgen]
pub fn wer(reference: &str, hypothesis: &str) -> Result<String, JsError> {
    run("wer", serde_json::json!({ "reference": reference, "hypothesis": hypothesis }))
}

/// CER with the unit alignment; unit "codepoint", "grapheme" or "letter".
#[wasm_bindgen]
pub fn cer(reference: &str, hypothesis: &str, unit: &str) -> Result<String, JsError> {
    run("cer", serde_json::json!({ "reference": reference, "hypothesis": hypothesis, "unit": unit }))
}

/// chrF and chrF++ on a unit.
#[wasm_bindgen]
pub fn chrf(reference: &str, hypothesis: &str, unit: &str) -> Result<String, JsError> {
    run("chrf", serde_json::json!({ "reference": reference, "hypothesis": hypothesis, "unit": unit }))
}

/// OIWER against a lattice reference (nested JSON or brace string).
#[wasm_bindgen]
pub fn oiwer(hypothesis: &str, reference: &str, language: &str) -> Result<String, JsError> {
    run("oiwer", serde_json::json!({ "hypothesis": hypothesis, "reference": reference, "language": language }))
}
