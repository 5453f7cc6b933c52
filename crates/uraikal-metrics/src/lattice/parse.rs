//! Reading and printing lattices: nested JSON (`[["a", "b"], ["c"]]`) and the brace string (`{a | b} {c}`).

use serde_json::Value;

use super::{Error, ErrorKind, Lattice, Mode};

/// How lattice text is read (SPEC L1). Both readings refuse what neither Uraikal nor a reader of the file could
/// mean unambiguously: unbalanced braces, text that starts as JSON but is not (truncated, trailing garbage).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reading {
    /// Everything that could be misread is an error: text outside the groups, a group inside a group, a
    /// string without any group, an empty group (`{}`, `{ | }`, `[]`, `[""]`). Manifests, the `uraikal` mode
    /// and every reader whose mode is not `vimarsha`.
    #[default]
    Strict,
    /// Vimarsha's reading where Vimarsha accepts the input and reads it as Uraikal does (the golden rows of
    /// fixtures/vimarsha/parse_lattice.jsonl): text outside groups is ignored, the innermost of nested
    /// groups is kept, a string without groups is one phrase, a blank one no groups, empty groups are
    /// allowed (scoring drops them).
    Vimarsha,
}

impl Reading {
    /// The reading of a scoring mode: [`Reading::Vimarsha`] for [`Mode::Vimarsha`], else strict.
    pub fn for_mode(mode: Mode) -> Reading {
        match mode {
            Mode::Vimarsha => Reading::Vimarsha,
            Mode::Uraikal => Reading::Strict,
        }
    }
}

fn malformed<T>(column: usize, message: String) -> Result<T, Error> {
    Err(Error::new(ErrorKind::Malformed { column, message }))
}

impl Lattice {
    /// Reads a lattice given as text strictly ([`Lattice::read`] with [`Reading::Strict`]).
    ///
    /// ```
    /// use uraikal_metrics::lattice::Lattice;
    /// let from_json = Lattice::parse(r#"[["ஒரு", "ஓர்"], ["நல்ல"]]"#).unwrap();
    /// let from_braces = Lattice::parse("{ஒரு | ஓர்} {நல்ல}").unwrap();
    /// assert_eq!(from_json, from_braces);
    /// assert_eq!(from_json.to_string(), "{ஒரு | ஓர்} {நல்ல}");
    /// assert_eq!(Lattice::parse("{a | b").unwrap_err().to_string(), "column 1: '{' is never closed in \"{a | b\"");
    /// ```
    pub fn parse(text: &str) -> Result<Lattice, Error> {
        Lattice::read(text, Reading::Strict)
    }

    /// The one reader of lattice text (SPEC L1): valid JSON is read as nested lists ([`Lattice::read_value`]);
    /// text that starts with `[` but is not valid JSON is an error naming the column; anything else is the
    /// brace string `{a | b} {c}`, read as `reading` says. Errors name the 1-based character column.
    ///
    /// ```
    /// use uraikal_metrics::lattice::{Lattice, Reading};
    /// assert!(Lattice::read("{ஒரு | ஓர்} நல்ல", Reading::Strict).is_err());
    /// assert_eq!(Lattice::read("{ஒரு | ஓர்} நல்ல", Reading::Vimarsha).unwrap().to_string(), "{ஒரு | ஓர்}");
    /// assert!(Lattice::read("[[\"a\"", Reading::Vimarsha).is_err()); // truncated JSON
    /// ```
    pub fn read(text: &str, reading: Reading) -> Result<Lattice, Error> {
        match serde_json::from_str::<Value>(text) {
            // `{}` is the brace string's empty group, not an empty JSON object.
            Ok(Value::Object(map)) if map.is_empty() => read_braces(text, reading),
            // A JSON string here is JSON written as a string: an error, as in Vimarsha.
            Ok(value @ Value::String(_)) => Lattice::from_json(&value),
            Ok(value) => Lattice::read_value(&value, reading),
            Err(e) if text.trim_start().starts_with('[') => {
                let column = char_column(text, e.line(), e.column());
                let message = e.to_string();
                let message = message.rfind(" at line ").map_or(message.as_str(), |at| &message[..at]);
                malformed(column, format!("invalid JSON lattice ({message})"))
            }
            Err(_) => read_braces(text, reading),
        }
    }

    /// A lattice given as a JSON value (a record field): a string is read as [`Lattice::read`] reads text,
    /// a list as nested lists of strings; in the strict reading a group without a non-blank form is an error.
    pub fn read_value(value: &Value, reading: Reading) -> Result<Lattice, Error> {
        let lattice = match value {
            // A record field holds JSON lists as themselves: lists written as a string are a mistake the
            // strict reading names (Vimarsha reads the string as JSON).
            Value::String(text) if reading == Reading::Strict && text.trim_start().starts_with('[') => {
                return malformed(1, "a JSON lattice written as a string: give the lists themselves".to_string())
            }
            Value::String(text) => return Lattice::read(text, reading),
            other => Lattice::from_json(other)?,
        };
        if reading == Reading::Strict {
            lattice.check_groups()?;
        }
        Ok(lattice)
    }

    /// The strict reading's rule for groups already split: every group has a form with text.
    pub fn check_groups(&self) -> Result<(), Error> {
        check_groups(&self.groups)
    }

    /// Reads the nested JSON form: a list of groups, each a list of strings.
    pub fn from_json(value: &Value) -> Result<Lattice, Error> {
        let Value::Array(items) = value else {
            return Err(Error::new(ErrorKind::MalformedLattice(format!(
                "reference lattice must be a list of groups (lists of strings), not {}",
                kind_of(value)
            ))));
        };
        let mut groups = Vec::with_capacity(items.len());
        for (group, item) in items.iter().enumerate() {
            let Value::Array(forms) = item else {
                return Err(Error::new(ErrorKind::MalformedLattice(format!(
                    "reference group {group} must be a list of strings, not {}",
                    kind_of(item)
                ))));
            };
            let mut strings = Vec::with_capacity(forms.len());
            for form in forms {
                match form {
                    Value::String(s) => strings.push(s.clone()),
                    other => {
                        return Err(Error::new(ErrorKind::NonStringVariant { group, found: kind_of(other) }));
                    }
                }
            }
            groups.push(strings);
        }
        Ok(Lattice { groups })
    }

    /// The nested JSON form.
    pub fn to_json(&self) -> Value {
        Value::Array(
            self.groups
                .iter()
                .map(|forms| Value::Array(forms.iter().map(|f| Value::String(f.clone())).collect()))
                .collect(),
        )
    }

    /// The brace string form, `{a | b} {c}` (the same as `to_string()`).
    pub fn to_brace_string(&self) -> String {
        let mut out = String::new();
        for (i, forms) in self.groups.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push('{');
            out.push_str(&forms.join(" | "));
            out.push('}');
        }
        out
    }
}

/// The strict reading's rule for groups already split (a JSON list, a batch record's flat lattice): every
/// group has a form with text.
pub fn check_groups<G: AsRef<[S]>, S: AsRef<str>>(groups: &[G]) -> Result<(), Error> {
    match groups.iter().position(|forms| forms.as_ref().iter().all(|f| f.as_ref().trim().is_empty())) {
        Some(group) => Err(Error::new(ErrorKind::MalformedLattice(format!(
            "reference group {group} is empty: every group needs a form with text (an optional group is {{form | }})"
        )))),
        None => Ok(()),
    }
}

/// serde_json's (line, byte column) as the 1-based character column within that line.
fn char_column(text: &str, line: usize, column: usize) -> usize {
    let Some(line_text) = text.split('\n').nth(line.saturating_sub(1)) else { return column };
    let end = column.min(line_text.len());
    let end = (0..=end).rev().find(|&at| line_text.is_char_boundary(at)).unwrap_or(0);
    line_text[..end].chars().count().max(1)
}

/// The brace string: braces must balance in both readings; the strict reading refuses the rest of what
/// Vimarsha's reading lets pass ([`Reading`]).
fn read_braces(text: &str, reading: Reading) -> Result<Lattice, Error> {
    let strict = reading == Reading::Strict;
    let mut open: Vec<usize> = Vec::new(); // columns of the unclosed '{'
    let mut any_group = false;
    let mut group_has_text = false;
    let mut outside: Option<usize> = None;
    for (index, c) in text.chars().enumerate() {
        let column = index + 1;
        match c {
            '{' => {
                if let (true, Some(&at)) = (strict, open.last()) {
                    return malformed(column, format!("a group inside the group opened at column {at} in \"{text}\""));
                }
                open.push(column);
                group_has_text = false;
            }
            '}' => {
                let Some(at) = open.pop() else {
                    return malformed(column, format!("'}}' closes no '{{' in \"{text}\""));
                };
                any_group = true;
                if strict && !group_has_text {
                    return malformed(
                        at,
                        format!("empty group in \"{text}\": every group needs a form with text (an optional group is {{form | }})"),
                    );
                }
            }
            c if open.is_empty() => {
                if !c.is_whitespace() && outside.is_none() {
                    outside = Some(column);
                }
            }
            c => {
                if !c.is_whitespace() && c != '|' {
                    group_has_text = true;
                }
            }
        }
    }
    if let Some(&at) = open.first() {
        return malformed(at, format!("'{{' is never closed in \"{text}\""));
    }
    if strict {
        if !any_group {
            return malformed(
                1,
                format!("no {{…}} group in \"{text}\": write each group in braces ({{a | b}} {{c}}), or give the lattice as JSON lists"),
            );
        }
        if let Some(column) = outside {
            return malformed(
                column,
                format!("text outside the {{…}} groups in \"{text}\": put every word in a group"),
            );
        }
    }
    Ok(vimarsha_braces(text))
}

/// Vimarsha's reading of a brace string (its golden rows): every `{…}` holding no braces is a group, its
/// forms split at `|` and trimmed; text outside such groups is ignored; a string without any group is one
/// phrase group (nothing at all if it is blank); `{}` is a group holding one empty form.
fn vimarsha_braces(text: &str) -> Lattice {
    let mut groups = Vec::new();
    let mut open: Option<usize> = None;
    for (at, c) in text.char_indices() {
        match c {
            '{' => open = Some(at + 1),
            '}' => {
                if let Some(start) = open.take() {
                    groups.push(text[start..at].split('|').map(|form| form.trim().to_string()).collect());
                }
            }
            _ => {}
        }
    }
    if groups.is_empty() {
        let phrase = text.trim();
        if !phrase.is_empty() {
            groups.push(vec![phrase.to_string()]);
        }
    }
    Lattice { groups }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(lattice: &Lattice) -> Vec<Vec<&str>> {
        lattice.groups().iter().map(|g| g.iter().map(String::as_str).collect()).collect()
    }

    #[test]
    fn brace_strings_in_vimarsha_reading() {
        let check = |text: &str, expected: Vec<Vec<&str>>| {
            assert_eq!(groups(&Lattice::read(text, Reading::Vimarsha).unwrap()), expected, "{text:?}")
        };
        check("{a|b}{c}", vec![vec!["a", "b"], vec!["c"]]);
        check("plain words here", vec![vec!["plain words here"]]);
        check("   ", vec![]);
        check("{}", vec![vec![""]]);
        check("{a {b} c}", vec![vec!["b"]]);
        check("{a} stray {b}", vec![vec!["a"], vec!["b"]]);
        check("{x | y | }", vec![vec!["x", "y", ""]]);
    }

    #[test]
    fn both_readings_refuse_what_would_be_misread() {
        // (text, the column named in both readings)
        let cases = [
            ("{a | b", 1),
            ("{a | b} c }", 11),
            ("[[\"a\"", 5),
            ("{a} }", 5),
            ("{a} {", 5),
            ("[[\"a\"], [\"b\"]] x", 16),
            ("a}", 2),
        ];
        for (bad, column) in cases {
            for reading in [Reading::Strict, Reading::Vimarsha] {
                let err = Lattice::read(bad, reading).unwrap_err();
                assert!(
                    matches!(err.kind(), ErrorKind::Malformed { column: c, .. } if *c == column),
                    "{bad:?} {reading:?}: {err}"
                );
            }
        }
    }

    #[test]
    fn strict_reading_refuses_what_vimarsha_reads() {
        let ok = |text: &str| Lattice::parse(text).map(|l| l == Lattice::read(text, Reading::Vimarsha).unwrap());
        assert_eq!(ok("{a|b}{c}"), Ok(true));
        assert_eq!(ok("  {a} {b}  "), Ok(true));
        assert_eq!(ok("{plain words here}"), Ok(true));
        assert_eq!(ok("{x | }"), Ok(true));
        for (bad, column) in [
            ("{a} stray {b}", 5),
            ("{a {b} c}", 4),
            ("plain words", 1),
            ("a | b", 1),
            ("   ", 1),
            ("{}", 1),
            ("{a} { | }", 5),
        ] {
            let err = Lattice::parse(bad).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Malformed { column: c, .. } if *c == column), "{bad:?}: {err}");
            assert!(Lattice::read(bad, Reading::Vimarsha).is_ok(), "{bad:?}");
        }
        assert!(Lattice::parse("{a} stray {b}").unwrap_err().to_string().starts_with("column 5: text outside"));
        for bad in [r#"[["a"], []]"#, r#"[[""]]"#, r#"[[" ", ""]]"#] {
            assert!(matches!(Lattice::parse(bad).unwrap_err().kind(), ErrorKind::MalformedLattice(_)), "{bad}");
            assert!(Lattice::read(bad, Reading::Vimarsha).is_ok(), "{bad}");
        }
    }

    #[test]
    fn json_shapes_are_checked() {
        let err = Lattice::parse("[[10]]").unwrap_err();
        assert_eq!(err.to_string(), "reference variant in group 0 must be a string, not a number");
        assert!(matches!(Lattice::parse("\"x\"").unwrap_err().kind(), ErrorKind::MalformedLattice(_)));
        assert!(matches!(Lattice::parse("[\"x\"]").unwrap_err().kind(), ErrorKind::MalformedLattice(_)));
        assert!(matches!(Lattice::parse("{\"a\": 1}").unwrap_err().kind(), ErrorKind::MalformedLattice(_)));
    }

    #[test]
    fn printing_round_trips() {
        let lattice = Lattice::read(r#"[["a", "b c"], [""], ["d"]]"#, Reading::Vimarsha).unwrap();
        assert_eq!(lattice.to_brace_string(), "{a | b c} {} {d}");
        assert_eq!(Lattice::read(&lattice.to_brace_string(), Reading::Vimarsha).unwrap(), lattice);
        assert_eq!(Lattice::from_json(&lattice.to_json()).unwrap(), lattice);
    }
}
