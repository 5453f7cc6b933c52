//! The native side of `cargo xtask web --bench N` (run in release): on the cases file that node times too,
//! per operation (normalize, wer), N rounds of one `call` per case, then N rounds of one `call_batch` over
//! all the cases of the operation. One line per measurement: `native OP MODE MILLISECONDS CALLS`.
//!
//! ```text
//! cargo run --release -p uraikal-wasm --example wasm_bench -- target/web-check/cases.jsonl 20
//! ```

use std::time::Instant;

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
    for op in ["normalize", "wer"] {
        let mine: Vec<&str> = cases.iter().filter(|(o, _)| o == op).map(|(_, a)| a.as_str()).collect();
        let start = Instant::now();
        let mut bytes = 0;
        for _ in 0..rounds {
            for args in &mine {
                bytes += uraikal_wasm::call(op, args).len();
            }
        }
        println!("native {op} call {:.3} {} {bytes}", start.elapsed().as_secs_f64() * 1e3, mine.len() * rounds);
        // The batch: the arguments as one JSON array, as a page would hand them over.
        let batch = format!("[{}]", mine.join(","));
        let start = Instant::now();
        let mut bytes = 0;
        for _ in 0..rounds {
            bytes += uraikal_wasm::call_batch(op, &batch).len();
        }
        println!("native {op} batch {:.3} {} {bytes}", start.elapsed().as_secs_f64() * 1e3, mine.len() * rounds);
    }
}
