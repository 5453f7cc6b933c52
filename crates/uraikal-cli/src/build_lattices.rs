//! `uraikal build-lattices IN OUT`: candidate lattices from the `*_transcription` fields of each JSONL
//! record, with Vimarsha's input conventions (SPEC L8). Every input field is kept verbatim and in order;
//! lattice, lattice_string and lattice_models_used are added. OUT is put in place atomically once every
//! record is built (records are written as they are built, into a temporary file), so a bad record leaves
//! no partial file.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::common::{write_json_str, JsonStr};
use uraikal_metrics::lattice::{build_lattice, Language, Lattice, Mode};

/// Arguments of `uraikal build-lattices`.
#[derive(clap::Args)]
pub struct Args {
    /// Input JSONL: one record per line with a language (`language` or `lang`) and `*_transcription` fields.
    input: PathBuf,
    /// Output JSONL (written atomically).
    output: PathBuf,
    /// Language for records that carry neither `language` nor `lang`.
    #[arg(long)]
    language: Option<String>,
    /// vimarsha (Vimarsha's exact lattices) or uraikal (optional words, compound splits); default uraikal
    /// for Tamil, vimarsha otherwise.
    #[arg(long)]
    mode: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = match &args.mode {
        Some(name) => Some(
            Mode::parse(name)
                .ok_or_else(|| anyhow!("unknown --mode {name:?}: expected vimarsha"))?,
        ),
        None => None,
    };
    let fallback = args
        .language
        .as_deref()
        .map(Language::parse)
        .transpose()
        .context("--language")?;
    // Bytes, not a checked String: each line's UTF-8 is checked (SIMD) in parallel with the rest of its work,
    // and an invalid byte is reported with its line.
    let bytes = std::fs::read(&args.input).map_err(|e| uraikal_io::Error::io(&args.input, e))?;
    let lines = uraikal_io::non_blank_lines(&bytes);
    // Chunks of records, each built into one buffer and written as soon as those before it are; the file
    // is put in place only when every record is built (see common::chunks_in_order, AtomicFile).
    let mut file = uraikal_io::AtomicFile::create(&args.output)?;
    let build_chunk = |chunk: &[(usize, &[u8])]| {
        let size: usize = chunk.iter().map(|(_, json)| json.len()).sum();
        let mut out = Vec::with_capacity(size * 2);
        for &(line, json) in chunk {
            build_line(json, fallback, mode, &mut out).map_err(|message| (line, message))?;
            out.push(b'\n');
        }
        Ok(out)
    };
    crate::common::chunks_in_order(&lines, 32, build_chunk, |built: Result<Vec<u8>, (usize, String)>| match built {
        Ok(records) => file.write(&records).map_err(anyhow::Error::from),
        Err((line, message)) => Err(anyhow!("{}:{line}: {message}", args.input.display())),
    })?;
    file.commit()?;
    eprintln!(
        "{} lattices written to {}",
        lines.len(),
        display(&args.output)
    );
    Ok(ExitCode::SUCCESS)
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

const SUFFIX: &str = "_transcription";
const EXCLUDED: [&str; 2] = ["reference_transcription", "ground_truth_transcription"];

/// Builds one record's lattice and appends the output record (without its newline) to `out`.
fn build_line(
    json: &[u8],
    fallback: Option<Language>,
    mode: Option<Mode>,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let json = simdutf8::compat::from_utf8(json)
        .map_err(|e| format!("invalid UTF-8 at byte {} of the line", e.valid_up_to()))?;
    // One parse into raw fields; a line that is not an object is told apart from broken JSON only then.
    // (Broken JSON is reported with the syntax error, which the object reader may not have reached.)
    let Fields(fields) = serde_json::from_str(json).map_err(|_| match serde_json::from_str::<serde::de::IgnoredAny>(json) {
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
        None => fallback.ok_or("missing language/lang (and no --language given)")?,
    };

    // Hypotheses: non-blank string *_transcription fields, top level first, then metadata_json's (a
    // top-level key shadows the same key there).
    let metadata = fields.iter().find(|(key, _)| key == "metadata_json").and_then(|(_, raw)| metadata_fields(raw));
    let mut models: Vec<(&str, Cow<'_, str>)> = fields.iter().filter_map(|(key, raw)| transcription(key, raw)).collect();
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
    let mode = mode.unwrap_or(Mode::default_for(language));
    let lattice = build_lattice(&hypotheses, language, mode).map_err(|e| e.to_string())?;

    out.push(b'{');
    let mut first = true;
    let mut field = |out: &mut Vec<u8>, key: &str, value: &[u8]| {
        if !first {
            out.extend_from_slice(b", ");
        }
        first = false;
        write_json_str(out, key);
        out.extend_from_slice(b": ");
        out.extend_from_slice(value);
    };
    let mut brace_string = Vec::new();
    write_json_str(&mut brace_string, &lattice.to_brace_string());
    let added = [
        ("lattice", python_json_lattice(&lattice)),
        ("lattice_string", brace_string),
        ("lattice_models_used", python_json_list(models.iter().map(|(model, _)| *model))),
    ];
    for (key, raw) in &fields {
        match added.iter().find(|(name, _)| name == key) {
            Some((_, value)) => field(out, key, value),
            None => field(out, key, raw.get().as_bytes()),
        }
    }
    for (name, value) in &added {
        if !fields.iter().any(|(key, _)| key == name) {
            field(out, name, value);
        }
    }
    out.push(b'}');
    Ok(())
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
    // The inner fields must outlive this call: leak-free by re-parsing into owned raw values.
    let owned: Vec<(String, Box<RawValue>)> = serde_json::from_str::<OwnedFields>(&text).ok()?.0;
    Some(Fields(
        owned
            .into_iter()
            .map(|(k, v)| (Cow::Owned(k), RawRef::Owned(v)))
            .collect(),
    ))
}

/// A JSON list in Python's `json.dumps` spacing (`["a", "b"]`), strings escaped as serde_json escapes them.
fn python_json_list<'a>(items: impl Iterator<Item = &'a str>) -> Vec<u8> {
    let mut out = Vec::new();
    push_python_json_list(&mut out, items);
    out
}

fn push_python_json_list<'a>(out: &mut Vec<u8>, items: impl Iterator<Item = &'a str>) {
    out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        write_json_str(out, item);
    }
    out.push(b']');
}

fn python_json_lattice(lattice: &Lattice) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    out.push(b'[');
    for (i, group) in lattice.groups().iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b", ");
        }
        push_python_json_list(&mut out, group.iter().map(String::as_str));
    }
    out.push(b']');
    out
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
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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
