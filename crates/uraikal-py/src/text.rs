//! `uraikal.text` vectorised (issue 24): `normalize_many`, the frozen A1 normaliser over a column.

use pyo3::prelude::*;
use rayon::prelude::*;

/// The frozen A1 scoring normaliser over a list of str, in parallel (the GIL released while it runs): a list
/// in input order, each item `normalize(item)`. (`uraikal.text.normalize_many` also takes a pyarrow array.)
#[pyfunction]
pub fn normalize_many(py: Python<'_>, texts: Vec<String>) -> Vec<String> {
    py.detach(|| texts.par_iter().map(|t| uraikal_text::normalize(t)).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(normalize_many, m)?)?;
    Ok(())
}
