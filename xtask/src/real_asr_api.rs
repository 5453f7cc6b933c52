//! The OpenAI-compatible engine of `uraikal transcribe` against a real server, for `cargo xtask real-asr`:
//! whisper.cpp's `whisper-server` (built from the release whisper-rs-sys bundles, [`crate::whisper_cpp`]) on
//! 127.0.0.1 with the same ggml file. The hypotheses through it must equal the direct whisper.cpp path's; a
//! run cut after its first line (and a half-written second) resumes to the same file, and two shards merged
//! give it too, as does a run with requests in flight at once; the client starts before the server listens,
//! so its first requests are refused and retried.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::whisper_cpp;

/// One slice to check: its name, language, manifest and the direct path's hypothesis file.
pub struct Slice {
    pub name: &'static str,
    pub language: &'static str,
    pub manifest: PathBuf,
    pub direct: PathBuf,
}

pub fn check(root: &Path, uraikal: &Path, ggml: &Path, work: &Path, slices: &[Slice]) -> Result<()> {
    if !whisper_cpp::available(root) {
        println!(
            "SKIPPED: the OpenAI-compatible engine check (whisper.cpp's sources are neither cached under \
             target/whisper.cpp nor reachable; set URAIKAL_WHISPER_CPP_GIT to a clone of whisper.cpp {})",
            whisper_cpp::TAG
        );
        return Ok(());
    }
    let programs = whisper_cpp::build(root)?;
    let mut server = whisper_cpp::Server::start(&programs.server, ggml, 2, &work.join("whisper-server.log"))?;
    let url = server.url.clone();
    let transcribe = |slice: &Slice, out: &Path, extra: &[&str]| -> Result<()> {
        let status = Command::new(uraikal)
            .args(["transcribe", "--engine", "openai-compatible", "--url", &url, "--language", slice.language])
            .args(["--retries", "8", "--manifest"])
            .arg(&slice.manifest)
            .arg("--out")
            .arg(out)
            .args(extra)
            .status()?;
        if !status.success() {
            bail!("uraikal transcribe --engine openai-compatible ({}) failed ({status})", slice.name);
        }
        Ok(())
    };
    let mut problems = Vec::new();
    for (k, slice) in slices.iter().enumerate() {
        let whole = work.join(format!("{}_api.jsonl", slice.name));
        clear(&whole);
        // The first request goes out before the server listens: refused, then retried with backoff.
        transcribe(slice, &whole, &[])?;
        if k == 0 {
            server.wait()?;
        }
        problems.extend(compare(&slice.direct, &whole, "one run")?);

        // Two requests in flight: the same file, line for line (lines are appended in manifest order).
        let concurrent = work.join(format!("{}_api_concurrent.jsonl", slice.name));
        clear(&concurrent);
        transcribe(slice, &concurrent, &["--api-concurrency", "2"])?;
        if fs::read(&concurrent)? != fs::read(&whole)? {
            problems.push(format!("{}: --api-concurrency 2 wrote another file than one request at a time", slice.name));
        }

        let cut = work.join(format!("{}_api_resumed.jsonl", slice.name));
        clear(&cut);
        fs::copy(&whole, &cut)?;
        fs::copy(sidecar(&whole), sidecar(&cut))?;
        let text = fs::read_to_string(&cut)?;
        let first = text.lines().next().context("no hypotheses")?;
        let second = text.lines().nth(1).unwrap_or_default();
        // The first line whole, the second cut in the middle: what a killed run leaves.
        fs::write(&cut, format!("{first}\n{}", &second[..second.len() / 2]))?;
        transcribe(slice, &cut, &["--api-concurrency", "3"])?;
        problems.extend(compare(&slice.direct, &cut, "cut and resumed")?);

        let mut parts = Vec::new();
        for shard in ["1/2", "2/2"] {
            let part = work.join(format!("{}_api_shard{}.jsonl", slice.name, &shard[..1]));
            clear(&part);
            transcribe(slice, &part, &["--shard", shard])?;
            parts.push(part);
        }
        let merged = work.join(format!("{}_api_merged.jsonl", slice.name));
        let status = Command::new(uraikal)
            .arg("merge-hyps")
            .args(&parts)
            .arg("--manifest")
            .arg(&slice.manifest)
            .arg("--out")
            .arg(&merged)
            .status()?;
        if !status.success() {
            bail!("uraikal merge-hyps of the API shards failed ({status})");
        }
        problems.extend(compare(&slice.direct, &merged, "two shards merged")?);
    }
    drop(server);
    if !problems.is_empty() {
        bail!("the OpenAI-compatible engine differs from the direct path:\n  {}", problems.join("\n  "));
    }
    println!("real-asr: through whisper-server: the same hypotheses as the direct path (one run, two in flight, resumed, sharded)");
    Ok(())
}

fn sidecar(hyps: &Path) -> PathBuf {
    hyps.with_extension("meta.json")
}

fn clear(hyps: &Path) {
    let _ = fs::remove_file(hyps);
    let _ = fs::remove_file(sidecar(hyps));
}

/// Differences between two hypothesis files, compared as id → text.
fn compare(direct: &Path, api: &Path, how: &str) -> Result<Vec<String>> {
    let read = |path: &Path| -> Result<std::collections::BTreeMap<String, String>> {
        let text = fs::read_to_string(path).with_context(|| path.display().to_string())?;
        text.lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).with_context(|| path.display().to_string())?;
                Ok((
                    v["id"].as_str().unwrap_or_default().to_string(),
                    v["hyp"].as_str().unwrap_or_default().to_string(),
                ))
            })
            .collect()
    };
    let (want, got) = (read(direct)?, read(api)?);
    let mut out = Vec::new();
    for (id, text) in &want {
        match got.get(id) {
            Some(hyp) if hyp == text => {}
            Some(hyp) => out.push(format!("{how}: {id}: direct {text:?}, through the server {hyp:?}")),
            None => out.push(format!("{how}: {id}: no hypothesis through the server")),
        }
    }
    if got.len() != want.len() {
        out.push(format!("{how}: {} hypotheses through the server, {} direct", got.len(), want.len()));
    }
    Ok(out)
}
