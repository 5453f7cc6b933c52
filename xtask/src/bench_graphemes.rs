//! bench-peers comparisons of issue 5 (SPEC G, M), side by side on the same generated pairs:
//! grapheme CER (uraikal vs grapheme-kit 0.1.1), corpus chrF++ on code points (uraikal vs sacrebleu 2.6.0),
//! and grapheme segmentation throughput (uraikal vs grapheme-kit's Graphemizer). Each checks that the
//! numbers agree before it reports a ratio.

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::bench_peers::{best_time, Bench};

/// The bench's (reference, hypothesis) pairs as an `evaluate --pairs` file (missing hypotheses are "").
fn pairs_file(b: &Bench, limit: usize) -> Result<(PathBuf, usize)> {
    let hyps: std::collections::HashMap<String, String> = fs::read_to_string(&b.hyps)?
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| (v["id"].as_str().unwrap_or_default().to_string(), v["hyp"].as_str().unwrap_or_default().to_string()))
        .collect();
    let mut out = String::new();
    let mut count = 0;
    for line in fs::read_to_string(&b.manifest)?.lines().take(limit) {
        let v: Value = serde_json::from_str(line)?;
        let id = v["id"].as_str().unwrap_or_default();
        let record = serde_json::json!({"id": id, "reference": v["text"], "hypothesis": hyps.get(id).cloned().unwrap_or_default()});
        out.push_str(&record.to_string());
        out.push('\n');
        count += 1;
    }
    let path = b.work.join(format!("pairs_{count}.jsonl"));
    fs::write(&path, out)?;
    Ok((path, count))
}

fn report(what: &str, ours: f64, peer_name: &str, peer: f64) {
    println!("uraikal {what}: {ours:.3} s (best of 3)");
    println!("{peer_name}: {peer:.3} s (best of 3)");
    println!("ratio: {:.1}x", peer / ours);
}

/// Grapheme CER of 20,000 pairs, every pair: `uraikal evaluate --pairs --unit grapheme --metric cer` against
/// grapheme-kit's `CER(hyp, ref)` in a loop; the sums of the sentence CERs must agree.
pub fn grapheme_cer(b: &Bench) -> Result<()> {
    let (pairs, count) = pairs_file(b, 20_000)?;
    let script = b.work.join("gkit_cer.py");
    fs::write(
        &script,
        "import json, sys\nfrom grapheme_kit.metric import CER\ns = 0.0\n\
         for line in open(sys.argv[1], encoding='utf-8'):\n\
         \x20   r = json.loads(line); s += CER(r['hypothesis'], r['reference'])\nprint(repr(s))\n",
    )?;
    let mut ours_cmd = Command::new(&b.uraikal);
    ours_cmd.args(["evaluate", "--unit", "grapheme", "--metric", "cer", "--pairs"]).arg(&pairs);
    let (ours_s, ours_out) = best_time(&mut ours_cmd, 3)?;
    let (peer_s, peer_out) = best_time(Command::new(&b.python).arg(&script).arg(&pairs), 3)?;
    let ours_sum: f64 = ours_out
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("corpus").is_none())
        .map(|v| v["cer"].as_f64().unwrap_or(f64::NAN))
        .sum();
    let peer_sum: f64 = peer_out.trim().parse().context("grapheme-kit output")?;
    println!("pairs: {count}");
    report(
        "evaluate --unit grapheme --metric cer (JSONL in)",
        ours_s,
        "grapheme-kit 0.1.1 CER loop (JSONL in)",
        peer_s,
    );
    println!("sum of sentence CERs: uraikal {ours_sum} grapheme-kit {peer_sum}");
    if (ours_sum - peer_sum).abs() > 1e-6 * peer_sum.abs().max(1.0) {
        bail!("grapheme CERs differ");
    }
    Ok(())
}

/// Corpus chrF++ on code points: `uraikal evaluate --pairs --unit codepoint --metric chrf++` against
/// sacrebleu's `CHRF(word_order=2).corpus_score`; the corpus scores must be equal.
pub fn corpus_chrf(b: &Bench) -> Result<()> {
    let (pairs, count) = pairs_file(b, b.pairs)?;
    let script = b.work.join("sacrebleu_chrf.py");
    fs::write(
        &script,
        "import json, sys\nfrom sacrebleu.metrics import CHRF\nrefs, hyps = [], []\n\
         for line in open(sys.argv[1], encoding='utf-8'):\n\
         \x20   r = json.loads(line); refs.append(r['reference']); hyps.append(r['hypothesis'])\n\
         print(repr(CHRF(word_order=2).corpus_score(hyps, [refs]).score))\n",
    )?;
    let mut ours_cmd = Command::new(&b.uraikal);
    ours_cmd.args(["evaluate", "--unit", "codepoint", "--metric", "chrf++", "--pairs"]).arg(&pairs);
    let (ours_s, ours_out) = best_time(&mut ours_cmd, 3)?;
    let (peer_s, peer_out) = best_time(Command::new(&b.python).arg(&script).arg(&pairs), 3)?;
    let corpus: Value = serde_json::from_str(ours_out.lines().last().unwrap_or("{}"))?;
    let ours = corpus["chrfpp"].as_f64().context("no corpus chrfpp")?;
    let peer: f64 = peer_out.trim().parse().context("sacrebleu output")?;
    println!("pairs: {count}");
    report(
        "evaluate --unit codepoint --metric chrf++ (JSONL in, every pair + corpus)",
        ours_s,
        "sacrebleu 2.6.0 corpus chrF++ (JSONL in)",
        peer_s,
    );
    println!("corpus chrF++: uraikal {ours} sacrebleu {peer}");
    if ours != peer {
        bail!("corpus chrF++ differs");
    }
    Ok(())
}

/// Segmentation of ~10 MB of Tamil text, line by line: `uraikal graphemes --count -` against grapheme-kit's
/// Graphemizer; the total grapheme counts must agree.
pub fn segmentation(b: &Bench) -> Result<()> {
    let mut text = String::new();
    for line in fs::read_to_string(&b.manifest)?.lines() {
        let v: Value = serde_json::from_str(line)?;
        text.push_str(v["text"].as_str().unwrap_or_default());
        text.push('\n');
        if text.len() > 10_000_000 {
            break;
        }
    }
    while text.len() < 10_000_000 {
        text = text.repeat(2);
    }
    let path = b.work.join("segmentation.txt");
    fs::write(&path, &text)?;
    let megabytes = text.len() as f64 / 1e6;
    let script = b.work.join("gkit_graphemes.py");
    fs::write(
        &script,
        "import sys\nfrom grapheme_kit import Graphemizer\nn = 0\n\
         for line in open(sys.argv[1], encoding='utf-8'):\n\
         \x20   n += len(list(Graphemizer(line.rstrip('\\n'))))\nprint(n)\n",
    )?;
    let shell = format!("{} graphemes --count < {}", b.uraikal.display(), path.display());
    let (ours_s, ours_out) = best_time(Command::new("sh").arg("-c").arg(&shell), 3)?;
    let (peer_s, peer_out) = best_time(Command::new(&b.python).arg(&script).arg(&path), 1)?;
    let ours: u64 =
        ours_out.lines().filter_map(|l| l.strip_prefix("graphemes ")?.split(' ').next()?.parse::<u64>().ok()).sum();
    println!("text: {megabytes:.1} MB of Tamil, {} lines", text.lines().count());
    report("graphemes --count (stdin, per line)", ours_s, "grapheme-kit Graphemizer per line (best of 1)", peer_s);
    println!("throughput: uraikal {:.0} MB/s, grapheme-kit {:.1} MB/s", megabytes / ours_s, megabytes / peer_s);
    println!("graphemes: uraikal {ours} grapheme-kit {}", peer_out.trim());
    Ok(())
}
