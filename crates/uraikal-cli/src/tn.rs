//! `uraikal tn`: text normalisation for speech (issue 12), a thin layer over `uraikal_numbers::tn`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use serde_json::json;

use crate::common;
use uraikal_numbers::Register;

/// Arguments of `uraikal tn`.
#[derive(Args)]
pub struct TnArgs {
    /// The text, or - (or nothing) for stdin (one output line per input line).
    text: Option<String>,
    /// Spoken (colloquial, the default) or written (formal) Tamil.
    #[arg(long, value_enum, default_value_t = Register::Spoken)]
    register: Register,
    /// Print JSON (one object per line: text, register, spoken).
    #[arg(long)]
    json: bool,
}

/// Runs `uraikal tn`.
pub fn run(args: TnArgs) -> Result<ExitCode> {
    let input = common::text_arg(args.text.as_deref())?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in common::input_lines(&input, common::is_stdin(args.text.as_deref())) {
        let spoken = uraikal_numbers::tn(line, args.register);
        if args.json {
            serde_json::to_writer(
                &mut out,
                &json!({"text": line, "register": args.register.as_str(), "spoken": spoken}),
            )?;
            writeln!(out)?;
        } else {
            writeln!(out, "{spoken}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
