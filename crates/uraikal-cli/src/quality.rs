//! `uraikal quality` and `uraikal register` (issue 20): a thin layer over `uraikal_quality` (SPEC Q).

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use rayon::prelude::*;
use serde_json::{json, Value};
use uraikal_quality::register::Model;
use uraikal_quality::{assess, Config};

use crate::common;

/// Arguments of `uraikal quality`.
#[derive(Args)]
pub struct QualityArgs {
    /// JSONL documents (one {"id", "text"} object a line), or - (or nothing) for stdin.
    input: Option<String>,
    /// The field that holds the text.
    #[arg(long, default_value = "text")]
    text_field: String,
    /// Also print the repaired text ("text": the input when nothing was repaired).
    #[arg(long)]
    repair: bool,
    /// Print JSON lines {"id", "score", "decision", "reasons", "signals"} (default: id, decision, score, reasons).
    #[arg(long)]
    json: bool,
    /// Thresholds as JSON (SPEC Q2; missing fields keep the defaults).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

/// Arguments of `uraikal register`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct RegisterArgs {
    #[command(subcommand)]
    command: Option<RegisterCommand>,
    /// JSONL documents (one {"id", "text"} object a line), or - (or nothing) for stdin.
    input: Option<String>,
    /// The field that holds the text.
    #[arg(long, default_value = "text")]
    text_field: String,
    /// A model from `uraikal register train` [default: the shipped model].
    #[arg(long)]
    model: Option<PathBuf>,
    /// Print JSON lines {"id", "register", "scores", "features"} (default: id and register).
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand)]
enum RegisterCommand {
    /// Train a model on labelled JSONL ({"text", "register"}) and write it as JSON.
    Train {
        /// The labelled documents.
        #[arg(long)]
        data: PathBuf,
        /// The model file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// A document: its id (the "id" field, else the line number) and text.
struct Doc {
    id: Value,
    text: String,
    extra: Option<String>,
}

/// Reads JSONL documents; bad lines are errors naming file:line.
fn read_docs(input: Option<&str>, field: &str, extra: Option<&str>) -> Result<Vec<Doc>> {
    let (name, text) = match input {
        Some(p) if p != "-" => (p.to_owned(), uraikal_io::read_utf8(std::path::Path::new(p))?),
        _ => ("<stdin>".to_owned(), common::read_stdin()?),
    };
    let mut docs = Vec::new();
    for (line, bytes) in uraikal_io::non_blank_lines(text.as_bytes()) {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| anyhow!("{name}:{line}: not JSON: {e}"))?;
        let text = value
            .get(field)
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("{name}:{line}: no string field {field:?}"))?
            .to_owned();
        let extra = match extra {
            Some(f) => Some(
                value
                    .get(f)
                    .and_then(Value::as_str)
                    .ok_or_else(|| anyhow!("{name}:{line}: no string field {f:?}"))?
                    .to_owned(),
            ),
            None => None,
        };
        let id = value.get("id").cloned().unwrap_or_else(|| json!(line));
        docs.push(Doc { id, text, extra });
    }
    Ok(docs)
}

fn id_text(id: &Value) -> String {
    id.as_str().map_or_else(|| id.to_string(), str::to_owned)
}

/// Runs `uraikal quality`.
pub fn run_quality(args: QualityArgs) -> Result<ExitCode> {
    let config = match &args.config {
        Some(path) => Config::from_json(&uraikal_io::read_utf8(path)?).with_context(|| path.display().to_string())?,
        None => Config::default(),
    };
    let docs = read_docs(args.input.as_deref(), &args.text_field, None)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    // A progress bar on long inputs, only when someone is watching stderr.
    let bar = if docs.len() >= 10_000 && std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(docs.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut decisions: BTreeMap<&str, usize> = BTreeMap::new();
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    // Documents are assessed in parallel a block at a time and printed in input order as each block is done.
    for block in docs.chunks(4096) {
        let results: Vec<_> = block.par_iter().map(|d| assess(&d.text, &config)).collect();
        bar.inc(results.len() as u64);
        for (doc, a) in block.iter().zip(results) {
            *decisions.entry(a.decision.as_str()).or_default() += 1;
            for r in &a.reasons {
                *reasons.entry(r.as_str()).or_default() += 1;
            }
            if args.json {
                let mut line = json!({
                    "id": doc.id, "score": a.score, "decision": a.decision,
                    "reasons": a.reasons, "signals": a.signals,
                });
                if args.repair {
                    line["text"] = json!(a.repaired);
                }
                serde_json::to_writer(&mut out, &line)?;
                writeln!(out)?;
            } else {
                let names: Vec<&str> = a.reasons.iter().map(|r| r.as_str()).collect();
                write!(out, "{}\t{}\t{:.3}\t{}", id_text(&doc.id), a.decision.as_str(), a.score, names.join(","))?;
                if args.repair {
                    write!(out, "\t{}", a.repaired.replace('\n', "\\n"))?;
                }
                writeln!(out)?;
            }
        }
    }
    out.flush()?;
    bar.finish_and_clear();
    let total: usize = decisions.values().sum();
    let list = |m: &BTreeMap<&str, usize>| m.iter().map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", ");
    eprintln!("quality: {total} documents: {}; reasons: {}", list(&decisions), list(&reasons));
    Ok(ExitCode::SUCCESS)
}

/// Runs `uraikal register`.
pub fn run_register(args: RegisterArgs) -> Result<ExitCode> {
    if let Some(RegisterCommand::Train { data, out }) = args.command {
        let path = data.display().to_string();
        let docs = read_docs(Some(&path), &args.text_field, Some("register"))?;
        if docs.is_empty() {
            bail!("{path}: no labelled documents");
        }
        let model =
            uraikal_quality::register::train(docs.iter().map(|d| (d.text.as_str(), d.extra.as_deref().unwrap_or(""))))
                .with_context(|| path.clone())?;
        uraikal_io::write_atomic(&out, model.to_json().as_bytes())?;
        eprintln!(
            "register: trained on {} documents, {} features → {}",
            docs.len(),
            model.features.len(),
            out.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let owned;
    let model = match &args.model {
        Some(path) => {
            owned = Model::from_json(&uraikal_io::read_utf8(path)?).with_context(|| path.display().to_string())?;
            &owned
        }
        None => Model::default_model(),
    };
    let docs = read_docs(args.input.as_deref(), &args.text_field, None)?;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for doc in &docs {
        let c = model.classify(&doc.text);
        *counts.entry(c.register.clone()).or_default() += 1;
        if args.json {
            serde_json::to_writer(
                &mut out,
                &json!({"id": doc.id, "register": c.register, "scores": c.scores, "features": c.features}),
            )?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}\t{}", id_text(&doc.id), c.register)?;
        }
    }
    out.flush()?;
    let list: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    eprintln!("register: {} documents: {}", docs.len(), list.join(", "));
    Ok(ExitCode::SUCCESS)
}
