//! Helpers every subcommand shares: reading the text argument or stdin, printing JSON, and turning
//! errors into messages and exit codes.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use anyhow::{anyhow, Result};

/// Exit code for bad input or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code for a check that ran and failed.
pub const EXIT_FAILED: u8 = 1;

/// An error that means "a check ran and failed" (exit 1) rather than "bad input" (exit 2).
#[derive(Debug)]
pub struct CheckFailed(pub String);

impl std::fmt::Display for CheckFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CheckFailed {}

/// Prints the error chain on stderr and picks the exit code.
pub fn report(err: anyhow::Error) -> ExitCode {
    let mut msg = format!("uraikal: error: {err}");
    for cause in err.chain().skip(1) {
        msg.push_str(&format!("\n  caused by: {cause}"));
    }
    eprintln!("{msg}");
    if err.downcast_ref::<CheckFailed>().is_some() {
        ExitCode::from(EXIT_FAILED)
    } else {
        ExitCode::from(EXIT_BAD_INPUT)
    }
}

/// The text argument, or all of stdin when it is `-` or absent. Invalid UTF-8 is an error naming the byte
/// offset of the first bad byte.
pub fn text_arg(arg: Option<&str>) -> Result<String> {
    match arg {
        Some(t) if t != "-" => Ok(t.to_string()),
        _ => read_stdin(),
    }
}

/// All of stdin as UTF-8.
pub fn read_stdin() -> Result<String> {
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes)?;
    String::from_utf8(bytes)
        .map_err(|e| anyhow!("stdin is not valid UTF-8: invalid byte at offset {}", e.utf8_error().valid_up_to()))
}

/// True when the text came from stdin (so that line-by-line commands keep one output line per input line).
pub fn is_stdin(arg: Option<&str>) -> bool {
    matches!(arg, None | Some("-"))
}

/// The input as lines when it came from stdin (one output line per input line; `\r\n` ends a line too),
/// else an argument as one text.
pub fn input_lines(input: &str, from_stdin: bool) -> Vec<&str> {
    if !from_stdin {
        return vec![input];
    }
    let body = input.strip_suffix('\n').unwrap_or(input);
    if input.is_empty() {
        return Vec::new();
    }
    body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect()
}

/// Prints a value as JSON (one line) on stdout.
pub fn print_json<T: serde::Serialize + ?Sized>(value: &T) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Prints a value as pretty JSON on stdout.
pub fn print_json_pretty<T: serde::Serialize + ?Sized>(value: &T) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// Bootstrap replicates: at most a million (16 bytes a replicate per slice are kept; beyond that the
/// intervals do not get better and memory runs out).
pub fn parse_replicates(text: &str) -> Result<usize, String> {
    const MAX: usize = 1_000_000;
    let n: usize = text.parse().map_err(|_| format!("{text:?} is not a number of replicates"))?;
    if n > MAX {
        return Err(format!("{n} replicates: at most {MAX} (the default is 1,000)"));
    }
    Ok(n)
}

/// Like other Unix filters, end quietly when stdout is closed early (`uraikal … | head`) instead of failing
/// on the next write: restore the default SIGPIPE action, which Rust's runtime sets to "ignore".
pub fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
