//! `uraikal.score` / `uraikal.compare` (issue 24): Track A1 scoring, the same library calls as `uraikal score`
//! and `uraikal compare` (uraikal_asr), the records as the CLI writes them (SPEC S9), as Python dicts.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyList;
use uraikal_asr::hyps::{parse_hypotheses, Hypotheses};
use uraikal_asr::manifest::{parse_manifests, Manifests};
use uraikal_asr::score::{
    result_records, score as score_a1, slice_members, ScoreOptions, DEFAULT_BOOTSTRAP, DEFAULT_SEED,
};

use crate::{to_python, value_error};

/// One input: a file, or a list of records (dicts) read as the JSON lines of a file named `name`.
fn sources(py: Python<'_>, input: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<(PathBuf, Vec<u8>)>> {
    let read = |path: PathBuf| -> PyResult<(PathBuf, Vec<u8>)> {
        let bytes = uraikal_io::read_bytes(&path).map_err(value_error)?;
        Ok((path, bytes))
    };
    if let Ok(path) = input.extract::<PathBuf>() {
        return Ok(vec![read(path)?]);
    }
    let items = input
        .cast::<PyList>()
        .map_err(|_| value_error(format!("{name}: a path, a list of paths or a list of dicts (one record each)")))?;
    let dumps = py.import("json")?.getattr("dumps")?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("ensure_ascii", false)?;
    let (mut out, mut records) = (Vec::new(), Vec::new());
    for item in items.iter() {
        if let Ok(path) = item.extract::<PathBuf>() {
            out.push(read(path)?);
        } else {
            let line: String = dumps.call((item,), Some(&kwargs))?.extract()?;
            records.extend_from_slice(line.as_bytes());
            records.push(b'\n');
        }
    }
    if !records.is_empty() || out.is_empty() {
        out.push((PathBuf::from(format!("<{name} records>")), records));
    }
    Ok(out)
}

fn manifests(py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<Manifests> {
    let sources = sources(py, input, "manifests")?;
    let borrowed: Vec<(PathBuf, &[u8])> = sources.iter().map(|(p, b)| (p.clone(), b.as_slice())).collect();
    py.detach(|| parse_manifests(&borrowed)).map_err(value_error)
}

fn hypotheses(py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<Hypotheses> {
    let mut sources = sources(py, input, "hyps")?;
    if sources.len() != 1 {
        return Err(value_error("hyps: one file or one list of records"));
    }
    let (path, bytes) = sources.remove(0);
    py.detach(|| parse_hypotheses(&path, &bytes)).map_err(value_error)
}

/// The typed signature of `score` for the stubs (see `add`).
const SCORE_TYPES: &str = "(manifests: str | os.PathLike[str] | list[str | os.PathLike[str] | Mapping[str, Any]], \
    hyps: str | os.PathLike[str] | list[str | os.PathLike[str] | Mapping[str, Any]], system: str = \"system\", \
    bootstrap: int = ..., seed: int = ...) -> list[dict[str, Any]]";
/// Scores a system's hypotheses on A1 manifests, as `uraikal score` does: the result records (one per slice,
/// then the macro average) as dicts, the same as the CLI's results file. `manifests` is a path, a list of
/// paths or a list of records ({"id", "audio", "text", "slice"}); `hyps` a path or a list of {"id", "hyp"}.
/// Nothing is written. Bad input raises ValueError naming the file (or `<hyps records>`) and line.
///
/// >>> import uraikal
/// >>> m = [{"id": "u1", "audio": "a.wav", "text": "நான் வந்தேன்", "slice": "read"}]
/// >>> r = uraikal.score(m, [{"id": "u1", "hyp": "நான் வந்தான்"}], system="demo", bootstrap=0)
/// >>> [(x["slice"], x["wer"], x["utterances"]) for x in r]
/// [('read', 0.5, 1), ('macro', 0.5, 1)]
#[pyfunction]
#[pyo3(signature = (manifests, hyps, system = "system", bootstrap = DEFAULT_BOOTSTRAP, seed = DEFAULT_SEED))]
fn score<'py>(
    py: Python<'py>,
    manifests: &Bound<'py, PyAny>,
    hyps: &Bound<'py, PyAny>,
    system: &str,
    bootstrap: usize,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let (m, h) = (self::manifests(py, manifests)?, hypotheses(py, hyps)?);
    let options = ScoreOptions { bootstrap, seed };
    let records = py.detach(|| {
        let scores = score_a1(&m, &h, options);
        result_records(&scores, &m, &h, system)
    });
    to_python(py, &records)
}

/// The typed signature of `compare` for the stubs (see `add`).
const COMPARE_TYPES: &str = "(manifests: str | os.PathLike[str] | list[str | os.PathLike[str] | Mapping[str, Any]], \
    hyps_a: str | os.PathLike[str] | list[str | os.PathLike[str] | Mapping[str, Any]], \
    hyps_b: str | os.PathLike[str] | list[str | os.PathLike[str] | Mapping[str, Any]], bootstrap: int = ..., \
    seed: int = ...) -> list[dict[str, Any]]";
/// Paired bootstrap test of two systems on the same manifests, as `uraikal compare --json`: one dict per
/// slice, then the macro average, each with the WER and CER of A and B, A − B, its 95 % interval and p.
#[pyfunction]
#[pyo3(signature = (manifests, hyps_a, hyps_b, bootstrap = DEFAULT_BOOTSTRAP, seed = DEFAULT_SEED))]
fn compare<'py>(
    py: Python<'py>,
    manifests: &Bound<'py, PyAny>,
    hyps_a: &Bound<'py, PyAny>,
    hyps_b: &Bound<'py, PyAny>,
    bootstrap: usize,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let m = self::manifests(py, manifests)?;
    let (a, b) = (hypotheses(py, hyps_a)?, hypotheses(py, hyps_b)?);
    let options = ScoreOptions { bootstrap, seed };
    let rows = py.detach(|| {
        let (sa, sb) = (score_a1(&m, &a, options), score_a1(&m, &b, options));
        uraikal_asr::compare::compare(&slice_members(&m), &sa, &sb)
    });
    to_python(py, &rows.map_err(value_error)?)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(score, m)?, SCORE_TYPES)?;
    crate::add(m, wrap_pyfunction!(compare, m)?, COMPARE_TYPES)?;
    Ok(())
}
