//! `cargo xtask`: Uraikal's own automation (codegen, fixtures, tidy, version checks, releases, peer benchmarks).
//! Each task is a module; `cargo xtask help` lists them.

use anyhow::{bail, Result};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("help") | Some("--help") => {
            println!("cargo xtask <task>\n\ntasks:\n  help    this list");
            Ok(())
        }
        Some(other) => bail!("unknown task {other:?}; `cargo xtask help` lists them"),
    }
}
