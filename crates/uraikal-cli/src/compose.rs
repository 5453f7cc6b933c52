//! `uraikal decompose [TEXT|-]` and `uraikal compose [TEXT|-]`: Tamil and Sinhala letters to consonant +
//! virama + independent vowel and back (SPEC G6). Text from stdin is handled line by line. A text that
//! cannot be (de)composed exactly is an error naming the line and byte (exit 2).

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::Args;
use serde::Serialize;

use crate::common;

/// Arguments of `uraikal decompose` and `uraikal compose`.
#[derive(Args)]
pub struct ComposeArgs {
    /// The text; `-` or nothing reads stdin (line by line).
    text: Option<String>,
    /// JSON output: {"input", "output"}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Line<'a> {
    input: &'a str,
    output: &'a str,
}

/// Runs `uraikal decompose` (`decompose` true) or `uraikal compose`.
pub fn run(args: ComposeArgs, decompose: bool) -> Result<ExitCode> {
    let input = common::text_arg(args.text.as_deref())?;
    let lines: Vec<&str> =
        if common::is_stdin(args.text.as_deref()) { input.lines().collect() } else { vec![input.as_str()] };
    // From stdin, a line that cannot be (de)composed is reported and the stream goes on; the exit status
    // says that some lines failed.
    let mut failed = 0;
    for (index, line) in lines.iter().enumerate() {
        let result = if decompose { uraikal_text::decompose(line) } else { uraikal_text::compose(line) };
        let output = match result {
            Ok(output) => output,
            Err(e) if lines.len() > 1 => {
                eprintln!("uraikal: error: line {}: {e}", index + 1);
                failed += 1;
                continue;
            }
            Err(e) => return Err(anyhow!("{e}")),
        };
        if args.json {
            common::print_json(&Line { input: line, output: &output })?;
        } else {
            println!("{output}");
        }
    }
    if failed > 0 {
        eprintln!("uraikal: {failed} of {} lines failed", lines.len());
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}
