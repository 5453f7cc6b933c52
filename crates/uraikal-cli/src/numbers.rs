//! `uraikal numbers`: Tamil number words and numerals (issue 3), a thin layer over uraikal-numbers.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use clap::{Subcommand, ValueEnum};
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
        #[arg(long, value_enum, default_value_t = RegisterArg::Spoken)]
        register: RegisterArg,
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
        #[arg(long, value_enum, default_value_t = StyleArg::Traditional)]
        style: StyleArg,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `--register`.
#[derive(Clone, Copy, ValueEnum)]
pub enum RegisterArg {
    /// Colloquial Tamil (ரெண்டாயிரத்தி முன்னூறு).
    Spoken,
    /// Formal written Tamil (இரண்டாயிரத்து முந்நூறு).
    Written,
}

impl RegisterArg {
    /// The library's register.
    pub fn register(self) -> Register {
        match self {
            RegisterArg::Spoken => Register::Spoken,
            RegisterArg::Written => Register::Written,
        }
    }

    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            RegisterArg::Spoken => "spoken",
            RegisterArg::Written => "written",
        }
    }
}

/// `--style`.
#[derive(Clone, Copy, ValueEnum)]
pub enum StyleArg {
    /// CLDR %tamil (௲௯௱௫௰௬).
    Traditional,
    /// Place-value digits (௨௦௨௪).
    Positional,
}

/// Runs one `uraikal numbers` subcommand.
pub fn run(command: NumbersCommand) -> Result<ExitCode> {
    match command {
        NumbersCommand::ToWords { number, register, ordinal, json } => {
            let words = if ordinal {
                let n: u64 = number
                    .parse()
                    .map_err(|_| anyhow!("{number:?} is not a positive integer (--ordinal needs one)"))?;
                uraikal_numbers::to_ordinal_words(n, register.register())?
            } else {
                uraikal_numbers::decimal_to_words(&number, register.register())?
            };
            if json {
                common::print_json(
                    &json!({"number": number, "register": register.name(), "ordinal": ordinal, "words": words}),
                )?;
            } else {
                println!("{words}");
            }
        }
        NumbersCommand::ToDigits { text, json } => {
            let input = common::text_arg(text.as_deref())?;
            let mut out = std::io::stdout().lock();
            for line in lines(&input, common::is_stdin(text.as_deref())) {
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
            for (index, line) in lines(&input, stdin).into_iter().enumerate() {
                let n = uraikal_numbers::from_numerals(line).with_context(|| {
                    if stdin {
                        format!("stdin line {}: {line:?}", index + 1)
                    } else {
                        format!("numeral {line:?}")
                    }
                })?;
                if json {
                    serde_json::to_writer(&mut out, &json!({"numerals": line, "number": n}))?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{n}")?;
                }
            }
        }
        NumbersCommand::ToNumerals { number, style, json } => {
            let (style, name) = match style {
                StyleArg::Traditional => (Style::Traditional, "traditional"),
                StyleArg::Positional => (Style::Positional, "positional"),
            };
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

/// The input as lines when it came from stdin (one output line per input line), else as one text.
pub fn lines(input: &str, from_stdin: bool) -> Vec<&str> {
    if !from_stdin {
        return vec![input];
    }
    let body = input.strip_suffix('\n').unwrap_or(input);
    if input.is_empty() {
        return Vec::new();
    }
    body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect()
}
