//! Entries generated and verified per second on one thread (docs/perf.md): for each family, N entries are
//! generated, and each is scored twice (its own answer, and the previous entry's answer as a wrong one).
//! Time is the thread's CPU time (/proc/thread-self/schedstat on Linux, else wall time): the machine the
//! figures come from is shared, and wall time would mostly measure the other processes.
//!
//! `cargo run --release -p uraikal-tasks --example tasks_throughput -- [N] [FAMILY …]`

use std::time::Instant;

use uraikal_tasks::{families, family, Config};

/// The thread's CPU time in seconds, when the kernel tells it.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let names: Vec<String> = args.collect();
    let chosen: Vec<_> = if names.is_empty() {
        families().iter().collect()
    } else {
        names.iter().map(|name| family(name).expect("a family name")).collect()
    };
    let config = Config::default();
    println!("{:20} {:>12} {:>14} {:>10}", "family", "entries", "entries/s", "mean");
    for family in chosen {
        // Warm the lazily built tables (word list, kural scans) outside the timing.
        let warm = family.entry(1, 0, &config);
        let _ = family.score(&warm, &warm.answer);
        let (wall, cpu) = (Instant::now(), thread_cpu_seconds());
        let mut previous = warm.answer;
        let mut sum = 0.0;
        for index in 0..n {
            let entry = family.entry(7, index, &config);
            sum += family.score(&entry, &entry.answer);
            sum += family.score(&entry, &previous);
            previous = entry.answer;
        }
        let seconds = match (cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => wall.elapsed().as_secs_f64(),
        };
        println!("{:20} {:>12} {:>14.0} {:>10.4}", family.name, n, n as f64 / seconds, sum / (2 * n) as f64);
    }
}
