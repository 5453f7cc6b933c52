//! The lattice batches without the CLI around them, for profiling the library (`perf`, callgrind):
//! `cargo run --release -p uraikal-metrics --example lattice_batch -- oiwer|build FILE.jsonl > OUT`.
//! Reads FILE, runs `oiwer_lines` or `build_lines` in the vimarsha mode, writes the records to stdout.

use std::io::Write;

use uraikal_metrics::lattice::batch::{build_lines, oiwer_lines, Defaults};
use uraikal_metrics::lattice::Mode;

/// The CLI's allocator, so that page faults and allocation costs are the CLI's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, what, path] = &args[..] else {
        return Err("usage: lattice_batch oiwer|build FILE.jsonl".into());
    };
    let bytes = std::fs::read(path)?;
    let lines = uraikal_io::non_blank_lines(&bytes);
    let defaults = Defaults { language: None, mode: Some(Mode::Vimarsha) };
    let records = match what.as_str() {
        "oiwer" => oiwer_lines(&lines, defaults)?.records,
        "build" => build_lines(&lines, defaults)?,
        _ => return Err(format!("unknown batch {what:?}").into()),
    };
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    records.write_to(&mut out)?;
    out.flush()?;
    Ok(())
}
