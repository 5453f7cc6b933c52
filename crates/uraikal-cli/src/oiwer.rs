//! `uraikal oiwer`: OIWER of one hypothesis against a lattice reference, or of a JSONL batch (in parallel),
//! in the `vimarsha` or `uraikal` mode (SPEC L).

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use uraikal_metrics::lattice::{oiwer, oiwer_groups_with, Language, Lattice, Mode, OiwerView, Step};

/// Arguments of `uraikal oiwer`.
#[derive(clap::Args)]
pub struct Args {
    /// Language code or name (ta, tamil, hi, …; the 22 scheduled languages). In batch mode, the default
    /// for records without "language".
    #[arg(long)]
    language: Option<String>,
    /// The hypothesis text.
    #[arg(long)]
    hypothesis: Option<String>,
    /// The reference lattice: nested JSON ([["a", "b"], ["c"]]) or the brace string ({a | b} {c}).
    #[arg(long)]
    reference: Option<String>,
    /// vimarsha (Vimarsha's exact numbers) or uraikal (one DP over the whole lattice: optional groups,
    /// compounds, case, digits); default uraikal for Tamil, vimarsha otherwise.
    #[arg(long)]
    mode: Option<String>,
    /// Print the single result as JSON.
    #[arg(long)]
    json: bool,
    /// Batch input: JSONL records {"id", "language", "hypothesis", "reference"}; JSONL results on stdout.
    #[arg(long, conflicts_with_all = ["hypothesis", "reference"])]
    input: Option<PathBuf>,
    /// Write the batch results to this file (atomically) instead of stdout.
    #[arg(long, requires = "input")]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mode = match &args.mode {
        Some(name) => Some(
            Mode::parse(name)
                .ok_or_else(|| anyhow!("unknown --mode {name:?}: expected vimarsha or uraikal"))?,
        ),
        None => None,
    };
    if let Some(input) = &args.input {
        return batch(
            input,
            args.output.as_deref(),
            args.language.as_deref(),
            mode,
        );
    }
    let (Some(language), Some(hypothesis), Some(reference)) =
        (&args.language, &args.hypothesis, &args.reference)
    else {
        bail!("give --language, --hypothesis and --reference (or --input FILE.jsonl)");
    };
    let language = Language::parse(language)?;
    let mode = mode.unwrap_or(Mode::default_for(language));
    let lattice = Lattice::parse(reference).context("--reference")?;
    let result = oiwer(hypothesis, &lattice, language, mode)?;
    if args.json {
        crate::common::print_json_pretty(&Output::new(None, &result.view(), mode))?;
    } else {
        println!(
            "OIWER {:.2}% ({} mode): {} insertions, {} deletions, {} substitutions, N = {}",
            result.percent(),
            mode,
            result.insertions,
            result.deletions,
            result.substitutions,
            result.reference_words
        );
        for ((op, hyp), reference) in result
            .operations
            .iter()
            .zip(&result.hypothesis_alignment)
            .zip(&result.reference_alignment)
        {
            println!("{}  {:<24} {}", op.as_str(), show(hyp), show(reference));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn show(word: &str) -> &str {
    if word.is_empty() {
        "-"
    } else {
        word
    }
}

/// One batch record, borrowed from the line where it can be. The reference is read as `R`: a
/// [`FlatLattice`] for the common shape, or kept raw for Lattice's reading and error messages.
#[derive(Deserialize)]
struct Record<'a, R> {
    #[serde(borrow, default)]
    id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    language: Option<Cow<'a, str>>,
    #[serde(borrow)]
    hypothesis: Cow<'a, str>,
    reference: R,
}

#[derive(Serialize)]
struct Output<'v, 'a> {
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

impl<'v, 'a> Output<'v, 'a> {
    fn new(id: Option<&'v RawValue>, result: &'v OiwerView<'a>, mode: Mode) -> Output<'v, 'a> {
        let column = |side| Column { steps: &result.steps, side };
        Output {
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
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.steps.iter().map(|(op, hypothesis, reference)| match self.side {
            Side::Hypothesis => hypothesis.as_ref(),
            Side::Reference => reference.as_ref(),
            Side::Operation => op.as_str(),
        }))
    }
}

fn batch(
    input: &Path,
    output: Option<&Path>,
    language: Option<&str>,
    mode: Option<Mode>,
) -> Result<ExitCode> {
    let fallback = language
        .map(Language::parse)
        .transpose()
        .context("--language")?;
    // Bytes, not a checked String: each line's UTF-8 is checked by the JSON parser in parallel, and an invalid
    // byte is reported with its line.
    let text = std::fs::read(input).map_err(|e| uraikal_io::Error::io(input, e))?;
    let lines = uraikal_io::non_blank_lines(&text);
    // Lines are scored in chunks, each writing its records into one buffer: few allocations. An --output
    // file takes each chunk as it comes (it is put in place only when all are scored); stdout gets nothing
    // until every line is scored, so that a bad line leaves no output at all (SPEC L6).
    let score_chunk = |chunk: &[(usize, &[u8])]| {
        let size: usize = chunk.iter().map(|(_, json)| json.len()).sum();
        // A result record runs to about 1.25 times its input line; room for 1.5 avoids a late copy.
        let mut out = Vec::with_capacity(size + size / 2);
        let (mut errors, mut words) = (0, 0);
        for &(line, json) in chunk {
            let (e, n) = score_line(json, fallback, mode, &mut out).map_err(|message| (line, message))?;
            (errors, words) = (errors + e, words + n);
        }
        Ok((out, errors, words))
    };
    let (mut errors, mut words) = (0, 0);
    let mut count = |scored: Result<(Vec<u8>, usize, usize), (usize, String)>| match scored {
        Ok((bytes, e, n)) => {
            (errors, words) = (errors + e, words + n);
            Ok(bytes)
        }
        Err((line, message)) => Err(anyhow!("{}:{line}: {message}", input.display())),
    };
    match output {
        Some(path) => {
            let mut file = uraikal_io::AtomicFile::create(path)?;
            crate::common::chunks_in_order(&lines, 256, score_chunk, |scored| Ok::<_, anyhow::Error>(file.write(&count(scored)?)?))?;
            file.commit()?;
        }
        None => {
            let mut records = Vec::new();
            crate::common::chunks_in_order(&lines, 256, score_chunk, |scored| count(scored).map(|bytes| records.push(bytes)))?;
            crate::common::widen_stdout_pipe();
            let mut stdout = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
            for bytes in records {
                stdout.write_all(&bytes)?;
            }
            stdout.flush()?;
        }
    }
    if words > 0 {
        let corpus = errors as f64 / words as f64 * 100.0;
        eprintln!(
            "corpus OIWER {corpus:.2}% over {} utterances (Σ errors ÷ Σ N)",
            lines.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A lattice of strings read into two vectors: every form (borrowed from the line unless it has escapes),
/// and where each group ends. serde's derive would allocate one Vec per group and one String per form:
/// `#[serde(borrow)]` does not reach a `Cow` nested in a `Vec`.
struct FlatLattice<'a> {
    forms: Vec<Cow<'a, str>>,
    ends: Vec<usize>,
}

impl<'a> FlatLattice<'a> {
    fn groups(&self) -> Vec<&[Cow<'a, str>]> {
        let mut start = 0;
        self.ends
            .iter()
            .map(|&end| {
                let group = &self.forms[start..end];
                start = end;
                group
            })
            .collect()
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for FlatLattice<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Groups;
        impl<'de> serde::de::Visitor<'de> for Groups {
            type Value = FlatLattice<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of lists of strings")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut lattice = FlatLattice { forms: Vec::with_capacity(16), ends: Vec::with_capacity(8) };
                while seq.next_element_seed(Group(&mut lattice.forms))?.is_some() {
                    lattice.ends.push(lattice.forms.len());
                }
                Ok(lattice)
            }
        }
        struct Group<'f, 'de>(&'f mut Vec<Cow<'de, str>>);
        impl<'de> serde::de::DeserializeSeed<'de> for Group<'_, 'de> {
            type Value = ();
            fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
                deserializer.deserialize_seq(self)
            }
        }
        impl<'de> serde::de::Visitor<'de> for Group<'_, 'de> {
            type Value = ();
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of strings")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
                while let Some(crate::common::JsonStr(form)) = seq.next_element()? {
                    self.0.push(form);
                }
                Ok(())
            }
        }
        deserializer.deserialize_seq(Groups)
    }
}

/// A batch line of the usual shape, read by hand (serde's visitors cost four times as much here):
/// `{"id": …, "language": "…", "hypothesis": "…", "reference": [["…", …], …]}` in any key order and
/// spacing, every string without escapes, the id a string, an integer or null, the language a string or
/// null. Anything else gives `None` and the line goes to serde, which also writes every error message:
/// `None` means "not this shape", never "wrong". A test holds it to serde's reading.
struct QuickRecord<'a> {
    /// The id's JSON text (quotes included).
    id: Option<&'a str>,
    language: Option<&'a str>,
    hypothesis: &'a str,
    reference: FlatLattice<'a>,
}

fn quick_record(json: &str) -> Option<QuickRecord<'_>> {
    let mut scan = Scan { bytes: json.as_bytes(), text: json, at: 0 };
    let (mut id, mut language, mut hypothesis, mut reference) = (None, None, None, None);
    scan.expect(b'{')?;
    loop {
        let key = scan.string()?;
        scan.expect(b':')?;
        // A repeated key is serde's to report.
        match key {
            "id" if id.is_none() => id = Some(scan.id()?),
            "language" if language.is_none() => language = Some(scan.null_or_string()?),
            "hypothesis" if hypothesis.is_none() => hypothesis = Some(scan.string()?),
            "reference" if reference.is_none() => reference = Some(scan.lattice()?),
            _ => return None,
        }
        match scan.next()? {
            b',' => continue,
            b'}' => break,
            _ => return None,
        }
    }
    scan.skip_space();
    (scan.at == json.len()).then_some(())?;
    Some(QuickRecord { id: id.flatten(), language: language.flatten(), hypothesis: hypothesis?, reference: reference? })
}

/// A cursor over a JSON line for [`quick_record`].
struct Scan<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl<'a> Scan<'a> {
    fn skip_space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// The next byte after any whitespace, consumed.
    fn next(&mut self) -> Option<u8> {
        self.skip_space();
        let byte = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(byte)
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.next()? == byte).then_some(())
    }

    /// The next byte after any whitespace, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    /// A string without escapes or control characters, its contents borrowed.
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let end = crate::common::find_json_special(self.bytes, start);
        (self.bytes.get(end) == Some(&b'"')).then_some(())?;
        self.at = end + 1;
        // Both ends sit next to an ASCII quote, so they are character boundaries.
        Some(&self.text[start..end])
    }

    fn literal(&mut self, word: &str) -> Option<()> {
        self.skip_space();
        self.bytes[self.at..].starts_with(word.as_bytes()).then(|| self.at += word.len())
    }

    fn null_or_string(&mut self) -> Option<Option<&'a str>> {
        match self.peek()? {
            b'n' => self.literal("null").map(|()| None),
            _ => self.string().map(Some),
        }
    }

    /// An id's JSON text: a string without escapes or an integer without sign, fraction or exponent; `null`
    /// is no id (as serde reads it).
    fn id(&mut self) -> Option<Option<&'a str>> {
        let start = {
            self.skip_space();
            self.at
        };
        match self.peek()? {
            b'"' => {
                self.string()?;
            }
            b'n' => return self.literal("null").map(|()| None),
            b'0' => self.at += 1,
            b'1'..=b'9' => {
                while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
            }
            _ => return None,
        }
        // `12.5` or `1e3` are numbers of another shape: serde's to read.
        if matches!(self.bytes.get(self.at), Some(b'.' | b'e' | b'E' | b'0'..=b'9')) {
            return None;
        }
        Some(Some(&self.text[start..self.at]))
    }

    /// A list of lists of strings.
    fn lattice(&mut self) -> Option<FlatLattice<'a>> {
        let mut lattice = FlatLattice { forms: Vec::with_capacity(16), ends: Vec::with_capacity(8) };
        self.expect(b'[')?;
        if self.peek()? == b']' {
            self.at += 1;
            return Some(lattice);
        }
        loop {
            self.expect(b'[')?;
            if self.peek()? == b']' {
                self.at += 1;
            } else {
                loop {
                    lattice.forms.push(Cow::Borrowed(self.string()?));
                    match self.next()? {
                        b',' => continue,
                        b']' => break,
                        _ => return None,
                    }
                }
            }
            lattice.ends.push(lattice.forms.len());
            match self.next()? {
                b',' => continue,
                b']' => return Some(lattice),
                _ => return None,
            }
        }
    }
}

/// Scores one batch line, appending its result record to `out`; returns its errors and N.
fn score_line(
    json: &[u8],
    fallback: Option<Language>,
    mode: Option<Mode>,
    out: &mut Vec<u8>,
) -> Result<(usize, usize), String> {
    // Most lines parse with a FlatLattice reference; any other line (a brace string, a bad lattice, broken JSON) is read
    // again as a Record, which keeps the reference raw for Lattice's reading and error messages.
    // UTF-8 is checked once here (SIMD), so that the parser, reading a &str, does not check every string.
    let json = simdutf8::compat::from_utf8(json).map_err(|e| {
        format!("invalid UTF-8 at byte {} of the line", e.valid_up_to())
    })?;
    let (id, language, hypothesis, plain, raw) = match quick_record(json) {
        Some(r) => (r.id, r.language.map(Cow::Borrowed), Cow::Borrowed(r.hypothesis), Some(r.reference), None),
        None => match serde_json::from_str::<Record<'_, FlatLattice<'_>>>(json) {
            Ok(r) => (r.id.map(RawValue::get), r.language, r.hypothesis, Some(r.reference), None),
            Err(_) => {
                let r: Record<'_, &RawValue> = serde_json::from_str(json)
                    .map_err(|e| format!("invalid JSON record: {}", json_error(&e)))?;
                (r.id.map(RawValue::get), r.language, r.hypothesis, None, Some(r.reference))
            }
        },
    };
    let language = match &language {
        Some(name) => Language::parse(name).map_err(|e| e.to_string())?,
        None => fallback.ok_or("the record has no \"language\" and no --language was given")?,
    };
    let mode = mode.unwrap_or(Mode::default_for(language));
    // The result is written from the scorer's own buffers (no string per alignment step).
    let write = |result: &OiwerView<'_>| -> Result<(usize, usize), String> {
        write_record(out, id, result, mode);
        Ok((result.errors(), result.reference_words))
    };
    let scored = match (plain, raw) {
        (Some(lattice), _) => oiwer_groups_with(&hypothesis, &lattice.groups(), language, mode, write),
        (None, raw) => {
            let raw = raw.map_or("null", |r| r.get());
            let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| e.to_string())?;
            let lattice = match &value {
                serde_json::Value::String(text) => Lattice::parse(text),
                other => Lattice::from_json(other),
            }
            .map_err(|e| e.to_string())?;
            oiwer_groups_with(&hypothesis, lattice.groups(), language, mode, write)
        }
    };
    scored.map_err(|e| e.to_string())?
}

/// One batch result record, as `serde_json::to_writer(&Output)` would write it (a test checks they are equal),
/// followed by a newline. Hand-written because serde_json's string escaping looks at every byte, and most
/// of a record is Tamil text that needs none: here eight bytes are checked at a time.
fn write_record(out: &mut Vec<u8>, id: Option<&str>, result: &OiwerView<'_>, mode: Mode) {
    out.push(b'{');
    if let Some(id) = id {
        out.extend_from_slice(b"\"id\":");
        out.extend_from_slice(id.as_bytes());
        out.push(b',');
    }
    out.extend_from_slice(b"\"mode\":");
    crate::common::write_json_str(out, mode.as_str());
    out.extend_from_slice(b",\"oiwer_percent\":");
    serde_json::to_writer(&mut *out, &result.percent()).expect("writing to a Vec cannot fail");
    for (key, count) in [
        (&b",\"insertions\":"[..], result.insertions),
        (b",\"deletions\":", result.deletions),
        (b",\"substitutions\":", result.substitutions),
        (b",\"reference_words\":", result.reference_words),
    ] {
        out.extend_from_slice(key);
        push_decimal(out, count);
    }
    for (key, side) in [
        ("hypothesis_alignment", Side::Hypothesis),
        ("reference_alignment", Side::Reference),
        ("operations", Side::Operation),
    ] {
        out.extend_from_slice(b",\"");
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":[");
        for (i, (op, hypothesis, reference)) in result.steps.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            crate::common::write_json_str(
                out,
                match side {
                    Side::Hypothesis => hypothesis,
                    Side::Reference => reference,
                    Side::Operation => op.as_str(),
                },
            );
        }
        out.push(b']');
    }
    out.extend_from_slice(b"}\n");
}

/// `n` in decimal (what `fmt` writes, without its machinery).
fn push_decimal(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use uraikal_metrics::lattice::Op;

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        let mut samples: Vec<String> = (0u8..0x80).map(|b| format!("அ{}ஆ", b as char)).collect();
        samples.extend(["", "\"", "\\", "plain", "தமிழ் நாடு \u{7f}\u{200d}\u{2028}", "ab\"cdefgh\\ijklmno\npq", "12345678\u{1f}"].map(String::from));
        for text in samples {
            let mut ours = Vec::new();
            crate::common::write_json_str(&mut ours, &text);
            assert_eq!(String::from_utf8(ours).unwrap(), serde_json::to_string(&text).unwrap(), "{text:?}");
        }
    }

    /// Every golden row as a batch line in several spellings, and lines of other shapes: where the hand
    /// reader answers, serde reads the same record; where serde would fail, the hand reader stays out.
    #[test]
    fn quick_records_read_as_serde_reads_them() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/vimarsha/oiwer.jsonl");
        let golden = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Lines of the usual shape (nested lists, no escapes), which the hand reader must take; then others.
        let (mut lines, mut others): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        for row in golden.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()) {
            let record = serde_json::json!({"id": row["id"], "language": row["language"],
                "hypothesis": row["hypothesis"], "reference": row["reference_lattice"]});
            let compact = serde_json::to_string(&record).unwrap();
            let strings = |group: &serde_json::Value| group.as_array().is_some_and(|forms| forms.iter().all(|f| f.is_string()));
            let usual = row["reference_lattice"].as_array().is_some_and(|groups| groups.iter().all(strings))
                && !compact.contains('\\');
            let spellings = [
                compact.clone(),
                serde_json::to_string_pretty(&record).unwrap().replace('\n', " \t\r"),
                format!("{{\"reference\":{},\"hypothesis\":{},\"id\":7}}", record["reference"], record["hypothesis"]),
            ];
            (if usual { &mut lines } else { &mut others }).extend(spellings);
        }
        assert!(lines.len() > 200, "the golden rows are the usual shape");
        let quick_lines = lines.len();
        lines.extend(others);
        lines.extend(
            [
                r#"{"id":null,"language":null,"hypothesis":"a","reference":[["a"],[]]}"#,
                r#"{"hypothesis":"a","reference":[]}"#,
                r#"{"id":"x\"y","hypothesis":"a","reference":[["a"]]}"#,
                r#"{"id":1.5,"hypothesis":"a","reference":[["a"]]}"#,
                r#"{"id":01,"hypothesis":"a","reference":[["a"]]}"#,
                r#"{"id":-3,"hypothesis":"a","reference":[["a"]]}"#,
                r#"{"hypothesis":"a\u0b85","reference":[["a"]]}"#,
                "{\"hypothesis\":\"a\tb\",\"reference\":[[\"a\"]]}",
                r#"{"hypothesis":"a","hypothesis":"b","reference":[["a"]]}"#,
                r#"{"hypothesis":"a","reference":[["a"]],"extra":1}"#,
                r#"{"hypothesis":"a","reference":"{a}"}"#,
                r#"{"hypothesis":"a","reference":[["a",]]}"#,
                r#"{"hypothesis":"a","reference":[["a"]]} x"#,
                r#"{"hypothesis":"a","reference":[["a"]]"#,
                r#"{"language":"ta","reference":[["a"]]}"#,
                r#"{"hypothesis":"a","reference":[[1]]}"#,
                r#"{}"#,
                r#"[]"#,
            ]
            .map(String::from),
        );
        for (n, line) in lines.iter().enumerate() {
            let serde = serde_json::from_str::<Record<'_, FlatLattice<'_>>>(line);
            match quick_record(line) {
                Some(quick) => {
                    let serde = serde.unwrap_or_else(|e| panic!("serde fails where the hand reader read: {line}: {e}"));
                    assert_eq!(quick.id, serde.id.map(RawValue::get), "{line}");
                    assert_eq!(quick.language, serde.language.as_deref(), "{line}");
                    assert_eq!(quick.hypothesis, serde.hypothesis, "{line}");
                    assert_eq!(quick.reference.groups(), serde.reference.groups(), "{line}");
                }
                None => assert!(n >= quick_lines, "the usual shape went to serde: {line}"),
            }
        }
    }

    #[test]
    fn decimals_are_written_as_fmt_writes_them() {
        for n in [0, 7, 10, 99, 100, 12345, usize::MAX] {
            let mut out = Vec::new();
            push_decimal(&mut out, n);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }

    #[test]
    fn batch_records_equal_the_serde_output() {
        let steps = vec![
            (Op::Correct, Cow::Borrowed("நான்"), Cow::Borrowed("நான்")),
            (Op::Insertion, Cow::Owned("\"x\"".to_string()), Cow::Borrowed("")),
            (Op::Deletion, Cow::Borrowed(""), Cow::Borrowed("வந்தேன்")),
        ];
        let view = OiwerView { insertions: 1, deletions: 1, substitutions: 0, reference_words: 13, steps };
        let id: Box<RawValue> = serde_json::from_str(r#""ta-001""#).unwrap();
        for id in [Some(&*id), None] {
            for mode in [Mode::Vimarsha, Mode::Uraikal] {
                let mut ours = Vec::new();
                write_record(&mut ours, id.map(RawValue::get), &view, mode);
                let mut theirs = serde_json::to_vec(&Output::new(id, &view, mode)).unwrap();
                theirs.push(b'\n');
                assert_eq!(String::from_utf8(ours).unwrap(), String::from_utf8(theirs).unwrap());
            }
        }
    }
}
