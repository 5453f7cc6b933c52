//! D4 speed: the six bundled tokenizers × 3,000 passages. Times encoding alone (what any D4 tool must pay)
//! and the whole measurement; D4's own work is the difference. Best of 3 runs each, same process.
//!
//! `cargo run --release -p uraikal-d4 --example bench` (figures in docs/perf.md). Passages: the first 3,000
//! sentences of ../shared/data/prose (FLORES-200 devtest, then NTREX-128), read in place; when that is
//! absent, the bundled kurals repeated (and it says so).

use std::path::Path;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use uraikal_d4::{bundled, measure, Loaded, Passage};

const PASSAGES: usize = 3000;

fn passages() -> (Vec<Passage>, String) {
    let prose = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/prose");
    let files = ["flores200/tam_Taml.devtest", "ntrex128/newstest2019-ref.tam.txt"];
    let mut lines = Vec::new();
    for f in files {
        if let Ok(text) = std::fs::read_to_string(prose.join(f)) {
            lines.extend(text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string));
        }
    }
    let source = if lines.len() >= PASSAGES {
        format!("{} (FLORES-200 devtest + NTREX-128, in place)", prose.display())
    } else {
        lines = bundled::kural().into_iter().map(|p| p.text).collect();
        "SHARED PROSE ABSENT: the bundled kurals, repeated".to_string()
    };
    let passages = lines
        .iter()
        .cycle()
        .take(PASSAGES)
        .enumerate()
        .map(|(i, t)| Passage::new(&i.to_string(), t, "bench"))
        .collect();
    (passages, source)
}

fn best_of_3(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    let (passages, source) = passages();
    let start = Instant::now();
    let tokenizers: Vec<Loaded> = bundled::tokenizers().into_iter().map(|t| t.expect("bundled tokenizer")).collect();
    let load = start.elapsed();
    let encode_only = best_of_3(|| {
        tokenizers.par_iter().for_each(|t| {
            passages.par_iter().for_each(|p| {
                std::hint::black_box(t.tokenizer().encode(p.text.as_str(), false).unwrap());
            })
        })
    });
    let whole = best_of_3(|| {
        tokenizers.par_iter().for_each(|t| {
            std::hint::black_box(measure(t, &passages, &|_| {}).unwrap());
        })
    });
    let own = whole.saturating_sub(encode_only);
    println!("passages: {} from {source}", passages.len());
    println!("threads: {}", rayon::current_num_threads());
    println!("load 6 tokenizers: {:.2} s", load.as_secs_f64());
    println!("encode only: {:.2} s", encode_only.as_secs_f64());
    println!("whole D4 measurement: {:.2} s", whole.as_secs_f64());
    println!(
        "D4's own work: {:.2} s = {:.1} % of encoding (target ≤ 25 %)",
        own.as_secs_f64(),
        100.0 * own.as_secs_f64() / encode_only.as_secs_f64()
    );
}
