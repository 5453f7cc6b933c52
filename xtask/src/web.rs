//! `cargo xtask web [--check] [--bench N]`: Uraikal in the browser.
//!
//! * builds crates/uraikal-wasm for wasm32-unknown-unknown (release) and runs wasm-bindgen (`--target web`)
//!   into `web/dist/pkg/`: the npm package `uraikal` (ES module, TypeScript types, the .wasm);
//! * assembles the playground `web/dist/index.html` from `web/index.html`, `web/playground.js` and
//!   `web/style.css`: one file with the CSS, the JS, the .wasm (base64) and the worked example (computed here
//!   by the same functions, natively) inlined, because Chromium refuses module and wasm fetches from file://;
//!   the page shows the example at once and the live WASM takes over when it has compiled;
//! * `--check` runs every operation on the golden data (../shared/golden and fixtures/) under node with the
//!   WASM, and natively with `uraikal_wasm::call`, and requires the answers to be equal byte for byte;
//! * `--browser` loads the playground (the worked example, then text and a pair typed in through the URL)
//!   and a demo report (with its significance matrix, spelling variants against demo lattices and the
//!   tokenizers' example cuts; its charts also written by `--png`) in headless
//!   Chromium, checks their DOM and the screenshots' size (`--screenshots` also writes them to docs/img/
//!   for the README);
//! * `--check` also compares `call_batch` (one call per operation over all its cases) with native;
//! * `--bench N` times normalize and WER on the golden pairs, N rounds, call by call and batched (normalize
//!   also typed, `normalize_many` and `normalize_joined`), each after N untimed rounds, natively and
//!   under node, alternating five times, in CPU and wall time (docs/perf.md).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};

/// The wasm-bindgen version in Cargo.lock; wasm-bindgen-cli must be exactly this version.
const WASM_BINDGEN_VERSION: &str = "0.2.130";

/// The worked example the playground opens on.
pub const EXAMPLE_TEXT: &str = "தமிழ் இனிமையான மொழி";
/// The reference/hypothesis pair the playground opens on.
pub const EXAMPLE_REFERENCE: &str = "நான் நேற்று கடைக்கு போய் வந்தேன்";
/// The hypothesis of the worked example (one substitution, one deletion).
pub const EXAMPLE_HYPOTHESIS: &str = "நான் நேத்து கடைக்கு வந்தேன்";

pub fn run(args: &[String]) -> Result<()> {
    let root = crate::project_root();
    let check = args.iter().any(|a| a == "--check");
    let browser = args.iter().any(|a| a == "--browser" || a == "--screenshots");
    let bench = args
        .iter()
        .position(|a| a == "--bench")
        .map(|i| args.get(i + 1).and_then(|n| n.parse::<usize>().ok()).context("--bench needs a number of rounds"))
        .transpose()?;
    build(&root)?;
    if check {
        check_against_native(&root)?;
    }
    if browser {
        browser_tests(&root, args.iter().any(|a| a == "--screenshots"))?;
    }
    if let Some(rounds) = bench {
        bench_against_native(&root, rounds)?;
    }
    Ok(())
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

fn wasm_bindgen() -> Result<PathBuf> {
    let candidates = [
        Some(PathBuf::from("wasm-bindgen")),
        std::env::var_os("CARGO_HOME").map(|h| PathBuf::from(h).join("bin/wasm-bindgen")),
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo/bin/wasm-bindgen")),
    ];
    for candidate in candidates.into_iter().flatten() {
        if let Ok(out) = Command::new(&candidate).arg("--version").output() {
            let version = String::from_utf8_lossy(&out.stdout);
            if version.split_whitespace().nth(1) == Some(WASM_BINDGEN_VERSION) {
                return Ok(candidate);
            }
            bail!(
                "{} is {}, but Cargo.lock has wasm-bindgen {WASM_BINDGEN_VERSION}: run `cargo install wasm-bindgen-cli --version {WASM_BINDGEN_VERSION}`",
                candidate.display(),
                version.trim()
            );
        }
    }
    bail!("wasm-bindgen not found: run `cargo install wasm-bindgen-cli --version {WASM_BINDGEN_VERSION}` (and `rustup target add wasm32-unknown-unknown`)")
}

fn run_command(command: &mut Command) -> Result<()> {
    let status = command.status().with_context(|| format!("running {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}

/// Builds web/dist: the package and the playground.
fn build(root: &Path) -> Result<()> {
    run_command(Command::new(cargo()).current_dir(root).args([
        "build",
        "-p",
        "uraikal-wasm",
        "--release",
        "--target",
        "wasm32-unknown-unknown",
    ]))?;
    let wasm = root.join("target/wasm32-unknown-unknown/release/uraikal_wasm.wasm");
    let dist = root.join("web/dist");
    let pkg = dist.join("pkg");
    if pkg.exists() {
        std::fs::remove_dir_all(&pkg).with_context(|| format!("removing {}", pkg.display()))?;
    }
    std::fs::create_dir_all(&pkg)?;
    run_command(
        Command::new(wasm_bindgen()?)
            .arg(&wasm)
            .args(["--target", "web", "--out-name", "uraikal", "--out-dir"])
            .arg(&pkg),
    )?;
    let version = env!("CARGO_PKG_VERSION");
    let package = json!({
        "name": "uraikal",
        "version": version,
        "description": "Tamil text, numbers, prosody and ASR metrics (WER/CER/chrF/OIWER) from the Uraikal Rust library, in WebAssembly.",
        "license": "Apache-2.0",
        "type": "module",
        "main": "uraikal.js",
        "types": "uraikal.d.ts",
        "files": ["uraikal.js", "uraikal.d.ts", "uraikal_bg.wasm", "uraikal_bg.wasm.d.ts"],
        "sideEffects": false,
    });
    std::fs::write(pkg.join("package.json"), serde_json::to_string_pretty(&package)? + "\n")?;
    let page = playground(root, &pkg)?;
    std::fs::write(dist.join("index.html"), page)?;
    // Raw size only: piping 0.8 MB through gzip from one thread could deadlock on a full stdout pipe.
    let gz = std::fs::metadata(pkg.join("uraikal_bg.wasm"))?.len();
    println!("web/dist: index.html, pkg/ (uraikal_bg.wasm {} bytes)", gz);
    Ok(())
}

/// The gzipped size of the .wasm, counted with the system's gzip (the budget is 1.5 MB).
#[allow(dead_code)]
fn gzipped_size(bytes: &[u8]) -> String {
    use std::io::Write;
    let child = Command::new("gzip")
        .arg("-9c")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        return "?".into();
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(bytes);
    }
    child.wait_with_output().map(|o| o.stdout.len().to_string()).unwrap_or_else(|_| "?".into())
}

/// The worked example, computed natively by the same functions the WASM runs.
fn example() -> Result<Value> {
    let answer = |op: &str, args: Value| -> Result<Value> {
        let text = uraikal_wasm::call(op, &args.to_string());
        let value: Value = serde_json::from_str(&text)?;
        value.get("ok").cloned().with_context(|| format!("example {op}: {text}"))
    };
    let text = json!({"text": EXAMPLE_TEXT});
    let pair = json!({"reference": EXAMPLE_REFERENCE, "hypothesis": EXAMPLE_HYPOTHESIS});
    let letter_pair = json!({"reference": EXAMPLE_REFERENCE, "hypothesis": EXAMPLE_HYPOTHESIS, "unit": "letter"});
    Ok(json!({
        "text": EXAMPLE_TEXT,
        "reference": EXAMPLE_REFERENCE,
        "hypothesis": EXAMPLE_HYPOTHESIS,
        "letters": answer("letters", text.clone())?,
        "graphemes": answer("graphemes", text.clone())?,
        "clean": answer("clean", text.clone())?,
        "normalize": answer("normalize", text)?,
        "wer": answer("wer", pair.clone())?,
        "cer": answer("cer", letter_pair.clone())?,
        "chrf": answer("chrf", pair)?,
    }))
}

/// One self-contained page: template with the CSS, the example, the wasm-bindgen module, the playground
/// script and the .wasm as base64 inlined.
fn playground(root: &Path, pkg: &Path) -> Result<String> {
    let read = |path: PathBuf| std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()));
    let template = read(root.join("web/index.html"))?;
    let css = read(root.join("web/style.css"))?;
    let script = read(root.join("web/playground.js"))?;
    let glue = read(pkg.join("uraikal.js"))?;
    let wasm = std::fs::read(pkg.join("uraikal_bg.wasm"))?;
    // `</` may not appear inside an inline script; JSON escapes it as `<\/`.
    let example = serde_json::to_string(&example()?)?.replace("</", "<\\/");
    let module = format!(
        "const URAIKAL_WASM_BASE64 = \"{}\";\n{}\n{}",
        base64(&wasm),
        glue.replace("</", "<\\/"),
        script.replace("</", "<\\/")
    );
    for placeholder in ["/*STYLE*/", "/*EXAMPLE*/", "/*MODULE*/"] {
        if !template.contains(placeholder) {
            bail!("web/index.html lacks the placeholder {placeholder}");
        }
    }
    Ok(template
        .replace("/*STYLE*/", &css)
        .replace("/*EXAMPLE*/", &format!("window.URAIKAL_EXAMPLE = {example};"))
        .replace("/*MODULE*/", &module))
}

fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n =
            (chunk[0] as u32) << 16 | (*chunk.get(1).unwrap_or(&0) as u32) << 8 | *chunk.get(2).unwrap_or(&0) as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(TABLE[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn read_jsonl(path: &Path) -> Result<Vec<Value>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).with_context(|| format!("{}:{}", path.display(), i + 1)))
        .collect()
}

/// The (operation, arguments) cases of the check: every text, number and metric operation on the golden
/// data when ../shared is present, else on the workspace's own fixtures.
pub fn cases(root: &Path) -> Result<Vec<(String, Value)>> {
    let golden = root.join("../shared/golden");
    let mut cases: Vec<(String, Value)> = Vec::new();
    let mut push = |op: &str, args: Value| cases.push((op.to_string(), args));
    let mut texts: Vec<String> = Vec::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut lattices: Vec<Value> = Vec::new();
    let (metrics, vimarsha) = if golden.exists() {
        (golden.join("metrics"), golden.join("vimarsha"))
    } else {
        (root.join("fixtures/metrics"), root.join("fixtures/vimarsha"))
    };
    for name in ["normalize.jsonl", "graphemes.jsonl", "decompose.jsonl"] {
        let path = metrics.join(name);
        if path.exists() {
            for row in read_jsonl(&path)? {
                if let Some(t) = row["text"].as_str() {
                    texts.push(t.to_string());
                }
            }
        }
    }
    for name in ["pairs.jsonl", "alignments.jsonl"] {
        let path = metrics.join(name);
        if path.exists() {
            for row in read_jsonl(&path)? {
                if let (Some(r), Some(h)) = (row["reference"].as_str(), row["hypothesis"].as_str()) {
                    pairs.push((r.to_string(), h.to_string()));
                }
            }
        }
    }
    let path = vimarsha.join("oiwer.jsonl");
    if path.exists() {
        lattices = read_jsonl(&path)?;
    }
    let kural = root.join("fixtures/thirukkural/thirukkural.tsv");
    let verses: Vec<String> = std::fs::read_to_string(&kural)
        .with_context(|| format!("reading {}", kural.display()))?
        .lines()
        .skip(1)
        .filter_map(|l| {
            // Columns 8 and 9 are the kural's two lines.
            let fields: Vec<&str> = l.split('\t').collect();
            Some(format!("{}\n{}", fields.get(8)?, fields.get(9)?))
        })
        .take(200)
        .collect();
    if texts.is_empty() || pairs.is_empty() {
        bail!("no golden texts or pairs found under {}", metrics.display());
    }
    for t in &texts {
        for op in ["letters", "normalize", "clean", "share", "graphemes", "decompose", "compose", "to_digits", "tn"] {
            push(op, json!({"text": t}));
        }
        push("letters", json!({"text": t, "ligatures": true}));
        push("clean", json!({"text": t, "legacy_au": true}));
    }
    for (r, h) in &pairs {
        push("wer", json!({"reference": r, "hypothesis": h}));
        for unit in ["codepoint", "grapheme", "letter"] {
            push("cer", json!({"reference": r, "hypothesis": h, "unit": unit}));
            push("chrf", json!({"reference": r, "hypothesis": h, "unit": unit}));
        }
        push("normalize", json!({"text": r}));
        push("to_digits", json!({"text": h}));
    }
    for row in &lattices {
        let reference = row.get("reference_lattice").or_else(|| row.get("reference")).cloned().unwrap_or(Value::Null);
        let reference = match reference {
            Value::String(s) => s,
            other => other.to_string(),
        };
        if let Some(h) = row["hypothesis"].as_str() {
            for mode in ["vimarsha", "uraikal"] {
                push(
                    "oiwer",
                    json!({"hypothesis": h, "reference": reference, "language": row["language"], "mode": mode}),
                );
            }
        }
    }
    // Legacy encodings: three golden lines per encoding, each way, and detection and auto on them.
    let path = golden.join("legacy/pairs.jsonl");
    if path.exists() {
        push("legacy_list", json!({}));
        let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
        for row in read_jsonl(&path)? {
            let (Some(enc), Some(legacy), Some(text)) =
                (row["encoding"].as_str(), row["legacy"].as_str(), row["unicode"].as_str())
            else {
                continue;
            };
            let n = seen.entry(enc.to_string()).or_default();
            *n += 1;
            if *n <= 3 {
                push("legacy_decode", json!({"text": legacy, "from": enc}));
                push("legacy_decode", json!({"text": legacy, "from": "auto"}));
                push("legacy_encode", json!({"text": text, "to": enc}));
                push("legacy_encode", json!({"text": text, "to": enc, "lossy": true}));
                push("legacy_detect", json!({"text": legacy}));
            }
        }
    }
    for v in &verses {
        push("yaappu", json!({"text": v}));
        push("letters", json!({"text": v}));
    }
    let mut numbers: Vec<String> = (0..=1200).map(|n| n.to_string()).collect();
    let mut n: u64 = 1;
    for _ in 0..19 {
        n = n * 10 + 7;
        numbers.push(n.to_string());
        numbers.push((n / 3).to_string());
    }
    numbers.extend(["-45", "3.14", "0.05", "100000", "10000000", "1000000000000", "x"].map(String::from));
    for number in &numbers {
        for register in ["spoken", "written"] {
            push("to_words", json!({"number": number, "register": register}));
            push("to_words", json!({"number": number, "register": register, "ordinal": true}));
        }
        for style in ["traditional", "positional"] {
            push("to_numerals", json!({"number": number, "style": style}));
        }
    }
    // The words read back: to_digits on what to_words says.
    let words: Vec<Value> = cases.iter().filter(|(op, _)| op == "to_words").map(|(_, args)| args.clone()).collect();
    for args in &words {
        if let Ok(Value::Object(o)) = serde_json::from_str::<Value>(&uraikal_wasm::call("to_words", &args.to_string()))
        {
            if let Some(Value::String(w)) = o.get("ok") {
                cases.push(("to_digits".into(), json!({"text": w})));
            }
        }
    }
    for sample in ["௲௯௱௫௰௬", "௨௦௨௪", "௰", "abc"] {
        cases.push(("from_numerals".into(), json!({"text": sample})));
    }
    Ok(cases)
}

fn write_cases(root: &Path, cases: &[(String, Value)]) -> Result<PathBuf> {
    let dir = root.join("target/web-check");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("cases.jsonl");
    let mut text = String::new();
    for (op, args) in cases {
        writeln!(text, "{}", json!({"op": op, "args": args.to_string()}))?;
    }
    std::fs::write(&path, text)?;
    Ok(path)
}

fn node(root: &Path, args: &[&std::ffi::OsStr]) -> Result<String> {
    let out = Command::new("node")
        .current_dir(root)
        .arg(root.join("web/node-runner.mjs"))
        .args(args)
        .output()
        .context("running node (Debian package nodejs)")?;
    if !out.status.success() {
        bail!("node web/node-runner.mjs failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8(out.stdout)?)
}

/// `--check`: the WASM answers under node equal the native answers, byte for byte.
fn check_against_native(root: &Path) -> Result<()> {
    let cases = cases(root)?;
    let path = write_cases(root, &cases)?;
    let wasm_out = node(root, &["call".as_ref(), path.as_os_str()])?;
    let wasm_lines: Vec<&str> = wasm_out.lines().collect();
    if wasm_lines.len() != cases.len() {
        bail!("node answered {} of {} cases", wasm_lines.len(), cases.len());
    }
    let mut differ = Vec::new();
    let mut per_op: std::collections::BTreeMap<&str, usize> = Default::default();
    for ((op, args), wasm) in cases.iter().zip(&wasm_lines) {
        *per_op.entry(op.as_str()).or_default() += 1;
        let native = uraikal_wasm::call(op, &args.to_string());
        if native != *wasm {
            differ.push(format!("{op} {args}\n    native {native}\n    wasm   {wasm}"));
        }
    }
    // The batch form: one call_batch per operation over all its cases, under node and natively.
    let batch_out = node(root, &["batch".as_ref(), path.as_os_str()])?;
    let mut ops: Vec<&str> = Vec::new();
    for (op, _) in &cases {
        if !ops.contains(&op.as_str()) {
            ops.push(op);
        }
    }
    let batch_lines: Vec<&str> = batch_out.lines().collect();
    if batch_lines.len() != ops.len() {
        bail!("node answered {} of {} batches", batch_lines.len(), ops.len());
    }
    for (op, wasm) in ops.iter().zip(&batch_lines) {
        let args: Vec<String> = cases.iter().filter(|(o, _)| o == op).map(|(_, a)| a.to_string()).collect();
        let native = uraikal_wasm::call_batch(op, &format!("[{}]", args.join(",")));
        if native != *wasm {
            differ.push(format!("call_batch {op} ({} cases): the WASM answer differs from the native one", args.len()));
        }
    }
    // The typed batch path: normalize_many over the texts of the normalize cases, under node and natively.
    let texts: Vec<String> = cases
        .iter()
        .filter(|(o, _)| o == "normalize")
        .map(|(_, a)| a["text"].as_str().unwrap_or("").to_string())
        .collect();
    let many: Vec<String> = uraikal_wasm::normalize_many(&texts).iter().map(|t| json!(t).to_string()).collect();
    for mode in ["many", "joined"] {
        let out = node(root, &[mode.as_ref(), path.as_os_str()])?;
        if out.lines().collect::<Vec<_>>() != many.iter().map(String::as_str).collect::<Vec<_>>() {
            differ.push(format!("normalize ({mode}, {} texts): the WASM answer differs from native", texts.len()));
        }
    }
    let summary: Vec<String> = per_op.iter().map(|(op, n)| format!("{op} {n}")).collect();
    if !differ.is_empty() {
        bail!(
            "{} of {} cases differ between WASM and native:\n  {}",
            differ.len(),
            cases.len(),
            differ.iter().take(10).cloned().collect::<Vec<_>>().join("\n  ")
        );
    }
    println!(
        "web --check: {} cases, WASM equals native byte for byte, call by call, as one call_batch per operation, normalize_many and normalize_joined ({})",
        cases.len(),
        summary.join(", ")
    );
    Ok(())
}

/// `--bench N`: `normalize` on both texts and `wer` on each golden pair, N rounds, call by call and as one
/// `call_batch` a round, natively (release) and then the WASM under node, alternating, five times: the same
/// entry points, arguments and JSON answers on both sides (the WASM batch also pays the page's
/// `JSON.stringify` and `JSON.parse`). Prints each repetition and the median ratio.
fn bench_against_native(root: &Path, rounds: usize) -> Result<()> {
    const REPETITIONS: usize = 5;
    let mut cases = Vec::new();
    for (op, args) in cases_of_op(root, "wer")? {
        cases.push(("normalize".to_string(), json!({"text": args["reference"]})));
        cases.push(("normalize".to_string(), json!({"text": args["hypothesis"]})));
        cases.push((op, args));
    }
    let path = write_cases(root, &cases)?;
    let rounds_text = rounds.to_string();
    let cases_arg = path.display().to_string();
    // Build the native side once (xtask itself is a debug build), then run the binary directly.
    run_command(Command::new(cargo()).current_dir(root).args([
        "build",
        "-q",
        "--release",
        "-p",
        "uraikal-wasm",
        "--example",
        "wasm_bench",
    ]))?;
    let native_bin = root.join("target/release/examples/wasm_bench");
    // (side, op, mode, clock) -> milliseconds per repetition; clock "cpu" (user + system) or "wall".
    let mut times: std::collections::BTreeMap<(String, String, String, &str), Vec<f64>> = Default::default();
    let mut record = |text: &str| {
        for line in text.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            if let [side, op, mode, wall, cpu, ..] = f.as_slice() {
                for (clock, ms) in [("wall", wall), ("cpu", cpu)] {
                    if let Ok(ms) = ms.parse::<f64>() {
                        times.entry((side.to_string(), op.to_string(), mode.to_string(), clock)).or_default().push(ms);
                    }
                }
            }
        }
    };
    for repetition in 1..=REPETITIONS {
        let native = Command::new(&native_bin)
            .args([cases_arg.as_str(), rounds_text.as_str()])
            .output()
            .context("running the native bench")?;
        if !native.status.success() {
            bail!("native bench failed: {}", String::from_utf8_lossy(&native.stderr));
        }
        let native = String::from_utf8_lossy(&native.stdout).to_string();
        let wasm = node(root, &["bench".as_ref(), path.as_os_str(), rounds_text.as_ref()])?;
        println!("repetition {repetition}:\n{native}{wasm}");
        record(&native);
        record(&wasm);
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "{} pairs, {} calls per round, {rounds} rounds, {REPETITIONS} repetitions alternating native and WASM (node)",
        cases.len() / 3,
        cases.len()
    );
    println!("| operation | mode | clock | native ms (median, range) | WASM ms (median, range) | WASM / native (median, range) |");
    println!("|---|---|---|---|---|---|");
    let range = |v: &[f64]| {
        let (lo, hi) = (v.iter().cloned().fold(f64::INFINITY, f64::min), v.iter().cloned().fold(0.0, f64::max));
        format!("{lo:.1}–{hi:.1}")
    };
    for op in ["normalize", "wer"] {
        // Each mode against the same mode natively; then the page's fastest path against native Rust on its own
        // strings: WASM `normalize_joined` (from the JavaScript strings to the JavaScript strings) over native
        // `normalize_many`.
        let mut rows: Vec<(&str, &str, &str)> = ["call", "batch", "typed", "joined"]
            .into_iter()
            .flat_map(|mode| [(mode, mode, "cpu"), (mode, mode, "wall")])
            .collect();
        if op == "normalize" {
            rows.extend([("joined", "typed", "cpu"), ("joined", "typed", "wall")]);
        }
        for (wasm_mode, native_mode, clock) in rows {
            let key = |side: &str, mode: &str| (side.to_string(), op.to_string(), mode.to_string(), clock);
            let (Some(n), Some(w)) = (times.get(&key("native", native_mode)), times.get(&key("wasm", wasm_mode)))
            else {
                continue;
            };
            let ratios: Vec<f64> = n.iter().zip(w).map(|(n, w)| w / n).collect();
            let mode = match wasm_mode == native_mode {
                true => wasm_mode.to_string(),
                false => format!("WASM {wasm_mode} / native {native_mode}"),
            };
            println!(
                "| {op} | {mode} | {clock} | {:.1} ({}) | {:.1} ({}) | {:.2}× ({}) |",
                median(n),
                range(n),
                median(w),
                range(w),
                median(&ratios),
                range(&ratios)
            );
        }
    }
    Ok(())
}

fn cases_of_op(root: &Path, op: &str) -> Result<Vec<(String, Value)>> {
    Ok(cases(root)?.into_iter().filter(|(o, _)| o == op).collect())
}

fn chromium() -> Result<PathBuf> {
    for name in ["chromium", "chromium-browser"] {
        if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return Ok(PathBuf::from(name));
        }
    }
    bail!("headless Chromium not found (Debian package chromium)")
}

fn chromium_command(chromium: &Path) -> Command {
    let mut command = Command::new(chromium);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--allow-file-access-from-files",
        "--hide-scrollbars",
        "--virtual-time-budget=8000",
    ]);
    command
}

/// The DOM after the page's scripts ran.
fn dump_dom(chromium: &Path, url: &str) -> Result<String> {
    let out = chromium_command(chromium).args(["--dump-dom", url]).output().context("running chromium")?;
    if !out.status.success() {
        bail!("chromium --dump-dom {url} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8(out.stdout)?)
}

fn screenshot(chromium: &Path, url: &str, path: &Path, size: &str) -> Result<u64> {
    let mut shot = std::ffi::OsString::from("--screenshot=");
    shot.push(path);
    let out = chromium_command(chromium).arg(shot).arg(format!("--window-size={size}")).arg(url).output()?;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    if !out.status.success() || bytes < 10_000 {
        bail!("chromium --screenshot {url}: {} bytes ({})", bytes, String::from_utf8_lossy(&out.stderr));
    }
    Ok(bytes)
}

fn expect(dom: &str, what: &str, needles: &[&str]) -> Result<()> {
    let missing: Vec<&&str> = needles.iter().filter(|n| !dom.contains(**n)).collect();
    if !missing.is_empty() {
        bail!("{what}: the DOM lacks {missing:?}");
    }
    println!("browser: {what}: ok");
    Ok(())
}

/// `--browser`: the playground and a demo report in headless Chromium.
fn browser_tests(root: &Path, copy_screenshots: bool) -> Result<()> {
    let chromium = chromium()?;
    let page = format!("file://{}", root.join("web/dist/index.html").display());
    // The worked example, then the live engine (the status line and the engine mark say it loaded).
    let dom = dump_dom(&chromium, &page)?;
    expect(
        &dom,
        "the playground opens on the worked example, live",
        &["மி", "ழ்", "data-engine=\"wasm\"", "40.00%", "op-substitute", "op-delete"],
    )?;
    // Typing, through the URL: the inputs get the values and input events, the live engine answers.
    let typed = format!("{page}#text=%E0%AE%B5%E0%AE%A3%E0%AE%95%E0%AF%8D%E0%AE%95%E0%AE%AE%E0%AF%8D&reference=a%20b%20c&hypothesis=a%20x%20c&number=1000");
    let dom = dump_dom(&chromium, &typed)?;
    expect(
        &dom,
        "typed text shows its letters, a typed pair its WER",
        &["aria-label=\"க்: otru\"", "aria-label=\"ம்: otru\"", "33.33%", "ஆயிரம்"],
    )?;
    // Screenshots go to target/web-check; `--screenshots` also refreshes the committed docs/img copies.
    let shots = root.join("target/web-check");
    std::fs::create_dir_all(&shots)?;
    let bytes = screenshot(&chromium, &page, &shots.join("playground.png"), "1100,1500")?;
    println!("browser: playground screenshot ({bytes} bytes)");

    // A demo report: two systems on the A1 fixture (the second drops each hypothesis's last word), their
    // alignments, and D4 on the first 60 kurals of the fixture.
    run_command(Command::new(cargo()).current_dir(root).args(["build", "-p", "uraikal-cli"]))?;
    let uraikal = root.join("target/debug/uraikal");
    let dir = root.join("target/web-check/report");
    std::fs::create_dir_all(&dir)?;
    let a1 = root.join("fixtures/a1");
    let hyps_b = dir.join("hyps_b.jsonl");
    let mut text = String::new();
    for row in read_jsonl(&a1.join("hyps_sample.jsonl"))? {
        let words: Vec<&str> = row["hyp"].as_str().unwrap_or("").split_whitespace().collect();
        let shorter = words[..words.len().saturating_sub(1)].join(" ");
        writeln!(text, "{}", json!({"id": row["id"], "hyp": shorter}))?;
    }
    std::fs::write(&hyps_b, text)?;
    let mut files = Vec::new();
    let mut alignments = Vec::new();
    for (system, hyps) in [("whisper-small", a1.join("hyps_sample.jsonl")), ("whisper-tiny", hyps_b)] {
        let out = dir.join(format!("{system}.json"));
        let al = dir.join(format!("{system}.alignments.jsonl"));
        run_command(
            Command::new(&uraikal)
                .args(["score", "--bootstrap", "200", "--system", system, "--manifest"])
                .arg(a1.join("a1_sample.jsonl"))
                .arg("--hyp")
                .arg(&hyps)
                .arg("--out")
                .arg(&out)
                .arg("--alignments")
                .arg(&al)
                .stdout(std::process::Stdio::null()),
        )?;
        files.push(out);
        alignments.push(format!("{system}={}", al.display()));
    }
    // Reference lattices for the demo: each utterance's normalised reference words as groups, and for the
    // first word whisper-small substitutes, its hypothesis word as an accepted spelling (what an annotator
    // would add): the report lists those substitutions as variants the lattice accepts.
    let lattice_manifest = dir.join("a1_lattices.jsonl");
    let mut text = String::new();
    let small = read_jsonl(&dir.join("whisper-small.alignments.jsonl"))?;
    for (row, aligned) in read_jsonl(&a1.join("a1_sample.jsonl"))?.iter().zip(&small) {
        let words = |field: &str| -> Vec<String> {
            aligned[field].as_str().unwrap_or("").split_whitespace().map(str::to_string).collect()
        };
        let (reference, hypothesis) = (words("reference"), words("hypothesis"));
        let mut groups: Vec<Vec<String>> = reference.iter().map(|w| vec![w.clone()]).collect();
        let chunks = aligned["word_chunks"].as_array().cloned().unwrap_or_default();
        if let Some(c) = chunks.iter().find(|c| c[0] == "substitute") {
            let (r, h) = (c[1].as_u64().unwrap_or(0) as usize, c[3].as_u64().unwrap_or(0) as usize);
            if let (Some(group), Some(word)) = (groups.get_mut(r), hypothesis.get(h)) {
                group.push(word.clone());
            }
        }
        let mut line = row.clone();
        if !groups.is_empty() && row["id"] == aligned["id"] {
            line["lattice"] = json!(groups);
        }
        writeln!(text, "{line}")?;
    }
    std::fs::write(&lattice_manifest, text)?;
    let passages = dir.join("d4_kural.jsonl");
    let mut text = String::new();
    let tsv = std::fs::read_to_string(root.join("fixtures/thirukkural/thirukkural.tsv"))?;
    for (i, verse) in tsv.lines().skip(1).take(60).enumerate() {
        let f: Vec<&str> = verse.split('\t').collect();
        let text_of = format!("{} {}", f.get(8).unwrap_or(&""), f.get(9).unwrap_or(&""));
        let line = json!({"id": format!("kural-{}", i + 1), "text": text_of, "slice": "kural", "source": "fixtures/thirukkural"});
        writeln!(text, "{line}")?;
    }
    std::fs::write(&passages, text)?;
    let d4 = dir.join("d4.json");
    run_command(
        Command::new(&uraikal)
            .arg("tokenizers")
            .arg("--data")
            .arg(&passages)
            .arg("--out")
            .arg(&d4)
            .stdout(std::process::Stdio::null()),
    )?;
    files.push(d4);
    let report = dir.join("report.html");
    let mut command = Command::new(&uraikal);
    let png = dir.join("png");
    if png.exists() {
        std::fs::remove_dir_all(&png)?;
    }
    command.arg("report").args(&files).arg("--out").arg(&report).args(["--title", "Uraikal demo report"]);
    command.arg("--manifest").arg(&lattice_manifest);
    command.arg("--png").arg(&png);
    for a in &alignments {
        command.arg("--alignments").arg(a);
    }
    run_command(command.stdout(std::process::Stdio::null()))?;
    let url = format!("file://{}", report.display());
    let dom = dump_dom(&chromium, &url)?;
    expect(
        &dom,
        "the demo report names every system and slice, with charts",
        &[
            "whisper-small",
            "whisper-tiny",
            "kural",
            "other",
            "macro",
            "<svg",
            "Error analysis: whisper-tiny",
            "D4: tokenizers on Tamil",
            // The paired-significance matrix: whisper-small is significantly better (it drops no word).
            "Paired significance",
            "<td class=\"better\" title=\"whisper-small − whisper-tiny, macro WER\">",
            "<td class=\"worse\" title=\"whisper-tiny − whisper-small, macro WER\">",
            // The lattice's accepted spellings apart from real errors, and the tokenizers' cuts of example words.
            "Substitutions, real errors",
            "Spelling variants the lattice accepts",
            "Where each tokenizer cuts a Tamil word",
            "<b>|</b>",
        ],
    )?;
    // --png: a PNG per chart (slices kural, other, macro and the D4 chart).
    for name in ["slice-kural", "slice-other", "slice-macro", "d4-tokens-per-word"] {
        let path = png.join(format!("{name}.png"));
        let bytes = std::fs::read(&path).with_context(|| format!("--png wrote no {}", path.display()))?;
        if !bytes.starts_with(b"\x89PNG") || bytes.len() < 2_000 {
            bail!("{}: not a chart PNG ({} bytes)", path.display(), bytes.len());
        }
    }
    println!("browser: report --png wrote the four charts");
    let charts = dom.matches("<svg").count();
    if charts < 4 {
        bail!("the demo report has {charts} charts (a chart per slice and one for D4 expected)");
    }
    let bytes = screenshot(&chromium, &url, &shots.join("report.png"), "1100,1500")?;
    println!("browser: report screenshot ({bytes} bytes)");
    if copy_screenshots {
        for name in ["playground.png", "report.png"] {
            std::fs::copy(shots.join(name), root.join("docs/img").join(name))?;
        }
        println!("browser: docs/img/playground.png and docs/img/report.png refreshed");
    }
    Ok(())
}
