//! `cargo xtask bench-peers [--pairs N] [--only NAME]`: times Uraikal against the Python peers on the same
//! input, side by side in one run, and checks that the numbers agree.
//!
//! The pinned peers are installed from PyPI into a cached venv (`target/peers-venv`). A corpus of Tamil
//! (reference, hypothesis) pairs is generated from real text (Thirukkural and the FLORES/NTREX/TICO/Tatoeba
//! prose in ../shared/data, read in place) with seeded perturbations. Each peer comparison is one function
//! in [`COMPARISONS`]; add yours there.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};

use crate::project_root;

/// The pinned peers (one venv for all comparisons).
const PEERS: &[&str] = &[
    "jiwer==4.0.0",
    "sacrebleu==2.6.0",
    "grapheme-kit==0.1.1",
    "tokenizers==0.23.3",
    "sentencepiece==0.2.3",
    "open-tamil==1.1",
];

/// One peer comparison.
type Comparison = fn(&Bench) -> Result<()>;

/// Every peer comparison: (name, function).
const COMPARISONS: &[(&str, Comparison)] = &[
    ("jiwer", jiwer_wer_cer),
    ("grapheme-cer", crate::bench_graphemes::grapheme_cer),
    ("chrf", crate::bench_graphemes::corpus_chrf),
    ("segmentation", crate::bench_graphemes::segmentation),
    ("lattices", crate::bench_lattices::oiwer_and_lattices),
    ("tokenizer-train", crate::bench_tokenizers::tokenizer_train),
    ("legacy", crate::bench_legacy::legacy),
    ("asr", crate::bench_asr::asr),
];

/// What every comparison gets: the peers' python, the release `uraikal`, the generated corpus.
pub struct Bench {
    /// The venv's python with the pinned peers.
    pub python: PathBuf,
    /// The release build of `uraikal`.
    pub uraikal: PathBuf,
    /// Scratch folder for this run (under target/).
    pub work: PathBuf,
    /// A1 manifest of the generated pairs (slices "kural" and "prose").
    pub manifest: PathBuf,
    /// Hypotheses of the generated pairs.
    pub hyps: PathBuf,
    /// Number of pairs.
    pub pairs: usize,
}

pub fn bench_peers(args: &[String]) -> Result<()> {
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let pairs: usize = value("--pairs").map(|v| v.parse()).transpose()?.unwrap_or(100_000);
    let only = value("--only");
    let root = project_root();
    let work = root.join("target/bench-peers");
    fs::create_dir_all(&work)?;
    // The ASR comparison needs neither the Python peers nor the text corpus.
    let asr_only = only.as_deref() == Some("asr");
    let python = if asr_only { PathBuf::from("python3") } else { peer_venv(&root)? };
    if !asr_only {
        // (The ASR comparison builds its own, with whisper.cpp.)
        println!("bench-peers: building the release binary");
        run(Command::new(env!("CARGO")).args(["build", "--release", "-q", "-p", "uraikal-cli"]).current_dir(&root))?;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target"));
    let uraikal = target.join("release/uraikal");
    let (manifest, hyps) = (work.join("a1_bench.jsonl"), work.join("hyps_bench.jsonl"));
    if !asr_only {
        write_corpus(&root, pairs, &manifest, &hyps)?;
    }
    let bench = Bench { python, uraikal, work, manifest, hyps, pairs };
    for (name, comparison) in COMPARISONS {
        if only.as_deref().is_some_and(|o| o != *name) {
            continue;
        }
        println!("\n== {name} ==");
        comparison(&bench)?;
    }
    Ok(())
}

/// A command's stdout (an error with its stderr when it fails).
pub(crate) fn run_output(cmd: &mut Command) -> Result<String> {
    run(cmd)
}

fn run(cmd: &mut Command) -> Result<String> {
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    if !out.status.success() {
        bail!("{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    Ok(String::from_utf8(out.stdout)?)
}

/// The cached venv with the pinned peers; installs what is missing.
fn peer_venv(root: &Path) -> Result<PathBuf> {
    let venv = root.join("target/peers-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        println!("bench-peers: creating {}", venv.display());
        run(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    }
    let missing: Vec<&str> = PEERS
        .iter()
        .copied()
        .filter(|p| {
            let name = p.split("==").next().unwrap();
            let shown = Command::new(&python).args(["-m", "pip", "show", name]).output();
            !shown.is_ok_and(|o| {
                o.status.success()
                    && String::from_utf8_lossy(&o.stdout).contains(&format!("Version: {}", &p[name.len() + 2..]))
            })
        })
        .collect();
    if !missing.is_empty() {
        println!("bench-peers: pip install {}", missing.join(" "));
        run(Command::new(&python).args(["-m", "pip", "install", "-q"]).args(&missing))?;
    }
    Ok(python)
}

/// Real Tamil sentences: the kurals and the prose sets of ../shared/data (read in place).
fn sentences(root: &Path) -> Result<Vec<(String, &'static str)>> {
    let data = root.join("../shared/data");
    let mut out = Vec::new();
    let kurals =
        fs::read_to_string(data.join("thirukkural/thirukkural.tsv")).context("../shared/data/thirukkural absent")?;
    for line in kurals.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        out.push((format!("{} {}", f[8], f[9]), "kural"));
    }
    for file in
        ["prose/flores200/tam_Taml.devtest", "prose/ntrex128/newstest2019-ref.tam.txt", "prose/tico19/tico19-test.tam"]
    {
        let text = fs::read_to_string(data.join(file)).with_context(|| format!("reading ../shared/data/{file}"))?;
        out.extend(text.lines().filter(|l| !l.trim().is_empty()).map(|l| (l.trim().to_string(), "prose")));
    }
    Ok(out)
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `pairs` utterances cycling through the sentences; hypotheses are seeded word- and letter-level
/// perturbations of the references (some exact, some heavily wrong, ~1 % missing).
fn write_corpus(root: &Path, pairs: usize, manifest: &Path, hyps: &Path) -> Result<()> {
    let sentences = sentences(root)?;
    let mut rng = SplitMix64(20240601);
    let (mut m, mut h) = (String::new(), String::new());
    for k in 0..pairs {
        let (text, slice) = &sentences[k % sentences.len()];
        m.push_str(&format!(
            "{{\"id\": \"u{k}\", \"audio\": \"a/u{k}.wav\", \"text\": {}, \"slice\": \"{slice}\"}}\n",
            json_string(text)
        ));
        if rng.below(100) == 0 {
            continue; // missing hypothesis
        }
        let level = rng.below(4); // 0: exact, 1: light, 2: medium, 3: heavy
        let mut words: Vec<String> = Vec::new();
        for word in text.split(' ') {
            let roll = rng.below(100);
            let rate = [0, 8, 20, 45][level];
            if roll >= rate {
                words.push(word.to_string());
                continue;
            }
            match rng.below(4) {
                0 => {}
                1 => {
                    words.push(word.to_string());
                    words.push(word.to_string());
                }
                _ => {
                    let mut chars: Vec<char> = word.chars().collect();
                    let at = rng.below(chars.len().max(1));
                    if chars.len() > 1 {
                        chars.remove(at);
                    }
                    chars.insert(rng.below(chars.len() + 1), ['க', 'ி', 'ம', '்', 'ா', 'ு'][rng.below(6)]);
                    words.push(chars.into_iter().collect());
                }
            }
        }
        h.push_str(&format!("{{\"id\": \"u{k}\", \"hyp\": {}}}\n", json_string(&words.join(" "))));
    }
    fs::write(manifest, m)?;
    fs::write(hyps, h)?;
    Ok(())
}

/// Best wall-clock time of `runs` runs of a command, in seconds, and its last stdout.
pub(crate) fn best_time(cmd: &mut Command, runs: usize) -> Result<(f64, String)> {
    let mut best = f64::INFINITY;
    let mut stdout = String::new();
    for _ in 0..runs {
        let start = Instant::now();
        stdout = run(cmd)?;
        best = best.min(start.elapsed().as_secs_f64());
    }
    Ok((best, stdout))
}

/// `uraikal score` (JSONL in, normalise, WER + CER with H/S/D/I, results file out) against jiwer 4.0.0's
/// `process_words` + `process_characters` on the same normalised strings (JSONL in); the counts must agree.
fn jiwer_wer_cer(b: &Bench) -> Result<()> {
    // The normalised strings, exactly as uraikal scores them, for jiwer.
    let alignments = b.work.join("alignments.jsonl");
    let results = b.work.join("results.json");
    let score_args = |extra: &[&str]| {
        let mut cmd = Command::new(&b.uraikal);
        cmd.arg("score").arg("--manifest").arg(&b.manifest).arg("--hyp").arg(&b.hyps);
        cmd.args(["--system", "bench", "--bootstrap", "0", "--json", "--out"]).arg(&results).args(extra);
        cmd
    };
    run(&mut score_args(&["--alignments", alignments.to_str().unwrap()]))?;
    let script = b.work.join("jiwer_bench.py");
    fs::write(
        &script,
        "import json, sys, jiwer\n\
         refs, hyps = [], []\n\
         for line in open(sys.argv[1], encoding='utf-8'):\n\
         \x20   r = json.loads(line); refs.append(r['reference']); hyps.append(r['hypothesis'])\n\
         w = jiwer.process_words(refs, hyps)\n\
         c = jiwer.process_characters(refs, hyps)\n\
         print(json.dumps({'word': [w.hits, w.substitutions, w.deletions, w.insertions], 'char': [c.hits, c.substitutions, c.deletions, c.insertions], 'wer': w.wer, 'cer': c.cer}))\n",
    )?;
    let (uraikal_s, uraikal_out) = best_time(&mut score_args(&[]), 3)?;
    let (jiwer_s, jiwer_out) = best_time(Command::new(&b.python).arg(&script).arg(&alignments), 3)?;

    let records: serde_json::Value = serde_json::from_str(&uraikal_out)?;
    let total = records.as_array().and_then(|r| r.iter().find(|r| r["slice"] == "macro")).context("no macro record")?;
    let counts = |v: &serde_json::Value| -> Vec<u64> {
        ["hits", "substitutions", "deletions", "insertions"].iter().map(|k| v[k].as_u64().unwrap_or(u64::MAX)).collect()
    };
    let peer: serde_json::Value = serde_json::from_str(jiwer_out.trim())?;
    let peer_counts =
        |k: &str| -> Vec<u64> { peer[k].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect() };
    let same = counts(&total["word"]) == peer_counts("word") && counts(&total["char"]) == peer_counts("char");
    println!("pairs: {} (slices kural, prose; normalised by uraikal)", b.pairs);
    println!("uraikal score (normalise + WER + CER, JSONL in, results out): {uraikal_s:.3} s (best of 3)");
    println!("jiwer 4.0.0 process_words + process_characters (JSONL in):   {jiwer_s:.3} s (best of 3)");
    println!("ratio: {:.1}x", jiwer_s / uraikal_s);
    println!("word H/S/D/I uraikal {:?} jiwer {:?}", counts(&total["word"]), peer_counts("word"));
    println!("char H/S/D/I uraikal {:?} jiwer {:?}", counts(&total["char"]), peer_counts("char"));
    println!("corpus WER jiwer {} CER jiwer {}", peer["wer"], peer["cer"]);
    if !same {
        bail!("counts differ between uraikal and jiwer");
    }
    println!("counts identical");
    Ok(())
}
