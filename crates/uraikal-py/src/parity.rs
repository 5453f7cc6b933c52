//! `uraikal._uraikal.parity_*`: the peers' options (issue 26, SPEC M10–M14, T6, T7), wrapped by the
//! pure-Python `uraikal.parity`. Each function calls the library functions `uraikal evaluate` and `uraikal
//! text` call: `sacrebleu::{ChrfOptions, Bleu, Ter}` (stats summed over segments, then one score, with the
//! signature), `transforms::Pipeline::parse` + `word_rates` (jiwer), `sort_tamil`, the transliterations.
//! References are given per segment (a list of one or more strings), as a `--pairs` record's "reference".

use pyo3::prelude::*;
use pyo3::types::PyDict;
use uraikal_metrics::sacrebleu::{Bleu, ChrfOptions, Smoothing, Ter, TerStats, Tokenizer};
use uraikal_metrics::transforms::{word_rates, Pipeline};
use uraikal_metrics::Unit;

use crate::value_error;

fn check_lengths(hypotheses: &[String], references: &[Vec<String>]) -> PyResult<Vec<usize>> {
    if hypotheses.len() != references.len() {
        return Err(value_error(format!(
            "{} hypotheses but {} reference lists (one list per segment)",
            hypotheses.len(),
            references.len()
        )));
    }
    Ok(references.iter().map(Vec::len).collect())
}

fn refs(list: &[String]) -> Vec<&str> {
    list.iter().map(String::as_str).collect()
}

/// The typed signature of `parity_chrf` for the stubs (see `add`).
const PARITY_CHRF_TYPES: &str = "(hypotheses: Sequence[str], references: Sequence[Sequence[str]], \
    char_order: int = 6, word_order: int = 0, beta: float = 2.0, lowercase: bool = False, whitespace: bool = False, \
    eps_smoothing: bool = False, unit: str = \"codepoint\") -> tuple[float, str]";
/// sacrebleu's corpus chrF (`CHRF(...).corpus_score`): (score, signature).
#[pyfunction]
#[pyo3(signature = (hypotheses, references, char_order = 6, word_order = 0, beta = 2.0, lowercase = false,
    whitespace = false, eps_smoothing = false, unit = "codepoint"))]
#[allow(clippy::too_many_arguments)]
fn parity_chrf(
    py: Python<'_>,
    hypotheses: Vec<String>,
    references: Vec<Vec<String>>,
    char_order: usize,
    word_order: usize,
    beta: f64,
    lowercase: bool,
    whitespace: bool,
    eps_smoothing: bool,
    unit: &str,
) -> PyResult<(f64, String)> {
    let counts = check_lengths(&hypotheses, &references)?;
    if char_order == 0 && word_order == 0 {
        return Err(value_error("char_order and word_order cannot both be 0"));
    }
    let unit: Unit = unit.parse().map_err(value_error)?;
    let options = ChrfOptions { char_order, word_order, beta, lowercase, whitespace, eps_smoothing };
    py.detach(|| {
        let mut total = None;
        for (h, r) in hypotheses.iter().zip(&references) {
            let stats = options.stats(&refs(r), h, unit);
            match &mut total {
                None => total = Some(stats),
                Some(sum) => sum.add(&stats),
            }
        }
        let score = total.map_or(0.0, |t| options.score(&t));
        Ok((score, options.signature(&counts)))
    })
}

/// The typed signature of `parity_bleu` for the stubs (see `add`).
const PARITY_BLEU_TYPES: &str = "(hypotheses: Sequence[str], references: Sequence[Sequence[str]], \
    tokenize: str = \"13a\", smooth_method: str = \"exp\", smooth_value: float | None = None, \
    lowercase: bool = False, max_ngram_order: int = 4, effective_order: bool = False, \
    spm_model: str | None = None) -> tuple[float, str]";
/// sacrebleu's corpus BLEU: (score, signature).
#[pyfunction]
#[pyo3(signature = (hypotheses, references, tokenize = "13a", smooth_method = "exp", smooth_value = None,
    lowercase = false, max_ngram_order = 4, effective_order = false, spm_model = None))]
#[allow(clippy::too_many_arguments)]
fn parity_bleu(
    py: Python<'_>,
    hypotheses: Vec<String>,
    references: Vec<Vec<String>>,
    tokenize: &str,
    smooth_method: &str,
    smooth_value: Option<f64>,
    lowercase: bool,
    max_ngram_order: usize,
    effective_order: bool,
    spm_model: Option<std::path::PathBuf>,
) -> PyResult<(f64, String)> {
    let counts = check_lengths(&hypotheses, &references)?;
    let spm = match (tokenize, &spm_model) {
        ("flores101" | "flores200", Some(path)) => {
            Some(uraikal_d4::load_sentencepiece(path).map_err(|e| value_error(format!("spm_model: {e}")))?)
        }
        ("flores101" | "flores200", None) => {
            return Err(value_error(format!("tokenize={tokenize:?} needs spm_model (sacrebleu's model file)")))
        }
        (_, Some(_)) => return Err(value_error("spm_model is for tokenize=\"flores101\" or \"flores200\"")),
        _ => None,
    };
    let smoothing = match smooth_method {
        "exp" => Smoothing::Exp,
        "none" => Smoothing::None,
        "floor" => Smoothing::Floor(smooth_value.unwrap_or(0.1)),
        "add-k" => Smoothing::AddK(smooth_value.unwrap_or(1.0)),
        other => return Err(value_error(format!("unknown smooth_method {other:?} (exp, floor, add-k, none)"))),
    };
    let bleu = Bleu {
        lowercase,
        tokenizer: if spm.is_some() { Tokenizer::None } else { tokenize.parse().map_err(value_error)? },
        smoothing,
        max_ngram_order,
        effective_order,
    };
    py.detach(|| {
        let mut total = bleu.zero();
        for (h, r) in hypotheses.iter().zip(&references) {
            let stats = match &spm {
                None => bleu.stats(&refs(r), h),
                Some(model) => {
                    let failed = std::cell::RefCell::new(None);
                    let encode = |line: &str| match model.pieces(line) {
                        Ok(pieces) => pieces.join(" "),
                        Err(e) => {
                            failed.borrow_mut().get_or_insert(e.to_string());
                            String::new()
                        }
                    };
                    let stats = bleu.stats_with(&refs(r), h, &encode);
                    if let Some(message) = failed.into_inner() {
                        return Err(value_error(format!("spm_model: {message}")));
                    }
                    stats
                }
            };
            total.add(&stats);
        }
        let signature = if spm.is_some() { bleu.signature_with(&counts, tokenize) } else { bleu.signature(&counts) };
        Ok((bleu.score(&total).score, signature))
    })
}

/// The typed signature of `parity_ter` for the stubs (see `add`).
const PARITY_TER_TYPES: &str = "(hypotheses: Sequence[str], references: Sequence[Sequence[str]], \
    normalized: bool = False, no_punct: bool = False, asian_support: bool = False, \
    case_sensitive: bool = False) -> tuple[float, str]";
/// sacrebleu's corpus TER: (score, signature).
#[pyfunction]
#[pyo3(signature = (hypotheses, references, normalized = false, no_punct = false, asian_support = false,
    case_sensitive = false))]
fn parity_ter(
    py: Python<'_>,
    hypotheses: Vec<String>,
    references: Vec<Vec<String>>,
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    case_sensitive: bool,
) -> PyResult<(f64, String)> {
    let counts = check_lengths(&hypotheses, &references)?;
    let ter = Ter { normalized, no_punct, case_sensitive, asian_support };
    py.detach(|| {
        let mut total = TerStats::default();
        for (h, r) in hypotheses.iter().zip(&references) {
            total.add(&ter.stats(&refs(r), h));
        }
        Ok((ter.score(&total), ter.signature(&counts)))
    })
}

#[allow(clippy::too_many_arguments)]
fn pipeline(
    transform: Vec<String>,
    substitute_words: Vec<String>,
    substitute_regexes: Vec<String>,
    remove_words: Vec<String>,
    word_delimiter: Option<&str>,
    replace_by_space: bool,
) -> PyResult<Pipeline> {
    Pipeline::parse(&transform, &substitute_words, &substitute_regexes, &remove_words, word_delimiter, replace_by_space)
        .map_err(value_error)
}

/// The typed signature of `parity_transform` for the stubs (see `add`).
const PARITY_TRANSFORM_TYPES: &str = "(sentences: Sequence[str], transform: Sequence[str], \
    substitute_words: Sequence[str] = ..., substitute_regexes: Sequence[str] = ..., \
    remove_words: Sequence[str] = ..., word_delimiter: str | None = None, \
    replace_by_space: bool = False) -> list[list[str]]";
/// jiwer's `Compose([...])(sentences)`: the lists of words (or characters).
#[pyfunction]
#[pyo3(signature = (sentences, transform, substitute_words = vec![], substitute_regexes = vec![],
    remove_words = vec![], word_delimiter = None, replace_by_space = false))]
fn parity_transform(
    sentences: Vec<String>,
    transform: Vec<String>,
    substitute_words: Vec<String>,
    substitute_regexes: Vec<String>,
    remove_words: Vec<String>,
    word_delimiter: Option<&str>,
    replace_by_space: bool,
) -> PyResult<Vec<Vec<String>>> {
    let p = pipeline(transform, substitute_words, substitute_regexes, remove_words, word_delimiter, replace_by_space)?;
    p.apply(&sentences).map_err(value_error)
}

/// The typed signature of `parity_rates` for the stubs (see `add`).
const PARITY_RATES_TYPES: &str = "(references: Sequence[str], hypotheses: Sequence[str], transform: Sequence[str], \
    substitute_words: Sequence[str] = ..., substitute_regexes: Sequence[str] = ..., \
    remove_words: Sequence[str] = ..., word_delimiter: str | None = None, \
    replace_by_space: bool = False) -> dict[str, Any]";
/// jiwer's `process_words` with the same transformation on both sides: a dict of wer, mer, wil, wip and the
/// summed hits, substitutions, deletions, insertions.
#[pyfunction]
#[pyo3(signature = (references, hypotheses, transform, substitute_words = vec![], substitute_regexes = vec![],
    remove_words = vec![], word_delimiter = None, replace_by_space = false))]
#[allow(clippy::too_many_arguments)]
fn parity_rates<'py>(
    py: Python<'py>,
    references: Vec<String>,
    hypotheses: Vec<String>,
    transform: Vec<String>,
    substitute_words: Vec<String>,
    substitute_regexes: Vec<String>,
    remove_words: Vec<String>,
    word_delimiter: Option<&str>,
    replace_by_space: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let p = pipeline(transform, substitute_words, substitute_regexes, remove_words, word_delimiter, replace_by_space)?;
    let r = p.apply(&references).map_err(value_error)?;
    let h = p.apply(&hypotheses).map_err(value_error)?;
    let (counts, rates) = word_rates(&r, &h).map_err(value_error)?;
    let dict = PyDict::new(py);
    for (key, value) in [("wer", rates.wer), ("mer", rates.mer), ("wil", rates.wil), ("wip", rates.wip)] {
        dict.set_item(key, value)?;
    }
    let total: uraikal_metrics::align::Counts = counts.iter().copied().sum();
    dict.set_item("hits", total.hits)?;
    dict.set_item("substitutions", total.substitutions)?;
    dict.set_item("deletions", total.deletions)?;
    dict.set_item("insertions", total.insertions)?;
    Ok(dict)
}

/// The typed signature of `parity_sort_tamil` for the stubs (see `add`).
const PARITY_SORT_TAMIL_TYPES: &str = "(words: Sequence[str]) -> list[str]";
/// Tamil dictionary order (`uraikal text sort`).
#[pyfunction]
fn parity_sort_tamil(mut words: Vec<String>) -> Vec<String> {
    uraikal_text::sort_tamil(&mut words);
    words
}

/// The typed signature of `parity_translit` for the stubs (see `add`).
const PARITY_TRANSLIT_TYPES: &str = "(text: str, to: str | None = None, from_: str | None = None) -> str";
/// `uraikal text translit`: to "iso15919" or "casual", or from "iso15919".
#[pyfunction]
#[pyo3(signature = (text, to = None, from_ = None))]
fn parity_translit(text: &str, to: Option<&str>, from_: Option<&str>) -> PyResult<String> {
    match (to, from_) {
        (Some("iso15919"), None) => Ok(uraikal_text::to_iso15919(text)),
        (Some("casual"), None) => Ok(uraikal_text::to_casual(text)),
        (None, Some("iso15919")) => Ok(uraikal_text::from_iso15919(text)),
        _ => Err(value_error("give to=\"iso15919\"|\"casual\" or from_=\"iso15919\" (one of them)")),
    }
}

/// Registers the functions (one call in lib.rs).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    crate::add(m, wrap_pyfunction!(parity_chrf, m)?, PARITY_CHRF_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_bleu, m)?, PARITY_BLEU_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_ter, m)?, PARITY_TER_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_transform, m)?, PARITY_TRANSFORM_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_rates, m)?, PARITY_RATES_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_sort_tamil, m)?, PARITY_SORT_TAMIL_TYPES)?;
    crate::add(m, wrap_pyfunction!(parity_translit, m)?, PARITY_TRANSLIT_TYPES)?;
    Ok(())
}
