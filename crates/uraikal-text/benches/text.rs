//! Throughput of `letters`, `clean`, `normalize` and `tamil_share` on real Tamil: the 1,330 kurals
//! (fixtures/thirukkural) and, when ../shared is present, the FLORES-200 devtest sentences (read in place).
//!
//! `cargo bench -p uraikal-text --bench text`; figures go to docs/perf.md.

use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use uraikal_text::{clean, letters, normalize, tamil_share};

fn corpora() -> Vec<(&'static str, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let kurals: String = std::fs::read_to_string(root.join("fixtures/thirukkural/thirukkural.tsv"))
        .expect("fixtures/thirukkural/thirukkural.tsv")
        .lines()
        .skip(1)
        .flat_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            [fields[8].to_string(), fields[9].to_string()]
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut sets = vec![("kurals", kurals)];
    let flores = root.join("../shared/data/prose/flores200/tam_Taml.devtest");
    match std::fs::read_to_string(&flores) {
        Ok(text) => sets.push(("flores", text)),
        Err(_) => {
            eprintln!("SKIPPED: ../shared/data/prose/flores200/tam_Taml.devtest absent; benching the kurals only")
        }
    }
    sets
}

fn bench(c: &mut Criterion) {
    for (name, text) in corpora() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        // A floor for comparing runs on a busy machine: decode every char.
        group.bench_function("baseline_decode", |b| {
            b.iter(|| black_box(&text).chars().map(|c| u64::from(c as u32)).sum::<u64>())
        });
        group.bench_function("letters", |b| b.iter(|| letters(black_box(&text)).count()));
        group.bench_function("normalize", |b| b.iter(|| normalize(black_box(&text))));
        group.bench_function("clean", |b| b.iter(|| clean(black_box(&text))));
        group.bench_function("tamil_share", |b| b.iter(|| tamil_share(black_box(&text))));
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
