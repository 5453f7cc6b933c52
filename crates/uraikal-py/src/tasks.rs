//! `uraikal._uraikal.tasks_*`: the practice-task families of `uraikal-tasks` (issue 22), wrapped by the
//! pure-Python `uraikal.tasks` (a reasoning-gym-compatible dataset). Entries cross as Python dicts; the
//! configuration and metadata cross as JSON text, read by the same serde code the CLI uses.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use crate::value_error;

/// A JSON value as the Python object `json.loads` would give.
fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// The typed signature of `tasks_families` for the stubs (see `add`).
const TASKS_FAMILIES_TYPES: &str = "() -> list[dict[str, Any]]";
/// The families: a list of {"name", "description", "accepts"}.
#[pyfunction]
fn tasks_families<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for f in uraikal_tasks::families() {
        let d = PyDict::new(py);
        d.set_item("name", f.name)?;
        d.set_item("description", f.description)?;
        d.set_item("accepts", f.accepts)?;
        list.append(d)?;
    }
    Ok(list)
}

/// The typed signature of `tasks_generate` for the stubs (see `add`).
const TASKS_GENERATE_TYPES: &str = "(name: str, seed: int, start: int, count: int, \
    config: str = \"{}\") -> list[dict[str, Any]]";
/// Entries `start..start + count` of family `name` with `seed` and the JSON configuration: a list of dicts
/// {"id", "family", "question", "answer", "metadata"}.
#[pyfunction]
#[pyo3(signature = (name, seed, start, count, config = "{}"))]
fn tasks_generate<'py>(
    py: Python<'py>,
    name: &str,
    seed: u64,
    start: u64,
    count: u64,
    config: &str,
) -> PyResult<Bound<'py, PyList>> {
    let family = uraikal_tasks::family(name).map_err(value_error)?;
    let config = uraikal_tasks::Config::from_json(config).map_err(value_error)?;
    let entries: Vec<uraikal_tasks::Entry> =
        py.detach(|| (start..start + count).map(|i| family.entry(seed, i, &config)).collect());
    let list = PyList::empty(py);
    for e in entries {
        let d = PyDict::new(py);
        d.set_item("id", e.id)?;
        d.set_item("family", e.family)?;
        d.set_item("question", e.question)?;
        d.set_item("answer", e.answer)?;
        d.set_item("metadata", to_py(py, &Value::Object(e.metadata))?)?;
        list.append(d)?;
    }
    Ok(list)
}

/// The typed signature of `tasks_score` for the stubs (see `add`).
const TASKS_SCORE_TYPES: &str = "(name: str, answer: str, given: str, metadata: str = \"{}\") -> float";
/// The score in [0, 1] of `given` for an entry of family `name` with reference `answer` and metadata (JSON).
#[pyfunction]
#[pyo3(signature = (name, answer, given, metadata = "{}"))]
fn tasks_score(name: &str, answer: &str, given: &str, metadata: &str) -> PyResult<f64> {
    let family = uraikal_tasks::family(name).map_err(value_error)?;
    let metadata = match serde_json::from_str(metadata).map_err(value_error)? {
        Value::Object(map) => map,
        _ => return Err(value_error("metadata must be a JSON object")),
    };
    let entry = uraikal_tasks::Entry {
        id: String::new(),
        family: name.to_string(),
        question: String::new(),
        answer: answer.to_string(),
        metadata,
    };
    Ok(family.score(&entry, given))
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(tasks_families, m)?, TASKS_FAMILIES_TYPES)?;
    crate::add(m, wrap_pyfunction!(tasks_generate, m)?, TASKS_GENERATE_TYPES)?;
    crate::add(m, wrap_pyfunction!(tasks_score, m)?, TASKS_SCORE_TYPES)?;
    Ok(())
}
