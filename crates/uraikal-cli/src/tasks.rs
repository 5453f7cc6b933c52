//! `uraikal tasks`: practice tasks for reinforcement learning (issue 22), a thin layer over uraikal-tasks:
//! list the families, generate a seeded run as JSONL, score answers against a run.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Subcommand, ValueEnum};
use serde_json::{json, Value};
use uraikal_tasks::{Config, Difficulty, Entry, Lang};

use crate::common;

/// The subcommands of `uraikal tasks`.
#[derive(Subcommand)]
pub enum TasksCommand {
    /// List the task families and what each verifier accepts.
    List {
        /// Print a JSON array of {"name", "description", "accepts"}.
        #[arg(long)]
        json: bool,
    },
    /// Generate N entries of a family as JSONL ({"id","family","question","answer","metadata"} a line).
    Generate {
        /// The family (see `uraikal tasks list`).
        family: String,
        /// How many entries.
        #[arg(long, default_value_t = 100)]
        n: usize,
        /// The seed: the same seed and configuration give the same bytes on every platform.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The difficulty level (overrides the configuration file's).
        #[arg(long, value_enum)]
        difficulty: Option<DifficultyArg>,
        /// A JSON file of knobs: difficulty, lang, min_number, max_number, min_letters, max_letters, words.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The language of the instructions (overrides the configuration file's).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
        /// The output file (written atomically); stdout when absent.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Score answers ({"id","answer"} a line) against generated tasks: per entry and per family.
    Score {
        /// The tasks file written by `tasks generate` (one or several families).
        tasks: PathBuf,
        /// The answers file.
        answers: PathBuf,
        /// Print one {"id","score"} line per task entry, then one summary line per family.
        #[arg(long)]
        json: bool,
    },
}

/// `--difficulty`.
#[derive(Clone, Copy, ValueEnum)]
pub enum DifficultyArg {
    Easy,
    Medium,
    Hard,
}

/// `--lang`.
#[derive(Clone, Copy, ValueEnum)]
pub enum LangArg {
    /// Tamil instructions.
    Ta,
    /// An English instruction before the Tamil question.
    En,
}

/// Runs one `uraikal tasks` subcommand.
pub fn run(command: TasksCommand) -> Result<ExitCode> {
    match command {
        TasksCommand::List { json } => list(json)?,
        TasksCommand::Generate { family, n, seed, difficulty, config, lang, out } => {
            let family = uraikal_tasks::family(&family)?;
            let mut config = match &config {
                Some(path) => {
                    let text = uraikal_io::read_utf8(path)?;
                    Config::from_json(&text).with_context(|| format!("{}", path.display()))?
                }
                None => Config::default(),
            };
            if let Some(d) = difficulty {
                config.difficulty = match d {
                    DifficultyArg::Easy => Difficulty::Easy,
                    DifficultyArg::Medium => Difficulty::Medium,
                    DifficultyArg::Hard => Difficulty::Hard,
                };
            }
            if let Some(l) = lang {
                config.lang = match l {
                    LangArg::Ta => Lang::Ta,
                    LangArg::En => Lang::En,
                };
            }
            config.check()?;
            // Written in 1 MiB pieces: a run of millions of entries is never held in memory whole.
            let mut file = match &out {
                Some(path) => Some(uraikal_io::AtomicFile::create(path)?),
                None => None,
            };
            let mut stdout = std::io::stdout().lock();
            let mut bytes = Vec::with_capacity(1 << 20);
            for index in 0..n as u64 {
                serde_json::to_writer(&mut bytes, &family.entry(seed, index, &config))?;
                bytes.push(b'\n');
                if bytes.len() >= 1 << 20 || index + 1 == n as u64 {
                    match &mut file {
                        Some(file) => file.write(&bytes)?,
                        None => stdout.write_all(&bytes)?,
                    }
                    bytes.clear();
                }
            }
            match file {
                Some(file) => file.commit()?,
                None => stdout.flush()?,
            }
        }
        TasksCommand::Score { tasks, answers, json } => score(&tasks, &answers, json)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn list(json: bool) -> Result<()> {
    let families = uraikal_tasks::families();
    if json {
        let list: Vec<Value> = families
            .iter()
            .map(|f| json!({"name": f.name, "description": f.description, "accepts": f.accepts}))
            .collect();
        return common::print_json(&list);
    }
    let width = families.iter().map(|f| f.name.len()).max().unwrap_or(0);
    for f in families {
        println!("{:width$}  {}", f.name, f.description);
    }
    Ok(())
}

fn score(tasks_path: &Path, answers_path: &Path, json: bool) -> Result<()> {
    // The answers first, then the tasks line by line: each entry is scored as it is read and only its id,
    // family and score are kept (a run of a million entries fits in little memory). Nothing is printed
    // before both files have been read without error.
    let text = uraikal_io::read_utf8(answers_path)?;
    let mut answers: HashMap<String, (String, usize)> = HashMap::new();
    for (line, bytes) in uraikal_io::non_blank_lines(text.as_bytes()) {
        let at = format!("{}:{line}", answers_path.display());
        let record: Value = serde_json::from_slice(bytes).with_context(|| at.clone())?;
        let Some(id) = record.get("id").and_then(Value::as_str) else {
            bail!("{at}: an answer needs a string \"id\"");
        };
        let answer = match record.get("answer") {
            Some(Value::String(s)) => s.clone(),
            Some(v @ (Value::Number(_) | Value::Bool(_))) => v.to_string(),
            _ => bail!("{at}: an answer needs \"answer\" (a string or a number)"),
        };
        if answers.insert(id.to_string(), (answer, line)).is_some() {
            bail!("{at}: a second answer for id {id:?}");
        }
    }
    let text = uraikal_io::read_utf8(tasks_path)?;
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(answers.len());
    let mut rows: Vec<(usize, f64, bool)> = Vec::new();
    let families = uraikal_tasks::families();
    for (line, bytes) in uraikal_io::non_blank_lines(text.as_bytes()) {
        let at = format!("{}:{line}", tasks_path.display());
        let entry: Entry = serde_json::from_slice(bytes).with_context(|| at.clone())?;
        let index = families.iter().position(|f| f.name == entry.family);
        let Some(index) = index else {
            return Err(uraikal_tasks::Error::UnknownFamily(entry.family)).with_context(|| at);
        };
        let answer = answers.remove(&entry.id);
        let score = answer.as_ref().map_or(0.0, |(a, _)| families[index].score(&entry, a));
        rows.push((index, score, answer.is_some()));
        if seen.insert(entry.id, rows.len() - 1).is_some() {
            bail!("{at}: duplicate id");
        }
    }
    if let Some((id, (_, line))) = answers.iter().min_by_key(|(_, (_, line))| *line) {
        bail!("{}:{line}: id {id:?} is not in {}", answers_path.display(), tasks_path.display());
    }
    let summary = uraikal_tasks::summarize(rows.iter().map(|&(f, s, a)| (families[f].name, s, a)));
    let mut ids: Vec<(usize, String)> = seen.into_iter().map(|(id, row)| (row, id)).collect();
    ids.sort_unstable_by_key(|(row, _)| *row);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if json {
        for ((_, id), (_, score, _)) in ids.iter().zip(&rows) {
            serde_json::to_writer(&mut out, &json!({"id": id, "score": score}))?;
            writeln!(out)?;
        }
        for family in &summary {
            serde_json::to_writer(&mut out, family)?;
            writeln!(out)?;
        }
    } else {
        writeln!(out, "{:24} {:>8} {:>8} {:>8} {:>8}", "family", "entries", "answered", "right", "mean")?;
        for f in &summary {
            writeln!(out, "{:24} {:>8} {:>8} {:>8} {:>8.4}", f.family, f.entries, f.answered, f.right, f.mean)?;
        }
    }
    out.flush()?;
    Ok(())
}
