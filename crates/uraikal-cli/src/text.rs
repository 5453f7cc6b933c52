//! `uraikal text letters|length|clean|normalize|share`: the text library on the command line.
//!
//! The text is the argument, or stdin when it is `-` or absent. `clean`, `normalize` and `share` work line
//! by line on stdin (one output line per input line); `letters` and `length` treat stdin as one text without
//! its final line break. Plain output prints one item per line; `--json` prints one JSON value.

use std::io::{self, Write};

use anyhow::Result;
use clap::{Args, Subcommand};
use serde::Serialize;
use uraikal_text::{clean_with, letters_with, normalize, tamil_share, CleanOptions, LetterOptions};

use crate::common::{is_stdin, print_json, text_arg};

/// `uraikal text ...`
#[derive(Subcommand)]
pub enum TextCommand {
    /// Tamil letters (எழுத்து), one per line; non-Tamil text as grapheme clusters.
    Letters(LettersArgs),
    /// Each letter with its prosodic length: kuril, nedil, otru, aaytham or other.
    Length(LettersArgs),
    /// Repair legacy-font / PDF / OCR Tamil (visual vowel order, ஂ, doubled signs); NFC.
    Clean(CleanArgs),
    /// The frozen scoring normaliser of track A1 (SPEC N).
    Normalize(PlainArgs),
    /// The share of letter code points that are Tamil.
    Share(PlainArgs),
    /// Lines in Tamil dictionary order (அ…ஔ ஃ க…ன, then grantha), not code-point order.
    Sort(crate::text_parity::SortArgs),
    /// Romanise Tamil (ISO 15919 or casual), or ISO 15919 back to Tamil.
    Translit(crate::text_parity::TranslitArgs),
    /// Split text into sentences (Tamil initials, abbreviations and decimals kept), one per line.
    Sentences(crate::text_parity::SplitArgs),
    /// Word tokens (punctuation split off), one per line; --no-stop-words drops the Tamil stop words.
    Words(crate::text_parity::SplitArgs),
}

/// Arguments of `letters` and `length`.
#[derive(Args)]
pub struct LettersArgs {
    /// The text; stdin when `-` or absent.
    text: Option<String>,
    /// Keep க்ஷ and ஸ்ரீ as one letter each.
    #[arg(long)]
    ligatures: bool,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Arguments of `clean`.
#[derive(Args)]
pub struct CleanArgs {
    /// The text; stdin when `-` or absent.
    text: Option<String>,
    /// Read Cெள / ஒள as ௌ / ஔ (literary text; wrong for spoken Tamil such as கெளம்பு).
    #[arg(long)]
    legacy_au: bool,
    /// Convert legacy font-encoded runs (Bamini, TSCII, …) to Unicode first: `auto` detects them per line.
    #[arg(long, value_name = "auto", value_parser = ["auto"])]
    legacy: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Arguments of `normalize` and `share`.
#[derive(Args)]
pub struct PlainArgs {
    /// The text; stdin when `-` or absent.
    text: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct LetterLength<'a> {
    letter: &'a str,
    length: &'static str,
}

#[derive(Serialize)]
struct Share {
    tamil_share: f64,
}

/// Runs a `text` subcommand.
pub fn run(command: TextCommand) -> Result<()> {
    match command {
        TextCommand::Letters(args) => {
            let text = whole_text(args.text.as_deref())?;
            let units: Vec<&str> =
                letters_with(&text, LetterOptions::ligatures(args.ligatures)).map(|l| l.text).collect();
            if args.json {
                print_json(&units)
            } else {
                print_lines(units.iter().map(|u| visible(u)))
            }
        }
        TextCommand::Length(args) => {
            let text = whole_text(args.text.as_deref())?;
            let units: Vec<LetterLength> = letters_with(&text, LetterOptions::ligatures(args.ligatures))
                .map(|l| LetterLength { letter: l.text, length: l.length().as_str() })
                .collect();
            if args.json {
                print_json(&units)
            } else {
                print_lines(units.iter().map(|u| format!("{}\t{}", visible(u.letter), u.length)))
            }
        }
        TextCommand::Clean(args) => {
            let options = CleanOptions::legacy_au(args.legacy_au);
            match args.legacy {
                Some(_) => per_line(args.text.as_deref(), args.json, |line| uraikal_legacy::clean_auto(line, options)),
                None => per_line(args.text.as_deref(), args.json, |line| clean_with(line, options)),
            }
        }
        TextCommand::Normalize(args) => per_line(args.text.as_deref(), args.json, normalize),
        TextCommand::Share(args) => {
            let lines = input_lines(args.text.as_deref())?;
            let shares: Vec<f64> = lines.iter().map(|l| tamil_share(l)).collect();
            match (args.json, shares.as_slice()) {
                (true, [one]) => print_json(&Share { tamil_share: *one }),
                (true, _) => print_json(&shares.iter().map(|&s| Share { tamil_share: s }).collect::<Vec<_>>()),
                (false, _) => print_lines(shares.iter().map(|s| s.to_string())),
            }
        }
        TextCommand::Sort(args) => crate::text_parity::sort(args),
        TextCommand::Translit(args) => crate::text_parity::translit(args),
        TextCommand::Sentences(args) => crate::text_parity::split(args, false),
        TextCommand::Words(args) => crate::text_parity::split(args, true),
    }
}

/// The text argument, or stdin without its final line break.
fn whole_text(arg: Option<&str>) -> Result<String> {
    let mut text = text_arg(arg)?;
    if is_stdin(arg) && text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
    Ok(text)
}

/// The argument as one line, or the lines of stdin.
fn input_lines(arg: Option<&str>) -> Result<Vec<String>> {
    let text = text_arg(arg)?;
    if is_stdin(arg) {
        Ok(text.lines().map(str::to_string).collect())
    } else {
        Ok(vec![text])
    }
}

/// Applies `f` to the argument, or to each line of stdin; JSON prints a string (argument) or an array.
fn per_line(arg: Option<&str>, json: bool, f: impl Fn(&str) -> String) -> Result<()> {
    let outputs: Vec<String> = input_lines(arg)?.iter().map(|l| f(l)).collect();
    match (json, is_stdin(arg)) {
        (true, false) => print_json(&outputs[0]),
        (true, true) => print_json(&outputs),
        (false, _) => print_lines(outputs.iter()),
    }
}

/// A unit as printed one per line: line breaks and tabs are escaped so that each unit stays on its line.
fn visible(unit: &str) -> String {
    if unit.chars().any(|c| matches!(c, '\n' | '\r' | '\t')) {
        unit.escape_default().to_string()
    } else {
        unit.to_string()
    }
}

fn print_lines<T: std::fmt::Display>(lines: impl Iterator<Item = T>) -> Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}
