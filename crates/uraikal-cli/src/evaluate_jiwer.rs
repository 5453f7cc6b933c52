//! jiwer's WER/MER/WIL/WIP in `uraikal evaluate` (SPEC M13, M14): transformations, list pairing and
//! `visualize_alignment`. Argument handling and printing only; the numbers come from
//! `uraikal_metrics::transforms::ListRates`.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{bail, Result};
use serde_json::{json, Map, Value};
use uraikal_metrics::jiwer::{visualize_alignment_width, Level};
use uraikal_metrics::transforms::{visualize_error_counts, ListRates};

use crate::evaluate::{EvalMetric, UnitArg};
use crate::evaluate_peers::{texts, Inputs, PeerArgs, PeerRecord};

pub(crate) fn wer_family(args: &PeerArgs, metric: EvalMetric, unit: UnitArg, inputs: &Inputs<'_>) -> Result<ExitCode> {
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
    let scored = ListRates::of(&references, &hypotheses, &pipeline, a1_rule)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.visualize || args.error_counts {
        let sentences = scored.sentences();
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
        line.insert("reference_units".into(), json!(scored.references[k]));
        line.insert("hypothesis_units".into(), json!(scored.hypotheses[k]));
    };
    // remove-empty-strings may drop sentences; ids then no longer line up and are left out.
    let ids_line_up = ids.len() == scored.counts.len();
    if batch {
        for (k, c) in scored.counts.iter().enumerate() {
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
    let mut last = Map::new();
    if batch {
        last.insert("corpus".into(), json!(true));
        last.insert("pairs".into(), json!(scored.counts.len()));
    }
    last.extend(record(scored.rates, scored.total()));
    if !batch && scored.counts.len() == 1 {
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
