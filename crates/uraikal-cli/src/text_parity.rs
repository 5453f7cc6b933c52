//! `uraikal text sort` (Tamil dictionary order, SPEC T6) and `uraikal text translit` (ISO 15919 both ways
//! and the casual romanisation, SPEC T7), `text sentences` and `text words` (SPEC T8): argument handling and
//! printing over `uraikal_text`.

use std::io::{self, Write};

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};

use crate::common::text_arg;

/// Arguments of `text sort`.
#[derive(Args)]
pub struct SortArgs {
    /// The text (one word or line per line); stdin when `-` or absent.
    text: Option<String>,
    /// Largest first.
    #[arg(long)]
    reverse: bool,
}

/// A romanisation.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Scheme {
    /// ISO 15919 (lossless).
    Iso15919,
    /// Casual Latin spelling (one way).
    Casual,
}

/// Arguments of `text translit`.
#[derive(Args)]
pub struct TranslitArgs {
    /// The text; stdin (line by line) when `-` or absent.
    text: Option<String>,
    /// Tamil script to this romanisation.
    #[arg(long, value_enum, conflicts_with = "from")]
    to: Option<Scheme>,
    /// This romanisation back to Tamil script (iso15919 only).
    #[arg(long, value_enum)]
    from: Option<Scheme>,
}

fn lines(arg: Option<&str>) -> Result<Vec<String>> {
    let text = text_arg(arg)?;
    // An argument may hold several lines too; each line is one item.
    Ok(text.lines().map(str::to_string).collect())
}

fn print(lines: &[String]) -> Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// Runs `text sort`.
pub fn sort(args: SortArgs) -> Result<()> {
    let mut lines = lines(args.text.as_deref())?;
    uraikal_text::sort_tamil(&mut lines);
    if args.reverse {
        lines.reverse();
    }
    print(&lines)
}

/// Runs `text translit`.
pub fn translit(args: TranslitArgs) -> Result<()> {
    let convert: fn(&str) -> String = match (args.to, args.from) {
        (Some(Scheme::Iso15919), None) => uraikal_text::to_iso15919,
        (Some(Scheme::Casual), None) => uraikal_text::to_casual,
        (None, Some(Scheme::Iso15919)) => uraikal_text::from_iso15919,
        (None, Some(Scheme::Casual)) => {
            bail!("--from casual: the casual romanisation is one way (use iso15919)")
        }
        _ => bail!("give --to iso15919|casual or --from iso15919"),
    };
    let lines: Vec<String> = lines(args.text.as_deref())?.iter().map(|l| convert(l)).collect();
    print(&lines)
}

/// Arguments of `text sentences` and `text words`.
#[derive(Args)]
pub struct SplitArgs {
    /// The text; stdin (the whole of it) when `-` or absent.
    text: Option<String>,
    /// `words`: leave out the Tamil stop words (uraikal_text::TAMIL_STOP_WORDS).
    #[arg(long)]
    no_stop_words: bool,
}

/// Runs `text sentences` (`words` false) or `text words`.
pub fn split(args: SplitArgs, words: bool) -> Result<()> {
    let text = text_arg(args.text.as_deref())?;
    let items: Vec<String> = if words {
        uraikal_text::word_tokens(&text)
            .into_iter()
            .filter(|w| !(args.no_stop_words && uraikal_text::is_stop_word(w)))
            .map(str::to_string)
            .collect()
    } else {
        uraikal_text::sentences(&text).into_iter().map(|s| s.replace('\n', " ")).collect()
    };
    print(&items)
}
