//! `uraikal.tn` (issue 24): text normalisation for speech, `uraikal_numbers::tn` (what `uraikal tn` runs).

use pyo3::prelude::*;
use rayon::prelude::*;

use crate::value_error;

fn register_of(name: &str) -> PyResult<uraikal_numbers::Register> {
    name.parse().map_err(value_error)
}

/// The typed signature of `normalize` for the stubs (see `add`).
const NORMALIZE_TYPES: &str = "(text: str, register: str = \"spoken\") -> str";
/// Numbers, dates, money, units, times and phone numbers into spoken Tamil (register "spoken" or
/// "written"), as `uraikal tn` does for one line.
///
/// >>> from uraikal.tn import normalize
/// >>> normalize("2300 ரூபாய்")
/// 'ரெண்டாயிரத்தி முன்னூறு ரூபாய்'
#[pyfunction]
#[pyo3(signature = (text, register = "spoken"))]
fn normalize(text: &str, register: &str) -> PyResult<String> {
    Ok(uraikal_numbers::tn(text, register_of(register)?))
}

/// The typed signature of `normalize_many` for the stubs (see `add`).
const NORMALIZE_MANY_TYPES: &str = "(texts: Sequence[str], register: str = \"spoken\") -> list[str]";
/// `normalize` over a list of texts, in parallel (the GIL released); a list in input order.
#[pyfunction]
#[pyo3(signature = (texts, register = "spoken"))]
fn normalize_many(py: Python<'_>, texts: Vec<String>, register: &str) -> PyResult<Vec<String>> {
    let register = register_of(register)?;
    Ok(py.detach(|| texts.par_iter().map(|t| uraikal_numbers::tn(t, register)).collect()))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(normalize, m)?, NORMALIZE_TYPES)?;
    crate::add(m, wrap_pyfunction!(normalize_many, m)?, NORMALIZE_MANY_TYPES)?;
    Ok(())
}
