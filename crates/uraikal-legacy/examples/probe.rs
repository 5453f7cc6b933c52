//! Debugging aid: `cargo run -p uraikal-legacy --example probe ENC TEXT` shows how TEXT is written and read
//! back; `probe ENC --pairs` lists the words of ../shared/golden/legacy/pairs.jsonl the encoder refuses.
/// This thread's CPU time in seconds (the machine is shared: wall time measures the others).
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    stat.split_whitespace().next().unwrap().parse::<f64>().unwrap() / 1e9
}

fn golden(name: &str) -> Vec<serde_json::Value> {
    let path = format!("{}/../../../shared/golden/legacy/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// `probe --detect`: detection right (decoding with the detected encoding gives the text) on pairs of >= 5 words,
/// and the mixed lines.
fn detect() {
    let (mut right, mut total) = (0, 0);
    let mut wrong = std::collections::BTreeMap::new();
    for r in golden("pairs.jsonl") {
        let (legacy, unicode) = (r["legacy"].as_str().unwrap(), r["unicode"].as_str().unwrap());
        if !r["peer_round_trip"].as_bool().unwrap() || unicode.split_whitespace().count() < 5 {
            continue;
        }
        total += 1;
        let d = uraikal_legacy::detect(legacy);
        if d.encoding.is_some_and(|e| e.decode(legacy) == unicode) {
            right += 1;
        } else {
            *wrong.entry((r["encoding"].as_str().unwrap().to_string(), d.encoding.map(|e| e.name()))).or_insert(0) += 1;
        }
    }
    println!("detection right {right}/{total}; wrong (true, detected): {wrong:?}");
    let mixed = golden("mixed.jsonl");
    let mut ok = 0;
    for m in &mixed {
        let got = uraikal_legacy::decode_auto(m["text"].as_str().unwrap());
        if got == m["expected"].as_str().unwrap() {
            ok += 1;
        } else {
            println!("MIXED {}: {got}\n   want {}", m["encoding"], m["expected"].as_str().unwrap());
        }
    }
    println!("mixed {ok}/{}", mixed.len());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args[0] == "--detect" {
        return detect();
    }
    if args[0] == "--auto" {
        // Lines of a Unicode file that `decode_auto` changes (it should change none).
        let text = std::fs::read_to_string(&args[1]).unwrap();
        let changed: Vec<(&str, String)> =
            text.lines().map(|l| (l, uraikal_legacy::decode_auto(l))).filter(|(l, d)| l != d).collect();
        for (l, d) in changed.iter().take(8) {
            println!("{l}\n -> {d}");
        }
        println!("{} of {} lines changed", changed.len(), text.lines().count());
        return;
    }
    if args[0] == "--dump" {
        // Every encoding's decoding and the detection of each line of a file: to check that a change to the
        // decoder or detector keeps its output byte for byte.
        let text = std::fs::read_to_string(&args[1]).unwrap();
        for enc in uraikal_legacy::Encoding::all() {
            for line in text.lines() {
                println!("{}", enc.decode(line));
            }
        }
        for line in text.lines() {
            let d = uraikal_legacy::detect(line);
            let runs: Vec<(usize, usize)> = d.runs.iter().map(|r| (r.start, r.end)).collect();
            println!(
                "{:?} {} {runs:?} {}",
                d.encoding.map(|e| e.name()),
                d.confidence,
                uraikal_legacy::decode_auto(line)
            );
        }
        return;
    }
    if args[0] == "--dump-decode" {
        // `--dump-decode FILE [ENC]`: each line decoded by every encoding (or by ENC), without detection.
        let text = std::fs::read_to_string(&args[1]).unwrap();
        let only = args.get(2).map(|n| uraikal_legacy::Encoding::from_name(n).unwrap());
        let mut out = String::new();
        for enc in uraikal_legacy::Encoding::all().filter(|e| only.is_none_or(|o| o == *e)) {
            for line in text.lines() {
                out.clear();
                enc.decode_into(line, &mut out);
                println!("{out}");
            }
        }
        return;
    }
    if args[0] == "--encode" {
        // `--encode ENC FILE`: each line encoded (lossy), to make test text in every encoding.
        let enc = uraikal_legacy::Encoding::from_name(&args[1]).unwrap();
        let text = std::fs::read_to_string(&args[2]).unwrap();
        for line in text.lines() {
            println!("{}", enc.encode_lossy(line));
        }
        return;
    }
    if args[0] == "--decode" {
        // `--decode FILE ENC ROUNDS`: decoding alone, line by line, ROUNDS times over the file (for a profiler or
        // a steadier clock), in-process, one thread, after the one-off set-up; the lines are split before the
        // clock starts, as `bench-peers` times open-tamil's `*2unicode` on a list of lines.
        let text = std::fs::read_to_string(&args[1]).unwrap();
        let enc = uraikal_legacy::Encoding::from_name(&args[2]).unwrap();
        let rounds: usize = args[3].parse().unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let _ = enc.decode("x");
        let (start, mut out, mut written) = (cpu(), String::new(), 0);
        for _ in 0..rounds {
            for line in &lines {
                out.clear();
                enc.decode_into(line, &mut out);
                written += out.len();
            }
        }
        let s = cpu() - start;
        println!("decode {:.0} MB/s (CPU time, {written} bytes written)", (text.len() * rounds) as f64 / s / 1e6);
        return;
    }
    if args[0] == "--speed" {
        // `--speed FILE [ENC]`: in-process throughput on a file (after the one-off set-up), one thread; Bamini
        // unless ENC is given.
        let text = std::fs::read_to_string(&args[1]).unwrap();
        let enc = uraikal_legacy::Encoding::from_name(args.get(2).map_or("bamini", |s| s)).unwrap();
        let setup = cpu();
        let _ = (enc.decode("x"), uraikal_legacy::detect("x"));
        println!("set-up {:.3} s CPU", cpu() - setup);
        let start = cpu();
        let mut out = String::new();
        for line in text.lines() {
            out.clear();
            enc.decode_into(line, &mut out);
        }
        let s = cpu() - start;
        println!("decode {:.0} MB/s (CPU time)", text.len() as f64 / s / 1e6);
        let start = cpu();
        let n: usize = text.lines().map(|l| uraikal_legacy::detect(l).runs.len()).sum();
        let s = cpu() - start;
        println!("detect {:.0} MB/s ({n} runs, CPU time)", text.len() as f64 / s / 1e6);
        return;
    }
    let enc = uraikal_legacy::Encoding::from_name(&args[0]).unwrap();
    let text = if args[1] == "--pairs" {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/golden/legacy/pairs.jsonl");
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["unicode"].as_str().unwrap().to_string()
            })
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        args[1].clone()
    };
    let mut seen = std::collections::BTreeSet::new();
    for word in text.split(' ') {
        if !seen.insert(word.to_string()) {
            continue;
        }
        let lossy = enc.encode_lossy(word);
        let err = enc.encode(word).err().map(|e| e.to_string());
        if args[1] != "--pairs" || err.is_some() {
            println!("{word} -> {lossy:?} -> {:?} {err:?}", enc.decode(&lossy));
        }
    }
}
