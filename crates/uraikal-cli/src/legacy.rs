//! `uraikal legacy`: legacy Tamil font encodings (issue 19), a thin layer over `uraikal_legacy`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use serde_json::json;
use uraikal_legacy::Encoding;

use crate::common;

/// Arguments of `uraikal legacy`.
#[derive(Args)]
pub struct LegacyArgs {
    #[command(subcommand)]
    command: LegacyCommand,
}

#[derive(Subcommand)]
enum LegacyCommand {
    /// The encodings, their aliases and kinds.
    List {
        /// Print JSON: [{"name", "aliases", "kind"}].
        #[arg(long)]
        json: bool,
    },
    /// Legacy text → Unicode (one output line per input line from stdin).
    Decode {
        /// The encoding, or "auto" to detect it per line and convert only the legacy runs.
        #[arg(long)]
        from: String,
        /// The text, or - (or nothing) for stdin.
        text: Option<String>,
        /// Read raw 8-bit bytes from FILE (TSCII as glibc's iconv reads it; other encodings as Latin-1).
        #[arg(long, value_name = "FILE", conflicts_with = "text")]
        bytes: Option<PathBuf>,
    },
    /// Unicode → legacy text (one output line per input line from stdin).
    Encode {
        /// The encoding.
        #[arg(long)]
        to: String,
        /// The text, or - (or nothing) for stdin.
        text: Option<String>,
        /// Write a letter the encoding lacks as itself (Unicode) instead of failing.
        #[arg(long)]
        lossy: bool,
    },
    /// The most likely encoding of each line, with its legacy runs.
    Detect {
        /// The text, or - (or nothing) for stdin.
        text: Option<String>,
        /// Print JSON, one {"encoding", "confidence", "runs": [{"start", "end", "encoding"}]} per line.
        #[arg(long)]
        json: bool,
    },
}

fn encoding(name: &str) -> Result<Encoding> {
    Encoding::from_name(name).map_err(|e| anyhow!("{e} (and \"auto\" for decode)"))
}

/// Runs `uraikal legacy`.
pub fn run(args: LegacyArgs) -> Result<ExitCode> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match args.command {
        LegacyCommand::List { json } => {
            if json {
                let list: Vec<_> = Encoding::all()
                    .map(|e| json!({"name": e.name(), "aliases": e.aliases(), "kind": e.kind().as_str()}))
                    .collect();
                serde_json::to_writer(&mut out, &list)?;
                writeln!(out)?;
            } else {
                for e in Encoding::all() {
                    writeln!(out, "{:14} {:13} {}", e.name(), e.kind().as_str(), e.aliases().join(", "))?;
                }
            }
        }
        LegacyCommand::Decode { from, text, bytes } => {
            let auto = from.eq_ignore_ascii_case("auto");
            let enc = if auto { None } else { Some(encoding(&from)?) };
            if let Some(path) = bytes {
                let data = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                let decoded = match enc {
                    Some(e) if e.name() == "tscii" => uraikal_legacy::decode_tscii_bytes(&data),
                    Some(e) => e.decode(&data.iter().map(|&b| b as char).collect::<String>()),
                    None => bail!("--bytes needs the encoding (--from tscii, …), not auto"),
                };
                out.write_all(decoded.as_bytes())?;
                if !decoded.ends_with('\n') {
                    writeln!(out)?;
                }
            } else {
                let input = common::text_arg(text.as_deref())?;
                let mut buffer = String::with_capacity(input.len() * 2);
                for line in common::input_lines(&input, common::is_stdin(text.as_deref())) {
                    match enc {
                        Some(e) => e.decode_into(line, &mut buffer),
                        None => buffer.push_str(&uraikal_legacy::decode_auto(line)),
                    }
                    buffer.push('\n');
                    if buffer.len() > 1 << 20 {
                        out.write_all(buffer.as_bytes())?;
                        buffer.clear();
                    }
                }
                out.write_all(buffer.as_bytes())?;
            }
        }
        LegacyCommand::Encode { to, text, lossy } => {
            let enc = encoding(&to)?;
            let input = common::text_arg(text.as_deref())?;
            let from_stdin = common::is_stdin(text.as_deref());
            // Everything is encoded before anything is printed: a refused letter leaves no half output.
            let mut buffer = String::with_capacity(input.len() * 2);
            for (n, line) in common::input_lines(&input, from_stdin).into_iter().enumerate() {
                let encoded = if lossy {
                    enc.encode_lossy(line)
                } else {
                    enc.encode(line).map_err(|e| match from_stdin {
                        true => anyhow!("stdin:{}: {e}", n + 1),
                        false => anyhow!("{e}"),
                    })?
                };
                buffer.push_str(&encoded);
                buffer.push('\n');
            }
            out.write_all(buffer.as_bytes())?;
        }
        LegacyCommand::Detect { text, json } => {
            let input = common::text_arg(text.as_deref())?;
            for line in common::input_lines(&input, common::is_stdin(text.as_deref())) {
                let d = uraikal_legacy::detect(line);
                let name = d.encoding.map(Encoding::name);
                if json {
                    let runs: Vec<_> = d
                        .runs
                        .iter()
                        .map(|r| json!({"start": r.start, "end": r.end, "encoding": r.encoding.name()}))
                        .collect();
                    let confidence = (d.confidence * 1000.0).round() / 1000.0;
                    serde_json::to_writer(
                        &mut out,
                        &json!({"encoding": name, "confidence": confidence, "runs": runs}),
                    )?;
                    writeln!(out)?;
                } else {
                    writeln!(out, "{}\t{:.3}", name.unwrap_or("-"), d.confidence)?;
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
