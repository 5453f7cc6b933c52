//! `uraikal numbers`: Tamil number words and numerals (issue 3), a thin layer over uraikal-numbers.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::Subcommand;
use serde_json::json;
use uraikal_numbers::{Register, Style};

use crate::common;

/// The subcommands of `uraikal numbers`.
#[derive(Subcommand)]
pub enum NumbersCommand {
    /// Write a number in Tamil words (integers |n| < 10^15, decimals like -12.05).
    ToWords {
        /// The number.
        #[arg(allow_hyphen_values = true)]
        number: String,
        /// Spoken (colloquial, the default) or written (formal) Tamil.
        #[arg(long, value_enum, default_value_t = Register::Spoken)]
        register: Register,
        /// The ordinal (ரெண்டாவது) instead of the cardinal.
        #[arg(long)]
        ordinal: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Rewrite number words inside Tamil text as digits (stdin: one output line per input line).
    ToDigits {
        /// The text, or - (or nothing) for stdin.
        text: Option<String>,
        /// Print JSON (one object per line).
        #[arg(long)]
        json: bool,
    },
    /// Read a Tamil numeral, traditional (௲௯௱௫௰௬) or positional (௨௦௨௪).
    FromNumerals {
        /// The numeral, or - (or nothing) for stdin, one numeral per line.
        text: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write a number as a Tamil numeral.
    ToNumerals {
        /// The number (0 ≤ n < 2^64).
        number: u64,
        /// Traditional (CLDR %tamil, the default) or positional.
        #[arg(long, value_enum, default_value_t = Style::Traditional)]
        style: Style,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs one `uraikal numbers` subcommand.
pub fn run(command: NumbersCommand) -> Result<ExitCode> {
    match command {
        NumbersCommand::ToWords { number, register, ordinal, json } => {
            let words = if ordinal {
                let n: u64 = number.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    anyhow!(
                        "{number:?} has no ordinal: --ordinal needs a positive integer (ordinals start at 1, முதலாவது)"
                    )
                })?;
                uraikal_numbers::to_ordinal_words(n, register)?
            } else {
                uraikal_numbers::decimal_to_words(&number, register)?
            };
            if json {
                common::print_json(
                    &json!({"number": number, "register": register.as_str(), "ordinal": ordinal, "words": words}),
                )?;
            } else {
                println!("{words}");
            }
        }
        NumbersCommand::ToDigits { text, json } => {
            let input = common::text_arg(text.as_deref())?;
            let mut out = std::io::stdout().lock();
            for line in common::input_lines(&input, common::is_stdin(text.as_deref())) {
                let digits = uraikal_numbers::to_digits(line);
                if json {
                    serde_json::to_writer(&mut out, &json!({"text": line, "digits": digits}))?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{digits}")?;
                }
            }
        }
        NumbersCommand::FromNumerals { text, json } => {
            let stdin = common::is_stdin(text.as_deref());
            let input = common::text_arg(text.as_deref())?;
            let mut out = std::io::stdout().lock();
            // From stdin, a bad line is reported and the stream goes on; the exit status says some failed.
            let mut failed = 0;
            for (index, line) in common::input_lines(&input, stdin).into_iter().enumerate() {
                let n = match uraikal_numbers::from_numerals(line) {
                    Ok(n) => n,
                    Err(e) if stdin => {
                        eprintln!("uraikal: error: stdin line {}: {line:?}: {e}", index + 1);
                        failed += 1;
                        continue;
                    }
                    Err(e) => return Err(anyhow::Error::new(e).context(format!("numeral {line:?}"))),
                };
                if json {
                    serde_json::to_writer(&mut out, &json!({"numerals": line, "number": n}))?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{n}")?;
                }
            }
            if failed > 0 {
                out.flush()?;
                eprintln!("uraikal: {failed} line(s) failed");
                return Ok(ExitCode::from(2));
            }
        }
        NumbersCommand::ToNumerals { number, style, json } => {
            let name = style.as_str();
            let numerals = uraikal_numbers::to_numerals(number, style);
            if json {
                common::print_json(&json!({"number": number, "style": name, "numerals": numerals}))?;
            } else {
                println!("{numerals}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
