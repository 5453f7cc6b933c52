//! The grapheme-safe pre-tokenizer (SPEC D4): GPT-style split regexes match letters with `\p{L}+`, but
//! Tamil vowel signs and pulli are marks (`\p{M}`), so every Tamil word is split before each sign. Adding
//! `\p{M}` wherever the pattern says `\p{L}` keeps letters whole and leaves text without marks (English)
//! exactly as it was.

use std::path::Path;

use serde_json::{json, Value};
use tokenizers::pre_tokenizers::PreTokenizerWrapper;

use crate::error::{Error, ErrorKind};
use crate::load::{read_maybe_gz, Loaded};

/// GPT-2's split pattern (also the built-in regex of the ByteLevel pre-tokenizer).
pub const GPT2_PATTERN: &str = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+";

/// The grapheme-safe pattern: GPT-2's, with marks joining letters (and leaving the punctuation class).
/// It is [`grapheme_safe_regex`] of [`GPT2_PATTERN`].
pub const GRAPHEME_SAFE_PATTERN: &str =
    r"'s|'t|'re|'ve|'m|'ll|'d| ?[\p{L}\p{M}]+| ?\p{N}+| ?[^\s\p{L}\p{M}\p{N}]+|\s+(?!\S)|\s+";

/// Rewrites a split regex so that it never separates a mark from its letter: every `\p{L}` becomes
/// `[\p{L}\p{M}]` (or `\p{L}\p{M}` inside a bracket class). None when there is nothing to do: the pattern
/// has no `\p{L}`, or already names `\p{M}` (o200k's does), or uses letter classes this rewrite does not
/// understand (`\pL`, `\P{L}`, `\p{Letter}`).
pub fn grapheme_safe_regex(pattern: &str) -> Option<String> {
    grapheme_safe_regex_with(pattern, ALL_MARKS)
}

/// Every mark: the class [`grapheme_safe_regex`] adds.
pub const ALL_MARKS: &str = r"\p{M}";

/// The Tamil marks only (anusvara, vowel signs, pulli, length mark), for `tokenizers extend`, which must
/// leave every other script's pieces as they were (SPEC D8).
pub const TAMIL_MARKS: &str = r"\x{0B82}\x{0BBE}-\x{0BCD}\x{0BD7}";

/// [`grapheme_safe_regex`] with another class of marks joining letters (the contents of a bracket class).
pub fn grapheme_safe_regex_with(pattern: &str, marks: &str) -> Option<String> {
    if !pattern.contains(r"\p{L}") || pattern.contains(r"\p{M}") || pattern.contains(marks) {
        return None;
    }
    if [r"\pL", r"\P{L}", r"\PL", r"\p{Letter}", r"\pM"].iter().any(|p| pattern.contains(p)) {
        return None;
    }
    let mut out = String::with_capacity(pattern.len() + 32);
    let mut class_depth = 0usize;
    let mut rest = pattern;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix(r"\p{L}") {
            out.push_str(&if class_depth > 0 { format!(r"\p{{L}}{marks}") } else { format!(r"[\p{{L}}{marks}]") });
            rest = after;
            continue;
        }
        match c {
            '\\' => {
                // An escape and the character it escapes are copied as they are.
                let len = rest.chars().take(2).map(char::len_utf8).sum();
                out.push_str(&rest[..len]);
                rest = &rest[len..];
                continue;
            }
            '[' => class_depth += 1,
            ']' if class_depth > 0 => class_depth -= 1,
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Some(out)
}

/// Rewrites a tokenizer.json `pre_tokenizer` value in place; true when something changed. Split regexes
/// are rewritten by [`grapheme_safe_regex`]; a ByteLevel pre-tokenizer using its built-in regex becomes
/// `Split(GRAPHEME_SAFE_PATTERN)` then ByteLevel without regex (exact only without `add_prefix_space`,
/// which ByteLevel applies per piece: such a pre-tokenizer is left alone).
pub fn patch_pre_tokenizer(value: &mut Value) -> bool {
    patch_pre_tokenizer_with(value, ALL_MARKS)
}

/// [`patch_pre_tokenizer`] with another class of marks (see [`grapheme_safe_regex_with`]).
pub fn patch_pre_tokenizer_with(value: &mut Value, marks: &str) -> bool {
    let Some(map) = value.as_object_mut() else {
        return false;
    };
    match map.get("type").and_then(Value::as_str) {
        Some("Sequence") => {
            let mut changed = false;
            if let Some(Value::Array(steps)) = map.get_mut("pretokenizers") {
                for step in steps {
                    changed |= patch_pre_tokenizer_with(step, marks);
                }
            }
            changed
        }
        Some("Split") => {
            let Some(Value::String(regex)) = map.get_mut("pattern").and_then(|p| p.get_mut("Regex")) else {
                return false;
            };
            match grapheme_safe_regex_with(regex, marks) {
                Some(safe) => {
                    *regex = safe;
                    true
                }
                None => false,
            }
        }
        Some("ByteLevel") => {
            let use_regex = map.get("use_regex").and_then(Value::as_bool).unwrap_or(true);
            let prefix = map.get("add_prefix_space").and_then(Value::as_bool).unwrap_or(true);
            if !use_regex || prefix {
                return false;
            }
            let mut byte_level = Value::Object(map.clone());
            byte_level["use_regex"] = Value::Bool(false);
            let pattern = grapheme_safe_regex_with(GPT2_PATTERN, marks).expect("GPT-2's pattern has \\p{L}");
            *value = json!({"type": "Sequence", "pretokenizers": [
                {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": false},
                byte_level,
            ]});
            true
        }
        _ => false,
    }
}

/// The tokenizer measured a second time with a grapheme-safe pre-tokenizer, named `<name>+grapheme-safe`;
/// None when its pre-tokenizer has nothing to rewrite (it is not a GPT-regex tokenizer, or is already safe).
pub fn grapheme_safe(tokenizer: &Loaded) -> Result<Option<Loaded>, Error> {
    let Some(mut pre) = tokenizer.pre_tokenizer.clone() else {
        return Ok(None);
    };
    if !patch_pre_tokenizer(&mut pre) {
        return Ok(None);
    }
    let wrapper: PreTokenizerWrapper = serde_json::from_value(pre.clone())
        .map_err(|e| Error::new(&tokenizer.name, ErrorKind::Patch(format!("rewritten pre-tokenizer: {e}"))))?;
    let mut safe = tokenizer.clone();
    safe.name = format!("{}+grapheme-safe", tokenizer.name);
    safe.tokenizer.with_pre_tokenizer(Some(wrapper));
    safe.pre_tokenizer = Some(pre);
    Ok(Some(safe))
}

/// Reads a tokenizer.json (or .json.gz), rewrites its pre-tokenizer, checks that the result loads and
/// writes it atomically to `output` (gzipped when its name ends in `.gz`). Nothing is written when the
/// pre-tokenizer has nothing to rewrite.
pub fn patch_file(input: &Path, output: &Path) -> Result<(), Error> {
    let subject = input.display().to_string();
    let bytes = read_maybe_gz(input)?;
    let mut json: Value = serde_json::from_slice(&bytes)
        .map_err(|e| Error::new(&subject, ErrorKind::Unloadable(format!("not a valid tokenizer.json: {e}"))))?;
    let changed = json.get_mut("pre_tokenizer").is_some_and(patch_pre_tokenizer);
    if !changed {
        return Err(Error::new(
            &subject,
            ErrorKind::Patch("its pre-tokenizer has no letter regex to rewrite (already grapheme-safe?)".into()),
        ));
    }
    let text = serde_json::to_string(&json).expect("a JSON value serialises");
    Loaded::from_json("patched", &subject, None, text.as_bytes())?;
    let out_bytes = if output.extension().is_some_and(|e| e == "gz") {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(text.as_bytes())
            .and_then(|_| gz.finish())
            .map_err(|e| Error::from(uraikal_io::Error::io(output, e)))?
    } else {
        text.into_bytes()
    };
    uraikal_io::write_atomic(output, &out_bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_pattern_is_the_rewrite_of_gpt2() {
        assert_eq!(grapheme_safe_regex(GPT2_PATTERN).as_deref(), Some(GRAPHEME_SAFE_PATTERN));
    }

    #[test]
    fn cl100k_style_classes_are_rewritten_inside_brackets() {
        let cl100k = r"(?i:'s|'t)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}";
        assert_eq!(grapheme_safe_regex(cl100k).unwrap(), r"(?i:'s|'t)|[^\r\n\p{L}\p{M}\p{N}]?[\p{L}\p{M}]+|\p{N}{1,3}");
    }

    #[test]
    fn safe_or_unknown_patterns_are_left_alone() {
        assert_eq!(grapheme_safe_regex(r"[\p{L}\p{M}]+|\s+"), None);
        assert_eq!(grapheme_safe_regex(r"\w+"), None);
        assert_eq!(grapheme_safe_regex(r"\pL+|\p{L}"), None);
    }

    #[test]
    fn byte_level_with_its_own_regex_becomes_split_then_byte_level() {
        let mut pre = json!({"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true});
        assert!(patch_pre_tokenizer(&mut pre));
        assert_eq!(pre["pretokenizers"][0]["pattern"]["Regex"], GRAPHEME_SAFE_PATTERN);
        assert_eq!(pre["pretokenizers"][1]["use_regex"], false);
        let mut with_prefix = json!({"type": "ByteLevel", "add_prefix_space": true, "use_regex": true});
        assert!(!patch_pre_tokenizer(&mut with_prefix));
    }
}
