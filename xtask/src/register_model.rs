//! `cargo xtask register-model [--check] [--data-out FILE]`: builds the register classifier's training set
//! from data we may license and trains the shipped model (crates/uraikal-quality/data/register-model.json).
//!
//! * literary: the kurals (public domain; ../shared/data/thirukkural), less any kural in the evaluation set
//!   ../shared/golden/quality/register.jsonl, so that the evaluation stays held out;
//! * formal: TICO-19's Tamil test sentences (CC0; read in place, never committed);
//! * spoken: sentences generated here from word lists written for this purpose (below);
//! * tanglish: TICO-19 sentences, kurals and spoken sentences romanised by the table below;
//! * code-mixed: TICO-19 sentences with a third of their words replaced by words of the aligned English
//!   sentence (CC0), and spoken sentences with English nouns.
//!
//! The training set itself is not committed (TICO-19 is read in place); `--data-out` writes it for inspection.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::project_root;

/// A small deterministic generator (xorshift64*), so that the model is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const SUBJECTS: &[&str] =
    &["நான்", "நீ", "அவன்", "அவ", "அவங்க", "நாங்க", "நீங்க", "அண்ணன்", "அம்மா", "அப்பா", "தம்பி", "அக்கா", "மாமா", "பசங்க", "எல்லாரும்"];
const PLACES: &[&str] = &[
    "வீட்டுக்கு",
    "கடைக்கு",
    "ஆபீஸுக்கு",
    "ஸ்கூலுக்கு",
    "கோயிலுக்கு",
    "ஊருக்கு",
    "சினிமாவுக்கு",
    "மார்க்கெட்டுக்கு",
    "பஸ்ல",
    "ரூம்ல",
    "வெளிய",
    "அங்க",
    "இங்க",
    "காலேஜுக்கு",
];
const OBJECTS: &[&str] = &["சாப்பாடு", "டீ", "காபி", "வேலை", "படம்", "காசு", "போன்", "டிக்கெட்டு", "புஸ்தகம்", "பொண்ணு"];
const TIMES: &[&str] = &["இன்னைக்கு", "நாளைக்கு", "நேத்து", "இப்போ", "அப்புறம்", "சீக்கிரம்", "காலையில", "ராத்திரி", "சாயங்காலம்"];
const VERBS: &[&str] = &[
    "போறேன்",
    "வர்றேன்",
    "போறாங்க",
    "வந்துட்டேன்",
    "பண்ணிட்டு",
    "பண்றேன்",
    "சாப்டியா",
    "சாப்பிட்டேன்",
    "இருக்கு",
    "இல்ல",
    "தெரியல",
    "சொல்லுங்க",
    "பாக்கலாம்",
    "வாங்க",
    "போலாம்",
    "முடிஞ்சுது",
    "கேட்டியா",
    "ஆச்சு",
    "வேணும்",
    "வேணாம்",
    "பண்ணுங்க",
    "வந்தாங்க",
    "சொன்னாங்க",
    "இருக்காங்க",
    "கிடைக்கல",
];
const PARTICLES: &[&str] = &["டா", "ங்க", "ப்பா", "தான்", "என்ன", "ஏன்", "சரி", "அட", "ரொம்ப", "கொஞ்சம்", "எல்லாம்", "மா"];
const ENGLISH_NOUNS: &[&str] = &[
    "meeting", "office", "phone", "bus", "ticket", "movie", "exam", "class", "traffic", "boss", "leave", "party",
    "online", "order", "delivery", "time", "problem", "super", "actually", "really", "sorry", "please", "weekend",
];

fn spoken(rng: &mut Rng, english: bool) -> String {
    let mut sentences = Vec::new();
    for _ in 0..1 + rng.next() % 2 {
        let mut w: Vec<&str> = Vec::new();
        if rng.chance(50) {
            w.push(rng.pick(TIMES));
        }
        w.push(rng.pick(SUBJECTS));
        if rng.chance(60) {
            w.push(rng.pick(PLACES));
        } else {
            w.push(rng.pick(OBJECTS));
        }
        if english {
            w.push(rng.pick(ENGLISH_NOUNS));
        }
        if rng.chance(40) {
            w.push(rng.pick(PARTICLES));
        }
        w.push(rng.pick(VERBS));
        if rng.chance(50) {
            w.push(rng.pick(PARTICLES));
        }
        let end = if rng.chance(30) { "?" } else { "." };
        sentences.push(format!("{}{end}", w.join(" ")));
    }
    sentences.join(" ")
}

fn consonant(c: char) -> Option<&'static str> {
    Some(match c {
        'க' => "k",
        'ங' => "ng",
        'ச' => "s",
        'ஞ' => "nj",
        'ட' => "d",
        'ண' => "n",
        'த' => "th",
        'ந' => "n",
        'ப' => "p",
        'ம' => "m",
        'ய' => "y",
        'ர' => "r",
        'ல' => "l",
        'வ' => "v",
        'ழ' => "zh",
        'ள' => "l",
        'ற' => "r",
        'ன' => "n",
        'ஜ' => "j",
        'ஷ' => "sh",
        'ஸ' => "s",
        'ஹ' => "h",
        _ => return None,
    })
}

fn vowel(c: char) -> Option<&'static str> {
    Some(match c {
        'அ' => "a",
        'ஆ' | 'ா' => "aa",
        'இ' | 'ி' => "i",
        'ஈ' | 'ீ' => "ee",
        'உ' | 'ு' => "u",
        'ஊ' | 'ூ' => "oo",
        'எ' | 'ெ' => "e",
        'ஏ' | 'ே' => "ae",
        'ஐ' | 'ை' => "ai",
        'ஒ' | 'ொ' => "o",
        'ஓ' | 'ோ' => "o",
        'ஔ' | 'ௌ' => "au",
        'ஃ' => "h",
        _ => return None,
    })
}

/// Tamil in Latin letters, the way people type it in chat (a simple phonetic table, lower case).
fn romanise(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(k) = consonant(c) {
            out.push_str(k);
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            if vowel(next).is_none() && next != '்' {
                out.push('a');
            }
        } else if let Some(v) = vowel(c) {
            out.push_str(v);
        } else if c == '்' {
        } else {
            out.push(c);
        }
    }
    out
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {} (the data is read in place)", path.display()))
}

/// The labelled training set, as (text, register).
pub fn training_set(shared: &Path) -> Result<Vec<(String, &'static str)>> {
    let mut rng = Rng(0x5eed_2026);
    let held_out: std::collections::HashSet<String> = read(&shared.join("golden/quality/register.jsonl"))?
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["text"].as_str().map(str::to_owned))
        .collect();
    let mut kurals = Vec::new();
    for line in read(&shared.join("data/thirukkural/thirukkural.tsv"))?.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() > 9 {
            let kural = format!("{}\n{}", f[8], f[9]);
            if !held_out.contains(&kural) {
                kurals.push(kural);
            }
        }
    }
    let tico_ta = read(&shared.join("data/prose/tico19/tico19-test.tam"))?;
    let tico_en = read(&shared.join("data/prose/tico19/tico19-test.eng"))?;
    let pairs: Vec<(&str, &str)> = tico_ta.lines().zip(tico_en.lines()).filter(|(t, _)| !t.trim().is_empty()).collect();
    if kurals.len() < 500 || pairs.len() < 1000 {
        bail!("too little data: {} kurals, {} TICO-19 sentences", kurals.len(), pairs.len());
    }
    let mut set: Vec<(String, &'static str)> = Vec::new();
    for k in &kurals {
        set.push((k.clone(), "literary"));
    }
    for (k, (ta, en)) in pairs.iter().enumerate() {
        match k % 3 {
            0 => set.push((ta.to_string(), "formal")),
            1 => set.push((romanise(ta), "tanglish")),
            _ => {
                let english: Vec<&str> = en
                    .split_whitespace()
                    .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphabetic()))
                    .filter(|w| w.len() > 3)
                    .collect();
                let mixed: Vec<String> = ta
                    .split_whitespace()
                    .map(|w| {
                        if !english.is_empty() && rng.chance(35) {
                            rng.pick(&english).to_lowercase()
                        } else {
                            w.to_owned()
                        }
                    })
                    .collect();
                set.push((mixed.join(" "), "code-mixed"));
                set.push((ta.to_string(), "formal"));
            }
        }
    }
    for k in kurals.iter().step_by(4) {
        set.push((romanise(k), "tanglish"));
    }
    for _ in 0..800 {
        set.push((spoken(&mut rng, false), "spoken"));
        let s = spoken(&mut rng, false);
        set.push((romanise(&s), "tanglish"));
    }
    for _ in 0..500 {
        set.push((spoken(&mut rng, true), "code-mixed"));
    }
    Ok(set)
}

fn model_path() -> PathBuf {
    project_root().join("crates/uraikal-quality/data/register-model.json")
}

/// Runs the task.
pub fn run(args: &[String]) -> Result<()> {
    let shared = project_root().join("../shared");
    let set = training_set(&shared)?;
    if let Some(i) = args.iter().position(|a| a == "--data-out") {
        let path = args.get(i + 1).context("--data-out needs a file")?;
        let lines: Vec<String> =
            set.iter().map(|(t, r)| serde_json::json!({"text": t, "register": r}).to_string()).collect();
        std::fs::write(path, lines.join("\n") + "\n")?;
    }
    let model = uraikal_quality::register::train(set.iter().map(|(t, r)| (t.as_str(), *r)))
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let json = model.to_json() + "\n";
    let path = model_path();
    if args.iter().any(|a| a == "--check") {
        let committed = read(&path)?;
        if committed != json {
            bail!("{} is stale: run `cargo xtask register-model`", path.display());
        }
        println!("register-model: fresh ({} examples, {} features)", set.len(), model.features.len());
        return Ok(());
    }
    std::fs::write(&path, json)?;
    println!("register-model: {} examples, {} features → {}", set.len(), model.features.len(), path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed model is what `cargo xtask register-model` makes from the data (needs ../shared).
    #[test]
    fn the_shipped_register_model_is_fresh() {
        let shared = project_root().join("../shared");
        if !shared.join("data/prose/tico19").exists() {
            let required = std::env::var_os("URAIKAL_REQUIRE_DATA").is_some_and(|v| v == "1");
            assert!(!required, "SKIPPED: ../shared/data absent, and URAIKAL_REQUIRE_DATA=1 requires it");
            eprintln!("SKIPPED: ../shared/data absent; the register model's freshness was not checked");
            return;
        }
        run(&["--check".to_owned()]).unwrap();
    }

    #[test]
    fn romanisation_reads_like_chat_tamil() {
        assert_eq!(romanise("நான் வீட்டுக்கு போறேன்"), "naan veeddukku poraen");
    }
}
