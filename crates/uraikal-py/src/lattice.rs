//! `uraikal.lattice` (issue 24): OIWER against lattices and building candidate lattices, the batch forms of
//! `uraikal oiwer --input` and `uraikal build-lattices` (`uraikal_metrics::lattice::batch`, the same records).
//! The single-record `oiwer` is `uraikal._uraikal.oiwer` (lib.rs), shared with `uraikal.metrics`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use uraikal_metrics::lattice::batch::{build_lines, oiwer_lines, Defaults, LineError};
use uraikal_metrics::lattice::{Language, Mode};

use crate::value_error;

/// The records as JSON lines (one a record, numbered from 1), and the defaults.
fn lines_and_defaults(
    py: Python<'_>,
    records: &Bound<'_, PyList>,
    language: Option<&str>,
    mode: Option<&str>,
) -> PyResult<(Vec<Vec<u8>>, Defaults)> {
    let language = language.map(Language::parse).transpose().map_err(value_error)?;
    let mode = mode.map(|m| m.parse::<Mode>()).transpose().map_err(value_error)?;
    let dumps = py.import("json")?.getattr("dumps")?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("ensure_ascii", false)?;
    let lines = records
        .iter()
        .map(|r| Ok(dumps.call((r,), Some(&kwargs))?.extract::<String>()?.into_bytes()))
        .collect::<PyResult<Vec<Vec<u8>>>>()?;
    Ok((lines, Defaults { language, mode }))
}

fn numbered(lines: &[Vec<u8>]) -> Vec<(usize, &[u8])> {
    lines.iter().enumerate().map(|(k, l)| (k + 1, l.as_slice())).collect()
}

fn record_error(e: LineError) -> PyErr {
    value_error(format!("record {}: {}", e.line, e.message))
}

/// JSON lines as a list of dicts.
fn to_dicts<'py>(py: Python<'py>, jsonl: &[u8]) -> PyResult<Bound<'py, PyList>> {
    let loads = py.import("json")?.getattr("loads")?;
    let list = PyList::empty(py);
    for line in jsonl.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        list.append(loads.call1((std::str::from_utf8(line).map_err(value_error)?,))?)?;
    }
    Ok(list)
}

/// The typed signature of `oiwer_batch` for the stubs (see `add`).
const OIWER_BATCH_TYPES: &str = "(records: list[Mapping[str, Any]], language: str | None = None, \
    mode: str | None = None) -> list[dict[str, Any]]";
/// OIWER of a batch of records ({"hypothesis", "reference" (a lattice: lists or a brace string), "language"?,
/// "id"?}), in parallel: one result dict per record, as `uraikal oiwer --input` writes them. A bad record
/// raises ValueError naming it (1-based).
///
/// >>> from uraikal.lattice import oiwer_batch
/// >>> r = oiwer_batch([{"id": 1, "hypothesis": "நான் வந்தேன்", "reference": "{நான்} {வந்தேன் | வந்தென்}"}], language="ta")
/// >>> (r[0]["id"], r[0]["oiwer_percent"])
/// (1, 0.0)
#[pyfunction]
#[pyo3(signature = (records, language = None, mode = None))]
fn oiwer_batch<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyList>,
    language: Option<&str>,
    mode: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let (lines, defaults) = lines_and_defaults(py, records, language, mode)?;
    let batch = py.detach(|| oiwer_lines(&numbered(&lines), defaults)).map_err(record_error)?;
    to_dicts(py, &batch.jsonl())
}

/// The typed signature of `build` for the stubs (see `add`).
const BUILD_TYPES: &str = "(records: list[Mapping[str, Any]], language: str | None = None, \
    mode: str | None = None) -> list[dict[str, Any]]";
/// Candidate lattices from several hypotheses per record (the `*_transcription` fields), as
/// `uraikal build-lattices` writes them: each record with "lattice", "lattice_string" and
/// "lattice_models_used" added, every input field kept.
#[pyfunction]
#[pyo3(signature = (records, language = None, mode = None))]
fn build<'py>(
    py: Python<'py>,
    records: &Bound<'py, PyList>,
    language: Option<&str>,
    mode: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let (lines, defaults) = lines_and_defaults(py, records, language, mode)?;
    let built = py.detach(|| build_lines(&numbered(&lines), defaults)).map_err(record_error)?;
    to_dicts(py, &built.jsonl())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(oiwer_batch, m)?, OIWER_BATCH_TYPES)?;
    crate::add(m, wrap_pyfunction!(build, m)?, BUILD_TYPES)?;
    Ok(())
}
