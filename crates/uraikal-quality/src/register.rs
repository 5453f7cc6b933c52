//! Register (SPEC Q5): literary, formal, spoken, tanglish or code-mixed, by a multinomial naive Bayes model
//! over character 1–3-grams of words plus a few hand features (Latin share, colloquial and archaic endings).
//! The model is data: [`train`] makes one from labelled text, [`Model::from_json`] loads it, and
//! [`Model::default_model`] is the one shipped (trained by `docs/quality/register_data.py`; docs/quality.md).
//!
//! ```
//! use uraikal_quality::register::{train, Model};
//! let data = [("naan veetuku poren da", "tanglish"), ("நான் வீட்டுக்குப் போறேன்", "spoken")];
//! let model = train(data.iter().map(|(t, l)| (*t, *l))).unwrap();
//! assert_eq!(model.classify("naan kadaikku poren").register, "tanglish");
//! let model = Model::from_json(&model.to_json()).unwrap();
//! assert_eq!(model.classify("நான் போறேன்").register, "spoken");
//! ```

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

/// The register labels, in the order scores are reported.
pub const LABELS: [&str; 5] = ["literary", "formal", "spoken", "tanglish", "code-mixed"];

const FORMAT: &str = "uraikal-register-nb";

/// Spoken-Tamil word endings (SPEC Q5.2).
const COLLOQUIAL: &[&str] = &[
    "ங்க",
    "றேன்",
    "றோம்",
    "றீங்க",
    "றான்",
    "றா",
    "க்கு",
    "ச்சு",
    "ட்டு",
    "டா",
    "டி",
    "ன்னு",
    "னு",
    "லாம்",
    "ணும்",
    "ல்ல",
    "ம்ல",
    "யா",
    "போல",
    "இருக்கு",
    "பண்ணி",
    "பண்ணு",
    "வந்துட்டு",
];
/// Classical / poetic endings (SPEC Q5.2).
const ARCHAIC: &[&str] = &["ற்றே", "தற்று", "லென்", "ஆர்", "உம்", "ற்கு", "த்து", "னே", "ஞ்ச", "ற்ற", "இன்", "தல்"];

/// A trained model (SPEC Q5.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// Always "uraikal-register-nb".
    pub format: String,
    /// The labels the model knows.
    pub labels: Vec<String>,
    /// Log prior of each label.
    pub log_priors: Vec<f64>,
    /// Log probability of an unseen feature, per label.
    pub log_unseen: Vec<f64>,
    /// Per feature, the log probability under each label.
    pub features: BTreeMap<String, Vec<f64>>,
}

/// The register of a document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Classification {
    /// The most likely label.
    pub register: String,
    /// Per label, its probability (they sum to 1).
    pub scores: BTreeMap<String, f64>,
    /// The features that favoured the label most over the runner-up.
    pub features: Vec<String>,
}

/// A model that could not be made or read.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelError(pub String);

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "register model: {}", self.0)
    }
}

impl std::error::Error for ModelError {}

/// The features of a text (SPEC Q5.2): character 1–3-grams of each word with its boundaries, and hand
/// features written `#name`.
pub fn features(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut latin, mut letters) = (0usize, 0usize);
    for c in text.chars() {
        if c.is_alphabetic() || ('\u{0B80}'..='\u{0BFF}').contains(&c) {
            letters += 1;
            latin += usize::from(c.is_ascii_alphabetic());
        }
    }
    let latin_share = if letters == 0 { 0.0 } else { latin as f64 / letters as f64 };
    let bucket = match latin_share {
        x if x >= 0.85 => "#latin:most",
        x if x >= 0.5 => "#latin:half",
        x if x >= 0.1 => "#latin:some",
        x if x > 0.0 => "#latin:few",
        _ => "#latin:none",
    };
    // The share decides Tanglish vs Tamil script: weighted by repeating it.
    for _ in 0..8 {
        out.push(bucket.to_owned());
    }
    let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
    if lines >= 2 && !text.contains(['.', '?', '!']) {
        out.push("#unpunctuated-lines".to_owned());
    }
    for raw in text.split_whitespace() {
        let word: String = raw
            .chars()
            .filter(|c| c.is_alphanumeric() || ('\u{0B80}'..='\u{0BFF}').contains(c))
            .flat_map(char::to_lowercase)
            .collect();
        if word.is_empty() {
            continue;
        }
        if COLLOQUIAL.iter().any(|e| word.ends_with(e)) {
            out.push("#colloquial-ending".to_owned());
        }
        if ARCHAIC.iter().any(|e| word.ends_with(e)) {
            out.push("#archaic-ending".to_owned());
        }
        if word.chars().all(|c| c.is_ascii_digit()) {
            out.push("#number".to_owned());
            continue;
        }
        let padded: Vec<char> = std::iter::once('<').chain(word.chars()).chain(std::iter::once('>')).collect();
        for n in 1..=3 {
            for w in padded.windows(n) {
                if n == 1 && (w[0] == '<' || w[0] == '>') {
                    continue;
                }
                out.push(w.iter().collect());
            }
        }
    }
    out
}

/// Trains a model from `(text, label)` pairs (SPEC Q5.3): add-one smoothing, features seen fewer than 3
/// times dropped, at most 20,000 features kept (the most frequent).
pub fn train<'a>(data: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Model, ModelError> {
    let mut counts: HashMap<String, [u64; 5]> = HashMap::new();
    let mut docs = [0u64; 5];
    for (text, label) in data {
        let k = LABELS
            .iter()
            .position(|l| *l == label)
            .ok_or_else(|| ModelError(format!("unknown register {label:?} (known: {})", LABELS.join(", "))))?;
        docs[k] += 1;
        for f in features(text) {
            counts.entry(f).or_default()[k] += 1;
        }
    }
    if docs.iter().all(|&d| d == 0) {
        return Err(ModelError("no training examples".to_owned()));
    }
    let mut kept: Vec<(String, [u64; 5])> = counts.into_iter().filter(|(_, c)| c.iter().sum::<u64>() >= 3).collect();
    kept.sort_by(|a, b| b.1.iter().sum::<u64>().cmp(&a.1.iter().sum::<u64>()).then(a.0.cmp(&b.0)));
    kept.truncate(20_000);
    let vocab = kept.len() as f64 + 1.0;
    let mut totals = [0u64; 5];
    for (_, c) in &kept {
        for k in 0..5 {
            totals[k] += c[k];
        }
    }
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let n_docs: u64 = docs.iter().sum();
    let labels: Vec<usize> = (0..5).filter(|&k| docs[k] > 0).collect();
    let model = Model {
        format: FORMAT.to_owned(),
        labels: labels.iter().map(|&k| LABELS[k].to_owned()).collect(),
        log_priors: labels.iter().map(|&k| round((docs[k] as f64 / n_docs as f64).ln())).collect(),
        log_unseen: labels.iter().map(|&k| round((1.0 / (totals[k] as f64 + vocab)).ln())).collect(),
        features: kept
            .into_iter()
            .map(|(f, c)| {
                let lp =
                    labels.iter().map(|&k| round(((c[k] as f64 + 1.0) / (totals[k] as f64 + vocab)).ln())).collect();
                (f, lp)
            })
            .collect(),
    };
    Ok(model)
}

impl Model {
    /// Reads a model from its JSON.
    pub fn from_json(json: &str) -> Result<Model, ModelError> {
        let model: Model = serde_json::from_str(json).map_err(|e| ModelError(e.to_string()))?;
        let n = model.labels.len();
        if model.format != FORMAT {
            return Err(ModelError(format!("format {:?}, not {FORMAT:?}", model.format)));
        }
        if n == 0
            || model.log_priors.len() != n
            || model.log_unseen.len() != n
            || model.features.values().any(|v| v.len() != n)
        {
            return Err(ModelError("every row needs one value per label".to_owned()));
        }
        Ok(model)
    }

    /// The model as JSON (what [`Model::from_json`] reads).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The model shipped with Uraikal (docs/quality.md says on what it was trained and how well it does).
    pub fn default_model() -> &'static Model {
        static MODEL: std::sync::OnceLock<Model> = std::sync::OnceLock::new();
        MODEL.get_or_init(|| {
            Model::from_json(include_str!("../data/register-model.json"))
                .unwrap_or_else(|e| panic!("the shipped register model is invalid: {e}"))
        })
    }

    /// The register of `text`.
    pub fn classify(&self, text: &str) -> Classification {
        let n = self.labels.len();
        let mut log_p = self.log_priors.clone();
        let mut evidence: HashMap<String, (usize, &[f64])> = HashMap::new();
        let feats = features(text);
        for f in feats {
            let row: &[f64] = match self.features.get(&f) {
                Some(row) => row,
                None => continue,
            };
            for k in 0..n {
                log_p[k] += row[k];
            }
            evidence.entry(f).or_insert((0, row)).0 += 1;
        }
        let best = (0..n).max_by(|&a, &b| log_p[a].total_cmp(&log_p[b]).then(b.cmp(&a))).unwrap_or(0);
        let max = log_p[best];
        let sum: f64 = log_p.iter().map(|l| (l - max).exp()).sum();
        let scores = (0..n).map(|k| (self.labels[k].clone(), (log_p[k] - max).exp() / sum)).collect();
        let runner_up = (0..n).filter(|&k| k != best).max_by(|&a, &b| log_p[a].total_cmp(&log_p[b]));
        let mut deciding: Vec<(f64, String)> = match runner_up {
            Some(r) => evidence
                .into_iter()
                .map(|(f, (count, row))| (count as f64 * (row[best] - row[r]), f))
                .filter(|(w, _)| *w > 0.0)
                .collect(),
            None => Vec::new(),
        };
        deciding.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        Classification {
            register: self.labels[best].clone(),
            scores,
            features: deciding.into_iter().take(5).map(|(_, f)| f).collect(),
        }
    }
}
