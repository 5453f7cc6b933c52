//! Error analysis for `uraikal score --report` (SPEC S11): the most frequent word confusions and the most
//! frequent letter-level confusions (letters as `uraikal_text::letters` segments them).

use std::collections::HashMap;

use serde::Serialize;
use uraikal_metrics::align::{self, Alignment, ChunkKind};

use crate::hyps::Hypotheses;
use crate::manifest::Manifests;
use crate::score::normalised_words;

/// Substitutions, deletions and insertions with their frequencies, most frequent first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Confusions {
    /// (reference unit, hypothesis unit, count).
    pub substitutions: Vec<(String, String, usize)>,
    /// (reference unit, count).
    pub deletions: Vec<(String, usize)>,
    /// (hypothesis unit, count).
    pub insertions: Vec<(String, usize)>,
}

/// Word-level and letter-level confusions of a system.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Over the normalised words.
    pub words: Confusions,
    /// Over the letters of the normalised texts (spaces excluded).
    pub letters: Confusions,
}

#[derive(Default)]
struct Tally {
    substitutions: HashMap<(String, String), usize>,
    deletions: HashMap<String, usize>,
    insertions: HashMap<String, usize>,
}

impl Tally {
    /// Counts every unit of the alignment's substitute, delete and insert chunks.
    fn add(&mut self, reference: &[&str], hypothesis: &[&str], alignment: &Alignment) {
        for c in &alignment.chunks {
            match c.kind {
                ChunkKind::Equal => {}
                ChunkKind::Substitute => {
                    for (r, h) in reference[c.ref_start..c.ref_end].iter().zip(&hypothesis[c.hyp_start..c.hyp_end]) {
                        *self.substitutions.entry((r.to_string(), h.to_string())).or_default() += 1;
                    }
                }
                ChunkKind::Delete => {
                    for r in &reference[c.ref_start..c.ref_end] {
                        *self.deletions.entry(r.to_string()).or_default() += 1;
                    }
                }
                ChunkKind::Insert => {
                    for h in &hypothesis[c.hyp_start..c.hyp_end] {
                        *self.insertions.entry(h.to_string()).or_default() += 1;
                    }
                }
            }
        }
    }

    /// The `top` most frequent of each kind; ties in code-point order, so the report is deterministic.
    fn top(self, top: usize) -> Confusions {
        fn sorted<K: Ord + Clone>(map: HashMap<K, usize>, top: usize) -> Vec<(K, usize)> {
            let mut v: Vec<(K, usize)> = map.into_iter().collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            v.truncate(top);
            v
        }
        Confusions {
            substitutions: sorted(self.substitutions, top).into_iter().map(|((r, h), n)| (r, h, n)).collect(),
            deletions: sorted(self.deletions, top),
            insertions: sorted(self.insertions, top),
        }
    }
}

/// The `top` most frequent word and letter confusions (missing hypotheses count as empty output).
pub fn report(manifests: &Manifests, hypotheses: &Hypotheses, top: usize) -> Report {
    let (mut words, mut letters) = (Tally::default(), Tally::default());
    for u in &manifests.utterances {
        let hyp = hypotheses.by_id.get(&u.id).map(|(h, _)| h.as_str()).unwrap_or("");
        let (reference, hypothesis) = (uraikal_metrics::a1::normalise(&u.text), uraikal_metrics::a1::normalise(hyp));
        let (rw, hw) = (normalised_words(&reference), normalised_words(&hypothesis));
        words.add(&rw, &hw, &align::align(&rw, &hw));
        let letters_of = |text: &str| -> Vec<String> {
            uraikal_text::letters(text).map(|l| l.text.to_string()).filter(|l| l != " ").collect()
        };
        let (rl, hl) = (letters_of(&reference), letters_of(&hypothesis));
        let (rl, hl): (Vec<&str>, Vec<&str>) =
            (rl.iter().map(String::as_str).collect(), hl.iter().map(String::as_str).collect());
        letters.add(&rl, &hl, &align::align(&rl, &hl));
    }
    Report { words: words.top(top), letters: letters.top(top) }
}
