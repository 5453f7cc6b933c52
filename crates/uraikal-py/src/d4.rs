//! `uraikal.d4` (issue 24): Track D4, how tokenizers handle Tamil; the same `uraikal_d4` calls as
//! `uraikal tokenizers` (read the passages, load, evaluate), the report as `uraikal tokenizers --json` prints it.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use uraikal_d4::{Input, Loaded, Passage, Skipped};

use crate::{to_python, value_error};

/// A tokenizer argument: a spec (path or hub id, loaded as the CLI loads it), or an object whose
/// tokenizer.json is read through `to_str()` (a `tokenizers.Tokenizer`) or `backend_tokenizer.to_str()` (a
/// transformers fast tokenizer). No code of the object's is run but that serialisation.
fn tokenizer(item: &Bound<'_, PyAny>, grapheme_safe: bool) -> PyResult<(Vec<Loaded>, Vec<Skipped>)> {
    if let Ok(path) = item.extract::<std::path::PathBuf>() {
        return Ok(uraikal_d4::load_tokenizers(&[path.display().to_string()], grapheme_safe));
    }
    let loaded = from_object(item)?;
    let name = loaded.name.clone();
    let mut out = vec![];
    let mut skipped = vec![];
    if grapheme_safe {
        match uraikal_d4::grapheme_safe(&loaded) {
            Ok(Some(v)) => out.push(v),
            Ok(None) => {}
            Err(e) => skipped.push(Skipped::new(&format!("{name}+grapheme-safe"), &loaded.source, &e)),
        }
    }
    out.insert(0, loaded);
    Ok((out, skipped))
}

/// A `tokenizers.Tokenizer` or a transformers fast tokenizer, read through its tokenizer.json.
fn from_object(item: &Bound<'_, PyAny>) -> PyResult<Loaded> {
    let (backend, name) = if let Ok(backend) = item.getattr("backend_tokenizer") {
        let name = item.getattr("name_or_path").and_then(|n| n.extract::<String>()).unwrap_or_default();
        (backend, name)
    } else {
        (item.clone(), String::new())
    };
    let json: String = backend
        .call_method0("to_str")
        .map_err(|_| {
            value_error("tokenizer: a path, a hub id, a tokenizers.Tokenizer or a transformers fast tokenizer")
        })?
        .extract()?;
    let name = match name.trim_end_matches('/').rsplit('/').next() {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => "tokenizer".to_string(),
    };
    let sha256 = uraikal_io::sha256_hex(json.as_bytes());
    Loaded::from_json(&name, &format!("python:{name}"), Some(sha256), json.as_bytes()).map_err(value_error)
}

/// Passages: a path (str or os.PathLike), a list of pathlib paths, or a list of dicts ({"id", "text",
/// "slice"?}) or of str (the passages' texts).
fn passages(py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<(Vec<Passage>, Vec<Input>)> {
    if let Ok(path) = input.extract::<std::path::PathBuf>() {
        return py.detach(|| uraikal_d4::read_passages(&[path])).map_err(value_error);
    }
    let items = input
        .cast::<PyList>()
        .map_err(|_| value_error("passages: a path, a list of paths, or a list of dicts or str"))?;
    // pathlib.Path items are files; str items are passages' texts.
    let is_text = |i: &Bound<'_, PyAny>| i.is_instance_of::<pyo3::types::PyString>() || i.is_instance_of::<PyDict>();
    if !items.is_empty() && !items.iter().any(|i| is_text(&i)) {
        let paths: Vec<std::path::PathBuf> = items.extract()?;
        return py.detach(|| uraikal_d4::read_passages(&paths)).map_err(value_error);
    }
    let dumps = py.import("json")?.getattr("dumps")?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("ensure_ascii", false)?;
    let mut text = String::new();
    for (k, item) in items.iter().enumerate() {
        let record = if item.is_instance_of::<pyo3::types::PyString>() {
            let d = PyDict::new(py);
            d.set_item("id", k.to_string())?;
            d.set_item("text", item)?;
            d.into_any()
        } else {
            item
        };
        text.push_str(&dumps.call((record,), Some(&kwargs))?.extract::<String>()?);
        text.push('\n');
    }
    py.detach(|| uraikal_d4::parse_passages(&[("<passages>", &text, "passages")])).map_err(value_error)
}

/// The typed signature of `measure` for the stubs (see `add`).
const MEASURE_TYPES: &str = "(tokenizer: Any = None, \
    passages: str | os.PathLike[str] | list[str | os.PathLike[str]] | list[Mapping[str, \
    Any]] | list[str] | None = None, grapheme_safe: bool = False) -> dict[str, Any]";
/// Track D4 on one tokenizer (or a list of them): the report `uraikal tokenizers --json` prints, as a dict
/// {"uraikal_version", "data", "results", "skipped"}, one result per tokenizer × slice (tokens_per_word,
/// bytes_per_token, letter_cut, by_pretok, byte_cut, unk_per_1000, round_trip, …). `tokenizer` is a path
/// or hub id, a `tokenizers.Tokenizer`, or a transformers fast tokenizer (read through its backend's JSON:
/// no code is executed); None (the default) measures the six bundled tokenizers, as `uraikal tokenizers`
/// does without `--tokenizer`. `passages` is a D4 passage file, a list of pathlib paths, or a list of dicts
/// or str; None (the default) is the bundled Kural passages.
/// A tokenizer that cannot be measured raises ValueError when none can.
///
/// >>> import uraikal.d4
/// >>> from tokenizers import Tokenizer, models, pre_tokenizers
/// >>> t = Tokenizer(models.WordLevel({"தமிழ்": 0, "[UNK]": 1}, unk_token="[UNK]"))
/// >>> t.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
/// >>> r = uraikal.d4.measure(t, ["தமிழ் மொழி"])
/// >>> (r["results"][0]["tokens_per_word"], r["results"][0]["unk_per_1000"])
/// (1.0, 500.0)
#[pyfunction]
#[pyo3(signature = (tokenizer = None, passages = None, grapheme_safe = false))]
fn measure<'py>(
    py: Python<'py>,
    tokenizer: Option<&Bound<'py, PyAny>>,
    passages: Option<&Bound<'py, PyAny>>,
    grapheme_safe: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (passages, data) = match passages {
        Some(p) => self::passages(py, p)?,
        None => uraikal_d4::read_passages(&[]).map_err(value_error)?,
    };
    let items: Vec<Bound<'py, PyAny>> = match tokenizer {
        None => vec![],
        Some(t) => match t.cast::<PyList>() {
            Ok(list) => list.iter().collect(),
            Err(_) => vec![t.clone()],
        },
    };
    let (mut tokenizers, mut skipped) =
        if items.is_empty() { uraikal_d4::load_tokenizers(&[], grapheme_safe) } else { (Vec::new(), Vec::new()) };
    for item in &items {
        let (t, s) = self::tokenizer(item, grapheme_safe)?;
        tokenizers.extend(t);
        skipped.extend(s);
    }
    let report = py.detach(|| {
        uraikal_d4::evaluate(&tokenizers, skipped, &passages, data, uraikal_d4::Against::default(), &|_| {})
    });
    if report.results.is_empty() {
        let reasons: Vec<String> = report.skipped.iter().map(|s| format!("{}: {}", s.tokenizer, s.reason)).collect();
        return Err(value_error(format!("no tokenizer could be measured ({})", reasons.join("; "))));
    }
    to_python(py, &report)
}

/// Training text: a path (str or os.PathLike) or a list of pathlib paths, read as the CLI's `--data` (D4
/// passages, Parquet with `column`, or plain text a passage a line), or a list of str (the texts themselves).
fn texts(py: Python<'_>, data: &Bound<'_, PyAny>, column: &str) -> PyResult<Vec<String>> {
    let files: Vec<std::path::PathBuf> = if let Ok(path) = data.extract::<std::path::PathBuf>() {
        vec![path]
    } else {
        let items =
            data.cast::<PyList>().map_err(|_| value_error("data: a path, a list of paths, or a list of str"))?;
        if items.iter().any(|i| i.is_instance_of::<pyo3::types::PyString>()) {
            return items.extract();
        }
        items.extract()?
    };
    py.detach(|| uraikal_d4::corpus::read_texts(&files, column)).map_err(value_error)
}

/// The typed signature of `train` for the stubs (see `add`).
const TRAIN_TYPES: &str = "(data: str | os.PathLike[str] | list[str | os.PathLike[str]], vocab_size: int, \
    model: str = \"bpe\", byte_level: bool = False, grapheme_safe: bool = True, min_frequency: int = 2, \
    special_tokens: Sequence[str] = ..., seed: int = 0, column: str = \"text\") -> str";
/// Trains a Tamil tokenizer (SPEC D7), as `uraikal tokenizers train` does, and returns its tokenizer.json (the
/// bytes the CLI writes to `--out`; load it with `tokenizers.Tokenizer.from_str`). `data` is a path or a list
/// of pathlib paths (D4 passages, Parquet with `column`, or plain text a passage a line) or a list of str (the
/// texts); `model` "bpe" or "unigram"; `grapheme_safe=False` is the CLI's `--gpt2-pretok`. Deterministic: the
/// same texts and options give the same bytes. Nothing is written.
///
/// >>> import json, uraikal.d4
/// >>> t = json.loads(uraikal.d4.train(["தமிழ் மொழி இனிது"] * 20, vocab_size=800))
/// >>> t["model"]["type"], "தமிழ்" in t["model"]["vocab"]
/// ('BPE', True)
#[pyfunction]
#[pyo3(signature = (data, vocab_size, model = "bpe", byte_level = false, grapheme_safe = true, min_frequency = 2,
    special_tokens = vec![], seed = 0, column = "text"))]
#[allow(clippy::too_many_arguments)]
fn train(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    vocab_size: usize,
    model: &str,
    byte_level: bool,
    grapheme_safe: bool,
    min_frequency: u64,
    special_tokens: Vec<String>,
    seed: u64,
    column: &str,
) -> PyResult<String> {
    use uraikal_d4::train::{Model, TrainOptions};
    let model = match model {
        "bpe" => Model::Bpe,
        "unigram" => Model::Unigram,
        other => return Err(value_error(format!("model: \"bpe\" or \"unigram\", not {other:?}"))),
    };
    let texts = texts(py, data, column)?;
    let options = TrainOptions { model, vocab_size, byte_level, grapheme_safe, min_frequency, special_tokens, seed };
    py.detach(|| uraikal_d4::train::train(&texts, &options, &|_| {})).map_err(value_error)
}

/// The typed signature of `extend` for the stubs (see `add`).
const EXTEND_TYPES: &str = "(base: Any, data: str | os.PathLike[str] | list[str | os.PathLike[str]], add: int, \
    min_frequency: int = 2, column: str = \"text\") -> dict[str, Any]";
/// Extends a tokenizer with Tamil tokens learnt from `data`, as `uraikal tokenizers extend` does: a dict
/// {"tokenizer_json" (the tokenizer.json the CLI writes), "new_tokens" (new_tokens.json: {"id", "token",
/// "text", "base_ids"} each), "pre_tokenizer_patched"}. `base` is a path or hub id (as the CLI's BASE), a
/// `tokenizers.Tokenizer` or a transformers fast tokenizer; `data` as for `train`. Nothing is written.
///
/// >>> import uraikal.d4
/// >>> from tokenizers import Tokenizer
/// >>> base = Tokenizer.from_str(uraikal.d4.train(["அவன் வந்தான்"] * 20, vocab_size=800))
/// >>> r = uraikal.d4.extend(base, ["தமிழ் மொழி இனிது"] * 10, add=3)
/// >>> [t["id"] for t in r["new_tokens"]] == [base.get_vocab_size() + k for k in range(3)]
/// True
#[pyfunction]
#[pyo3(signature = (base, data, add, min_frequency = 2, column = "text"))]
fn extend<'py>(
    py: Python<'py>,
    base: &Bound<'py, PyAny>,
    data: &Bound<'py, PyAny>,
    add: usize,
    min_frequency: u64,
    column: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let base = match base.extract::<std::path::PathBuf>() {
        Ok(path) => uraikal_d4::load(&path.display().to_string()).map_err(value_error)?,
        Err(_) => from_object(base)?,
    };
    let texts = texts(py, data, column)?;
    let options = uraikal_d4::extend::ExtendOptions { add, min_frequency };
    let extended = py.detach(|| uraikal_d4::extend::extend(&base, &texts, &options, &|_| {})).map_err(value_error)?;
    let out = PyDict::new(py);
    out.set_item("tokenizer_json", extended.tokenizer_json)?;
    out.set_item("new_tokens", to_python(py, &extended.new_tokens)?)?;
    out.set_item("pre_tokenizer_patched", extended.pre_tokenizer_patched)?;
    Ok(out.into_any())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(measure, m)?, MEASURE_TYPES)?;
    crate::add(m, wrap_pyfunction!(train, m)?, TRAIN_TYPES)?;
    crate::add(m, wrap_pyfunction!(extend, m)?, EXTEND_TYPES)?;
    Ok(())
}
