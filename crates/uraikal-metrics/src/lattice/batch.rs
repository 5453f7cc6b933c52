//! Batches of lattice records (SPEC L6, L8): OIWER of JSONL records `{"id", "language", "hypothesis",
//! "reference"}` and candidate lattices of JSONL records with `*_transcription` fields. Lines are worked on
//! in parallel (rayon) and their results kept in input order; the first bad line, in line order, is the error.
//! Pure: the caller reads the lines and writes the records (`uraikal oiwer --input`, `uraikal build-lattices`,
//! Python).
//!
//! ```
//! use uraikal_metrics::lattice::batch::{oiwer_lines, Defaults};
//! let line = r#"{"id": 1, "language": "ta", "hypothesis": "அவன் வந்தான்", "reference": [["அவன்"], ["வந்தான்"]]}"#;
//! let batch = oiwer_lines(&[(1, line.as_bytes())], Defaults::default()).unwrap();
//! assert_eq!((batch.errors, batch.reference_words), (0, 2));
//! assert!(batch.jsonl().starts_with(br#"{"id":1,"mode":"uraikal","oiwer_percent":0.0,"#));
//! ```

use std::borrow::Cow;
use std::fmt;
use std::io;

use rayon::prelude::*;
use serde::de::value::SeqAccessDeserializer;
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::{build_lattice, check_groups, oiwer_groups_with, Language, Lattice, Mode, OiwerView, Reading, Step};

/// What a record may leave out: the language (`--language`) and the mode (`--mode`; otherwise the
/// language's default, [`Mode::default_for`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Defaults {
    /// The language of records without one.
    pub language: Option<Language>,
    /// The mode of every record; `None` for each language's default.
    pub mode: Option<Mode>,
}

/// The first bad line of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LineError {}

/// The output records of a batch, in input order, in the chunks they were made in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Records {
    chunks: Vec<Vec<u8>>,
}

impl Records {
    /// Writes every record (JSONL) to `out`.
    pub fn write_to(&self, out: &mut impl io::Write) -> io::Result<()> {
        self.chunks.iter().try_for_each(|chunk| out.write_all(chunk))
    }

    /// The records as one JSONL buffer.
    pub fn jsonl(&self) -> Vec<u8> {
        self.chunks.concat()
    }

    /// The records in the pieces they were made in, in order (JSONL each).
    pub fn chunks(&self) -> impl Iterator<Item = &[u8]> {
        self.chunks.iter().map(Vec::as_slice)
    }

    /// Appends the records of a later batch (a batch read in blocks).
    pub fn append(&mut self, later: Records) {
        self.chunks.extend(later.chunks);
    }
}

/// An OIWER batch's records and its corpus counts (SPEC L5).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OiwerBatch {
    /// One result record per input record, in input order.
    pub records: Records,
    /// Records scored.
    pub utterances: usize,
    /// Σ errors.
    pub errors: usize,
    /// Σ N.
    pub reference_words: usize,
}

impl OiwerBatch {
    /// The records as one JSONL buffer.
    pub fn jsonl(&self) -> Vec<u8> {
        self.records.jsonl()
    }

    /// Appends a later batch (a batch read in blocks): its records after these, its counts added.
    pub fn append(&mut self, later: OiwerBatch) {
        self.records.append(later.records);
        self.utterances += later.utterances;
        self.errors += later.errors;
        self.reference_words += later.reference_words;
    }

    /// Corpus OIWER, Σ errors ÷ Σ N × 100 (SPEC L5); `None` when Σ N is 0.
    pub fn percent(&self) -> Option<f64> {
        (self.reference_words > 0).then(|| self.errors as f64 / self.reference_words as f64 * 100.0)
    }
}

/// Lines per chunk of parallel work: each chunk writes its records into one buffer.
const OIWER_CHUNK: usize = 256;
const BUILD_CHUNK: usize = 32;

/// Runs `each` over the lines in parallel chunks, keeping the output in order; the first error in line
/// order wins. Returns the chunks and the summed counts.
fn in_order<C: Send + Default + Copy>(
    lines: &[(usize, &[u8])],
    chunk: usize,
    add: impl Fn(C, C) -> C + Sync,
    each: impl Fn(&[u8], &mut Vec<u8>) -> Result<C, String> + Sync,
) -> Result<(Records, C), LineError> {
    let done: Vec<Result<(Vec<u8>, C), LineError>> = lines
        .par_chunks(chunk.max(1))
        .map(|chunk| {
            let size: usize = chunk.iter().map(|(_, json)| json.len()).sum();
            // An OIWER record runs to about 1.3 times its input line: room for 1.5 avoids a late copy.
            let mut out = Vec::with_capacity(size + size / 2);
            let mut counts = C::default();
            for &(line, json) in chunk {
                let c = each(json, &mut out).map_err(|message| LineError { line, message })?;
                counts = add(counts, c);
            }
            Ok((out, counts))
        })
        .collect();
    let mut records = Records { chunks: Vec::with_capacity(done.len()) };
    let mut total = C::default();
    for result in done {
        let (chunk, counts) = result?;
        records.chunks.push(chunk);
        total = add(total, counts);
    }
    Ok((records, total))
}

/// Scores every line of an OIWER batch (SPEC L6).
pub fn oiwer_lines(lines: &[(usize, &[u8])], defaults: Defaults) -> Result<OiwerBatch, LineError> {
    let add = |a: (usize, usize), b: (usize, usize)| (a.0 + b.0, a.1 + b.1);
    let (records, (errors, reference_words)) =
        in_order(lines, OIWER_CHUNK, add, |json, out| oiwer_line(json, defaults, out))?;
    Ok(OiwerBatch { records, utterances: lines.len(), errors, reference_words })
}

/// Builds the lattice of every line of a build-lattices batch (SPEC L8); returns the output records.
pub fn build_lines(lines: &[(usize, &[u8])], defaults: Defaults) -> Result<Records, LineError> {
    in_order(lines, BUILD_CHUNK, |(), ()| (), |json, out| build_line(json, defaults, out)).map(|(records, ())| records)
}

/// One OIWER result as JSON (SPEC L6: id, mode, oiwer_percent, insertions, deletions, substitutions,
/// reference_words, hypothesis_alignment, reference_alignment, operations): the one record layout that the
/// CLI (single and batch) and Python write. The alignment columns are serialised straight from the steps.
#[derive(Serialize)]
pub struct OiwerRecord<'v, 'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'v RawValue>,
    mode: &'static str,
    oiwer_percent: f64,
    insertions: usize,
    deletions: usize,
    substitutions: usize,
    reference_words: usize,
    hypothesis_alignment: Column<'v, 'a>,
    reference_alignment: Column<'v, 'a>,
    operations: Column<'v, 'a>,
}

impl<'v, 'a> OiwerRecord<'v, 'a> {
    /// The record of one result; `id` is the input record's id as raw JSON (kept as written).
    pub fn new(id: Option<&'v RawValue>, result: &'v OiwerView<'a>, mode: Mode) -> OiwerRecord<'v, 'a> {
        let column = |side| Column { steps: &result.steps, side };
        OiwerRecord {
            id,
            mode: mode.as_str(),
            oiwer_percent: result.percent(),
            insertions: result.insertions,
            deletions: result.deletions,
            substitutions: result.substitutions,
            reference_words: result.reference_words,
            hypothesis_alignment: column(Side::Hypothesis),
            reference_alignment: column(Side::Reference),
            operations: column(Side::Operation),
        }
    }
}

/// One side of the alignment, serialised as a list straight from the steps.
struct Column<'v, 'a> {
    steps: &'v [Step<'a>],
    side: Side,
}

#[derive(Clone, Copy)]
enum Side {
    Hypothesis,
    Reference,
    Operation,
}

impl Serialize for Column<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.steps.iter().map(|(op, hypothesis, reference)| match self.side {
            Side::Hypothesis => hypothesis.as_ref(),
            Side::Reference => reference.as_ref(),
            Side::Operation => op.as_str(),
        }))
    }
}

/// One OIWER batch record, borrowed from its line where it can be. `R` is how the reference is read:
/// [`UsualReference`] in the one pass most lines take, the raw JSON for the general reader.
#[derive(Deserialize)]
struct OiwerInput<'a, R> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    language: Option<Cow<'a, str>>,
    #[serde(borrow)]
    hypothesis: Cow<'a, str>,
    reference: R,
}

/// The reference in the shapes records use, read with the rest of the record: groups of strings (borrowed)
/// or one string (the brace form, kept as a JSON value). Any other shape fails this reading, and the line is
/// read again with the reference as raw JSON, for [`Lattice::read_value`] to name what is wrong.
enum UsualReference<'a> {
    Groups(Vec<Vec<JsonStr<'a>>>),
    Other(serde_json::Value),
}

impl<'de> Deserialize<'de> for UsualReference<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Shape;
        impl<'de> Visitor<'de> for Shape {
            type Value = UsualReference<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of lists of strings, or a string")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Deserialize::deserialize(SeqAccessDeserializer::new(seq)).map(UsualReference::Groups)
            }
            fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
                Ok(UsualReference::Other(serde_json::Value::String(text.to_owned())))
            }
        }
        deserializer.deserialize_any(Shape)
    }
}

/// Scores one batch line, appending its result record and a newline to `out`; returns its errors and N.
pub fn oiwer_line(json: &[u8], defaults: Defaults, out: &mut Vec<u8>) -> Result<(usize, usize), String> {
    // The line is checked as UTF-8 once, then read as a str (see `utf8`).
    let json = utf8(json)?;
    // Lines are read once, the reference with the record; a line that this fails on (bad JSON, a reference
    // of another shape) is read again through the general reader, which gives the error or the lattice.
    let (id, language, hypothesis, reference) = match serde_json::from_str::<OiwerInput<'_, _>>(json) {
        Ok(OiwerInput { id, language, hypothesis, reference }) => (id, language, hypothesis, reference),
        Err(_) => {
            let OiwerInput { id, language, hypothesis, reference } =
                serde_json::from_str::<OiwerInput<'_, &RawValue>>(json)
                    .map_err(|e| format!("invalid JSON record: {}", json_error(&e)))?;
            let value = serde_json::from_str(reference.get()).map_err(|e| e.to_string())?;
            (id, language, hypothesis, UsualReference::Other(value))
        }
    };
    let language = match &language {
        Some(name) => Language::parse(name).map_err(|e| e.to_string())?,
        None => defaults.language.ok_or("the record has no \"language\" and no --language was given")?,
    };
    let mode = defaults.mode.unwrap_or(Mode::default_for(language));
    let reading = Reading::for_mode(mode);
    let in_reference = |e: super::Error| format!("\"reference\": {e}");
    // The result is written from the scorer's own buffers (no string per alignment step).
    let write = |result: &OiwerView<'_>| {
        serde_json::to_writer(&mut *out, &OiwerRecord::new(id, result, mode)).map_err(|e| e.to_string())?;
        out.push(b'\n');
        Ok::<_, String>((result.errors(), result.reference_words))
    };
    let scored = match reference {
        UsualReference::Groups(groups) => {
            if reading == Reading::Strict {
                check_groups(&groups).map_err(in_reference)?;
            }
            oiwer_groups_with(&hypothesis, &groups, language, mode, write)
        }
        UsualReference::Other(value) => {
            let lattice = Lattice::read_value(&value, reading).map_err(in_reference)?;
            oiwer_groups_with(&hypothesis, lattice.groups(), language, mode, write)
        }
    };
    scored.map_err(|e| e.to_string())?
}

/// The line as UTF-8, checked once with SIMD (simdutf8) and then read as a str: serde_json reading bytes
/// checks each string it meets with the scalar check of `std` (7.6 % of the CPU of a 200,000-line OIWER
/// batch in `perf`). The error (rare) comes from `std`, which names the first bad byte; a property test holds
/// the two checks equal. A line is checked whole, so invalid UTF-8 in a field the reader ignores is an error
/// too (serde_json skipped it unchecked).
fn utf8(json: &[u8]) -> Result<&str, String> {
    simdutf8::basic::from_utf8(json).or_else(|_| {
        std::str::from_utf8(json).map_err(|e| format!("invalid UTF-8 at byte {} of the line", e.valid_up_to()))
    })
}

/// serde_json's message without its "at line 1 column N" (the record is one line: the file's line is named
/// separately), keeping the column.
fn json_error(err: &serde_json::Error) -> String {
    let message = err.to_string();
    match message.rfind(" at line ") {
        Some(at) => format!("{} (column {})", &message[..at], err.column()),
        None => message,
    }
}

/// A JSON string borrowed from the input when it has no escapes (`#[serde(borrow)]` does not reach a `Cow`
/// nested in a container).
pub struct JsonStr<'de>(pub Cow<'de, str>);

impl AsRef<str> for JsonStr<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for JsonStr<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> Visitor<'de> for Text {
            type Value = JsonStr<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<JsonStr<'de>, E> {
                Ok(JsonStr(Cow::Borrowed(text)))
            }
            fn visit_str<E>(self, text: &str) -> Result<JsonStr<'de>, E> {
                Ok(JsonStr(Cow::Owned(text.to_owned())))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

// ---------------------------------------------------------------- build-lattices records (SPEC L8)

const SUFFIX: &str = "_transcription";
const EXCLUDED: [&str; 2] = ["reference_transcription", "ground_truth_transcription"];

/// Builds one record's lattice and appends the output record and a newline to `out`: every input field kept
/// verbatim and in order, `lattice`, `lattice_string` and `lattice_models_used` set (in place when the
/// record has them), in Python's `json.dumps` spacing as Vimarsha writes it.
pub fn build_line(json: &[u8], defaults: Defaults, out: &mut Vec<u8>) -> Result<(), String> {
    let json = utf8(json)?;
    // One parse into raw fields; a line that is not an object is told apart from broken JSON only then.
    // (Broken JSON is reported with the syntax error, which the object reader may not have reached.)
    let Fields(fields) =
        serde_json::from_str(json).map_err(|_| match serde_json::from_str::<serde::de::IgnoredAny>(json) {
            Ok(_) => "expected a JSON object".to_string(),
            Err(syntax) => format!("invalid JSON: {syntax}"),
        })?;
    // As a JSON object (and Python's json) keeps it: the last of repeated keys.
    let field = |name: &str| fields.iter().rev().find(|(key, _)| key == name).map(|(_, raw)| raw);
    let language = match field("language").or_else(|| field("lang")) {
        Some(raw) => match serde_json::from_str::<serde_json::Value>(raw.get()) {
            Ok(serde_json::Value::String(name)) => Language::parse(&name).map_err(|e| e.to_string())?,
            Ok(other) => return Err(format!("language must be a string, not {other}")),
            Err(e) => return Err(format!("invalid JSON: {e}")),
        },
        None => defaults.language.ok_or("missing language/lang (and no --language given)")?,
    };

    // Hypotheses: non-blank string *_transcription fields, top level first, then metadata_json's (a
    // top-level key shadows the same key there).
    let metadata = fields.iter().find(|(key, _)| key == "metadata_json").and_then(|(_, raw)| metadata_fields(raw));
    let mut models: Vec<(&str, Cow<'_, str>)> =
        fields.iter().filter_map(|(key, raw)| transcription(key, raw)).collect();
    if let Some(Fields(inner)) = &metadata {
        for (key, raw) in inner {
            if !fields.iter().any(|(top, _)| top == key) {
                models.extend(transcription(key, raw));
            }
        }
    }
    if models.is_empty() {
        return Err("no *_transcription fields with text".into());
    }
    let hypotheses: Vec<&str> = models.iter().map(|(_, text)| text.as_ref()).collect();
    let mode = defaults.mode.unwrap_or(Mode::default_for(language));
    let lattice = build_lattice(&hypotheses, language, mode).map_err(|e| e.to_string())?;
    let added = Added { lattice: &lattice, models: models.iter().map(|(model, _)| *model).collect() };
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, PythonStyle);
    BuiltRecord { fields: &fields, added: &added }.serialize(&mut serializer).map_err(|e| e.to_string())?;
    out.push(b'\n');
    Ok(())
}

/// The three fields build-lattices sets.
struct Added<'a> {
    lattice: &'a Lattice,
    models: Vec<&'a str>,
}

const ADDED: [&str; 3] = ["lattice", "lattice_string", "lattice_models_used"];

impl Added<'_> {
    fn serialize_entry<M: serde::ser::SerializeMap>(&self, map: &mut M, key: &str) -> Result<(), M::Error> {
        match key {
            "lattice" => map.serialize_entry(key, self.lattice.groups()),
            "lattice_string" => map.serialize_entry(key, &self.lattice.to_brace_string()),
            _ => map.serialize_entry(key, &self.models),
        }
    }
}

/// The output record: the input's fields in order, the added ones in place or at the end.
struct BuiltRecord<'r, 'a> {
    fields: &'r [(Cow<'a, str>, RawRef<'a>)],
    added: &'r Added<'r>,
}

impl Serialize for BuiltRecord<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        for (key, raw) in self.fields {
            if ADDED.contains(&key.as_ref()) {
                self.added.serialize_entry(&mut map, key)?;
            } else {
                map.serialize_entry(key.as_ref(), &**raw)?;
            }
        }
        for name in ADDED {
            if !self.fields.iter().any(|(key, _)| key == name) {
                self.added.serialize_entry(&mut map, name)?;
            }
        }
        map.end()
    }
}

/// Python's `json.dumps` spacing (`{"a": 1, "b": ["c", "d"]}`) with serde_json's escaping.
struct PythonStyle;

impl serde_json::ser::Formatter for PythonStyle {
    fn begin_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }
}

/// The model and text of a non-blank string `*_transcription` field (not a reference's).
fn transcription<'k>(key: &'k str, value: &'k RawValue) -> Option<(&'k str, Cow<'k, str>)> {
    let model = key.strip_suffix(SUFFIX)?;
    if EXCLUDED.contains(&key) {
        return None;
    }
    let JsonStr(text) = serde_json::from_str(value.get()).ok()?;
    (!text.trim().is_empty()).then_some((model, text))
}

/// metadata_json as an object, or as a string holding one.
fn metadata_fields(raw: &RawValue) -> Option<Fields<'_>> {
    if let Ok(fields) = serde_json::from_str::<Fields<'_>>(raw.get()) {
        return Some(fields);
    }
    let text: String = serde_json::from_str(raw.get()).ok()?;
    // The inner fields must outlive this call: re-parsed into owned raw values.
    let owned: Vec<(String, Box<RawValue>)> = serde_json::from_str::<OwnedFields>(&text).ok()?.0;
    Some(Fields(owned.into_iter().map(|(k, v)| (Cow::Owned(k), RawRef::Owned(v))).collect()))
}

/// A raw JSON value, borrowed from the line or owned (from a metadata_json string).
enum RawRef<'a> {
    Borrowed(&'a RawValue),
    Owned(Box<RawValue>),
}

impl std::ops::Deref for RawRef<'_> {
    type Target = RawValue;
    fn deref(&self) -> &RawValue {
        match self {
            RawRef::Borrowed(raw) => raw,
            RawRef::Owned(raw) => raw,
        }
    }
}

/// The fields of a JSON object in file order, values kept as raw JSON text.
struct Fields<'a>(Vec<(Cow<'a, str>, RawRef<'a>)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Ordered;
        impl<'de> Visitor<'de> for Ordered {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut fields: Vec<(Cow<'de, str>, RawRef<'de>)> = Vec::with_capacity(8);
                while let Some((JsonStr(key), value)) = map.next_entry::<JsonStr<'de>, &'de RawValue>()? {
                    // A repeated key keeps its first position and its last value, as in Python.
                    match fields.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = RawRef::Borrowed(value),
                        None => fields.push((key, RawRef::Borrowed(value))),
                    }
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(Ordered)
    }
}

/// Like [`Fields`], owning its values (for metadata_json given as a string).
struct OwnedFields(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for OwnedFields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Ordered;
        impl<'de> Visitor<'de> for Ordered {
            type Value = OwnedFields;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut fields: Vec<(String, Box<RawValue>)> = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, Box<RawValue>>()? {
                    match fields.iter_mut().find(|(k, _)| *k == key) {
                        Some(slot) => slot.1 = value,
                        None => fields.push((key, value)),
                    }
                }
                Ok(OwnedFields(fields))
            }
        }
        deserializer.deserialize_map(Ordered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The SIMD UTF-8 check accepts exactly what `std` accepts, as the same text.
        #[test]
        fn utf8_is_std_from_utf8(bytes in proptest::collection::vec(prop_oneof![
            any::<u8>(), Just(0xE0u8), Just(0xAEu8), Just(0x95u8), Just(b'{'), Just(b'"')
        ], 0..80), text in "\\PC{0,40}") {
            prop_assert_eq!(utf8(&bytes).ok(), std::str::from_utf8(&bytes).ok());
            prop_assert_eq!(utf8(text.as_bytes()), Ok(text.as_str()));
            let mut broken = text.clone().into_bytes();
            broken.push(0xFF);
            prop_assert!(utf8(&broken).is_err());
        }
    }

    fn lines(text: &str) -> Vec<(usize, &[u8])> {
        text.lines().enumerate().map(|(i, l)| (i + 1, l.as_bytes())).collect()
    }

    #[test]
    fn the_first_bad_line_in_order_is_the_error() {
        let mut text = String::new();
        for k in 0..1000 {
            text.push_str(&format!(
                "{{\"id\": {k}, \"language\": \"ta\", \"hypothesis\": \"அவன்\", \"reference\": \"{{அவன்}}\"}}\n"
            ));
        }
        text.push_str("{\"id\": \"bad\", \"language\": \"ta\", \"hypothesis\": \"அவன்\", \"reference\": \"{அவன்\"}\n");
        text.push_str("not json\n");
        let err = oiwer_lines(&lines(&text), Defaults::default()).unwrap_err();
        assert_eq!(err.line, 1001);
        assert!(err.message.starts_with("\"reference\": column 1: '{' is never closed"), "{}", err.message);
        let good = oiwer_lines(&lines(&text)[..1000], Defaults::default()).unwrap();
        let jsonl = String::from_utf8(good.jsonl()).unwrap();
        assert_eq!(jsonl.lines().count(), 1000);
        assert!(jsonl.lines().enumerate().all(|(k, l)| l.starts_with(&format!("{{\"id\":{k},"))));
    }

    #[test]
    fn built_records_keep_the_fields_in_python_spacing() {
        let line = r#"{"id":"x","lattice":0,"lang":"ta","a_transcription":"அவர் ஒரு \"நல்ல\"","b_transcription":"அவர் ஓர் \"நல்ல\""}"#;
        let mut out = Vec::new();
        build_line(line.as_bytes(), Defaults { language: None, mode: Some(Mode::Vimarsha) }, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            concat!(
                r#"{"id": "x", "lattice": [["அவர்"], ["ஒரு", "ஓர்"], ["நல்ல"]], "lang": "ta", "#,
                r#""a_transcription": "அவர் ஒரு \"நல்ல\"", "b_transcription": "அவர் ஓர் \"நல்ல\"", "#,
                r#""lattice_string": "{அவர்} {ஒரு | ஓர்} {நல்ல}", "lattice_models_used": ["a", "b"]}"#,
                "\n"
            )
        );
    }
}
