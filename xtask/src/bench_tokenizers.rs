//! `cargo xtask bench-peers --only tokenizer-train`: `uraikal tokenizers train` beside Python's `tokenizers`
//! (the same BPE trainer and pre-tokenizer, so the merges must be the same) and `sentencepiece` (BPE with
//! byte fallback, its own algorithm) on the same Tamil text: the kurals and the prose of ../shared/data.

use std::fs;
use std::process::Command;

use anyhow::{bail, Result};
use serde_json::Value;

use crate::bench_peers::{best_time, Bench};

const VOCAB: usize = 8000;

/// GRAPHEME_SAFE_PATTERN of uraikal-d4 (SPEC D4).
const PATTERN: &str = r"'s|'t|'re|'ve|'m|'ll|'d| ?[\p{L}\p{M}]+| ?\p{N}+| ?[^\s\p{L}\p{M}\p{N}]+|\s+(?!\S)|\s+";

pub fn tokenizer_train(b: &Bench) -> Result<()> {
    // The manifest's references are the kurals and prose, cycled: keep one copy of each.
    let mut seen = std::collections::HashSet::new();
    let mut text = String::new();
    for line in fs::read_to_string(&b.manifest)?.lines() {
        let row: Value = serde_json::from_str(line)?;
        let t = row["text"].as_str().unwrap_or_default().to_string();
        if seen.insert(t.clone()) {
            text.push_str(&t);
            text.push('\n');
        }
    }
    let corpus = b.work.join("tokenizer_train.txt");
    fs::write(&corpus, &text)?;
    println!("{} lines, {} bytes of Tamil text; vocabulary {VOCAB}", seen.len(), text.len());

    let ours = b.work.join("ours.json");
    let (t_ours, _) = best_time(
        Command::new(&b.uraikal)
            .args(["tokenizers", "train", "--model", "bpe", "--vocab-size", &VOCAB.to_string(), "--data"])
            .arg(&corpus)
            .arg("--out")
            .arg(&ours),
        3,
    )?;
    let hf = b.work.join("hf.json");
    let script = format!(
        r#"import sys
from tokenizers import Tokenizer, Regex, models, pre_tokenizers, trainers
t = Tokenizer(models.BPE(byte_fallback=True))
t.pre_tokenizer = pre_tokenizers.Split(Regex({pattern:?}), "isolated")
trainer = trainers.BpeTrainer(vocab_size={size}, min_frequency=2, show_progress=False)
t.train_from_iterator([l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if l.strip()], trainer)
t.save(sys.argv[2])
"#,
        pattern = PATTERN,
        size = VOCAB - 256
    );
    let (t_hf, _) = best_time(Command::new(&b.python).arg("-c").arg(&script).arg(&corpus).arg(&hf), 3)?;
    let sp_prefix = b.work.join("sp");
    let sp_script = r#"import sys, sentencepiece as spm
spm.SentencePieceTrainer.train(input=sys.argv[1], model_prefix=sys.argv[2], vocab_size=int(sys.argv[3]), model_type="bpe",
    character_coverage=1.0, byte_fallback=True, num_threads=2, minloglevel=2)
"#;
    let (t_sp, _) = best_time(
        Command::new(&b.python).arg("-c").arg(sp_script).arg(&corpus).arg(&sp_prefix).arg(VOCAB.to_string()),
        3,
    )?;

    // The numbers: the same trainer on the same pieces learns the same merges.
    let merges = |path: &std::path::Path| -> Result<Vec<Value>> {
        let json: Value = serde_json::from_str(&fs::read_to_string(path)?)?;
        Ok(json["model"]["merges"].as_array().cloned().unwrap_or_default())
    };
    let (a, b_merges) = (merges(&ours)?, merges(&hf)?);
    if a != b_merges {
        bail!("uraikal and Python tokenizers learnt different merges ({} vs {})", a.len(), b_merges.len());
    }
    println!("merges identical to Python tokenizers' ({})", a.len());
    println!("{:<40} {:>8}", "trainer (best of 3, wall clock)", "seconds");
    println!("{:<40} {:>8.2}", "uraikal tokenizers train", t_ours);
    println!("{:<40} {:>8.2}", "Python tokenizers 0.23.3 BpeTrainer", t_hf);
    println!("{:<40} {:>8.2}", "Python sentencepiece 0.2.3 (bpe)", t_sp);
    Ok(())
}
