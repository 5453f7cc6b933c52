//! The operations behind [`crate::call`]: argument reading and JSON shaping around one library call each.
//!
//! ```
//! use serde_json::json;
//! let args = json!({"text": "௨௦௨௬"});
//! let answer = uraikal_wasm::api::dispatch("from_numerals", args.as_object().unwrap());
//! assert_eq!(answer, Ok(json!(2026)));
//! ```

use serde_json::{json, Map, Value};
use uraikal_legacy::Encoding;
use uraikal_metrics::align::{align, Alignment};
use uraikal_metrics::jiwer;
use uraikal_metrics::lattice::{oiwer, Language, Lattice, Mode, Reading};
use uraikal_metrics::rates::Rates;
use uraikal_metrics::Unit;
use uraikal_numbers::{Register, Style};
use uraikal_text::{CleanOptions, LetterOptions};

/// The operations [`dispatch`] knows, in the order the playground and `web/README.md` list them.
pub const OPERATIONS: &[&str] = &[
    "letters",
    "clean",
    "normalize",
    "share",
    "graphemes",
    "decompose",
    "compose",
    "to_words",
    "to_digits",
    "to_numerals",
    "from_numerals",
    "tn",
    "yaappu",
    "wer",
    "cer",
    "chrf",
    "oiwer",
    "legacy_list",
    "legacy_decode",
    "legacy_encode",
    "legacy_detect",
];

type Args = Map<String, Value>;

/// Runs one operation on its arguments; the error names the operation and the argument at fault.
pub fn dispatch(op: &str, args: &Args) -> Result<Value, String> {
    let a = Reader { op, args };
    Ok(match op {
        "letters" => letters(a.text("text")?, a.flag("ligatures")?),
        "clean" => json!(uraikal_text::clean_with(a.text("text")?, CleanOptions::legacy_au(a.flag("legacy_au")?))),
        "normalize" => json!(uraikal_text::normalize(a.text("text")?)),
        "share" => json!(uraikal_text::tamil_share(a.text("text")?)),
        "graphemes" => json!(uraikal_text::graphemes(a.text("text")?).collect::<Vec<_>>()),
        "decompose" => json!(uraikal_text::decompose(a.text("text")?).map_err(|e| a.fail(e))?),
        "compose" => json!(uraikal_text::compose(a.text("text")?).map_err(|e| a.fail(e))?),
        "to_words" => {
            let register = a.register()?;
            let number = a.number_text("number")?;
            let words = if a.flag("ordinal")? {
                let n: u64 = number
                    .parse()
                    .map_err(|_| a.fail(format!("{number:?} is not a positive integer (ordinal needs one)")))?;
                uraikal_numbers::to_ordinal_words(n, register)
            } else {
                uraikal_numbers::decimal_to_words(&number, register)
            };
            json!(words.map_err(|e| a.fail(e))?)
        }
        "to_digits" => json!(uraikal_numbers::to_digits(a.text("text")?)),
        "to_numerals" => {
            let number = a.number_text("number")?;
            let n: u64 = number.parse().map_err(|_| a.fail(format!("{number:?} is not a non-negative integer")))?;
            let style = match a.optional_text("style")?.unwrap_or("traditional") {
                "traditional" => Style::Traditional,
                "positional" => Style::Positional,
                other => return Err(a.fail(format!("unknown style {other:?}: expected traditional or positional"))),
            };
            json!(uraikal_numbers::to_numerals(n, style))
        }
        "from_numerals" => {
            json!(uraikal_numbers::from_numerals(a.text("text")?).map_err(|e| a.fail(e))?)
        }
        "tn" => json!(uraikal_numbers::tn(a.text("text")?, a.register()?)),
        "yaappu" => yaappu(a.text("text")?).map_err(|e| a.fail(e))?,
        "wer" => wer(a.text("reference")?, a.text("hypothesis")?),
        "cer" => cer(a.text("reference")?, a.text("hypothesis")?, a.unit()?),
        "chrf" => {
            let (reference, hypothesis, unit) = (a.text("reference")?, a.text("hypothesis")?, a.unit()?);
            json!({
                "unit": unit.as_str(),
                "chrf": uraikal_metrics::chrf(reference, hypothesis, unit),
                "chrf_plus_plus": uraikal_metrics::chrf_plus_plus(reference, hypothesis, unit),
            })
        }
        "oiwer" => {
            let language = Language::parse(a.optional_text("language")?.unwrap_or("ta")).map_err(|e| a.fail(e))?;
            let mode = match a.optional_text("mode")? {
                None => Mode::default_for(language),
                Some(name) => name.parse::<Mode>().map_err(|e| a.fail(e))?,
            };
            // The lattice is read as the CLI reads it in this mode (SPEC L1).
            let lattice = Lattice::read(a.text("reference")?, Reading::for_mode(mode)).map_err(|e| a.fail(e))?;
            let result = oiwer(a.text("hypothesis")?, &lattice, language, mode).map_err(|e| a.fail(e))?;
            json!({
                "mode": mode.as_str(),
                "oiwer_percent": result.percent(),
                "insertions": result.insertions,
                "deletions": result.deletions,
                "substitutions": result.substitutions,
                "reference_words": result.reference_words,
                "hypothesis_alignment": result.hypothesis_alignment,
                "reference_alignment": result.reference_alignment,
                "operations": result.operations.iter().map(|op| op.as_str()).collect::<Vec<_>>(),
            })
        }
        "legacy_list" => json!(Encoding::all()
            .map(|e| json!({"name": e.name(), "aliases": e.aliases(), "kind": e.kind().as_str()}))
            .collect::<Vec<_>>()),
        "legacy_decode" => match a.text("from")? {
            from if from.eq_ignore_ascii_case("auto") => json!(uraikal_legacy::decode_auto(a.text("text")?)),
            from => json!(a.encoding(from)?.decode(a.text("text")?)),
        },
        "legacy_encode" => {
            let (enc, text) = (a.encoding(a.text("to")?)?, a.text("text")?);
            match a.flag("lossy")? {
                true => json!(enc.encode_lossy(text)),
                false => json!(enc.encode(text).map_err(|e| a.fail(e))?),
            }
        }
        "legacy_detect" => json!(a
            .text("text")?
            .lines()
            .map(|line| {
                let d = uraikal_legacy::detect(line);
                let runs: Vec<Value> = d
                    .runs
                    .iter()
                    .map(|r| json!({"start": r.start, "end": r.end, "encoding": r.encoding.name()}))
                    .collect();
                json!({"encoding": d.encoding.map(Encoding::name), "confidence": d.confidence, "runs": runs})
            })
            .collect::<Vec<_>>()),
        _ => return Err(format!("unknown operation {op:?}")),
    })
}

/// Each letter with its prosodic length, as `uraikal text length --json` prints them.
fn letters(text: &str, ligatures: bool) -> Value {
    let letters: Vec<Value> = uraikal_text::letters_with(text, LetterOptions::ligatures(ligatures))
        .map(|l| json!({"letter": l.text, "length": l.length().as_str()}))
        .collect();
    Value::Array(letters)
}

/// The scansion in the shape of `uraikal yaappu --json` (one record type, uraikal_yaappu::ScanRecord).
fn yaappu(text: &str) -> Result<Value, serde_json::Error> {
    let scan = uraikal_yaappu::scan(text);
    serde_json::to_value(uraikal_yaappu::ScanRecord::new(&scan))
}

/// jiwer's WER (default transforms) with its word alignment.
fn wer(reference: &str, hypothesis: &str) -> Value {
    let (r, h) = (jiwer::words(reference), jiwer::words(hypothesis));
    let alignment = align(&r, &h);
    aligned(Rates::jiwer(&alignment.counts), &r, &h, &alignment)
}

/// CER with its unit alignment: on code points exactly jiwer's `cer` (ends stripped), on graphemes or
/// letters grapheme-kit's CER of the script-normalised texts.
fn cer(reference: &str, hypothesis: &str, unit: Unit) -> Value {
    let mut value = if unit == Unit::CodePoint {
        let (r, h) = (jiwer::chars(reference), jiwer::chars(hypothesis));
        let alignment = align(&r, &h);
        aligned(Rates::jiwer(&alignment.counts), &r, &h, &alignment)
    } else {
        let (r, h) = (uraikal_metrics::units(reference, unit), uraikal_metrics::units(hypothesis, unit));
        let alignment = align(&r, &h);
        let mut value = aligned(Rates::jiwer(&alignment.counts), &r, &h, &alignment);
        value["wer"] = json!(uraikal_metrics::cer(reference, hypothesis, unit));
        value
    };
    let rate = value.as_object_mut().and_then(|o| o.remove("wer")).unwrap_or(Value::Null);
    value["cer"] = rate;
    value["unit"] = json!(unit.as_str());
    value
}

fn aligned<T: AsRef<str>>(rates: Rates, r: &[T], h: &[T], alignment: &Alignment) -> Value {
    let c = alignment.counts;
    json!({
        "wer": rates.wer,
        "mer": rates.mer,
        "wil": rates.wil,
        "wip": rates.wip,
        "hits": c.hits,
        "substitutions": c.substitutions,
        "deletions": c.deletions,
        "insertions": c.insertions,
        "reference": r.iter().map(AsRef::as_ref).collect::<Vec<&str>>(),
        "hypothesis": h.iter().map(AsRef::as_ref).collect::<Vec<&str>>(),
        "chunks": alignment.chunks.iter()
            .map(|k| json!([k.kind.as_str(), k.ref_start, k.ref_end, k.hyp_start, k.hyp_end]))
            .collect::<Vec<_>>(),
    })
}

/// Typed access to the arguments, with errors that name the operation and the argument.
struct Reader<'a> {
    op: &'a str,
    args: &'a Args,
}

impl<'a> Reader<'a> {
    fn fail(&self, e: impl std::fmt::Display) -> String {
        format!("{}: {e}", self.op)
    }

    fn text(&self, name: &str) -> Result<&'a str, String> {
        self.optional_text(name)?.ok_or_else(|| self.fail(format!("missing string argument {name:?}")))
    }

    fn optional_text(&self, name: &str) -> Result<Option<&'a str>, String> {
        match self.args.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(self.fail(format!("argument {name:?} must be a string"))),
        }
    }

    fn encoding(&self, name: &str) -> Result<Encoding, String> {
        Encoding::from_name(name).map_err(|e| self.fail(e))
    }

    fn flag(&self, name: &str) -> Result<bool, String> {
        match self.args.get(name) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(self.fail(format!("argument {name:?} must be true or false"))),
        }
    }

    /// A number given as a JSON number or as a string (decimals and big values stay exact as strings).
    fn number_text(&self, name: &str) -> Result<String, String> {
        match self.args.get(name) {
            Some(Value::String(s)) => Ok(s.trim().to_string()),
            Some(Value::Number(n)) => Ok(n.to_string()),
            None | Some(Value::Null) => Err(self.fail(format!("missing argument {name:?}"))),
            Some(_) => Err(self.fail(format!("argument {name:?} must be a number or a string of digits"))),
        }
    }

    fn register(&self) -> Result<Register, String> {
        match self.optional_text("register")?.unwrap_or("spoken") {
            "spoken" => Ok(Register::Spoken),
            "written" => Ok(Register::Written),
            other => Err(self.fail(format!("unknown register {other:?}: expected spoken or written"))),
        }
    }

    fn unit(&self) -> Result<Unit, String> {
        let name = self.optional_text("unit")?.unwrap_or("codepoint");
        name.parse::<Unit>()
            .map_err(|_| self.fail(format!("unknown unit {name:?}: expected codepoint, grapheme or letter")))
    }
}
