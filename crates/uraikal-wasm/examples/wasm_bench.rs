//! The native side of `cargo xtask web --bench N` (run in release): on the cases file that node times too,
//! per operation (normalize, wer), N rounds of one `call` per case, then N rounds of one `call_batch` over
//! all the cases of the operation (and for normalize N rounds of one `normalize_many` over the texts, the
//! typed batch path, and `normalize_joined` on the texts joined into one string), each after as many untimed
//! rounds. One line per measurement: `native OP MODE WALL_MS CPU_MS CALLS BYTES`, the
//! CPU time being the process's user + system time (what node's `process.cpuUsage()` gives on the WASM side):
//! on a shared, loaded machine it varies less than the wall time.
//!
//! ```text
//! cargo run --release -p uraikal-wasm --example wasm_bench -- target/web-check/cases.jsonl 20
//! ```

use std::time::Instant;

/// The process's CPU time (user + system) in milliseconds.
#[cfg(unix)]
fn cpu_ms() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the valid, exclusively borrowed `t`.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
}

#[cfg(not(unix))]
fn cpu_ms() -> f64 {
    f64::NAN
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(rounds)) = (args.first(), args.get(1).and_then(|n| n.parse::<usize>().ok())) else {
        eprintln!("usage: wasm_bench CASES.jsonl ROUNDS");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut cases: Vec<(String, String)> = Vec::new();
    for (line, row) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: serde_json::Value = serde_json::from_str(row).unwrap_or_else(|e| {
            eprintln!("{path}:{}: {e}", line + 1);
            std::process::exit(2);
        });
        cases.push((value["op"].as_str().unwrap_or("").to_string(), value["args"].as_str().unwrap_or("").to_string()));
    }
    // Each measurement runs its loop untimed first, as many rounds as it then times, as the WASM side does
    // (there to let V8 finish compiling; here it only warms the caches and the allocator).
    let time = |op: &str, mode: &str, calls: usize, round: &mut dyn FnMut() -> usize| {
        for _ in 0..rounds {
            round();
        }
        let (start, cpu) = (Instant::now(), cpu_ms());
        let bytes: usize = (0..rounds).map(|_| round()).sum();
        let (wall, cpu) = (start.elapsed().as_secs_f64() * 1e3, cpu_ms() - cpu);
        println!("native {op} {mode} {wall:.3} {cpu:.3} {} {bytes}", calls * rounds);
    };
    for op in ["normalize", "wer"] {
        let mine: Vec<&str> = cases.iter().filter(|(o, _)| o == op).map(|(_, a)| a.as_str()).collect();
        time(op, "call", mine.len(), &mut || mine.iter().map(|args| uraikal_wasm::call(op, args).len()).sum());
        // The batch: the arguments as one JSON array, as a page would hand them over.
        let batch = format!("[{}]", mine.join(","));
        time(op, "batch", mine.len(), &mut || uraikal_wasm::call_batch(op, &batch).len());
        if op != "normalize" {
            continue;
        }
        // The typed batch: the texts as strings, `normalize_many` (no JSON), as the WASM export has it.
        let texts: Vec<String> = mine
            .iter()
            .map(|args| {
                let value: serde_json::Value = serde_json::from_str(args).unwrap_or_default();
                value["text"].as_str().unwrap_or("").to_string()
            })
            .collect();
        time(op, "typed", mine.len(), &mut || uraikal_wasm::normalize_many(&texts).len());
        // The joined batch: `normalize_joined` on the texts joined and their UTF-16 lengths, made once and copied
        // each round, as the call overwrites them (the WASM side also times the page's join and lengths, and
        // the texts it takes from the answer).
        let joined = texts.concat();
        let lengths: Vec<u32> = texts.iter().map(|t| t.encode_utf16().count() as u32).collect();
        time(op, "joined", mine.len(), &mut || {
            uraikal_wasm::normalize_joined(&joined, &mut lengths.clone()).map_or(0, |a| a.len())
        });
    }
}
