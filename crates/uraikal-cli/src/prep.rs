//! `uraikal prep`: build A1 manifests (`fleurs`, `kathbath`, `common_voice`) and D4 passage sets (`d4`) from
//! local copies of the corpora. A thin layer over `uraikal_prep`; the rules are SPEC.md section P.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Subcommand};
use uraikal_prep::a1::{self, Corpus};
use uraikal_prep::{d4, ErrorKind};

use crate::common::{print_json, CheckFailed};

/// Arguments of `uraikal prep`.
#[derive(Args)]
pub struct PrepArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Subcommand)]
enum What {
    /// FLEURS ta_in test split → data/a1_fleurs.jsonl (slice `fleurs`).
    Fleurs(A1Args),
    /// Kathbath Tamil test-known and test-unknown → data/a1_kathbath.jsonl.
    Kathbath(A1Args),
    /// Common Voice ta test split (release v27.0 expected) → data/a1_common_voice.jsonl.
    #[command(name = "common_voice", alias = "common-voice")]
    CommonVoice(A1Args),
    /// Sample D4 passages from a Parquet file → data/d4_<slice>.jsonl.
    D4(D4Args),
}

#[derive(Args)]
struct A1Args {
    /// The corpus folder: the download's root or an inner folder (e.g. fleurs/ or fleurs/data/ta_in).
    /// Without it the corpus would have to be downloaded, which this build does not do.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// The manifest to write [default: data/a1_<source>.jsonl].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Make any problem (missing or unreadable audio, empty text, duplicate id, bad line) fatal.
    #[arg(long)]
    strict: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct D4Args {
    /// The Parquet file (one document a row).
    #[arg(long)]
    parquet: PathBuf,
    /// Slice name, written in every record and in the default file name.
    #[arg(long)]
    slice: String,
    /// How many passages to sample.
    #[arg(long)]
    n: usize,
    /// At most this many passages per document (0: no limit).
    #[arg(long, default_value_t = 1)]
    per_doc: usize,
    /// The text column.
    #[arg(long, default_value = "text")]
    column: String,
    /// The document id column [default: `id` or `doc_id` when present, else the row number].
    #[arg(long)]
    id_column: Option<String>,
    /// Seed of the sampling.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Smallest Tamil share (uraikal_text::tamil_share) of a kept passage.
    #[arg(long, default_value_t = 0.5)]
    min_tamil_share: f64,
    /// Fewest words in a passage.
    #[arg(long, default_value_t = 3)]
    min_words: usize,
    /// Most words in a passage (longer paragraphs are cut at sentence ends).
    #[arg(long, default_value_t = 150)]
    max_words: usize,
    /// Convert legacy font-encoded runs (Bamini, TSCII, …) to Unicode before cleaning; the summary counts the
    /// passages that have them either way.
    #[arg(long)]
    convert_legacy: bool,
    /// The passage file to write [default: data/d4_<slice>.jsonl].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `uraikal prep …`.
pub fn run(args: PrepArgs) -> Result<ExitCode> {
    match args.what {
        What::Fleurs(a) => run_a1(Corpus::Fleurs, a),
        What::Kathbath(a) => run_a1(Corpus::Kathbath, a),
        What::CommonVoice(a) => run_a1(Corpus::CommonVoice, a),
        What::D4(a) => run_d4(a),
    }
}

fn run_a1(corpus: Corpus, args: A1Args) -> Result<ExitCode> {
    let options = a1::Options {
        dir: args.dir,
        manifest: args.out.unwrap_or_else(|| corpus.default_manifest()),
        strict: args.strict,
    };
    let summary = match a1::prepare(corpus, &options) {
        Err(e) if matches!(e.kind(), ErrorKind::Strict(_)) => return Err(CheckFailed(e.to_string()).into()),
        other => other?,
    };
    for p in &summary.problems {
        eprintln!("warning: {} × {}, left out; e.g.", p.count, p.kind);
        for e in &p.examples {
            eprintln!("  {e}");
        }
    }
    if args.json {
        print_json(&summary)?;
    } else {
        println!(
            "{}: {} utterances written to {} ({} listed, {} left out; report: {})",
            summary.source,
            summary.utterances,
            summary.manifest,
            summary.listed,
            summary.skipped,
            a1::report_path(&options.manifest).display()
        );
        for (slice, s) in &summary.slices {
            println!("  {slice}: {} utterances, {:.3} h", s.utterances, s.hours);
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_d4(args: D4Args) -> Result<ExitCode> {
    let options = d4::Options {
        parquet: args.parquet,
        slice: args.slice,
        n: args.n,
        per_doc: args.per_doc,
        column: args.column,
        id_column: args.id_column,
        seed: args.seed,
        min_tamil_share: args.min_tamil_share,
        min_words: args.min_words,
        max_words: args.max_words,
        convert_legacy: args.convert_legacy,
    };
    let out = args.out.unwrap_or_else(|| options.default_out());
    let summary = d4::prepare(&options, &out)?;
    if summary.written < options.n {
        eprintln!(
            "warning: only {} passages pass the filters ({} asked for); all are written",
            summary.written, options.n
        );
    }
    if args.json {
        print_json(&summary)?;
    } else {
        println!(
            "{}: {} passages written to {} from {} documents ({} passages found, {} with legacy font runs{}, {} eligible, {} after --per-doc; meta: {})",
            options.slice,
            summary.written,
            out.display(),
            summary.documents,
            summary.passages,
            summary.legacy_passages,
            if options.convert_legacy { " converted" } else { "" },
            summary.eligible,
            summary.after_per_doc,
            d4::meta_path(&out).display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
