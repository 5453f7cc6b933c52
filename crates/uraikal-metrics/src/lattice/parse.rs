//! Reading and printing lattices: nested JSON (`[["a", "b"], ["c"]]`) and the brace string (`{a | b} {c}`).

use serde_json::Value;

use super::{Error, ErrorKind, Lattice};

impl Lattice {
    /// Reads a lattice given as text: JSON first (a list of lists of strings), else the brace string.
    /// Text that is valid JSON but not a list (a number, a quoted string, an object) is an error, as in
    /// Vimarsha.
    ///
    /// ```
    /// use uraikal_metrics::lattice::Lattice;
    /// let from_json = Lattice::parse(r#"[["ஒரு", "ஓர்"], ["நல்ல"]]"#).unwrap();
    /// let from_braces = Lattice::parse("{ஒரு | ஓர்} {நல்ல}").unwrap();
    /// assert_eq!(from_json, from_braces);
    /// assert_eq!(from_json.to_string(), "{ஒரு | ஓர்} {நல்ல}");
    /// ```
    pub fn parse(text: &str) -> Result<Lattice, Error> {
        match serde_json::from_str::<Value>(text) {
            Ok(value) => Lattice::from_json(&value),
            Err(_) => Ok(Lattice::parse_braces(text)),
        }
    }

    /// Reads the brace string form: every `{…}` holding no braces is a group, its forms split at `|` and
    /// trimmed (text outside such groups is ignored); a string without any group is one phrase group
    /// (nothing at all if it is blank). `{}` is a group holding one empty form.
    pub fn parse_braces(text: &str) -> Lattice {
        let mut groups = Vec::new();
        let mut open: Option<usize> = None;
        for (at, c) in text.char_indices() {
            match c {
                '{' => open = Some(at + 1),
                '}' => {
                    if let Some(start) = open.take() {
                        groups.push(
                            text[start..at]
                                .split('|')
                                .map(|form| form.trim().to_string())
                                .collect(),
                        );
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

    /// Reads a brace string as [`Lattice::parse_braces`] does, but refuses what that reader lets pass
    /// (Vimarsha's reading, kept for its mode): a string without any `{…}` group (Vimarsha reads it as one
    /// phrase, so JSON written as a string or `a | b` would be misread), text outside the groups, a `{` never
    /// closed, a `}` never opened, and a group inside a group. For input that Uraikal defines itself
    /// (manifests), where a misread would be a silently wrong reference.
    ///
    /// ```
    /// use uraikal_metrics::lattice::Lattice;
    /// assert!(Lattice::parse_braces_strict("{ஒரு | ஓர்} {நல்ல}").is_ok());
    /// assert!(Lattice::parse_braces_strict("{ஒரு நல்ல நாள்}").is_ok()); // one phrase group
    /// assert!(Lattice::parse_braces_strict("{ஒரு | ஓர்} நல்ல").is_err());
    /// assert!(Lattice::parse_braces_strict("ஒரு | ஓர்").is_err());
    /// ```
    pub fn parse_braces_strict(text: &str) -> Result<Lattice, Error> {
        let malformed = |message: String| Err(Error::new(ErrorKind::MalformedLattice(message)));
        let mut open: Option<usize> = None;
        let mut outside = String::new();
        let mut any_group = false;
        for (at, c) in text.char_indices() {
            match (c, open) {
                ('{', Some(_)) => return malformed(format!("a group inside a group at byte {at} of \"{text}\"")),
                ('{', None) => open = Some(at),
                ('}', None) => return malformed(format!("'}}' without '{{' at byte {at} of \"{text}\"")),
                ('}', Some(_)) => {
                    open = None;
                    any_group = true;
                }
                (_, None) => outside.push(c),
                (_, Some(_)) => {}
            }
        }
        if let Some(at) = open {
            return malformed(format!("'{{' at byte {at} is never closed in \"{text}\""));
        }
        if !any_group {
            return malformed(format!(
                "no {{…}} group in \"{text}\": write each group in braces ({{a | b}} {{c}}), or give the lattice as JSON lists"
            ));
        }
        if any_group && !outside.trim().is_empty() {
            return malformed(format!(
                // Plain quotes, not `{:?}`: Debug escapes Tamil vowel signs (வந\u{bcd}த…).
                "text outside the {{…}} groups (\"{}\") in \"{text}\": put every word in a group",
                outside.split_whitespace().collect::<Vec<_>>().join(" ")
            ));
        }
        Ok(Lattice::parse_braces(text))
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
                        return Err(Error::new(ErrorKind::NonStringVariant {
                            group,
                            found: kind_of(other),
                        }));
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
        lattice
            .groups()
            .iter()
            .map(|g| g.iter().map(String::as_str).collect())
            .collect()
    }

    #[test]
    fn brace_strings() {
        let check = |text: &str, expected: Vec<Vec<&str>>| {
            assert_eq!(groups(&Lattice::parse_braces(text)), expected, "{text:?}")
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
    fn strict_brace_strings_refuse_what_would_be_lost() {
        let ok = |text: &str| Lattice::parse_braces_strict(text).map(|l| l == Lattice::parse_braces(text));
        assert_eq!(ok("{a|b}{c}"), Ok(true));
        assert_eq!(ok("  {a} {b}  "), Ok(true));
        assert_eq!(ok("{plain words here}"), Ok(true));
        for bad in ["{a} stray {b}", "{a {b} c}", "{a", "a}", "{a} }", "plain words", "a | b", "   ", r#"[["a"], ["b"]]"#] {
            let err = Lattice::parse_braces_strict(bad).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::MalformedLattice(_)), "{bad:?}: {err}");
        }
        assert!(Lattice::parse_braces_strict("{a} stray {b}").unwrap_err().to_string().contains("\"stray\""));
    }

    #[test]
    fn json_shapes_are_checked() {
        let err = Lattice::parse("[[10]]").unwrap_err();
        assert_eq!(
            err.to_string(),
            "reference variant in group 0 must be a string, not a number"
        );
        assert!(matches!(
            Lattice::parse("\"x\"").unwrap_err().kind(),
            ErrorKind::MalformedLattice(_)
        ));
        assert!(matches!(
            Lattice::parse("[\"x\"]").unwrap_err().kind(),
            ErrorKind::MalformedLattice(_)
        ));
        assert!(matches!(
            Lattice::parse("{\"a\": 1}").unwrap_err().kind(),
            ErrorKind::MalformedLattice(_)
        ));
    }

    #[test]
    fn printing_round_trips() {
        let lattice = Lattice::parse(r#"[["a", "b c"], [""], ["d"]]"#).unwrap();
        assert_eq!(lattice.to_brace_string(), "{a | b c} {} {d}");
        assert_eq!(Lattice::parse(&lattice.to_brace_string()).unwrap(), lattice);
        assert_eq!(Lattice::from_json(&lattice.to_json()).unwrap(), lattice);
    }
}
