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
    let loaded =
        Loaded::from_json(&name, &format!("python:{name}"), Some(sha256), json.as_bytes()).map_err(value_error)?;
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(measure, m)?)?;
    Ok(())
}
