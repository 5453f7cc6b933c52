//! `uraikal.quality` (issue 24): Tamil text quality in-process, `uraikal_quality::assess` (what
//! `uraikal quality` runs), the assessment as a dict.

use pyo3::prelude::*;
use rayon::prelude::*;
use uraikal_quality::register::Model;
use uraikal_quality::{assess as assess_one, Config};

use crate::{to_python, value_error};

fn config(json: Option<&str>) -> PyResult<Config> {
    match json {
        Some(text) => Config::from_json(text).map_err(value_error),
        None => Ok(Config::default()),
    }
}

/// The typed signature of `assess` for the stubs (see `add`).
const ASSESS_TYPES: &str = "(text: str, config: str | None = None) -> dict[str, Any]";
/// Assesses one document: {"score", "decision" ("keep", "repair" or "drop"), "reasons", "signals",
/// "repaired"}, the numbers of `uraikal quality --json --repair`. `config` is the JSON text of a
/// `uraikal quality --config` file.
///
/// >>> from uraikal.quality import assess
/// >>> assess("தமிழ் ஒரு செம்மொழி. அது மிகவும் பழமையான மொழி ஆகும்.")["decision"] in ("keep", "repair", "drop")
/// True
#[pyfunction]
#[pyo3(signature = (text, config = None))]
fn assess<'py>(py: Python<'py>, text: &str, config: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let config = self::config(config)?;
    to_python(py, &assess_one(text, &config))
}

/// The typed signature of `assess_many` for the stubs (see `add`).
const ASSESS_MANY_TYPES: &str = "(texts: Sequence[str], config: str | None = None) -> list[dict[str, Any]]";
/// `assess` over a list of documents, in parallel (the GIL released): a list of dicts in input order.
#[pyfunction]
#[pyo3(signature = (texts, config = None))]
fn assess_many<'py>(py: Python<'py>, texts: Vec<String>, config: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let config = self::config(config)?;
    let all: Vec<_> = py.detach(|| texts.par_iter().map(|t| assess_one(t, &config)).collect());
    to_python(py, &all)
}

/// The register model: the shipped one, or the JSON text of a `uraikal register train` file.
fn model(json: Option<&str>) -> PyResult<std::borrow::Cow<'static, Model>> {
    match json {
        Some(text) => Ok(std::borrow::Cow::Owned(Model::from_json(text).map_err(value_error)?)),
        None => Ok(std::borrow::Cow::Borrowed(Model::default_model())),
    }
}

/// The typed signature of `register_many` for the stubs (see `add`).
const REGISTER_MANY_TYPES: &str = "(texts: Sequence[str], model: str | None = None) -> list[dict[str, Any]]";
/// The register of each text (literary, formal, spoken, tanglish or code-mixed), in parallel: a list of
/// {"register", "scores", "features"} in input order, as `uraikal register --json`. `model` is the JSON text
/// of a `uraikal register train` file (default: the shipped model).
///
/// >>> from uraikal.quality import register_many
/// >>> register_many(["தமிழ் ஒரு செம்மொழி."])[0]["register"] in ("literary", "formal", "spoken", "tanglish", "code-mixed")
/// True
#[pyfunction]
#[pyo3(signature = (texts, model = None))]
fn register_many<'py>(py: Python<'py>, texts: Vec<String>, model: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let model = self::model(model)?;
    let all: Vec<_> = py.detach(|| texts.par_iter().map(|t| model.classify(t)).collect());
    to_python(py, &all)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(assess, m)?, ASSESS_TYPES)?;
    crate::add(m, wrap_pyfunction!(assess_many, m)?, ASSESS_MANY_TYPES)?;
    crate::add(m, wrap_pyfunction!(register_many, m)?, REGISTER_MANY_TYPES)?;
    Ok(())
}
