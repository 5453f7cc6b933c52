//! Throughput of `assess` on one core: `cargo run --release -p uraikal-quality --example quality_throughput -- FILE`
//! (FILE: UTF-8 text, one document per blank-line-separated block). Prints MB/s; docs/perf.md records runs.

use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: throughput FILE");
    let text = std::fs::read_to_string(&path).expect("a readable UTF-8 file");
    let docs: Vec<&str> = text.split("\n\n").filter(|d| !d.trim().is_empty()).collect();
    let config = uraikal_quality::Config::default();
    let mut best = f64::MAX;
    let mut kept = 0;
    for _ in 0..5 {
        let start = Instant::now();
        kept = docs
            .iter()
            .filter(|d| uraikal_quality::assess(d, &config).decision == uraikal_quality::Decision::Keep)
            .count();
        best = best.min(start.elapsed().as_secs_f64());
    }
    let mb = text.len() as f64 / 1e6;
    println!("{} documents, {mb:.1} MB, {kept} kept: best of 5 {best:.3} s = {:.1} MB/s", docs.len(), mb / best);
}
