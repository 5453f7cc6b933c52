//! Python bindings of Uraikal (`pip install uraikal`): the module `uraikal._uraikal`, wrapped by the pure-Python
//! package in `python/uraikal` (text, numbers, metrics) that gives it docstrings and type stubs.
//!
//! Every function here is a thin layer over the Rust crates: the same rules, the same numbers. Bad input becomes
//! `ValueError` with the Rust message; no panic crosses into Python; corpus metrics release the GIL.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyCFunction, PyDict, PyList};

mod cli;
mod d4;
mod lattice;
mod legacy;
mod parity;
mod quality;
mod score;
mod tasks;
mod text;
mod tn;
mod yaappu;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A serialisable value as the Python object `json.loads` gives for the JSON the CLI would print (so the
/// records are the CLI's, number for number: serde_json writes the shortest round-trip float).
fn to_python<'py>(py: Python<'py>, value: &(impl serde::Serialize + ?Sized)) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(value_error)?;
    py.import("json")?.call_method1("loads", (json,))
}

/// Adds `uraikal._uraikal.<name>`, a submodule filled by `fill` (one Rust file per Python submodule).
/// Adds a `#[pyfunction]` to a module with its typed signature (issue 24). `types` is the function's Python
/// signature with annotations, written once, as a `const` next to the function (pyo3 0.27 gives no types, and an
/// annotated `text_signature` would break CPython's `__text_signature__`). It is kept in the module's `__types__`
/// dict; stubgen.py writes it into the .pyi and fails when its names or defaults differ from the compiled ones.
fn add<'py>(m: &Bound<'py, PyModule>, function: Bound<'py, PyCFunction>, types: &str) -> PyResult<()> {
    let table = match m.getattr("__types__") {
        Ok(table) => table.cast_into::<PyDict>()?,
        Err(_) => {
            let table = PyDict::new(m.py());
            m.add("__types__", &table)?;
            table
        }
    };
    table.set_item(function.getattr("__name__")?, types)?;
    m.add_function(function)
}

fn submodule(parent: &Bound<'_, PyModule>, name: &str, fill: fn(&Bound<'_, PyModule>) -> PyResult<()>) -> PyResult<()> {
    let sub = PyModule::new(parent.py(), name)?;
    fill(&sub)?;
    parent.add_submodule(&sub)
}

// ---------------------------------------------------------------- text

/// The typed signature of `clean` for the stubs (see `add`).
const CLEAN_TYPES: &str = "(text: str, legacy_au: bool = False) -> str";
/// The general cleaner: NFC, drop ZWSP/BOM/soft hyphen, repair legacy-font vowel-sign order (ெகாடு → கொடு),
/// compose two-part vowels, ஂ → ், collapse doubled signs. Idempotent. `legacy_au` also reads ெள as ௌ.
#[pyfunction]
#[pyo3(signature = (text, legacy_au = false))]
fn clean(text: &str, legacy_au: bool) -> String {
    uraikal_text::clean_with(text, uraikal_text::CleanOptions::legacy_au(legacy_au))
}

/// The typed signature of `letters` for the stubs (see `add`).
const LETTERS_TYPES: &str = "(text: str, ligatures: bool = False) -> list[str]";
/// Tamil letters (எழுத்து), not code points: letters("தமிழ்") == ["த", "மி", "ழ்"]. Lossless.
#[pyfunction]
#[pyo3(signature = (text, ligatures = false))]
fn letters<'py>(py: Python<'py>, text: &str, ligatures: bool) -> PyResult<Bound<'py, PyList>> {
    let pieces =
        uraikal_text::letters_with(text, uraikal_text::LetterOptions::ligatures(ligatures)).map(|l| l.as_str());
    piece_list(py, pieces)
}

fn piece_list<'py, 'a>(py: Python<'py>, pieces: impl Iterator<Item = &'a str>) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, pieces.collect::<Vec<&str>>())
}

/// The typed signature of `length` for the stubs (see `add`).
const LENGTH_TYPES: &str = "(letter: str) -> str";
/// Prosodic length of one letter: "kuril", "nedil", "otru", "aaytham" or "other".
#[pyfunction]
fn length(letter: &str) -> &'static str {
    uraikal_text::length(letter).as_str()
}

/// The typed signature of `tamil_share` for the stubs (see `add`).
const TAMIL_SHARE_TYPES: &str = "(text: str) -> float";
/// Share of letter code points (categories L and M) that are Tamil; 0.0 when there are none.
#[pyfunction]
fn tamil_share(text: &str) -> f64 {
    uraikal_text::tamil_share(text)
}

/// The typed signature of `normalize` for the stubs (see `add`).
const NORMALIZE_TYPES: &str = "(text: str) -> str";
/// The frozen A1 scoring normaliser (NORMALIZER_VERSION). Idempotent.
#[pyfunction]
fn normalize(text: &str) -> String {
    uraikal_text::normalize(text)
}

/// The typed signature of `graphemes` for the stubs (see `add`).
const GRAPHEMES_TYPES: &str = "(text: str) -> list[str]";
/// Extended grapheme clusters (Unicode 17) with the Tamil and Sinhala folds. Lossless.
#[pyfunction]
fn graphemes<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
    piece_list(py, uraikal_text::graphemes(text))
}

/// The typed signature of `compose` for the stubs (see `add`).
const COMPOSE_TYPES: &str = "(text: str) -> str";
/// Consonant + virama + independent vowel → the letter: compose("ந்ஆர்இ") == "நாரி".
#[pyfunction]
fn compose(text: &str) -> PyResult<String> {
    uraikal_text::compose(text).map_err(value_error)
}

/// The typed signature of `decompose` for the stubs (see `add`).
const DECOMPOSE_TYPES: &str = "(text: str) -> str";
/// The inverse of compose: decompose("நிலுவை") == "ந்இல்உவ்ஐ".
#[pyfunction]
fn decompose(text: &str) -> PyResult<String> {
    uraikal_text::decompose(text).map_err(value_error)
}

// ---------------------------------------------------------------- numbers

fn register(name: &str) -> PyResult<uraikal_numbers::Register> {
    name.parse().map_err(value_error)
}

/// The typed signature of `to_words` for the stubs (see `add`).
const TO_WORDS_TYPES: &str = "(n: int, register: str = \"spoken\", ordinal: bool = False) -> str";
/// Tamil number words (spoken by default, or written); ordinal=True for ordinals.
#[pyfunction]
#[pyo3(signature = (n, register = "spoken", ordinal = false))]
fn to_words(n: i64, register: &str, ordinal: bool) -> PyResult<String> {
    let register = self::register(register)?;
    if ordinal {
        let n = u64::try_from(n).map_err(|_| value_error(format!("an ordinal needs a positive number, not {n}")))?;
        uraikal_numbers::to_ordinal_words(n, register).map_err(value_error)
    } else {
        uraikal_numbers::to_words(n, register).map_err(value_error)
    }
}

/// The typed signature of `to_digits` for the stubs (see `add`).
const TO_DIGITS_TYPES: &str = "(text: str) -> str";
/// Number words inside running text → digits, keeping suffixes: "முன்னூறுல பதினஞ்சு" → "300ல 15".
#[pyfunction]
fn to_digits(text: &str) -> String {
    uraikal_numbers::to_digits(text)
}

/// The typed signature of `from_numerals` for the stubs (see `add`).
const FROM_NUMERALS_TYPES: &str = "(text: str) -> int";
/// Tamil numerals (traditional or positional) → int; malformed input raises ValueError.
#[pyfunction]
fn from_numerals(text: &str) -> PyResult<u64> {
    uraikal_numbers::from_numerals(text).map_err(value_error)
}

/// The typed signature of `to_numerals` for the stubs (see `add`).
const TO_NUMERALS_TYPES: &str = "(n: int, style: str = \"traditional\") -> str";
/// n → Tamil numerals, traditional (CLDR %tamil) or positional.
#[pyfunction]
#[pyo3(signature = (n, style = "traditional"))]
fn to_numerals(n: u64, style: &str) -> PyResult<String> {
    let style: uraikal_numbers::Style = style.parse().map_err(value_error)?;
    Ok(uraikal_numbers::to_numerals(n, style))
}

// ---------------------------------------------------------------- metrics

/// A str or a list of str, as a list of pairs with the other side.
fn pairs(reference: &Bound<'_, PyAny>, hypothesis: &Bound<'_, PyAny>) -> PyResult<Vec<(String, String)>> {
    if let (Ok(r), Ok(h)) = (reference.extract::<String>(), hypothesis.extract::<String>()) {
        return Ok(vec![(r, h)]);
    }
    let r: Vec<String> = reference.extract().map_err(|_| value_error("reference must be a str or a list of str"))?;
    let h: Vec<String> = hypothesis.extract().map_err(|_| value_error("hypothesis must be a str or a list of str"))?;
    if r.len() != h.len() {
        return Err(value_error(format!("{} references but {} hypotheses", r.len(), h.len())));
    }
    Ok(r.into_iter().zip(h).collect())
}

fn unit(name: &str) -> PyResult<uraikal_metrics::Unit> {
    name.parse::<uraikal_metrics::Unit>().map_err(value_error)
}

/// The typed signature of `wer` for the stubs (see `add`).
const WER_TYPES: &str = "(reference: str | Sequence[str], hypothesis: str | Sequence[str], \
    normalize: bool = True) -> float";
/// Corpus WER: Σ word edits ÷ Σ reference words. With `normalize=True` (the default) each pair is scored by
/// the A1 rule (`uraikal_metrics::a1`, what `uraikal score` reports as `wer`); `normalize=False` scores the
/// text as given with jiwer's default word split (runs of spaces, not tabs).
#[pyfunction]
#[pyo3(signature = (reference, hypothesis, normalize = true))]
fn wer(py: Python<'_>, reference: &Bound<'_, PyAny>, hypothesis: &Bound<'_, PyAny>, normalize: bool) -> PyResult<f64> {
    use uraikal_metrics::a1;
    let pairs = pairs(reference, hypothesis)?;
    // Pairs are counted in parallel; the integer sums do not depend on the order.
    let (edits, words) = py.detach(|| {
        use rayon::prelude::*;
        pairs
            .par_iter()
            .map(|(r, h)| {
                let counts = if normalize {
                    a1::word_counts(&a1::normalise(r), &a1::normalise(h))
                } else {
                    uraikal_metrics::align::counts(&uraikal_metrics::jiwer::words(r), &uraikal_metrics::jiwer::words(h))
                };
                (counts.errors(), counts.reference_len())
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    if words == 0 {
        return Err(value_error("the references have no words: WER is undefined"));
    }
    Ok(edits as f64 / words as f64)
}

/// The typed signature of `cer` for the stubs (see `add`).
const CER_TYPES: &str = "(reference: str | Sequence[str], hypothesis: str | Sequence[str], \
    unit: str = \"codepoint\", normalize: bool = True) -> float";
/// Corpus CER on a unit ("codepoint", "grapheme" or "letter"), pooled: Σ edits ÷ Σ reference units. With
/// `normalize=True` (the default) each pair is scored by the A1 rule (`uraikal_metrics::a1`): the frozen
/// normaliser, then the units as written, so `unit="grapheme"` is `uraikal score`'s `grapheme_cer`.
/// `normalize=False` scores the text as given, the grapheme and letter units after the script normalisation
/// (SPEC G5): the script-normalised grapheme CER of grapheme-kit and `uraikal evaluate`.
#[pyfunction]
#[pyo3(signature = (reference, hypothesis, unit = "codepoint", normalize = true))]
fn cer(
    py: Python<'_>,
    reference: &Bound<'_, PyAny>,
    hypothesis: &Bound<'_, PyAny>,
    unit: &str,
    normalize: bool,
) -> PyResult<f64> {
    use uraikal_metrics::a1;
    let unit = self::unit(unit)?;
    let pairs = pairs(reference, hypothesis)?;
    // Pairs are counted in parallel (a chunk per task, summed in order: integer sums, order-free).
    let total = py.detach(|| {
        use rayon::prelude::*;
        pairs
            .par_chunks(256)
            .map(|chunk| {
                let mut total = uraikal_metrics::CerCounts::default();
                for (r, h) in chunk {
                    total.add(if normalize {
                        a1::unit_counts(&a1::normalise(r), &a1::normalise(h), unit)
                    } else {
                        uraikal_metrics::cer_counts(r, h, unit)
                    });
                }
                total
            })
            .collect::<Vec<_>>()
            .into_iter()
            .fold(uraikal_metrics::CerCounts::default(), |mut all, part| {
                all.add(part);
                all
            })
    });
    if total.reference_len == 0 {
        return Err(value_error("the references are empty: CER is undefined"));
    }
    Ok(total.rate())
}

fn chrf_with(
    py: Python<'_>,
    reference: &Bound<'_, PyAny>,
    hypothesis: &Bound<'_, PyAny>,
    unit: &str,
    config: uraikal_metrics::ChrfConfig,
) -> PyResult<f64> {
    let unit = self::unit(unit)?;
    let pairs = pairs(reference, hypothesis)?;
    Ok(py.detach(|| uraikal_metrics::corpus_chrf(pairs.iter().map(|(r, h)| (r.as_str(), h.as_str())), unit, config)))
}

/// The typed signature of `chrf` for the stubs (see `add`).
const CHRF_TYPES: &str = "(reference: str | Sequence[str], hypothesis: str | Sequence[str], \
    unit: str = \"codepoint\") -> float";
/// chrF (sacrebleu 2.6: character order 6, β 2), sentence-level for two str, corpus-level (statistics summed)
/// for two lists; on code points it equals sacrebleu, on graphemes grapheme-kit's GraphemeCHRF.
#[pyfunction]
#[pyo3(signature = (reference, hypothesis, unit = "codepoint"))]
fn chrf(py: Python<'_>, reference: &Bound<'_, PyAny>, hypothesis: &Bound<'_, PyAny>, unit: &str) -> PyResult<f64> {
    chrf_with(py, reference, hypothesis, unit, uraikal_metrics::ChrfConfig::CHRF)
}

/// The typed signature of `chrf_pp` for the stubs (see `add`).
const CHRF_PP_TYPES: &str = "(reference: str | Sequence[str], hypothesis: str | Sequence[str], \
    unit: str = \"codepoint\") -> float";
/// chrF++ (word order 2).
#[pyfunction]
#[pyo3(signature = (reference, hypothesis, unit = "codepoint"))]
fn chrf_pp(py: Python<'_>, reference: &Bound<'_, PyAny>, hypothesis: &Bound<'_, PyAny>, unit: &str) -> PyResult<f64> {
    chrf_with(py, reference, hypothesis, unit, uraikal_metrics::ChrfConfig::CHRF_PLUS_PLUS)
}

/// The typed signature of `oiwer` for the stubs (see `add`).
const OIWER_TYPES: &str = "(hypothesis: str, lattice: str | Sequence[Sequence[str]], language: str = \"ta\", \
    mode: str | None = None) -> dict[str, Any]";
/// OIWER of a hypothesis against a lattice (a list of groups of acceptable forms, or the `{a | b} {c}` string).
#[pyfunction]
#[pyo3(signature = (hypothesis, lattice, language = "ta", mode = None))]
fn oiwer<'py>(
    py: Python<'py>,
    hypothesis: &str,
    lattice: &Bound<'py, PyAny>,
    language: &str,
    mode: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    use uraikal_metrics::lattice::{Language, Lattice, Mode, Reading};
    let language = Language::parse(language).map_err(value_error)?;
    let mode = match mode {
        None => Mode::default_for(language),
        Some(m) => m.parse::<Mode>().map_err(value_error)?,
    };
    // The one lattice reader (SPEC L1), strict unless the mode is vimarsha.
    let reading = Reading::for_mode(mode);
    let lattice = if let Ok(text) = lattice.extract::<String>() {
        Lattice::read(&text, reading).map_err(value_error)?
    } else {
        let groups: Vec<Vec<String>> =
            lattice.extract().map_err(|_| value_error("lattice must be a list of lists of str, or a brace string"))?;
        let lattice = Lattice::new(groups);
        if reading == Reading::Strict {
            lattice.check_groups().map_err(value_error)?;
        }
        lattice
    };
    let result = uraikal_metrics::lattice::oiwer(hypothesis, &lattice, language, mode).map_err(value_error)?;
    // The one record layout (SPEC L6), as the CLI writes it.
    let view = result.view();
    let record = uraikal_metrics::lattice::batch::OiwerRecord::new(None, &view, mode);
    let json = serde_json::to_string(&record).map_err(value_error)?;
    py.import("json")?.call_method1("loads", (json,))
}

#[pymodule]
fn _uraikal(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("URAIKAL_VERSION", uraikal_metrics::URAIKAL_VERSION)?;
    m.add("NORMALIZER_VERSION", uraikal_text::NORMALIZER_VERSION)?;
    let (a, b, c) = uraikal_text::UNICODE_VERSION;
    m.add("UNICODE_VERSION", format!("{a}.{b}.{c}"))?;
    crate::add(m, wrap_pyfunction!(clean, m)?, CLEAN_TYPES)?;
    crate::add(m, wrap_pyfunction!(letters, m)?, LETTERS_TYPES)?;
    crate::add(m, wrap_pyfunction!(length, m)?, LENGTH_TYPES)?;
    crate::add(m, wrap_pyfunction!(tamil_share, m)?, TAMIL_SHARE_TYPES)?;
    crate::add(m, wrap_pyfunction!(normalize, m)?, NORMALIZE_TYPES)?;
    crate::add(m, wrap_pyfunction!(graphemes, m)?, GRAPHEMES_TYPES)?;
    crate::add(m, wrap_pyfunction!(compose, m)?, COMPOSE_TYPES)?;
    crate::add(m, wrap_pyfunction!(decompose, m)?, DECOMPOSE_TYPES)?;
    crate::add(m, wrap_pyfunction!(to_words, m)?, TO_WORDS_TYPES)?;
    crate::add(m, wrap_pyfunction!(to_digits, m)?, TO_DIGITS_TYPES)?;
    crate::add(m, wrap_pyfunction!(from_numerals, m)?, FROM_NUMERALS_TYPES)?;
    crate::add(m, wrap_pyfunction!(to_numerals, m)?, TO_NUMERALS_TYPES)?;
    crate::add(m, wrap_pyfunction!(wer, m)?, WER_TYPES)?;
    crate::add(m, wrap_pyfunction!(cer, m)?, CER_TYPES)?;
    crate::add(m, wrap_pyfunction!(chrf, m)?, CHRF_TYPES)?;
    crate::add(m, wrap_pyfunction!(chrf_pp, m)?, CHRF_PP_TYPES)?;
    crate::add(m, wrap_pyfunction!(oiwer, m)?, OIWER_TYPES)?;
    parity::register(m)?;
    tasks::register(m)?;
    legacy::register(m)?;
    cli::register(m)?;
    score::register(m)?;
    text::register(m)?;
    submodule(m, "d4", d4::register)?;
    submodule(m, "lattice", lattice::register)?;
    submodule(m, "quality", quality::register)?;
    submodule(m, "tn", tn::register)?;
    submodule(m, "yaappu", yaappu::register)?;
    Ok(())
}
