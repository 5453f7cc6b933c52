//! `uraikal._uraikal.legacy_*`: legacy Tamil font encodings (`uraikal-legacy`, issue 19), wrapped by the
//! pure-Python `uraikal.legacy`. Detections cross as plain dicts and lists.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use uraikal_legacy::Encoding;

use crate::value_error;

fn encoding(name: &str) -> PyResult<Encoding> {
    Encoding::from_name(name).map_err(value_error)
}

/// The typed signature of `legacy_encodings` for the stubs (see `add`).
const LEGACY_ENCODINGS_TYPES: &str = "() -> list[dict[str, Any]]";
/// The encodings: a list of {"name", "aliases", "kind"}.
#[pyfunction]
fn legacy_encodings(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for e in Encoding::all() {
        let d = PyDict::new(py);
        d.set_item("name", e.name())?;
        d.set_item("aliases", e.aliases().to_vec())?;
        d.set_item("kind", e.kind().as_str())?;
        list.append(d)?;
    }
    Ok(list)
}

/// The typed signature of `legacy_decode` for the stubs (see `add`).
const LEGACY_DECODE_TYPES: &str = "(text: str, from_: str) -> str";
/// Legacy text → Unicode; `from_` "auto" converts only the legacy runs of each line.
#[pyfunction]
fn legacy_decode(text: &str, from_: &str) -> PyResult<String> {
    if from_.eq_ignore_ascii_case("auto") {
        return Ok(uraikal_legacy::decode_auto(text));
    }
    Ok(encoding(from_)?.decode(text))
}

/// The typed signature of `legacy_encode` for the stubs (see `add`).
const LEGACY_ENCODE_TYPES: &str = "(text: str, to: str, lossy: bool = False) -> str";
/// Unicode → legacy text; ValueError names a letter the encoding cannot write (unless `lossy`).
#[pyfunction]
#[pyo3(signature = (text, to, lossy = false))]
fn legacy_encode(text: &str, to: &str, lossy: bool) -> PyResult<String> {
    let enc = encoding(to)?;
    match lossy {
        true => Ok(enc.encode_lossy(text)),
        false => enc.encode(text).map_err(value_error),
    }
}

/// The typed signature of `legacy_detect` for the stubs (see `add`).
const LEGACY_DETECT_TYPES: &str = "(line: str) -> dict[str, Any]";
/// One line's detection: {"encoding", "confidence", "runs": [{"start", "end", "encoding"}]}.
#[pyfunction]
fn legacy_detect<'py>(py: Python<'py>, line: &str) -> PyResult<Bound<'py, PyDict>> {
    let d = uraikal_legacy::detect(line);
    let runs = PyList::empty(py);
    for r in &d.runs {
        let run = PyDict::new(py);
        run.set_item("start", r.start)?;
        run.set_item("end", r.end)?;
        run.set_item("encoding", r.encoding.name())?;
        runs.append(run)?;
    }
    let out = PyDict::new(py);
    out.set_item("encoding", d.encoding.map(Encoding::name))?;
    out.set_item("confidence", d.confidence)?;
    out.set_item("runs", runs)?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(legacy_encodings, m)?, LEGACY_ENCODINGS_TYPES)?;
    crate::add(m, wrap_pyfunction!(legacy_decode, m)?, LEGACY_DECODE_TYPES)?;
    crate::add(m, wrap_pyfunction!(legacy_encode, m)?, LEGACY_ENCODE_TYPES)?;
    crate::add(m, wrap_pyfunction!(legacy_detect, m)?, LEGACY_DETECT_TYPES)?;
    Ok(())
}
