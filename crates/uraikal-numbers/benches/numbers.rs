//! Benchmarks: `tn` over the 1,664 lines of ../shared/data/prose/numbers_dates_in_context.tsv (read in
//! place), and the to_words → to_digits round trip. Run: `cargo bench -p uraikal-numbers`.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use uraikal_numbers::{tn, to_digits, to_words, Register};

fn context_lines() -> Option<Vec<String>> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/prose/numbers_dates_in_context.tsv");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().skip(1).filter_map(|l| l.split('\t').nth(3)).map(str::to_string).collect()),
        Err(_) => {
            eprintln!("SKIPPED: {} absent; tn benchmark not run", path.display());
            None
        }
    }
}

fn benches(c: &mut Criterion) {
    if let Some(lines) = context_lines() {
        c.bench_function("tn 1,664 context lines (spoken)", |b| {
            b.iter(|| lines.iter().map(|l| tn(l, Register::Spoken).len()).sum::<usize>())
        });
        let spoken: Vec<String> = lines.iter().map(|l| tn(l, Register::Spoken)).collect();
        c.bench_function("to_digits 1,664 tn outputs", |b| {
            b.iter(|| spoken.iter().map(|l| to_digits(l).len()).sum::<usize>())
        });
    }
    let words: Vec<String> = (0..10_000u64).map(|n| to_words((n * 7919) as i64, Register::Spoken).unwrap()).collect();
    c.bench_function("to_words 10,000 numbers", |b| {
        b.iter(|| (0..10_000u64).map(|n| to_words((n * 7919) as i64, Register::Spoken).unwrap().len()).sum::<usize>())
    });
    c.bench_function("to_digits 10,000 number phrases", |b| {
        b.iter(|| words.iter().map(|w| to_digits(w).len()).sum::<usize>())
    });
}

criterion_group!(numbers, benches);
criterion_main!(numbers);
