//! The one JSON layout of a scan: what `uraikal yaappu --json` prints and what `uraikal.yaappu.scan` returns.

use serde_json::{json, Value};

use crate::Scan;

impl Scan {
    /// The scan as JSON: valid, metre, lines, the cīrs (text, letters, asai names and texts, pattern, line),
    /// the talai names, the problems and the toggles.
    pub fn to_json(&self) -> Value {
        json!({
            "valid": self.valid,
            "metre": self.metre,
            "lines": self.lines,
            "cirs": self.cirs.iter().map(|c| json!({
                "text": c.text,
                "letters": c.letters,
                "asai": c.asai.iter().map(|a| a.name()).collect::<Vec<_>>(),
                "asai_text": c.asai_text,
                "pattern": c.pattern,
                "line": c.line,
            })).collect::<Vec<_>>(),
            "talai": self.talai.iter().map(|t| t.name()).collect::<Vec<_>>(),
            "problems": self.problems,
            "toggles": self.toggles.iter().map(|t| json!({"cir": t.cir, "letter": t.letter, "kind": t.kind.name()})).collect::<Vec<_>>(),
        })
    }
}
