//! The peers' metrics in `uraikal evaluate` (SPEC M10–M14): their options, and sacrebleu's chrF (every
//! option), BLEU and TER with their signatures; jiwer's WER family is in `evaluate_jiwer`. Argument handling
//! and printing only; the numbers come from `uraikal_metrics::sacrebleu::Scorer`.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use uraikal_metrics::sacrebleu::{Bleu, ChrfOptions, Scorer, Smoothing, Ter, Tokenizer};
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
    pub(crate) char_order: Option<usize>,
    /// chrF: word n-gram order (0 for chrf, 2 for chrf++).
    #[arg(long)]
    pub(crate) word_order: Option<usize>,
    /// chrF: recall weight beta (2).
    #[arg(long)]
    pub(crate) beta: Option<f64>,
    /// chrF and BLEU: lowercase both sides first.
    #[arg(long)]
    pub(crate) lowercase: bool,
    /// chrF: keep whitespace in the character n-grams.
    #[arg(long)]
    pub(crate) whitespace: bool,
    /// chrF: epsilon smoothing (chrF++.py, NLTK, Moses) instead of the effective order.
    #[arg(long)]
    pub(crate) eps_smoothing: bool,
    /// BLEU: the tokeniser (13a, intl, char, none, zh; flores101, flores200 with --spm-model).
    #[arg(long, value_parser = ["13a", "intl", "char", "none", "zh", "flores101", "flores200"])]
    pub(crate) tokenize: Option<String>,
    /// BLEU: the SentencePiece model file for --tokenize flores101|flores200 (sacrebleu's, or any Unigram one).
    #[arg(long, value_name = "FILE")]
    pub(crate) spm_model: Option<std::path::PathBuf>,
    /// BLEU: the smoothing method.
    #[arg(long, value_enum)]
    pub(crate) smooth_method: Option<SmoothArg>,
    /// BLEU: the value for floor or add-k smoothing.
    #[arg(long)]
    pub(crate) smooth_value: Option<f64>,
    /// BLEU: the highest n-gram order (4).
    #[arg(long)]
    pub(crate) max_ngram_order: Option<usize>,
    /// BLEU: effective order (sacrebleu's sentence_bleu sets it).
    #[arg(long)]
    pub(crate) effective_order: bool,
    /// TER: tercom's normalisation.
    #[arg(long)]
    pub(crate) ter_normalized: bool,
    /// TER: remove punctuation.
    #[arg(long)]
    pub(crate) no_punct: bool,
    /// TER: keep case.
    #[arg(long)]
    pub(crate) case_sensitive: bool,
    /// TER: sacrebleu's asian_support (CJK split off with --ter-normalized, Asian punctuation removed with
    /// --no-punct).
    #[arg(long)]
    pub(crate) asian_support: bool,
    /// WER family: the text as given (jiwer's defaults), not the A1 rule.
    #[arg(long)]
    pub(crate) no_normalize: bool,
    /// WER family: jiwer's transformations, in order (implies --no-normalize), e.g.
    /// lowercase,remove-punctuation,strip,reduce-to-list-of-words.
    #[arg(long, value_delimiter = ',')]
    pub(crate) transform: Vec<String>,
    /// REF and HYP are plain-text files, paired line by line (jiwer's lists).
    #[arg(long)]
    pub(crate) lines: bool,
    /// WER family: print jiwer's visualize_alignment text instead of the numbers.
    #[arg(long)]
    pub(crate) visualize: bool,
    /// With --visualize: jiwer's line_width.
    #[arg(long, requires = "visualize")]
    pub(crate) line_width: Option<usize>,
    /// WER family: print jiwer's visualize_error_counts text (errors by chunk) instead of the numbers.
    #[arg(long, conflicts_with = "visualize")]
    pub(crate) error_counts: bool,
    /// WER family: a FROM=TO pair for the substitute-words transform (jiwer's SubstituteWords); repeat it.
    #[arg(long, value_name = "FROM=TO")]
    pub(crate) substitute_word: Vec<String>,
    #[command(flatten)]
    pub(crate) transform_args: crate::evaluate_transforms::TransformArgs,
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
    /// --profile / --fold (chrF only; refused for the other peers' metrics).
    pub folding: &'a uraikal_text::Folding,
}

/// A --pairs record whose reference may be a list (several references; null entries are skipped).
#[derive(Deserialize)]
pub(crate) struct PeerRecord {
    #[serde(default)]
    pub id: Value,
    pub reference: References,
    pub hypothesis: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum References {
    One(String),
    Many(Vec<Option<String>>),
}

impl References {
    pub fn list(&self) -> Vec<&str> {
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
        return crate::evaluate_jiwer::wer_family(args, metric, unit, &inputs).map(Some);
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
            tokenizer: match args.tokenize.as_deref().unwrap_or("13a") {
                "flores101" | "flores200" => Tokenizer::None,
                name => name.parse::<Tokenizer>()?,
            },
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
    let spm_name = args.tokenize.as_deref().filter(|name| name.starts_with("flores"));
    let (scorer, encode_error) = match (&scorer, spm_name) {
        (Scorer::Bleu(bleu), Some(name)) => {
            let (spm, error) = crate::evaluate_spm::tokenizer(name, args.spm_model.as_deref())?;
            (Scorer::SpmBleu(*bleu, spm), Some(error))
        }
        _ if args.spm_model.is_some() => bail!("--spm-model is for --metric bleu --tokenize flores101|flores200"),
        _ => (scorer, None),
    };
    sacrebleu_metric(args, &scorer, &inputs, encode_error.as_ref()).map(Some)
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

fn sacrebleu_metric(
    args: &PeerArgs,
    scorer: &Scorer,
    inputs: &Inputs<'_>,
    encode_error: Option<&crate::evaluate_spm::EncodeError>,
) -> Result<ExitCode> {
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
    let segments: Vec<(Value, Vec<String>, String)> = if inputs.folding.is_none() {
        segments
    } else {
        let fold = |text: &str| inputs.folding.apply(text).into_owned();
        segments.into_iter().map(|(id, refs, hyp)| (id, refs.iter().map(|r| fold(r)).collect(), fold(&hyp))).collect()
    };
    let all_stats: Vec<_> = segments
        .iter()
        .map(|(_, references, hypothesis)| {
            let references: Vec<&str> = references.iter().map(String::as_str).collect();
            scorer.stats(&references, hypothesis)
        })
        .collect();
    if let Some(error) = encode_error {
        crate::evaluate_spm::check(error)?;
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut total = scorer.zero();
    let mut counts = Vec::with_capacity(segments.len());
    let batch = inputs.pairs.is_some() || segments.len() != 1;
    for ((id, references, _), stats) in segments.iter().zip(&all_stats) {
        if batch {
            let mut record = Map::new();
            if !id.is_null() {
                record.insert("id".into(), id.clone());
            }
            record.extend(line(scorer, scorer.score(stats)));
            serde_json::to_writer(&mut out, &record)?;
            out.write_all(b"\n")?;
        }
        total.add(stats);
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
pub(crate) fn texts(args: &PeerArgs, inputs: &Inputs<'_>) -> Result<(Vec<String>, Vec<String>)> {
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
