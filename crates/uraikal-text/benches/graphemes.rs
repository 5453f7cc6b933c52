//! Throughput of `graphemes` (with the Tamil/Sinhala folds), unicode-segmentation alone, and
//! `normalize_script` on real Tamil: the 1,330 kurals (fixtures/thirukkural) and, when ../shared is present,
//! the FLORES-200 devtest sentences (read in place). Target: segmentation ≥ 100 MB/s on one core.
//!
//! `cargo bench -p uraikal-text --bench graphemes`; figures go to docs/perf.md.

use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use unicode_segmentation::UnicodeSegmentation;
use uraikal_text::{graphemes, normalize_script};

fn corpora() -> Vec<(&'static str, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let kurals = std::fs::read_to_string(root.join("fixtures/thirukkural/thirukkural.tsv"))
        .expect("fixtures/thirukkural/thirukkural.tsv")
        .lines()
        .skip(1)
        .map(|line| line.split('\t').skip(8).take(2).collect::<Vec<_>>().join("\n"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut sets = vec![("kurals", kurals)];
    match std::fs::read_to_string(root.join("../shared/data/prose/flores200/tam_Taml.devtest")) {
        Ok(text) => sets.push(("flores", text)),
        Err(_) => {
            eprintln!("SKIPPED: ../shared/data/prose/flores200/tam_Taml.devtest absent; benching the kurals only")
        }
    }
    sets
}

fn bench(c: &mut Criterion) {
    for (name, text) in corpora() {
        let mut group = c.benchmark_group(format!("graphemes/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("uraikal_graphemes", |b| b.iter(|| graphemes(black_box(&text)).count()));
        group.bench_function("unicode_segmentation", |b| b.iter(|| black_box(&text).graphemes(true).count()));
        group.bench_function("normalize_script", |b| b.iter(|| normalize_script(black_box(&text)).len()));
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
