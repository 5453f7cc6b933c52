//! Throughput of `letters`, `clean`, `normalize` and `tamil_share` on real Tamil: the 1,330 kurals
//! (fixtures/thirukkural) and, when ../shared is present, the FLORES-200 devtest sentences (read in place).
//!
//! `cargo bench -p uraikal-text --bench text`; figures go to docs/perf.md. Time is the benchmark thread's CPU
//! time (from /proc/thread-self/schedstat, falling back to wall time elsewhere): the project's machines are
//! shared, and wall time there mostly measures the other processes.

use std::path::Path;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{black_box, Criterion, Throughput};
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

fn bench<M: Measurement>(c: &mut Criterion<M>) {
    for (name, text) in corpora() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::BytesDecimal(text.len() as u64));
        // A floor for comparing runs: decode every char.
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

/// CPU time of the calling thread, in nanoseconds (the first field of /proc/thread-self/schedstat).
struct ThreadCpuTime;

impl ThreadCpuTime {
    fn now() -> Option<u64> {
        std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
    }
}

impl Measurement for ThreadCpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        Self::now().unwrap_or(0)
    }
    fn end(&self, start: u64) -> u64 {
        Self::now().unwrap_or(0).saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuTimeFormatter
    }
}

/// Prints CPU time in ms and throughput in MB/s (10^6 bytes per CPU second).
struct CpuTimeFormatter;

impl ValueFormatter for CpuTimeFormatter {
    fn scale_values(&self, _typical: f64, values: &mut [f64]) -> &'static str {
        values.iter_mut().for_each(|v| *v /= 1e6);
        "ms (cpu)"
    }
    fn scale_throughputs(&self, _typical: f64, throughput: &Throughput, values: &mut [f64]) -> &'static str {
        let (amount, unit) = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => (n as f64, "MB/s (cpu)"),
            Throughput::Elements(n) => (n as f64, "Melem/s (cpu)"),
        };
        values.iter_mut().for_each(|v| *v = amount * 1e3 / *v);
        unit
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn main() {
    if ThreadCpuTime::now().is_some() {
        let mut criterion = Criterion::default().with_measurement(ThreadCpuTime).configure_from_args();
        bench(&mut criterion);
        criterion.final_summary();
    } else {
        eprintln!("/proc/thread-self/schedstat unavailable: measuring wall time");
        let mut criterion = Criterion::<WallTime>::default().configure_from_args();
        bench(&mut criterion);
        criterion.final_summary();
    }
}
