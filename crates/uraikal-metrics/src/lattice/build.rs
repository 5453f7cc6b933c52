//! Candidate lattices from several hypotheses of one utterance (SPEC L7): Vimarsha's construction, exactly,
//! and the uraikal construction (optional words, compound splits).

use super::difflib::{matching_blocks, ratio};
use super::normalize::vimarsha_normalize;
use super::{Error, ErrorKind, Language, Lattice, Mode};

/// Builds a lattice from the hypotheses of one utterance (two or more for anything interesting; one gives
/// one group per word). Hypotheses that normalise to nothing, and repeats, are dropped first.
///
/// ```
/// use uraikal_metrics::lattice::{build_lattice, Language, Mode};
/// let lattice = build_lattice(&["அவர் ஒரு நல்ல மனிதர்", "அவர் ஓர் நல்ல மனிதர்"], Language::Tamil, Mode::Vimarsha).unwrap();
/// assert_eq!(lattice.to_string(), "{அவர்} {ஒரு | ஓர்} {நல்ல} {மனிதர்}");
/// ```
pub fn build_lattice<S: AsRef<str>>(
    hypotheses: &[S],
    language: Language,
    mode: Mode,
) -> Result<Lattice, Error> {
    let mut texts: Vec<String> = Vec::with_capacity(hypotheses.len());
    for hypothesis in hypotheses {
        let text = vimarsha_normalize(hypothesis.as_ref(), language);
        if !text.is_empty() && !texts.contains(&text) {
            texts.push(text);
        }
    }
    if texts.is_empty() {
        return Err(Error::new(ErrorKind::NoHypotheses));
    }
    let words = |text: &str| -> Vec<String> { text.split(' ').map(String::from).collect() };
    let groups = match mode {
        Mode::Vimarsha => vimarsha_groups(&texts, words),
    };
    Ok(Lattice::new(groups))
}

fn vimarsha_groups(texts: &[String], words: impl Fn(&str) -> Vec<String>) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = if texts.len() == 1 {
        words(&texts[0]).into_iter().map(|w| vec![w]).collect()
    } else {
        pair_groups(&words(&texts[0]), &words(&texts[1]))
    };
    // Each further hypothesis is aligned with the consensus (every group's first form). A new group whose
    // first form is found in the consensus (searching forward from the last one found) joins that
    // consensus group; one that is not found goes in right after the last group placed.
    for text in texts.iter().skip(2) {
        let consensus: Vec<String> = groups.iter().map(|g| g[0].clone()).collect();
        let mut previous = std::mem::take(&mut groups).into_iter();
        let mut cursor = 0;
        for group in pair_groups(&consensus, &words(text)) {
            match consensus[cursor..].iter().position(|c| *c == group[0]) {
                Some(offset) => {
                    let at = cursor + offset;
                    groups.extend(previous.by_ref().take(offset));
                    let mut merged = previous
                        .next()
                        .expect("the consensus has one form per group");
                    merged.extend(group);
                    groups.push(merged);
                    cursor = at + 1;
                }
                None => groups.push(group),
            }
        }
        groups.extend(previous);
    }
    for group in &mut groups {
        let mut kept: Vec<String> = Vec::with_capacity(group.len());
        for form in group.drain(..) {
            if !form.is_empty() && !kept.contains(&form) {
                kept.push(form);
            }
        }
        *group = kept;
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// Groups from aligning `left` with `right`: matched words alone; in each gap, words paired in order
/// (one-to-two or two-to-one when that is more alike), the rest alone.
fn pair_groups(left: &[String], right: &[String]) -> Vec<Vec<String>> {
    let mut groups = Vec::with_capacity(left.len().max(right.len()));
    let (mut at_left, mut at_right) = (0, 0);
    for (i, j, k) in matching_blocks(left, right) {
        gap_groups(&left[at_left..i], &right[at_right..j], &mut groups);
        groups.extend(left[i..i + k].iter().map(|w| vec![w.clone()]));
        (at_left, at_right) = (i + k, j + k);
    }
    groups
}

fn gap_groups(left: &[String], right: &[String], groups: &mut Vec<Vec<String>>) {
    let (mut p, mut q) = (0, 0);
    while p < left.len() && q < right.len() {
        let (l, r) = (&left[p], &right[q]);
        if similarity(l, r) >= 0.5 {
            groups.push(vec![l.clone(), r.clone()]);
            (p, q) = (p + 1, q + 1);
            continue;
        }
        let one_to_two = (q + 1 < right.len()).then(|| {
            let joined = format!("{r} {}", right[q + 1]);
            (similarity(l, &joined), joined)
        });
        let two_to_one = (p + 1 < left.len()).then(|| {
            let joined = format!("{l} {}", left[p + 1]);
            (similarity(&joined, r), joined)
        });
        match (one_to_two, two_to_one) {
            (Some((s12, joined)), two)
                if s12 > 0.5 && two.as_ref().is_none_or(|(s21, _)| s12 >= *s21) =>
            {
                groups.push(vec![l.clone(), joined]);
                (p, q) = (p + 1, q + 2);
            }
            (_, Some((s21, joined))) if s21 > 0.5 => {
                groups.push(vec![joined, r.clone()]);
                (p, q) = (p + 2, q + 1);
            }
            _ => {
                groups.push(vec![l.clone(), r.clone()]);
                (p, q) = (p + 1, q + 1);
            }
        }
    }
    groups.extend(left[p..].iter().map(|w| vec![w.clone()]));
    groups.extend(right[q..].iter().map(|w| vec![w.clone()]));
}

/// Character ratio of the case-folded words.
fn similarity(a: &str, b: &str) -> f64 {
    ratio(&casefold(a), &casefold(b))
}

/// Python's `str.casefold()`: lower case plus the full case foldings that differ from it (ß → ss, final
/// sigma, ſ, µ, the Latin ligatures, Greek symbol variants). Indic scripts are uncased.
fn casefold(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'ß' | 'ẞ' => out.push_str("ss"),
            'ς' => out.push('σ'),
            'ſ' => out.push('s'),
            'µ' => out.push('μ'),
            'ϐ' => out.push('β'),
            'ϑ' => out.push('θ'),
            'ϕ' => out.push('φ'),
            'ϖ' => out.push('π'),
            'ϰ' => out.push('κ'),
            'ϱ' => out.push('ρ'),
            'ϵ' => out.push('ε'),
            'ŉ' => out.push_str("ʼn"),
            'ﬀ' => out.push_str("ff"),
            'ﬁ' => out.push_str("fi"),
            'ﬂ' => out.push_str("fl"),
            'ﬃ' => out.push_str("ffi"),
            'ﬄ' => out.push_str("ffl"),
            'ﬅ' | 'ﬆ' => out.push_str("st"),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}
