//! `cargo xtask gen-demo`: writes the demo's sample A1 manifest (`crates/uraikal-cli/data/demo/a1_demo.jsonl`,
//! from the Thirukkural and the espeak-ng clip sentences in ../shared/data) and its example hypotheses
//! (`crates/uraikal-cli/data/demo/hyps/*.jsonl`), which are the references perturbed by fixed, seeded rules.
//! They are *examples*, not the output of any speech recogniser. They live inside the CLI crate, which embeds
//! them, so that the published crate is self-contained.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};

/// Every 44th kural from the first, so the sample spans the whole book.
const KURAL_STEP: usize = 44;

/// The example systems: name, description, and perturbation rates (delete, change, repeat) per word.
pub const SYSTEMS: &[(&str, &str, [f64; 3])] = &[
    ("example-light", "example: references with light word errors (seeded perturbation)", [0.03, 0.06, 0.01]),
    ("example-heavy", "example: references with heavy word errors (seeded perturbation)", [0.10, 0.18, 0.04]),
    ("example-legacy-order", "example: vowel signs typed in visual order (legacy keyboards), ids edited", [0.0, 0.0, 0.0]),
];

/// Where the demo data lives, relative to the project root.
pub const DEMO_DIR: &str = "crates/uraikal-cli/data/demo";

/// Writes the demo data, or with `check` compares it with what is committed.
pub fn gen_demo(root: &Path, check: bool) -> Result<()> {
    let shared = root.join("../shared/data");
    let manifest = demo_manifest(&shared)?;
    let dir = root.join(DEMO_DIR);
    let mut files = vec![(dir.join("a1_demo.jsonl"), manifest.clone())];
    for (name, text) in example_hypotheses(&manifest)? {
        files.push((dir.join("hyps").join(format!("{name}.jsonl")), text));
    }
    for (path, text) in files {
        if check {
            if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                bail!("{} is stale: run `cargo xtask gen-demo`", path.display());
            }
        } else {
            fs::create_dir_all(path.parent().unwrap())?;
            fs::write(&path, text)?;
        }
    }
    println!("gen-demo: {DEMO_DIR}/a1_demo.jsonl and {DEMO_DIR}/hyps/*.jsonl {}", if check { "fresh" } else { "written" });
    Ok(())
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

/// The sample manifest: kurals (slice "kural") and the espeak clip sentences (slice "espeak").
pub fn demo_manifest(shared: &Path) -> Result<String> {
    let tsv = shared.join("thirukkural/thirukkural.tsv");
    let kurals = fs::read_to_string(&tsv).with_context(|| format!("reading {}", tsv.display()))?;
    let mut out = String::new();
    for (index, line) in kurals.lines().skip(1).enumerate() {
        if index % KURAL_STEP != 0 {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let text = format!("{} {}", f[8], f[9]);
        out.push_str(&format!(
            "{{\"id\": \"kural-{:04}\", \"audio\": \"audio/kural-{:04}.wav\", \"text\": {}, \"slice\": \"kural\"}}\n",
            f[0].parse::<u32>()?,
            f[0].parse::<u32>()?,
            json_string(&text)
        ));
    }
    let clips = shared.join("asr/espeak-ta/sentences.tsv");
    let sentences = fs::read_to_string(&clips).with_context(|| format!("reading {}", clips.display()))?;
    for line in sentences.lines().skip(1) {
        let (id, text) = line.split_once('\t').context("sentences.tsv: no tab")?;
        out.push_str(&format!(
            "{{\"id\": \"espeak-{id}\", \"audio\": \"espeak-ta/{id}.wav\", \"text\": {}, \"slice\": \"espeak\"}}\n",
            json_string(text)
        ));
    }
    Ok(out)
}

struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A plausible misrecognition of one word: a short/long vowel-sign swap, else the last letter dropped.
fn change(word: &str) -> String {
    let swaps = [('ி', 'ீ'), ('ீ', 'ி'), ('ு', 'ூ'), ('ூ', 'ு'), ('ெ', 'ே'), ('ே', 'ெ'), ('ொ', 'ோ'), ('ோ', 'ொ')];
    let chars: Vec<char> = word.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if let Some(&(_, to)) = swaps.iter().find(|(from, _)| from == c) {
            let mut out = chars.clone();
            out[i] = to;
            return out.into_iter().collect();
        }
    }
    if chars.len() > 2 {
        chars[..chars.len() - 1].iter().collect()
    } else {
        format!("{word}ம்")
    }
}

/// Two-part vowel signs written in visual order: "பொ" (ப + ொ) typed as "ெபா" (ெ + ப + ா), as legacy
/// keyboards and fonts did; the scoring normaliser does not repair it, so it counts as errors.
fn legacy_order(text: &str) -> String {
    let mut out: Vec<char> = Vec::new();
    for c in text.chars() {
        let split = match c {
            'ொ' => Some(('ெ', 'ா')),
            'ோ' => Some(('ே', 'ா')),
            'ெ' | 'ே' | 'ை' => Some((c, '\0')),
            _ => None,
        };
        match (split, out.pop()) {
            (Some((before, after)), Some(consonant)) => {
                out.push(before);
                out.push(consonant);
                if after != '\0' {
                    out.push(after);
                }
            }
            (_, previous) => {
                out.extend(previous);
                out.push(c);
            }
        }
    }
    out.into_iter().collect()
}

/// The example hypothesis files (name, JSONL) for a manifest.
pub fn example_hypotheses(manifest: &str) -> Result<Vec<(String, String)>> {
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in manifest.lines() {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let field = |key: &str| v[key].as_str().map(str::to_string).context("manifest row without id/text");
        rows.push((field("id")?, field("text")?));
    }
    let mut out = Vec::new();
    for (index, (name, _, [delete, change_rate, repeat])) in SYSTEMS.iter().enumerate() {
        let mut rng = SplitMix64(20240601 + index as u64);
        let mut text = String::new();
        for (k, (id, reference)) in rows.iter().enumerate() {
            if *name == "example-heavy" && k == 3 {
                continue; // one missing hypothesis: scored as empty output
            }
            let hyp = if *name == "example-legacy-order" {
                legacy_order(reference)
            } else {
                let mut words = Vec::new();
                for word in reference.split(' ') {
                    let roll = rng.next();
                    if roll < *delete {
                        continue;
                    } else if roll < delete + change_rate {
                        words.push(change(word));
                    } else if roll < delete + change_rate + repeat {
                        words.push(word.to_string());
                        words.push(word.to_string());
                    } else {
                        words.push(word.to_string());
                    }
                }
                words.join(" ")
            };
            text.push_str(&format!("{{\"id\": {}, \"hyp\": {}}}\n", json_string(id), json_string(&hyp)));
        }
        if *name == "example-legacy-order" {
            text.push_str("{\"id\": \"not-in-the-manifest\", \"hyp\": \"ஒரு கூடுதல் வரி\"}\n");
        }
        out.push((name.to_string(), text));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_files_are_fresh() {
        let root = crate::project_root();
        let manifest = fs::read_to_string(root.join(DEMO_DIR).join("a1_demo.jsonl")).unwrap();
        for (name, text) in example_hypotheses(&manifest).unwrap() {
            let path = root.join(DEMO_DIR).join("hyps").join(format!("{name}.jsonl"));
            assert_eq!(fs::read_to_string(&path).unwrap(), text, "{} is stale: run `cargo xtask gen-demo`", path.display());
        }
        let shared = root.join("../shared/data");
        if !shared.join("thirukkural/thirukkural.tsv").exists() {
            eprintln!("SKIPPED: ../shared/data/thirukkural/thirukkural.tsv absent; the manifest's freshness was not checked");
            return;
        }
        assert_eq!(demo_manifest(&shared).unwrap(), manifest, "{DEMO_DIR}/a1_demo.jsonl is stale: run `cargo xtask gen-demo`");
    }

    #[test]
    fn a_changed_demo_file_fails_the_check() {
        let real = crate::project_root();
        let shared = real.join("../shared");
        if !shared.join("data/thirukkural/thirukkural.tsv").exists() {
            println!("SKIPPED: ../shared/data absent; the stale-demo check was not exercised");
            return;
        }
        // A scratch project laid out as the real one: main/ with the demo folder, shared/ beside it.
        let scratch = tempfile::tempdir().unwrap();
        let root = scratch.path().join("main");
        std::os::unix::fs::symlink(shared.canonicalize().unwrap(), scratch.path().join("shared")).unwrap();
        let demo = root.join(DEMO_DIR);
        fs::create_dir_all(demo.join("hyps")).unwrap();
        fs::copy(real.join(DEMO_DIR).join("a1_demo.jsonl"), demo.join("a1_demo.jsonl")).unwrap();
        for entry in fs::read_dir(real.join(DEMO_DIR).join("hyps")).unwrap() {
            let path = entry.unwrap().path();
            fs::copy(&path, demo.join("hyps").join(path.file_name().unwrap())).unwrap();
        }
        gen_demo(&root, true).unwrap();
        let victim = fs::read_dir(demo.join("hyps")).unwrap().next().unwrap().unwrap().path();
        let mut text = fs::read_to_string(&victim).unwrap();
        text.push_str("{\"id\": \"extra\", \"hyp\": \"\"}\n");
        fs::write(&victim, text).unwrap();
        let err = gen_demo(&root, true).unwrap_err().to_string();
        assert!(err.contains("is stale"), "{err}");
    }

    #[test]
    fn legacy_order_moves_prefix_signs() {
        assert_eq!(legacy_order("பொருள் கை"), "ெபாருள் ைக");
        assert_eq!(legacy_order("தேர்"), "ேதர்");
    }
}
