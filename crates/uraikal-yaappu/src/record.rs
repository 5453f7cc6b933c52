//! The JSON shape of a scansion (feature `serde`): the one record that `uraikal yaappu --json`, its
//! `--input` batch and the browser playground write. Keys are in sorted order, as serde_json's maps keep them.
//!
//! ```
//! let scan = uraikal_yaappu::scan("அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு");
//! let json = serde_json::to_string(&uraikal_yaappu::ScanRecord::new(&scan)).unwrap();
//! assert!(json.starts_with(r#"{"cirs":[{"asai":["நிரை","நேர்"],"asai_text":["அக","ர"],"letters":["அ","க","ர"],"line":1,"#));
//! assert!(json.ends_with(r#""valid":true}"#));
//! ```

use serde::Serialize;

use crate::{Cir, Scan, Toggle};

/// A scansion as a JSON record; `Id` is the type of the batch record's id (`()` when there is none).
#[derive(Serialize)]
pub struct ScanRecord<'a, Id: Serialize = ()> {
    cirs: Vec<CirRecord<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<Id>,
    lines: &'a [usize],
    metre: Option<&'static str>,
    problems: &'a [String],
    talai: Vec<&'static str>,
    toggles: Vec<ToggleRecord<'a>>,
    valid: bool,
}

#[derive(Serialize)]
struct CirRecord<'a> {
    asai: Vec<&'static str>,
    asai_text: &'a [String],
    letters: &'a [String],
    line: usize,
    pattern: Option<&'static str>,
    text: &'a str,
}

#[derive(Serialize)]
struct ToggleRecord<'a> {
    cir: usize,
    kind: &'static str,
    letter: &'a str,
}

impl<'a> ScanRecord<'a> {
    /// The record of a scansion, without an id.
    pub fn new(scan: &'a Scan) -> ScanRecord<'a> {
        ScanRecord::with_id(scan, None)
    }
}

impl<'a, Id: Serialize> ScanRecord<'a, Id> {
    /// The record of a scansion with the id of the input record it came from.
    pub fn with_id(scan: &'a Scan, id: Option<Id>) -> ScanRecord<'a, Id> {
        ScanRecord {
            cirs: scan.cirs.iter().map(CirRecord::new).collect(),
            id,
            lines: &scan.lines,
            metre: scan.metre,
            problems: &scan.problems,
            talai: scan.talai.iter().map(|t| t.name()).collect(),
            toggles: scan.toggles.iter().map(ToggleRecord::new).collect(),
            valid: scan.valid,
        }
    }
}

impl<'a> CirRecord<'a> {
    fn new(c: &'a Cir) -> CirRecord<'a> {
        CirRecord {
            asai: c.asai.iter().map(|a| a.name()).collect(),
            asai_text: &c.asai_text,
            letters: &c.letters,
            line: c.line,
            pattern: c.pattern,
            text: &c.text,
        }
    }
}

impl<'a> ToggleRecord<'a> {
    fn new(t: &'a Toggle) -> ToggleRecord<'a> {
        ToggleRecord { cir: t.cir, kind: t.kind.name(), letter: &t.letter }
    }
}
