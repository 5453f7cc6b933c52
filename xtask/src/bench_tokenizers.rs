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
    // Python gets the same text with letters as single characters (SPEC D7) and spells its merges back.
    let script = format!(
        r#"import sys, json
from tokenizers import Tokenizer, Regex, models, pre_tokenizers, trainers
SIGNS = 0x0BCD - 0x0BBE + 2
def sign(c):
    o = ord(c)
    return o - 0x0BBE if 0x0BBE <= o <= 0x0BCD else (SIGNS - 1 if o == 0x0BD7 else None)
def to_letters(t):
    out, i = [], 0
    while i < len(t):
        c = t[i]
        s = sign(t[i + 1]) if i + 1 < len(t) else None
        if 0x0B95 <= ord(c) <= 0x0BB9 and s is not None:
            out.append(chr(0xF0000 + (ord(c) - 0x0B95) * SIGNS + s)); i += 2
        else:
            out.append(c); i += 1
    return "".join(out)
def back(t):
    out = []
    for c in t:
        o = ord(c) - 0xF0000
        if 0 <= o < 0x100 * SIGNS:
            s = o % SIGNS
            out.append(chr(0x0B95 + o // SIGNS) + (chr(0x0BD7) if s == SIGNS - 1 else chr(0x0BBE + s)))
        else:
            out.append(c)
    return "".join(out)
# Lines as Rust's str::lines cuts them (\n, a trailing \r dropped), not Python's splitlines.
lines = [to_letters(l[:-1] if l.endswith("\r") else l) for l in open(sys.argv[1], encoding="utf-8", newline="").read().split("\n") if l.strip()]
t = Tokenizer(models.BPE(byte_fallback=True))
t.pre_tokenizer = pre_tokenizers.Split(Regex({pattern:?}), "isolated")
trainer = trainers.BpeTrainer(vocab_size=int(sys.argv[3]), min_frequency=2, show_progress=False)
t.train_from_iterator(lines, trainer)
merges = json.loads(t.to_str())["model"]["merges"]
json.dump([[back(a), back(b)] for a, b in merges], open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
"#,
        pattern = PATTERN.replace(r"\p{M}", r"\p{M}\p{Co}"),
    );
    // Python trains a little further (our budget also holds the letters the text lacks): ours must be a
    // prefix of its merges.
    let ours_json: Value = serde_json::from_str(&fs::read_to_string(&ours)?)?;
    let ours_merges = ours_json["model"]["merges"].as_array().cloned().unwrap_or_default();
    let letters = ours_merges
        .iter()
        .take_while(|m| {
            m[0].as_str().is_some_and(|a| ('\u{0B95}'..='\u{0BB9}').contains(&a.chars().next().unwrap_or(' ')))
                && m[1].as_str().is_some_and(|b| {
                    b.chars().count() == 1 && ('\u{0BBE}'..='\u{0BD7}').contains(&b.chars().next().unwrap_or(' '))
                })
        })
        .count();
    let (t_hf, _) = best_time(
        Command::new(&b.python).arg("-c").arg(&script).arg(&corpus).arg(&hf).arg((VOCAB - 256).to_string()),
        3,
    )?;
    let sp_prefix = b.work.join("sp");
    let sp_script = r#"import sys, sentencepiece as spm
spm.SentencePieceTrainer.train(input=sys.argv[1], model_prefix=sys.argv[2], vocab_size=int(sys.argv[3]), model_type="bpe",
    character_coverage=1.0, byte_fallback=True, num_threads=2, minloglevel=2)
"#;
    let (t_sp, _) = best_time(
        Command::new(&b.python).arg("-c").arg(sp_script).arg(&corpus).arg(&sp_prefix).arg(VOCAB.to_string()),
        3,
    )?;

    // The numbers: the same trainer on the same letters learns the same merges (ours has the letter merges
    // first, then these).
    let theirs: Vec<Value> = serde_json::from_str(&fs::read_to_string(&hf)?)?;
    let a = &ours_merges[letters..];
    if a.len() < theirs.len().saturating_sub(300) || a.iter().zip(&theirs).any(|(x, y)| x != y) {
        bail!("uraikal and Python tokenizers learnt different merges ({} vs {})", a.len(), theirs.len());
    }
    println!(
        "our {} learnt merges are the first of Python tokenizers' {} (after {letters} letter merges)",
        a.len(),
        theirs.len()
    );
    println!("{:<40} {:>8}", "trainer (best of 3, wall clock)", "seconds");
    println!("{:<40} {:>8.2}", "uraikal tokenizers train", t_ours);
    println!("{:<40} {:>8.2}", "Python tokenizers 0.23.3 BpeTrainer", t_hf);
    println!("{:<40} {:>8.2}", "Python sentencepiece 0.2.3 (bpe)", t_sp);
    Ok(())
}
