//! `cargo xtask regen-fixtures-prep [--check]`: regenerates the `prep d4` Parquet fixture
//! (fixtures/prep/kural_docs.parquet) by running the generator that lives with the parquet dependency,
//! `cargo run -p uraikal-prep --example gen_fixtures`. `--check` fails when the committed file is stale.

use std::process::Command;

use anyhow::{bail, Result};

/// Runs the generator; with `check`, only compares.
pub fn regen_fixtures(check: bool) -> Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["run", "--quiet", "-p", "uraikal-prep", "--example", "gen_fixtures"]);
    if check {
        cmd.args(["--", "--check"]);
    }
    if !cmd.status()?.success() {
        bail!("prep fixture generator failed{}", if check { " (fixture stale?)" } else { "" });
    }
    Ok(())
}
