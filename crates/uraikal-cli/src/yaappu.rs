//! `uraikal yaappu`: scan a verse (lines separated by newlines), or a JSONL file of verses, for metre.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use serde_json::Value;

use crate::common;

/// Scan Tamil verse: letters → அசை → சீர் (வாய்பாடு) → தளை → verdict (குறள் வெண்பா …).
#[derive(Args)]
pub struct YaappuArgs {
    /// The verse, lines separated by newlines; `-` or absent reads stdin.
    text: Option<String>,
    /// A JSONL file of records {"id", "text"}; prints one JSON line per verse.
    #[arg(long, conflicts_with = "text")]
    input: Option<PathBuf>,
    /// Print JSON instead of the readable scansion.
    #[arg(long)]
    json: bool,
}

pub fn run(args: YaappuArgs) -> Result<ExitCode> {
    if let Some(path) = &args.input {
        // Every record is checked before anything is printed: bad input gives an error and no partial output.
        let records = uraikal_io::parse_jsonl::<Value>(path)?;
        let mut lines = Vec::with_capacity(records.len());
        for record in records {
            let Some(text) = record.value.get("text").and_then(Value::as_str) else {
                bail!("{}:{}: a record needs a string \"text\"", path.display(), record.line);
            };
            let id = record.value.get("id").cloned().unwrap_or(Value::Null);
            let mut value = uraikal_yaappu::scan(text).to_json();
            value.as_object_mut().expect("to_json builds an object").insert("id".into(), id);
            lines.push(serde_json::to_string(&value)?);
        }
        let mut out = std::io::stdout().lock();
        for line in lines {
            writeln!(out, "{line}")?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let text = common::text_arg(args.text.as_deref())?;
    let scan = uraikal_yaappu::scan(&text);
    if args.json {
        common::print_json(&scan.to_json())?;
    } else {
        print!("{}", readable(&scan));
    }
    Ok(ExitCode::SUCCESS)
}

fn readable(scan: &uraikal_yaappu::Scan) -> String {
    let mut s = String::new();
    let mut line = 0;
    for c in &scan.cirs {
        if c.line != line {
            if line != 0 {
                s.push('\n');
            }
            line = c.line;
        } else {
            s.push_str("  ·  ");
        }
        s.push_str(&format!("{} {}", c.asai_text.join("/"), c.pattern.unwrap_or("?")));
    }
    s.push('\n');
    if !scan.talai.is_empty() {
        let names: Vec<_> = scan.talai.iter().map(|t| t.name()).collect();
        s.push_str(&format!("தளை: {}\n", names.join(", ")));
    }
    match scan.metre {
        Some(m) if scan.valid => s.push_str(&format!("valid: {m}\n")),
        _ => s.push_str("not a valid வெண்பா\n"),
    }
    for t in &scan.toggles {
        s.push_str(&format!("toggled: {} {} in cir {}\n", t.kind.name(), t.letter, t.cir));
    }
    for p in &scan.problems {
        s.push_str(&format!("problem: {p}\n"));
    }
    s
}
