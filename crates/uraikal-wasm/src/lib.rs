//! Uraikal in the browser: the text, numbers, prosody and metrics functions of the library crates, called
//! from JavaScript through WebAssembly, with JSON results.
//!
//! Nothing is re-implemented here: every function parses its arguments, calls the one library function
//! that computes the figure, and shapes the answer as JSON. [`call`] is the single entry point (an operation
//! name and a JSON object of arguments, the answer or an error as a JSON string) and [`call_batch`] its batch
//! form (an array of argument objects in, an array of answers out, one crossing); the named exports in
//! `bindings` (built for wasm32 only) are conveniences over the same functions. On the host the crate is an
//! ordinary library, which is how `cargo xtask web --check` compares the WASM build with native code byte for
//! byte. [`normalize_many`] and [`normalize_utf16`] are typed batch paths for normalisation (no JSON).
//! Tokenizers are left out on purpose (the size budget of the browser package).
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

/// [`uraikal_text::normalize`] on each text, in order: the typed batch path (an array of strings in, an
/// array of strings out, no JSON on either side), for a page that normalises many texts at once. In the
/// browser wasm-bindgen converts the JavaScript array of strings to and from the `Vec`s directly.
///
/// ```
/// let texts = vec!["அ, ஆ!".to_string(), String::new()];
/// assert_eq!(uraikal_wasm::normalize_many(&texts), vec![uraikal_text::normalize("அ, ஆ!"), String::new()]);
/// ```
pub fn normalize_many(texts: &[String]) -> Vec<String> {
    texts.iter().map(|text| uraikal_text::normalize(text)).collect()
}

/// [`uraikal_text::normalize`] on many texts that cross as one array of UTF-16 code units: `units` is the
/// texts concatenated as JavaScript holds them (UTF-16), `lengths` their lengths in code units (`text.length`),
/// and the answer is the normalised texts joined by `\n` (which a normalised text never holds: SPEC N6 makes
/// every whitespace run one space), again as UTF-16 code units. Each text is read as `String::from_utf16_lossy`
/// reads it (a lone surrogate becomes U+FFFD, as the browser's own UTF-8 encoding of a string makes it). Two
/// arrays cross instead of two strings per text, and UTF-16 crosses far faster than UTF-8 in JavaScript engines
/// (docs/perf.md). Lengths that do not add up to `units` are an error naming the text.
///
/// ```
/// let units: Vec<u16> = "அ, ஆ!\nb\tc".encode_utf16().collect();
/// let answer = uraikal_wasm::normalize_utf16(&units, &[5, 4]).unwrap();
/// assert_eq!(String::from_utf16(&answer).unwrap(), "அ ஆ\nb c");
/// assert!(uraikal_wasm::normalize_utf16(&units, &[5]).is_err());
/// ```
pub fn normalize_utf16(units: &[u16], lengths: &[u32]) -> Result<Vec<u16>, String> {
    let mut out = Vec::with_capacity(units.len() + lengths.len());
    let mut text = String::new();
    let mut from = 0usize;
    for (i, &length) in lengths.iter().enumerate() {
        let to = from + length as usize;
        let Some(utf16) = units.get(from..to) else {
            return Err(format!("normalize_utf16: text {} ends past the {} code units given", i + 1, units.len()));
        };
        if i > 0 {
            out.push(u16::from(b'\n'));
        }
        utf16_into(utf16, &mut text);
        let normalised = uraikal_text::normalize(&text);
        out.reserve(normalised.len());
        for c in normalised.chars() {
            let c = c as u32;
            if c < 0x1_0000 {
                out.push(c as u16);
            } else {
                out.extend([0xD800 | ((c - 0x1_0000) >> 10) as u16, 0xDC00 | (c & 0x3FF) as u16]);
            }
        }
        from = to;
    }
    if from != units.len() {
        return Err(format!("normalize_utf16: {} code units after the last text", units.len() - from));
    }
    Ok(out)
}

/// `units` decoded into `text` (cleared first) as `String::from_utf16_lossy` decodes them (a lone surrogate
/// is U+FFFD), with a direct path for code units outside the surrogate range.
fn utf16_into(units: &[u16], text: &mut String) {
    text.clear();
    text.reserve(units.len() * 3);
    let mut i = 0;
    while i < units.len() {
        let u = u32::from(units[i]);
        let (c, width) = match u {
            0xD800..=0xDBFF => match units.get(i + 1).map(|&l| u32::from(l)) {
                Some(low @ 0xDC00..=0xDFFF) => (char::from_u32(0x1_0000 + ((u - 0xD800) << 10) + (low - 0xDC00)), 2),
                _ => (None, 1),
            },
            _ => (char::from_u32(u), 1),
        };
        text.push(c.unwrap_or('\u{FFFD}'));
        i += width;
    }
}

#[cfg(test)]
mod tests {
    use super::{call, call_batch, normalize_many, normalize_utf16};

    #[test]
    fn normalize_utf16_answers_what_normalize_many_answers() {
        let texts: Vec<String> =
            ["தமிழ்  மொழி", "a\u{1F600}b\nc", "", "நேற்று\nவந்தேன்.", "\u{1F600}"].map(String::from).to_vec();
        let units: Vec<u16> = texts.iter().flat_map(|t| t.encode_utf16()).collect();
        let lengths: Vec<u32> = texts.iter().map(|t| t.encode_utf16().count() as u32).collect();
        let answer = String::from_utf16(&normalize_utf16(&units, &lengths).unwrap()).unwrap();
        assert_eq!(answer.split('\n').collect::<Vec<_>>(), normalize_many(&texts));
        // A lone surrogate reads as U+FFFD; lengths short of or past the units are errors.
        let lone = normalize_utf16(&[0xD83D, u16::from(b'a')], &[1, 1]).unwrap();
        assert_eq!(String::from_utf16(&lone).unwrap(), uraikal_text::normalize("\u{FFFD}") + "\na");
        assert!(normalize_utf16(&units[..3], &[1, 1]).is_err());
        assert!(normalize_utf16(&units[..3], &[4]).is_err());
        assert!(normalize_utf16(&[], &[]).unwrap().is_empty());
    }

    #[test]
    fn normalize_many_answers_what_each_normalize_call_answers() {
        let texts: Vec<String> = ["தமிழ்  மொழி", "நேற்று\nவந்தேன்.", "", "A-B"].map(String::from).to_vec();
        let typed = normalize_many(&texts);
        let by_call: Vec<String> = texts
            .iter()
            .map(|t| {
                let answer: serde_json::Value =
                    serde_json::from_str(&call("normalize", &serde_json::json!({ "text": t }).to_string())).unwrap();
                answer["ok"].as_str().unwrap().to_string()
            })
            .collect();
        assert_eq!(typed, by_call);
        assert!(normalize_many(&[]).is_empty());
    }

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
