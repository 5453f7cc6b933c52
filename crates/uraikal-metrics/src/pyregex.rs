//! Python `re.sub` for jiwer's `SubstituteRegexes` (SPEC M13.1): a Python pattern is run by `fancy-regex`
//! (look-around and back-references included) after its Unicode classes are given Python's meaning, and the
//! replacement is read with Python's template rules.
//!
//! Python's `\w` on str is `str.isalnum()` or `_`: letters (L*) and numbers (N*), **not** marks, so a Tamil
//! vowel sign or virama is not a word character and `\b` falls inside Tamil words; the Rust engines count marks
//! as word characters. `\s` is `str.isspace()`, which adds U+001C–U+001F to Unicode White_Space. So `\w`, `\W`,
//! `\b`, `\B`, `\s` and `\S` are rewritten into explicit classes (`\w` and `\s` also inside `[...]`; `\W` and
//! `\S` inside `[...]` keep the engine's meaning); the rest of the syntax is passed as written. Left to right,
//! non-overlapping, as `re.sub`.

use std::fmt;

use fancy_regex::Regex;

const WORD: &str = r"\p{L}\p{N}_";
const SPACE: &str = r"\s\x1C-\x1F";

/// A pattern or replacement that Python would refuse (or that the engine cannot run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyRegexError(pub String);

impl fmt::Display for PyRegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PyRegexError {}

/// One piece of a replacement template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Group(usize),
    Named(String),
}

/// `re.compile(pattern)` + `re.sub(pattern, replacement, text)`, compiled once.
#[derive(Clone, Debug)]
pub struct PySub {
    regex: Regex,
    template: Vec<Piece>,
}

impl PySub {
    /// Compiles a Python pattern and a Python replacement template (`\1`, `\g<1>`, `\g<name>`, `\\`, `\n`, …).
    ///
    /// ```
    /// use uraikal_metrics::pyregex::PySub;
    /// let sub = PySub::new(r"(\w+)@(\w+)", r"\2 at \g<1>").unwrap();
    /// assert_eq!(sub.replace("me@home, you@work").unwrap(), "home at me, work at you");
    /// // Python's \w: the vowel sign ி is not a word character.
    /// assert_eq!(PySub::new(r"\w+", "W").unwrap().replace("தமிழ்").unwrap(), "WிW்");
    /// ```
    pub fn new(pattern: &str, replacement: &str) -> Result<PySub, PyRegexError> {
        let regex = Regex::new(&python_pattern(pattern))
            .map_err(|e| PyRegexError(format!("regular expression {pattern:?}: {e}")))?;
        let template = parse_template(replacement)?;
        let groups = regex.captures_len();
        for piece in &template {
            match piece {
                Piece::Group(n) if *n >= groups => {
                    return Err(PyRegexError(format!("replacement {replacement:?}: invalid group reference {n}")));
                }
                Piece::Named(name) if !regex.capture_names().any(|n| n == Some(name.as_str())) => {
                    return Err(PyRegexError(format!("replacement {replacement:?}: unknown group name {name:?}")));
                }
                _ => {}
            }
        }
        Ok(PySub { regex, template })
    }

    /// Every non-overlapping match replaced, left to right, with Python 3.7+'s rule for empty matches (one is
    /// replaced right after a non-empty match, never twice at one position). An error only when the engine gives
    /// up (its backtracking limit).
    pub fn replace(&self, text: &str) -> Result<String, PyRegexError> {
        let mut out = String::with_capacity(text.len());
        let (mut pos, mut copied) = (0, 0);
        let mut no_empty_at = None;
        while pos <= text.len() {
            let caps = match self.regex.captures_from_pos(text, pos) {
                Ok(Some(caps)) => caps,
                Ok(None) => break,
                Err(e) => return Err(PyRegexError(format!("regular expression: {e}"))),
            };
            let Some(whole) = caps.get(0) else { break };
            let (start, end) = (whole.start(), whole.end());
            if start == end && no_empty_at == Some(start) {
                match text[start..].chars().next() {
                    Some(c) => {
                        pos = start + c.len_utf8();
                        continue;
                    }
                    None => break,
                }
            }
            out.push_str(&text[copied..start]);
            for piece in &self.template {
                match piece {
                    Piece::Text(t) => out.push_str(t),
                    Piece::Group(n) => out.push_str(caps.get(*n).map_or("", |m| m.as_str())),
                    Piece::Named(name) => out.push_str(caps.name(name).map_or("", |m| m.as_str())),
                }
            }
            copied = end;
            pos = end;
            no_empty_at = Some(end).filter(|_| start == end);
        }
        out.push_str(&text[copied..]);
        Ok(out)
    }
}

/// The pattern with `\w \W \b \B \s \S` given Python's str meaning.
fn python_pattern(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len() + 32);
    let mut chars = pattern.chars().peekable();
    let mut in_class = false;
    let mut class_start = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let replacement = match (next, in_class) {
                    ('w', false) => Some(format!("[{WORD}]")),
                    ('w', true) => Some(WORD.to_string()),
                    ('W', false) => Some(format!("[^{WORD}]")),
                    ('s', false) => Some(format!("[{SPACE}]")),
                    ('s', true) => Some(SPACE.to_string()),
                    ('S', false) => Some(format!("[^{SPACE}]")),
                    ('b', false) => Some(format!("(?:(?<=[{WORD}])(?![{WORD}])|(?<![{WORD}])(?=[{WORD}]))")),
                    ('B', false) => Some(format!("(?:(?<=[{WORD}])(?=[{WORD}])|(?<![{WORD}])(?![{WORD}]))")),
                    // Python's \Z is the very end (Rust's \z).
                    ('Z', false) => Some(r"\z".to_string()),
                    _ => None,
                };
                match replacement {
                    Some(r) => out.push_str(&r),
                    None => {
                        out.push('\\');
                        out.push(next);
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                class_start = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                // A `]` first in a class is literal in Python.
                if chars.peek() == Some(&']') {
                    out.push_str(r"\]");
                    chars.next();
                }
                continue;
            }
            '[' if in_class => out.push_str(r"\["),
            ']' if in_class && !class_start => {
                in_class = false;
                out.push(']');
            }
            _ => out.push(c),
        }
        class_start = false;
    }
    out
}

/// Python's replacement template: `\g<name>`, `\g<n>`, `\n` (up to two digits), `\0`/three-digit octal escapes,
/// `\\`, `\a \b \f \n \r \t \v`; another ASCII letter after `\` is Python's "bad escape"; any other `\x` stays.
fn parse_template(template: &str) -> Result<Vec<Piece>, PyRegexError> {
    let bad = |what: &str| PyRegexError(format!("replacement {template:?}: {what}"));
    let mut pieces = Vec::new();
    let mut text = String::new();
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    let flush = |text: &mut String, pieces: &mut Vec<Piece>| {
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(text)));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            text.push(c);
            i += 1;
            continue;
        }
        let Some(&next) = chars.get(i + 1) else {
            return Err(bad("bad escape (end of pattern)"));
        };
        i += 2;
        match next {
            'g' => {
                if chars.get(i) != Some(&'<') {
                    return Err(bad("missing <"));
                }
                let Some(close) = chars[i..].iter().position(|&c| c == '>') else {
                    return Err(bad("missing >, unterminated name"));
                };
                let name: String = chars[i + 1..i + close].iter().collect();
                i += close + 1;
                flush(&mut text, &mut pieces);
                if name.is_empty() {
                    return Err(bad("missing group name"));
                }
                match name.parse::<usize>() {
                    Ok(n) => pieces.push(Piece::Group(n)),
                    Err(_) => pieces.push(Piece::Named(name)),
                }
            }
            '0' => {
                let mut value = 0u32;
                let mut k = 0;
                while k < 2 && chars.get(i).is_some_and(|c| ('0'..='7').contains(c)) {
                    value = value * 8 + chars[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    k += 1;
                }
                text.push(char::from_u32(value).unwrap_or('\0'));
            }
            '1'..='9' => {
                // Three octal digits are an octal escape; otherwise one or two digits are a group.
                let octal = |c: Option<&char>| c.is_some_and(|c| ('0'..='7').contains(c));
                if ('1'..='7').contains(&next) && octal(chars.get(i)) && octal(chars.get(i + 1)) {
                    let digits: String = [next, chars[i], chars[i + 1]].iter().collect();
                    let value = u32::from_str_radix(&digits, 8).unwrap_or(0);
                    if value > 0o377 {
                        return Err(bad("octal escape value outside of range 0-0o377"));
                    }
                    text.push(char::from_u32(value).unwrap_or('\0'));
                    i += 2;
                } else {
                    let mut n = next.to_digit(10).unwrap_or(0) as usize;
                    if let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        i += 1;
                    }
                    flush(&mut text, &mut pieces);
                    pieces.push(Piece::Group(n));
                }
            }
            '\\' => text.push('\\'),
            'a' => text.push('\x07'),
            'b' => text.push('\x08'),
            'f' => text.push('\x0c'),
            'n' => text.push('\n'),
            'r' => text.push('\r'),
            't' => text.push('\t'),
            'v' => text.push('\x0b'),
            other if other.is_ascii_alphabetic() => return Err(bad(&format!("bad escape \\{other}"))),
            other => {
                text.push('\\');
                text.push(other);
            }
        }
    }
    flush(&mut text, &mut pieces);
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(pattern: &str, replacement: &str, text: &str) -> String {
        PySub::new(pattern, replacement).unwrap().replace(text).unwrap()
    }

    /// Expected strings are CPython 3.11's `re.sub(pattern, replacement, text)`.
    #[test]
    fn equals_python_re_sub() {
        assert_eq!(sub(r"\s+", " ", "a \t b\x1c\x1dc"), "a b c");
        assert_eq!(sub(r"[^\w\s]", "", "நல்லது, சரி! ok_1."), "நலலத சர ok_1");
        assert_eq!(sub(r"\bகடல\b", "X", "கடல் கடல"), "X் X");
        assert_eq!(sub(r"(?P<w>\d+)", r"<\g<w>>", "a 12 b ௧௨"), "a <12> b <௧௨>");
        assert_eq!(sub(r"(a)(b)?", r"[\2\1]", "ab a"), "[ba] [a]");
        assert_eq!(sub(r"x*", "-", "abxd"), "-a-b--d-");
        assert_eq!(sub(r"[]a]", "!", "a]b"), "!!b");
        assert_eq!(sub(r"\Bல்", "L", "கல் ல்"), "கL ல்");
        assert_eq!(sub("a", r"\n\\\101", "a"), "\n\\A");
    }

    proptest::proptest! {
        /// `\w` removes exactly Python's word characters (L*, N*, `_`) and `\W` the rest, `\s` exactly
        /// `str.isspace()` (U+001C–U+001F included), on any text.
        #[test]
        fn classes_are_pythons(text in "(\\PC|[\\x1C-\\x1F\\t\\n\\x0B])*") {
            use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
            let word = |c: char| {
                let group = c.general_category_group();
                c == '_' || matches!(group, GeneralCategoryGroup::Letter | GeneralCategoryGroup::Number)
            };
            let keep = |f: &dyn Fn(char) -> bool| text.chars().filter(|&c| !f(c)).collect::<String>();
            proptest::prop_assert_eq!(sub(r"\w", "", &text), keep(&word));
            proptest::prop_assert_eq!(sub(r"\W", "", &text), keep(&|c| !word(c)));
            proptest::prop_assert_eq!(sub(r"\s", "", &text), keep(&crate::unit::is_python_space));
        }
    }

    #[test]
    fn refuses_what_python_refuses() {
        assert!(PySub::new("(", "").is_err());
        assert!(PySub::new("(a)", r"\2").is_err());
        assert!(PySub::new("(a)", r"\q").is_err());
        assert!(PySub::new("(a)", r"\g<nope>").is_err());
        assert!(PySub::new("(a)", "\\").is_err());
    }
}
