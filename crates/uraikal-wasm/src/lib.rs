//! Uraikal in the browser: the text, numbers, prosody and metrics functions of the library crates, called
//! from JavaScript through WebAssembly, with JSON results.
//!
//! Nothing is re-implemented here: every function parses its arguments, calls the one library function
//! that computes the figure, and shapes the answer as JSON. [`call`] is the single entry point (an operation
//! name and a JSON object of arguments, the answer or an error as a JSON string) and [`call_batch`] its batch
//! form (an array of argument objects in, an array of answers out, one crossing); the named exports in
//! `bindings` (built for wasm32 only) are conveniences over the same functions. On the host the crate is an
//! ordinary library, which is how `cargo xtask web --check` compares the WASM build with native code byte for
//! byte. [`normalize_many`] and [`normalize_joined`] are typed batch paths for normalisation (no JSON).
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

/// The bit [`normalize_joined`] sets in a text's entry of `lengths` when the text's normal form is the first
/// `entry - OWN_PREFIX` code units of the text itself (all of them when the text is its own normal form): the page
/// slices its own string, and the normal form does not cross back.
pub const OWN_PREFIX: u32 = 1 << 31;

/// [`uraikal_text::normalize`] on many texts that cross as one string: `joined` is the texts concatenated
/// (`texts.join("")`; wasm-bindgen hands it over as UTF-8, which the engine's `TextEncoder.encodeInto` writes
/// straight into WebAssembly memory) and `lengths` their lengths in UTF-16 code units as JavaScript counts them
/// (`text.length`). Each entry of `lengths` is then overwritten: [`OWN_PREFIX`] plus a length `k` when the text's
/// normal form is its own first `k` code units, exactly as the page holds them (an unchanged text, or one that
/// only lost trailing punctuation or spaces: 291 of the 376 golden texts), else the length of its normal form in the
/// answer, which holds the normal forms of those other texts one after another as UTF-16 code units (the page
/// decodes them with `TextDecoder("utf-16le")`, far faster than UTF-8 in JavaScript engines; docs/perf.md). Each
/// text reads as wasm-bindgen reads a string on its own: a lone surrogate is U+FFFD, also when joining put a
/// text's trailing high surrogate beside the next text's leading low one. Lengths that do not add up to `joined`
/// are an error naming the text, and leave `lengths` as they were.
///
/// ```
/// use uraikal_wasm::OWN_PREFIX;
/// let mut lengths = [5, 3, 1, 3];
/// let answer = uraikal_wasm::normalize_joined("அ, ஆ!b\tcxab.", &mut lengths).unwrap();
/// assert_eq!(String::from_utf16(&answer).unwrap(), "அ ஆb c");
/// assert_eq!(lengths, [3, 3, OWN_PREFIX + 1, OWN_PREFIX + 2]); // "x" is its own normal form, "ab." gives "ab"
/// assert!(uraikal_wasm::normalize_joined("அ, ஆ!b\tc", &mut [5]).is_err());
/// ```
pub fn normalize_joined(joined: &str, lengths: &mut [u32]) -> Result<Vec<u16>, String> {
    let bytes = joined.as_bytes();
    let mut out: Vec<u16> = Vec::with_capacity(joined.len());
    let mut answer_lengths: Vec<u32> = Vec::with_capacity(lengths.len());
    let mut at = 0;
    // The previous text ended with the high half of a pair that joining formed: this one starts with the low half.
    let mut low_half_first = false;
    let mut split = String::new();
    for (i, &length) in lengths.iter().enumerate() {
        // A text of length 0 between the halves leaves the low half to the text after it.
        let starts_with_low_half = low_half_first && length > 0;
        let wanted = length as usize - usize::from(starts_with_low_half);
        let (end, units) = utf16_prefix(bytes, at, wanted);
        if units < wanted {
            return Err(format!("normalize_joined: text {} ends past the end of the joined string", i + 1));
        }
        let splits_pair = units > wanted;
        let text = if starts_with_low_half || splits_pair {
            split.clear();
            if starts_with_low_half {
                split.push('\u{FFFD}');
            }
            split.push_str(&joined[at..if splits_pair { end - 4 } else { end }]);
            if splits_pair {
                split.push('\u{FFFD}');
            }
            split.as_str()
        } else {
            &joined[at..end]
        };
        if length > 0 {
            low_half_first = splits_pair;
        }
        let normal = uraikal_text::normalize(text);
        // A prefix of `text` equal to the normal form is the page's own string too: it holds no U+FFFD, which
        // might have stood for a lone surrogate (encodeInto writes them all as U+FFFD, and `split` adds its own),
        // since U+FFFD is a symbol (So) and never survives normalisation (SPEC N5). Whatever follows has as many
        // units in `text` as in the page's string (a lone surrogate and U+FFFD are one unit each).
        if starts_with(text.as_bytes(), normal.as_bytes()) {
            let dropped: usize = text[normal.len()..].chars().map(char::len_utf16).sum();
            answer_lengths.push(OWN_PREFIX | (length - dropped as u32));
        } else {
            let start = out.len();
            push_utf16(&normal, &mut out);
            answer_lengths.push((out.len() - start) as u32);
        }
        at = end;
    }
    if low_half_first {
        return Err("normalize_joined: the last text ends inside a surrogate pair".to_string());
    }
    if at != bytes.len() {
        return Err(format!("normalize_joined: {} bytes after the last text", bytes.len() - at));
    }
    lengths.copy_from_slice(&answer_lengths);
    Ok(out)
}

/// Whether `text` starts with `prefix`, compared eight bytes at a time: `<[u8]>::starts_with` calls `memcmp`,
/// which in WebAssembly is compiler-builtins' byte loop (9 % of the page's profile when it was used here).
fn starts_with(text: &[u8], prefix: &[u8]) -> bool {
    let Some(text) = text.get(..prefix.len()) else { return false };
    let (a, b) = (text.chunks_exact(8), prefix.chunks_exact(8));
    let tails_equal = a.remainder() == b.remainder();
    tails_equal
        && a.zip(b).all(|(a, b)| {
            u64::from_le_bytes(a.try_into().expect("eight bytes"))
                == u64::from_le_bytes(b.try_into().expect("eight bytes"))
        })
}

/// Where the first `wanted` UTF-16 code units of `bytes[at..]` (UTF-8) end, and how many units that is: one
/// more than `wanted` when the last character is astral and `wanted` ends inside its pair, fewer when the bytes
/// run out. Eight bytes at a time (a lead byte starts one unit, a four-byte lead two, a continuation byte none),
/// the end found in its word without a loop: per character, the width branch is unpredictable on mixed ASCII
/// and Tamil, and this count was a third of the WASM side's profile.
fn utf16_prefix(bytes: &[u8], at: usize, wanted: usize) -> (usize, usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let (mut end, mut units) = (at, 0);
    while let Some(word) = bytes.get(end..end + 8) {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let lead = !(w & !(w << 1)) & HIGH; // not 10xxxxxx: the high bit of each byte that starts a character
        let four_byte_lead = w & (w << 1) & (w << 2) & (w << 3) & HIGH; // 11110xxx
        let per_byte = (lead >> 7) + (four_byte_lead >> 7); // each byte's units, 0 to 2
        let before = per_byte.wrapping_mul(ONES) - per_byte; // each byte: the units of the bytes before it (≤ 14)
        let word_units = (per_byte.wrapping_mul(ONES) >> 56) as usize;
        if units + word_units >= wanted {
            // The first character that starts once `wanted` units are behind it ends the prefix.
            let need = wanted.saturating_sub(units) as u64; // ≤ 16
            let ends = ((before | HIGH) - need * ONES) & HIGH & lead;
            if ends != 0 {
                let k = ends.trailing_zeros() / 8;
                return (end + k as usize, units + ((before >> (8 * k)) & 0xFF) as usize);
            }
        }
        units += word_units;
        end += 8;
    }
    while units < wanted && end < bytes.len() {
        let byte = bytes[end];
        units += usize::from(byte & 0xC0 != 0x80) + usize::from(byte >= 0xF0);
        end += 1;
    }
    while end < bytes.len() && bytes[end] & 0xC0 == 0x80 {
        end += 1;
    }
    (end, units)
}

/// `text` appended to `out` as UTF-16 code units. ASCII and three-byte characters (all of Tamil) are read from
/// eight-byte loads, two three-byte characters at a time where they follow each other, without a branch on each
/// byte; others, and the last seven bytes, go through `char`. In WebAssembly this is faster than encoding_rs's converter, whose ASCII fast path does not pay
/// on Tamil (docs/perf.md).
fn push_utf16(text: &str, out: &mut Vec<u16>) {
    /// The unit of the three-byte character (1110xxxx 10xxxxxx 10xxxxxx) in the low three bytes of `w`.
    fn three(w: u64) -> u16 {
        (((w & 0x0F) << 12) | ((w >> 2) & 0x0FC0) | ((w >> 16) & 0x3F)) as u16
    }
    let bytes = text.as_bytes();
    let start = out.len();
    out.resize(start + bytes.len(), 0); // a text has no more UTF-16 units than UTF-8 bytes
    let units = &mut out[start..];
    let (mut i, mut j) = (0, 0);
    while let (Some(eight), Some(two)) = (bytes.get(i..i + 8), units.get_mut(j..j + 2)) {
        let w = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        if w & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0 {
            two[0] = three(w);
            two[1] = three(w >> 24);
            i += 6;
            j += 2;
        } else if w & 0x80 == 0 {
            two[0] = (w & 0x7F) as u16;
            i += 1;
            j += 1;
        } else if w & 0x00C0_C0F0 == 0x0080_80E0 {
            two[0] = three(w);
            i += 3;
            j += 1;
        } else {
            (i, j) = push_char(text, i, units, j);
        }
    }
    while i < bytes.len() {
        (i, j) = push_char(text, i, units, j);
    }
    out.truncate(start + j);
}

/// The character at byte `i` of `text` written at unit `j` of `units`: the next `i` and `j`.
#[cold]
#[inline(never)]
fn push_char(text: &str, i: usize, units: &mut [u16], j: usize) -> (usize, usize) {
    let c = text[i..].chars().next().unwrap_or_default();
    (i + c.len_utf8(), j + c.encode_utf16(&mut units[j..]).len())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{call, call_batch, normalize_joined, normalize_many, push_utf16, utf16_prefix, OWN_PREFIX};

    fn utf16(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    /// What a page does with `normalize_joined` (web/README.md): its strings (UTF-16 code units, lone surrogates
    /// and all) joined and handed over as wasm-bindgen hands a string over, then each answer a prefix of its own
    /// string or the next units of the answer, as the lengths it got back say. Also those lengths.
    fn page(texts: &[Vec<u16>]) -> Result<(Vec<Vec<u16>>, Vec<u32>), String> {
        let joined = String::from_utf16_lossy(&texts.concat());
        let mut lengths: Vec<u32> = texts.iter().map(|t| t.len() as u32).collect();
        let answer = normalize_joined(&joined, &mut lengths)?;
        let mut at = 0;
        let mut normal = Vec::new();
        for (text, &length) in texts.iter().zip(&lengths) {
            if length >= OWN_PREFIX {
                normal.push(text.get(..(length - OWN_PREFIX) as usize).ok_or("past the text")?.to_vec());
            } else {
                let length = length as usize;
                normal.push(answer.get(at..at + length).ok_or("the answer is too short")?.to_vec());
                at += length;
            }
        }
        assert_eq!(at, answer.len(), "units of the answer that no text took");
        Ok((normal, lengths))
    }

    /// Each text normalised on its own, as wasm-bindgen reads it (a lone surrogate is U+FFFD).
    fn alone(texts: &[Vec<u16>]) -> Vec<Vec<u16>> {
        texts.iter().map(|t| utf16(&uraikal_text::normalize(&String::from_utf16_lossy(t)))).collect()
    }

    #[test]
    fn normalize_joined_answers_what_normalize_many_answers() {
        let texts = ["தமிழ்  மொழி", "a\u{1F600}b\nc", "", "நேற்று\nவந்தேன்.", "\u{1F600}", "தமிழ் மொழி", "abc", "a\u{FFFD}"];
        let units: Vec<Vec<u16>> = texts.iter().map(|t| utf16(t)).collect();
        let (normal, lengths) = page(&units).unwrap();
        let many: Vec<Vec<u16>> = normalize_many(&texts.map(String::from)).iter().map(|t| utf16(t)).collect();
        assert_eq!(normal, many);
        // Texts whose normal form is a prefix of their own (all of it, or less trailing symbols) do not cross back.
        let own = |k| OWN_PREFIX + k;
        assert_eq!(lengths, [10, 5, own(0), 14, own(0), own(10), own(3), own(1)]);
        // Lengths short of or past the string are errors, and leave the lengths as they were.
        let mut lengths = [1, 1];
        assert!(normalize_joined("abc", &mut lengths).is_err());
        assert_eq!(lengths, [1, 1]);
        assert!(normalize_joined("abc", &mut [4]).is_err());
        assert!(normalize_joined("", &mut []).unwrap().is_empty());
    }

    proptest! {
        /// The eight-byte reads agree with the standard library on any text: every width, at every position
        /// (the last seven bytes of a text go one character at a time).
        #[test]
        fn push_utf16_is_encode_utf16(text in "(\\PC|[\u{0B80}-\u{0BFF} a])*", prefix in proptest::collection::vec(any::<u16>(), 0..3)) {
            let mut out = prefix.clone();
            push_utf16(&text, &mut out);
            prop_assert_eq!(&out[..prefix.len()], &prefix[..]);
            prop_assert_eq!(&out[prefix.len()..], &utf16(&text)[..]);
        }
    }

    proptest! {
        /// The eight-byte comparison agrees with the standard library's.
        #[test]
        fn starts_with_is_the_slice_method(text in proptest::collection::vec(0u8..4, 0..40), cut in 0usize..48, flip in proptest::option::of(0usize..48)) {
            let mut prefix = text[..cut.min(text.len())].to_vec();
            if cut > text.len() {
                prefix.push(0);
            }
            if let Some(at) = flip.filter(|&at| at < prefix.len()) {
                prefix[at] ^= 1;
            }
            prop_assert_eq!(super::starts_with(&text, &prefix), text.starts_with(&prefix));
        }

        /// The word-at-a-time count agrees with counting character by character, wherever it starts and
        /// however many units are wanted.
        #[test]
        fn utf16_prefix_counts_characters(text in "(\\PC|[\u{0B80}-\u{0BFF} a])*", skip in 0usize..12, wanted in 0usize..40) {
            let at = text.char_indices().map(|(i, _)| i).nth(skip).unwrap_or(text.len());
            let (mut end, mut units) = (at, 0);
            for c in text[at..].chars() {
                if units >= wanted {
                    break;
                }
                units += c.len_utf16();
                end += c.len_utf8();
            }
            prop_assert_eq!(utf16_prefix(text.as_bytes(), at, wanted), (end, units));
        }
    }

    #[test]
    fn a_lone_surrogate_is_never_kept_as_it_is() {
        // "a\uD800" reads as "a\u{FFFD}", whose normal form "a" is the page's first unit; "\uDC00" reads as
        // "\u{FFFD}" (normal form: empty); "a\uD800b" gives "a b", which crosses back.
        let texts = [vec![0x61, 0xD800], vec![0xDC00], vec![0x61, 0xD800, 0x62], vec![0xD83D, 0xDE00, 0x61]];
        let (normal, lengths) = page(&texts).unwrap();
        assert_eq!(normal, alone(&texts));
        assert_eq!(lengths, [OWN_PREFIX + 1, OWN_PREFIX, 3, 1]);
        // What `normalize_joined` relies on: a normal form never holds U+FFFD (a symbol, SPEC N5).
        assert_eq!(uraikal_text::normalize("\u{FFFD}a\u{FFFD}b\u{FFFD}"), "a b");
    }

    #[test]
    fn a_pair_formed_by_joining_reads_as_two_lone_surrogates() {
        // JavaScript: ["a\uD83D", "", "\uDE00b"].join("") is "a😀b"; each text alone reads with U+FFFD.
        let texts = [vec![0x61, 0xD83D], vec![], vec![0xDE00, 0x62]];
        assert_eq!(page(&texts).unwrap().0, alone(&texts));
        // A pair that lengths split with no text to take its low half is an error.
        assert!(normalize_joined("a\u{1F600}", &mut [2]).is_err());
        // A pair inside one text stays a pair (U+20000 is a letter: the text is its own normal form).
        let texts = [utf16("a\u{20000}")];
        assert_eq!(page(&texts).unwrap(), (alone(&texts), vec![OWN_PREFIX + 3]));
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
