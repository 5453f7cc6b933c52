//! The peers' metrics in `uraikal evaluate` (SPEC M10–M14): sacrebleu's chrF (every option), BLEU and TER
//! with their signatures, and jiwer's WER/MER/WIL/WIP with its transformations, list pairing and
//! `visualize_alignment`. Argument handling and printing only; the numbers come from
//! `uraikal_metrics::{sacrebleu, transforms}`.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use uraikal_metrics::jiwer::{visualize_alignment_width, Level, Sentence};
use uraikal_metrics::sacrebleu::{Bleu, ChrfOptions, Smoothing, Ter, TerStats, Tokenizer};
use uraikal_metrics::transforms::{visualize_error_counts, word_rates};
use uraikal_metrics::Unit;

use crate::evaluate::{EvalMetric, UnitArg};

/// BLEU's smoothing methods.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SmoothArg {
    /// mteval-v13a's exponential smoothing (the default).
    Exp,
    /// A floor for zero precisions (--smooth-value, 0.1).
    Floor,
    /// Add k to orders above 1 (--smooth-value, 1).
    #[value(name = "add-k")]
    AddK,
    /// None.
    None,
}

/// The peers' options of `uraikal evaluate`.
#[derive(Args)]
pub struct PeerArgs {
    /// chrF: character n-gram order (sacrebleu's char_order, 6).
    #[arg(long)]
    char_order: Option<usize>,
    /// chrF: word n-gram order (0 for chrf, 2 for chrf++).
    #[arg(long)]
    word_order: Option<usize>,
    /// chrF: recall weight beta (2).
    #[arg(long)]
    beta: Option<f64>,
    /// chrF and BLEU: lowercase both sides first.
    #[arg(long)]
    lowercase: bool,
    /// chrF: keep whitespace in the character n-grams.
    #[arg(long)]
    whitespace: bool,
    /// chrF: epsilon smoothing (chrF++.py, NLTK, Moses) instead of the effective order.
    #[arg(long)]
    eps_smoothing: bool,
    /// BLEU: the tokeniser (13a, intl, char, none, zh).
    #[arg(long, value_parser = ["13a", "intl", "char", "none", "zh"])]
    tokenize: Option<String>,
    /// BLEU: the smoothing method.
    #[arg(long, value_enum)]
    smooth_method: Option<SmoothArg>,
    /// BLEU: the value for floor or add-k smoothing.
    #[arg(long)]
    smooth_value: Option<f64>,
    /// BLEU: the highest n-gram order (4).
    #[arg(long)]
    max_ngram_order: Option<usize>,
    /// BLEU: effective order (sacrebleu's sentence_bleu sets it).
    #[arg(long)]
    effective_order: bool,
    /// TER: tercom's normalisation.
    #[arg(long)]
    ter_normalized: bool,
    /// TER: remove punctuation.
    #[arg(long)]
    no_punct: bool,
    /// TER: keep case.
    #[arg(long)]
    case_sensitive: bool,
    /// TER: sacrebleu's asian_support (CJK split off with --ter-normalized, Asian punctuation removed with
    /// --no-punct).
    #[arg(long)]
    asian_support: bool,
    /// WER family: the text as given (jiwer's defaults), not the A1 rule.
    #[arg(long)]
    no_normalize: bool,
    /// WER family: jiwer's transformations, in order (implies --no-normalize), e.g.
    /// lowercase,remove-punctuation,strip,reduce-to-list-of-words.
    #[arg(long, value_delimiter = ',')]
    transform: Vec<String>,
    /// REF and HYP are plain-text files, paired line by line (jiwer's lists).
    #[arg(long)]
    lines: bool,
    /// WER family: print jiwer's visualize_alignment text instead of the numbers.
    #[arg(long)]
    visualize: bool,
    /// With --visualize: jiwer's line_width.
    #[arg(long, requires = "visualize")]
    line_width: Option<usize>,
    /// WER family: print jiwer's visualize_error_counts text (errors by chunk) instead of the numbers.
    #[arg(long, conflicts_with = "visualize")]
    error_counts: bool,
    /// WER family: a FROM=TO pair for the substitute-words transform (jiwer's SubstituteWords); repeat it.
    #[arg(long, value_name = "FROM=TO")]
    substitute_word: Vec<String>,
    #[command(flatten)]
    transform_args: crate::evaluate_transforms::TransformArgs,
}

/// The inputs `uraikal evaluate` was given.
pub struct Inputs<'a> {
    /// REF.
    pub reference: Option<&'a str>,
    /// HYP.
    pub hypothesis: Option<&'a str>,
    /// --pairs.
    pub pairs: Option<&'a Path>,
    /// --json.
    pub json: bool,
}

/// A --pairs record whose reference may be a list (several references; null entries are skipped).
#[derive(Deserialize)]
struct PeerRecord {
    #[serde(default)]
    id: Value,
    reference: References,
    hypothesis: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum References {
    One(String),
    Many(Vec<Option<String>>),
}

impl References {
    fn list(&self) -> Vec<&str> {
        match self {
            References::One(text) => vec![text.as_str()],
            References::Many(texts) => texts.iter().flatten().map(String::as_str).collect(),
        }
    }
}

/// Runs the peers' metrics; `None` when the metric is one of the grapheme metrics (evaluate.rs's own).
pub fn run(args: &PeerArgs, metric: EvalMetric, unit: UnitArg, inputs: Inputs<'_>) -> Result<Option<ExitCode>> {
    let word_family = matches!(metric, EvalMetric::Wer | EvalMetric::Mer | EvalMetric::Wil | EvalMetric::Wip);
    if unit == UnitArg::Word && !word_family {
        bail!("--unit word is for --metric wer|mer|wil|wip");
    }
    if word_family {
        return wer_family(args, metric, unit, &inputs).map(Some);
    }
    let scorer = match metric {
        EvalMetric::Chrf | EvalMetric::ChrfPlusPlus => {
            let default_words = if metric == EvalMetric::ChrfPlusPlus { 2 } else { 0 };
            Scorer::Chrf(
                ChrfOptions {
                    char_order: args.char_order.unwrap_or(6),
                    word_order: args.word_order.unwrap_or(default_words),
                    beta: args.beta.unwrap_or(2.0),
                    lowercase: args.lowercase,
                    whitespace: args.whitespace,
                    eps_smoothing: args.eps_smoothing,
                },
                Unit::from(unit),
            )
        }
        EvalMetric::Bleu => Scorer::Bleu(Bleu {
            lowercase: args.lowercase,
            tokenizer: args.tokenize.as_deref().unwrap_or("13a").parse::<Tokenizer>()?,
            smoothing: match args.smooth_method.unwrap_or(SmoothArg::Exp) {
                SmoothArg::Exp => Smoothing::Exp,
                SmoothArg::None => Smoothing::None,
                SmoothArg::Floor => Smoothing::Floor(args.smooth_value.unwrap_or(0.1)),
                SmoothArg::AddK => Smoothing::AddK(args.smooth_value.unwrap_or(1.0)),
            },
            max_ngram_order: args.max_ngram_order.unwrap_or(4),
            effective_order: args.effective_order,
        }),
        EvalMetric::Ter => Scorer::Ter(Ter {
            normalized: args.ter_normalized,
            no_punct: args.no_punct,
            case_sensitive: args.case_sensitive,
            asian_support: args.asian_support,
        }),
        _ => return Ok(None),
    };
    if let Scorer::Chrf(options, _) = &scorer {
        if options.char_order == 0 && options.word_order == 0 {
            bail!("--char-order and --word-order cannot both be 0");
        }
    }
    sacrebleu_metric(args, &scorer, &inputs).map(Some)
}

/// One of sacrebleu's metrics, configured.
enum Scorer {
    Chrf(ChrfOptions, Unit),
    Bleu(Bleu),
    Ter(Ter),
}

/// Summed statistics of any of the three.
enum Stats {
    Chrf(uraikal_metrics::ChrfStats),
    Bleu(uraikal_metrics::sacrebleu::BleuStats),
    Ter(TerStats),
}

impl Scorer {
    fn key(&self) -> &'static str {
        match self {
            Scorer::Chrf(o, _) if o.word_order > 0 => "chrfpp",
            Scorer::Chrf(..) => "chrf",
            Scorer::Bleu(_) => "bleu",
            Scorer::Ter(_) => "ter",
        }
    }

    fn name(&self) -> String {
        match self {
            Scorer::Chrf(o, _) => o.name(),
            Scorer::Bleu(_) => "BLEU".to_string(),
            Scorer::Ter(_) => "TER".to_string(),
        }
    }

    fn stats(&self, references: &[&str], hypothesis: &str) -> Stats {
        match self {
            Scorer::Chrf(o, unit) => Stats::Chrf(o.stats(references, hypothesis, *unit)),
            Scorer::Bleu(o) => Stats::Bleu(o.stats(references, hypothesis)),
            Scorer::Ter(o) => Stats::Ter(o.stats(references, hypothesis)),
        }
    }

    fn zero(&self) -> Stats {
        match self {
            Scorer::Chrf(o, unit) => Stats::Chrf(o.stats(&[], "", *unit)),
            Scorer::Bleu(o) => Stats::Bleu(o.zero()),
            Scorer::Ter(_) => Stats::Ter(TerStats::default()),
        }
    }

    fn score(&self, stats: &Stats) -> f64 {
        match (self, stats) {
            (Scorer::Chrf(o, _), Stats::Chrf(s)) => o.score(s),
            (Scorer::Bleu(o), Stats::Bleu(s)) => o.score(s).score,
            (Scorer::Ter(o), Stats::Ter(s)) => o.score(s),
            _ => f64::NAN,
        }
    }

    fn signature(&self, reference_counts: &[usize]) -> String {
        match self {
            Scorer::Chrf(o, _) => o.signature(reference_counts),
            Scorer::Bleu(o) => o.signature(reference_counts),
            Scorer::Ter(o) => o.signature(reference_counts),
        }
    }

    /// The unit, for chrF (the others count tokens).
    fn unit(&self) -> Option<&'static str> {
        match self {
            Scorer::Chrf(_, unit) => Some(unit.as_str()),
            _ => None,
        }
    }
}

fn add(total: &mut Stats, stats: &Stats) {
    match (total, stats) {
        (Stats::Chrf(t), Stats::Chrf(s)) => t.add(s),
        (Stats::Bleu(t), Stats::Bleu(s)) => t.add(s),
        (Stats::Ter(t), Stats::Ter(s)) => t.add(s),
        _ => {}
    }
}

fn line(scorer: &Scorer, score: f64) -> Map<String, Value> {
    let mut line = Map::new();
    line.insert("metric".into(), json!(scorer.name()));
    if let Some(unit) = scorer.unit() {
        line.insert("unit".into(), json!(unit));
    }
    line.insert(scorer.key().into(), json!(score));
    line.insert("score".into(), json!(score));
    line
}

fn sacrebleu_metric(args: &PeerArgs, scorer: &Scorer, inputs: &Inputs<'_>) -> Result<ExitCode> {
    let segments: Vec<(Value, Vec<String>, String)> = if let Some(path) = inputs.pairs {
        let records: Vec<uraikal_io::Record<PeerRecord>> = uraikal_io::parse_jsonl(path)?;
        let mut segments = Vec::with_capacity(records.len());
        for record in records {
            let references: Vec<String> = record.value.reference.list().into_iter().map(str::to_string).collect();
            if references.is_empty() {
                bail!("{}:{}: \"reference\" has no references", path.display(), record.line);
            }
            segments.push((record.value.id, references, record.value.hypothesis));
        }
        segments
    } else {
        let (references, hypotheses) = texts(args, inputs)?;
        if references.len() != hypotheses.len() {
            bail!(
                "REFERENCE has {} lines and HYPOTHESIS has {}: they must pair line by line",
                references.len(),
                hypotheses.len()
            );
        }
        references.into_iter().zip(hypotheses).map(|(r, h)| (Value::Null, vec![r], h)).collect()
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut total = scorer.zero();
    let mut counts = Vec::with_capacity(segments.len());
    let batch = inputs.pairs.is_some() || segments.len() != 1;
    for (id, references, hypothesis) in &segments {
        let references: Vec<&str> = references.iter().map(String::as_str).collect();
        let stats = scorer.stats(&references, hypothesis);
        if batch {
            let mut record = Map::new();
            if !id.is_null() {
                record.insert("id".into(), id.clone());
            }
            record.extend(line(scorer, scorer.score(&stats)));
            serde_json::to_writer(&mut out, &record)?;
            out.write_all(b"\n")?;
        }
        add(&mut total, &stats);
        counts.push(references.len());
    }
    let score = scorer.score(&total);
    let mut last = Map::new();
    if batch {
        last.insert("corpus".into(), json!(true));
        last.insert("pairs".into(), json!(segments.len()));
    }
    last.extend(line(scorer, score));
    last.insert("signature".into(), json!(scorer.signature(&counts)));
    if batch || inputs.json {
        serde_json::to_writer(&mut out, &last)?;
        out.write_all(b"\n")?;
    } else {
        writeln!(out, "{}\t{score}", scorer.name())?;
        writeln!(out, "signature\t{}", scorer.signature(&counts))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// REF and HYP as sentence lists: one sentence each, or (--lines) the lines of two files.
fn texts(args: &PeerArgs, inputs: &Inputs<'_>) -> Result<(Vec<String>, Vec<String>)> {
    let (Some(reference), Some(hypothesis)) = (inputs.reference, inputs.hypothesis) else {
        bail!("give REFERENCE and HYPOTHESIS, or --pairs FILE.jsonl");
    };
    if args.lines {
        return Ok((file_lines(reference)?, file_lines(hypothesis)?));
    }
    Ok((vec![reference.to_string()], vec![hypothesis.to_string()]))
}

fn file_lines(path: &str) -> Result<Vec<String>> {
    let text = uraikal_io::read_utf8(Path::new(path)).with_context(|| format!("reading {path}"))?;
    Ok(text.lines().map(str::to_string).collect())
}

fn wer_family(args: &PeerArgs, metric: EvalMetric, unit: UnitArg, inputs: &Inputs<'_>) -> Result<ExitCode> {
    let (ids, references, hypotheses) = if let Some(path) = inputs.pairs {
        let records: Vec<uraikal_io::Record<PeerRecord>> = uraikal_io::parse_jsonl(path)?;
        let mut ids = Vec::new();
        let (mut references, mut hypotheses) = (Vec::new(), Vec::new());
        for record in records {
            let list = record.value.reference.list();
            let [reference] = list[..] else {
                bail!("{}:{}: jiwer's rates take exactly one reference", path.display(), record.line);
            };
            references.push(reference.to_string());
            hypotheses.push(record.value.hypothesis);
            ids.push(record.value.id);
        }
        (ids, references, hypotheses)
    } else {
        let (references, hypotheses) = texts(args, inputs)?;
        (vec![Value::Null; references.len()], references, hypotheses)
    };
    let words = unit == UnitArg::Word;
    let custom = !args.transform.is_empty();
    let pipeline =
        crate::evaluate_transforms::pipeline(&args.transform, &args.substitute_word, &args.transform_args, words)?;
    let steps = &pipeline.steps;
    let a1_rule = !(custom || args.no_normalize);
    if a1_rule && !matches!(unit, UnitArg::Word | UnitArg::Codepoint) {
        bail!("--metric {} counts words (--unit word) or code points (--unit codepoint)", metric_name(metric));
    }
    let prepare = |texts: &[String]| -> Vec<String> {
        if a1_rule {
            texts.iter().map(|t| uraikal_text::normalize(t)).collect()
        } else {
            texts.to_vec()
        }
    };
    let reference_lists = pipeline.apply(&prepare(&references))?;
    let hypothesis_lists = pipeline.apply(&prepare(&hypotheses))?;
    let (counts, rates) = word_rates(&reference_lists, &hypothesis_lists)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.visualize || args.error_counts {
        let sentences: Vec<Sentence<'_>> = reference_lists
            .iter()
            .zip(&hypothesis_lists)
            .map(|(r, h)| Sentence::new(r.iter().map(String::as_str).collect(), h.iter().map(String::as_str).collect()))
            .collect();
        let level = if words { Level::Words } else { Level::Chars };
        if args.error_counts {
            writeln!(out, "{}", visualize_error_counts(&sentences, level))?;
        } else {
            let text = visualize_alignment_width(&sentences, level, true, true, args.line_width);
            write!(out, "{text}")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let record = |rates: uraikal_metrics::rates::Rates, counts: uraikal_metrics::align::Counts| {
        let mut line = Map::new();
        line.insert("metric".into(), json!(metric_name(metric)));
        line.insert("unit".into(), json!(if words { "word" } else { "codepoint" }));
        line.insert("score".into(), json!(pick(metric, &rates)));
        for (key, value) in [("wer", rates.wer), ("mer", rates.mer), ("wil", rates.wil), ("wip", rates.wip)] {
            line.insert(key.into(), json!(value));
        }
        for (key, value) in [
            ("hits", counts.hits),
            ("substitutions", counts.substitutions),
            ("deletions", counts.deletions),
            ("insertions", counts.insertions),
        ] {
            line.insert(key.into(), json!(value));
        }
        line.insert("a1_rule".into(), json!(a1_rule));
        if !a1_rule {
            line.insert("transforms".into(), json!(steps.iter().map(|s| s.name()).collect::<Vec<_>>()));
        }
        line
    };
    let batch = inputs.pairs.is_some() || args.lines;
    // The units each sentence was scored on (jiwer's output.references / hypotheses).
    let units = |line: &mut Map<String, Value>, k: usize| {
        line.insert("reference_units".into(), json!(reference_lists[k]));
        line.insert("hypothesis_units".into(), json!(hypothesis_lists[k]));
    };
    // remove-empty-strings may drop sentences; ids then no longer line up and are left out.
    let ids_line_up = ids.len() == counts.len();
    if batch {
        for (k, c) in counts.iter().enumerate() {
            let mut line = Map::new();
            if let Some(id) = ids.get(k).filter(|id| ids_line_up && !id.is_null()) {
                line.insert("id".into(), id.clone());
            }
            line.extend(record(uraikal_metrics::rates::Rates::jiwer(c), *c));
            units(&mut line, k);
            serde_json::to_writer(&mut out, &line)?;
            out.write_all(b"\n")?;
        }
    }
    let total: uraikal_metrics::align::Counts = counts.iter().copied().sum();
    let mut last = Map::new();
    if batch {
        last.insert("corpus".into(), json!(true));
        last.insert("pairs".into(), json!(counts.len()));
    }
    last.extend(record(rates, total));
    if !batch && counts.len() == 1 {
        units(&mut last, 0);
    }
    if batch || inputs.json {
        serde_json::to_writer(&mut out, &last)?;
        out.write_all(b"\n")?;
    } else {
        for key in ["wer", "mer", "wil", "wip"] {
            writeln!(out, "{key}\t{}", last[key])?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn metric_name(metric: EvalMetric) -> &'static str {
    match metric {
        EvalMetric::Mer => "mer",
        EvalMetric::Wil => "wil",
        EvalMetric::Wip => "wip",
        _ => "wer",
    }
}

fn pick(metric: EvalMetric, rates: &uraikal_metrics::rates::Rates) -> f64 {
    match metric {
        EvalMetric::Mer => rates.mer,
        EvalMetric::Wil => rates.wil,
        EvalMetric::Wip => rates.wip,
        _ => rates.wer,
    }
}
