//! `uraikal.text` vectorised (issue 24): `normalize_many`, the frozen A1 normaliser over a column.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rayon::prelude::*;

/// The typed signature of `normalize_many` for the stubs (see `add`).
const NORMALIZE_MANY_TYPES: &str = "(texts: Sequence[str]) -> list[str]";
/// The frozen A1 scoring normaliser over a list of str, in parallel (the GIL released while it runs): a list
/// in input order, each item `normalize(item)`. (`uraikal.text.normalize_many` also takes a pyarrow array.)
#[pyfunction]
pub fn normalize_many<'py>(py: Python<'py>, texts: Vec<Bound<'py, PyString>>) -> PyResult<Bound<'py, PyList>> {
    // Borrowed, not copied: each str's UTF-8 (which CPython keeps with the object) is read in place.
    let borrowed = texts.iter().map(|t| t.to_str()).collect::<PyResult<Vec<&str>>>()?;
    // None: the text is already normal, and its own str object is returned (no new str to build).
    let normal: Vec<Option<String>> = py.detach(|| {
        borrowed
            .par_iter()
            .map(|t| {
                let n = uraikal_text::normalize(t);
                (n != *t).then_some(n)
            })
            .collect()
    });
    let items = normal.into_iter().zip(&texts).map(|(n, t)| match n {
        Some(n) => PyString::new(py, &n),
        None => t.clone(),
    });
    PyList::new(py, items)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(normalize_many, m)?, NORMALIZE_MANY_TYPES)?;
    Ok(())
}
