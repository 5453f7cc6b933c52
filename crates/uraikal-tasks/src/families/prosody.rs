//! Prosody families on the kurals: the அசை of a cir, its வாய்பாடு, the தளை between two cirs, and whether a
//! (possibly altered) kural is a valid வெண்பா (SPEC K2.3). Answers are `uraikal_yaappu::scan` of the whole
//! kural, as `uraikal yaappu` prints it.

use std::sync::OnceLock;

use serde_json::json;
use uraikal_metrics::bootstrap::SplitMix64;
use uraikal_yaappu::{scan, Scan};

use super::{meta, pick, question};
use crate::verify;
use crate::words::{kurals, random_word};
use crate::{Config, Family, Task};

/// The scans of the kurals that scan as valid வெண்பா (the asai, pattern and talai of an invalid one are
/// less certain), with their index in `kurals()`.
fn valid_scans() -> &'static [(usize, Scan)] {
    static SCANS: OnceLock<Vec<(usize, Scan)>> = OnceLock::new();
    SCANS.get_or_init(|| {
        kurals()
            .iter()
            .enumerate()
            .map(|(i, k)| (i, scan(&k.text)))
            .filter(|(_, s)| s.valid && s.cirs.iter().all(|c| c.pattern.is_some()))
            .collect()
    })
}

/// A random valid kural and one of its cirs: by level, a cir of at most two asai (easy), any (medium), or
/// of three or more (hard, when the kural has one).
fn kural_and_cir(rng: &mut SplitMix64, config: &Config) -> (usize, &'static Scan, usize) {
    let (index, scan) = pick(rng, valid_scans());
    let wanted: Vec<usize> = (0..scan.cirs.len())
        .filter(|&i| {
            let n = scan.cirs[i].asai.len();
            config.difficulty.pick(n <= 2, true, n >= 3)
        })
        .collect();
    let cir = if wanted.is_empty() { rng.below(scan.cirs.len() as u64) as usize } else { *pick(rng, &wanted) };
    (*index, scan, cir)
}

/// The kural on one line, its two lines separated by " / ".
fn one_line(index: usize) -> String {
    kurals()[index].text.replace('\n', " / ")
}

fn squeeze(text: &str) -> String {
    uraikal_text::normalize(text).chars().filter(|c| !c.is_whitespace()).collect()
}

fn exact_name(expected: &str, given: &str) -> f64 {
    if squeeze(expected) == squeeze(verify::trim_answer(given)) {
        1.0
    } else {
        0.0
    }
}

pub(super) const ASAI: Family = Family {
    name: "yaappu.asai",
    description: "a cir of a kural → its அசை in order (நேர் / நிரை)",
    accepts: "the asai in order, in Tamil (நேர் நிரை) or transliterated (ner nirai), separated by spaces or commas; otherwise 0.5 × the share of positions that agree",
    generate: |rng, config| {
        let (index, scan, cir) = kural_and_cir(rng, config);
        let c = &scan.cirs[cir];
        let names: Vec<&str> = c.asai.iter().map(|a| a.name()).collect();
        Task {
            question: question(
                config,
                &format!("இந்தக் குறளின் {}-ஆவது சீர் «{}» இன் அசைகளை (நேர், நிரை) வரிசையாக எழுதுங்கள்", cir + 1, c.text),
                &format!("Write the asai (நேர் or நிரை) of cir {} «{}» of this kural, in order", cir + 1, c.text),
                &one_line(index),
            ),
            answer: names.join(" "),
            metadata: meta([
                ("kural", json!(kurals()[index].number)),
                ("text", json!(kurals()[index].text)),
                ("cir", json!(cir + 1)),
                ("cir_text", json!(c.text)),
            ]),
        }
    },
    score: |expected, _, given| {
        let parse = |text: &str| {
            verify::items(text)
                .into_iter()
                .map(|a| match a.to_lowercase().as_str() {
                    "நேர்" | "ner" | "nēr" => Some(true),
                    "நிரை" | "nirai" => Some(false),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        verify::labels(&parse(expected), &parse(given))
    },
};

pub(super) const VAAYPAADU: Family = Family {
    name: "yaappu.vaaypaadu",
    description: "a cir of a kural → its வாய்பாடு (தேமா, புளிமா, கூவிளங்காய், …)",
    accepts: "the வாய்பாடு name, equal under the frozen normaliser with spaces ignored; anything else scores 0",
    generate: |rng, config| {
        let (index, scan, cir) = kural_and_cir(rng, config);
        let c = &scan.cirs[cir];
        Task {
            question: question(
                config,
                &format!("இந்தக் குறளின் {}-ஆவது சீர் «{}» இன் வாய்பாடு என்ன?", cir + 1, c.text),
                &format!("What is the vaaypaadu (தேமா, புளிமா, …) of cir {} «{}» of this kural?", cir + 1, c.text),
                &one_line(index),
            ),
            answer: c.pattern.unwrap_or_default().to_string(),
            metadata: meta([
                ("kural", json!(kurals()[index].number)),
                ("text", json!(kurals()[index].text)),
                ("cir", json!(cir + 1)),
                ("cir_text", json!(c.text)),
            ]),
        }
    },
    score: |expected, _, given| exact_name(expected, given),
};

pub(super) const TALAI: Family = Family {
    name: "yaappu.talai",
    description: "two neighbouring cirs of a kural → the தளை between them",
    accepts: "the தளை name (இயற்சீர் வெண்டளை, வெண்சீர் வெண்டளை, …), equal under the frozen normaliser with spaces ignored; anything else scores 0",
    generate: |rng, config| {
        let (index, scan) = pick(rng, valid_scans());
        let k = rng.below(scan.talai.len() as u64) as usize;
        let (a, b) = (&scan.cirs[k].text, &scan.cirs[k + 1].text);
        Task {
            question: question(
                config,
                &format!("இந்தக் குறளின் {}-ஆவது சீர் «{a}», அடுத்த சீர் «{b}» இவற்றுக்கு இடையிலான தளை எது?", k + 1),
                &format!("Which talai links cir {} «{a}» and the next cir «{b}» of this kural?", k + 1),
                &one_line(*index),
            ),
            answer: scan.talai[k].name().to_string(),
            metadata: meta([
                ("kural", json!(kurals()[*index].number)),
                ("text", json!(kurals()[*index].text)),
                ("cir", json!(k + 1)),
                ("cirs", json!([a, b])),
            ]),
        }
    },
    score: |expected, _, given| exact_name(expected, given),
};

/// ஆம் / இல்லை (or yes / no) of an answer.
fn yes_no(text: &str) -> Option<bool> {
    let word = verify::items(text).into_iter().next()?.to_lowercase();
    match word.trim_end_matches(['.', '!']) {
        "ஆம்" | "ஆமாம்" | "yes" | "true" | "valid" | "சரி" => Some(true),
        "இல்லை" | "no" | "false" | "invalid" | "தவறு" => Some(false),
        _ => None,
    }
}

pub(super) const VENBA: Family = Family {
    name: "yaappu.venba",
    description: "a kural, or one with two cirs swapped or a cir replaced → is it a valid குறள் வெண்பா? (ஆம் / இல்லை)",
    accepts: "ஆம் / இல்லை (also ஆமாம், yes, no, true, false) as the first word; anything else scores 0",
    generate: |rng, config| {
        let index = rng.below(kurals().len() as u64) as usize;
        let original = &kurals()[index].text;
        let mut lines: Vec<Vec<&str>> = original.lines().map(|l| l.split_whitespace().collect()).collect();
        // Half the entries are altered: two cirs swapped (possibly a cir with itself), or one replaced by a word.
        let change = rng.below(4);
        let all: Vec<(usize, usize)> =
            lines.iter().enumerate().flat_map(|(l, cirs)| (0..cirs.len()).map(move |c| (l, c))).collect();
        let (l1, c1) = *pick(rng, &all);
        match change {
            0 => {
                let (l2, c2) = *pick(rng, &all);
                let word = lines[l2][c2];
                lines[l2][c2] = lines[l1][c1];
                lines[l1][c1] = word;
            }
            1 => {
                let (lo, hi) = config.difficulty.pick((1, 10), (2, 6), (3, 5));
                lines[l1][c1] = random_word(rng, lo, hi).text;
            }
            _ => {}
        }
        let text: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
        let text = text.join("\n");
        let result = scan(&text);
        Task {
            question: question(
                config,
                "இது யாப்பிலக்கணப்படி சரியான குறள் வெண்பாவா? ஆம் அல்லது இல்லை என்று விடையளியுங்கள்",
                "Is this a valid kural venba by the rules of yaappu? Answer ஆம் (yes) or இல்லை (no)",
                &text.replace('\n', " / "),
            ),
            answer: if result.valid { "ஆம்" } else { "இல்லை" }.to_string(),
            metadata: meta([
                ("kural", json!(kurals()[index].number)),
                ("text", json!(text)),
                ("altered", json!(text != *original)),
                ("valid", json!(result.valid)),
                ("problems", json!(result.problems)),
            ]),
        }
    },
    score: |expected, _, given| match (yes_no(expected), yes_no(given)) {
        (Some(a), Some(b)) if a == b => 1.0,
        _ => 0.0,
    },
};
