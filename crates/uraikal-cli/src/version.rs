//! `uraikal version [--json]`: the versions that result records carry (SPEC S9.1), and the program's own.

use std::process::ExitCode;

use anyhow::Result;
use serde::Serialize;

/// Arguments of `uraikal version`.
#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object instead of lines.
    #[arg(long)]
    json: bool,
}

/// The versions, under the names result records give them.
#[derive(Serialize)]
struct Versions {
    /// The benchmark version: numbers are comparable only when it is equal (SPEC S9.3).
    uraikal_version: &'static str,
    /// The frozen normaliser's version (SPEC N).
    normalizer_version: &'static str,
    /// The Unicode version of the text library's tables.
    unicode_version: String,
    /// This program's (crate) version.
    version: &'static str,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let (major, minor, patch) = uraikal_text::UNICODE_VERSION;
    let versions = Versions {
        uraikal_version: uraikal_metrics::URAIKAL_VERSION,
        normalizer_version: uraikal_text::NORMALIZER_VERSION,
        unicode_version: format!("{major}.{minor}.{patch}"),
        version: env!("CARGO_PKG_VERSION"),
    };
    if args.json {
        crate::common::print_json(&versions)?;
    } else {
        println!("uraikal {}", versions.version);
        println!("benchmark (uraikal_version) {}", versions.uraikal_version);
        println!("normaliser (normalizer_version) {}", versions.normalizer_version);
        println!("Unicode (unicode_version) {}", versions.unicode_version);
    }
    Ok(ExitCode::SUCCESS)
}
