//! `uraikal.yaappu` (issue 24): Tamil prosody, `uraikal_yaappu::scan` and the one JSON layout of a scan
//! (`ScanRecord`, what `uraikal yaappu --json` prints), as dicts.

use pyo3::prelude::*;
use rayon::prelude::*;

use crate::to_python;

/// The typed signature of `scan` for the stubs (see `add`).
const SCAN_TYPES: &str = "(verse: str) -> dict[str, Any]";
/// Scans a verse (lines separated by newlines) for அசை, சீர், தளை and metre: a dict with "valid", "metre",
/// "lines", "cirs" (text, letters, asai, asai_text, pattern, line), "talai", "problems" and "toggles", as
/// `uraikal yaappu --json` prints it.
///
/// >>> from uraikal.yaappu import scan
/// >>> r = scan("அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு")
/// >>> (r["valid"], r["metre"], r["cirs"][0]["pattern"])
/// (True, 'குறள் வெண்பா', 'புளிமா')
#[pyfunction]
fn scan<'py>(py: Python<'py>, verse: &str) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, &record(verse))
}

/// The typed signature of `scan_many` for the stubs (see `add`).
const SCAN_MANY_TYPES: &str = "(verses: Sequence[str]) -> list[dict[str, Any]]";
/// `scan` over a list of verses, in parallel (the GIL released): a list of dicts in input order.
#[pyfunction]
fn scan_many<'py>(py: Python<'py>, verses: Vec<String>) -> PyResult<Bound<'py, PyAny>> {
    let scans: Vec<serde_json::Value> = py.detach(|| verses.par_iter().map(|v| record(v)).collect());
    to_python(py, &scans)
}

/// The scan of `verse` in the one record layout of a scan (the CLI's and the WASM API's).
fn record(verse: &str) -> serde_json::Value {
    let scan = uraikal_yaappu::scan(verse);
    serde_json::to_value(uraikal_yaappu::ScanRecord::new(&scan)).expect("a scan record is plain data")
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(scan, m)?, SCAN_TYPES)?;
    crate::add(m, wrap_pyfunction!(scan_many, m)?, SCAN_MANY_TYPES)?;
    Ok(())
}
