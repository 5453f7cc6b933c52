//! `uraikal build-lattices IN OUT`: candidate lattices from the `*_transcription` fields of each JSONL
//! record, with Vimarsha's input conventions (SPEC L8). Every input field is kept verbatim and in order;
//! lattice, lattice_string and lattice_models_used are added. OUT is put in place atomically once every
//! record is built (records are written as they are built, into a temporary file), so a bad record leaves
//! no partial file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use uraikal_metrics::lattice::batch::{build_lines, Defaults};
use uraikal_metrics::lattice::{Language, Mode};

/// Arguments of `uraikal build-lattices`.
#[derive(clap::Args)]
pub struct Args {
    /// Input JSONL (`-` for stdin): one record per line with a language (`language` or `lang`) and
    /// `*_transcription` fields.
    input: PathBuf,
    /// Output JSONL (written atomically).
    output: PathBuf,
    /// Language for records that carry neither `language` nor `lang`.
    #[arg(long)]
    language: Option<String>,
    /// The lattice-building mode (vimarsha: Vimarsha's exact lattices; uraikal: optional words, compound
    /// splits); default uraikal for Tamil, vimarsha otherwise.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let language = args.language.as_deref().map(Language::parse).transpose().context("--language")?;
    let defaults = Defaults { language, mode: args.mode };
    // Written as the blocks are built, into a temporary file put in place only when every record is built
    // (SPEC L8): a bad record leaves no partial file.
    let mut file = uraikal_io::AtomicFile::create(&args.output)?;
    let mut built = 0;
    uraikal_io::for_each_block(&args.input, |lines| -> Result<()> {
        let records =
            build_lines(lines, defaults).map_err(|e| anyhow!("{}:{}: {}", args.input.display(), e.line, e.message))?;
        records.chunks().try_for_each(|chunk| file.write(chunk))?;
        built += lines.len();
        Ok(())
    })?;
    file.commit()?;
    eprintln!("{built} lattices written to {}", args.output.display());
    Ok(ExitCode::SUCCESS)
}
