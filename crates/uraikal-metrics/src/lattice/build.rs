//! Candidate lattices from several hypotheses of one utterance (SPEC L7): Vimarsha's construction, exactly,
//! and the uraikal construction (optional words, compound splits).

use std::borrow::Cow;

use super::difflib::{matching_blocks, ratio};
use super::normalize::{vimarsha_normalize, words};
use super::{uraikal, Error, ErrorKind, Language, Lattice, Mode};

/// Builds a lattice from the hypotheses of one utterance (two or more for anything interesting; one gives
/// one group per word). Hypotheses that normalise to nothing, and repeats, are dropped first.
///
/// ```
/// use uraikal_metrics::lattice::{build_lattice, Language, Mode};
/// let lattice = build_lattice(&["அவர் ஒரு நல்ல மனிதர்", "அவர் ஓர் நல்ல மனிதர்"], Language::Tamil, Mode::Vimarsha).unwrap();
/// assert_eq!(lattice.to_string(), "{அவர்} {ஒரு | ஓர்} {நல்ல} {மனிதர்}");
/// ```
pub fn build_lattice<S: AsRef<str>>(hypotheses: &[S], language: Language, mode: Mode) -> Result<Lattice, Error> {
    let mut texts: Vec<String> = Vec::with_capacity(hypotheses.len());
    for hypothesis in hypotheses {
        let text = match mode {
            Mode::Vimarsha => vimarsha_normalize(hypothesis.as_ref(), language),
            Mode::Uraikal => uraikal::normalize(hypothesis.as_ref()),
        };
        if !text.is_empty() && !texts.contains(&text) {
            texts.push(text);
        }
    }
    if texts.is_empty() {
        return Err(Error::new(ErrorKind::NoHypotheses));
    }
    let groups = match mode {
        Mode::Vimarsha => {
            vimarsha_groups(&texts).into_iter().map(|group| group.into_iter().map(Cow::into_owned).collect()).collect()
        }
        Mode::Uraikal => uraikal_groups(&texts),
    };
    Ok(Lattice::new(groups))
}

/// Forms borrow the normalised hypotheses; only joined pairs of words are new strings.
type Form<'t> = Cow<'t, str>;

fn vimarsha_groups(texts: &[String]) -> Vec<Vec<Form<'_>>> {
    let split = |text| -> Vec<Form<'_>> { words(text).map(Cow::Borrowed).collect() };
    let mut groups: Vec<Vec<Form<'_>>> = if texts.len() == 1 {
        split(&texts[0]).into_iter().map(|w| vec![w]).collect()
    } else {
        pair_groups(&split(&texts[0]), &split(&texts[1]))
    };
    // Each further hypothesis is aligned with the consensus (every group's first form). A new group whose
    // first form is found in the consensus (searching forward from the last one found) joins that
    // consensus group; one that is not found goes in right after the last group placed.
    for text in texts.iter().skip(2) {
        let consensus: Vec<Form<'_>> = groups.iter().map(|g| g[0].clone()).collect();
        let mut previous = std::mem::take(&mut groups).into_iter();
        let mut cursor = 0;
        for group in pair_groups(&consensus, &split(text)) {
            match consensus[cursor..].iter().position(|c| *c == group[0]) {
                Some(offset) => {
                    let at = cursor + offset;
                    groups.extend(previous.by_ref().take(offset));
                    let mut merged = previous.next().expect("the consensus has one form per group");
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
        let mut kept: Vec<Form<'_>> = Vec::with_capacity(group.len());
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

/// The uraikal construction (SPEC L9): each further hypothesis is aligned with the lattice in one DP where
/// a group may take one or two hypothesis words, and two single-form groups one word (compound splits, when
/// the joined spellings are alike); a group the hypothesis lacks becomes optional (the empty form) and a
/// word only it has becomes a new optional group.
fn uraikal_groups(texts: &[String]) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = texts[0].split(' ').map(|w| vec![w.to_string()]).collect();
    for text in &texts[1..] {
        let words: Vec<&str> = text.split(' ').collect();
        groups = merge_hypothesis(groups, &words);
    }
    for group in &mut groups {
        // The empty form goes last, so that a group's first form is always a spelling.
        if let Some(at) = group.iter().position(String::is_empty) {
            let empty = group.remove(at);
            group.push(empty);
        }
    }
    groups
}

const UNIT: u32 = 1000;

#[derive(Clone, Copy)]
enum Move {
    None,
    Insert,
    Delete,
    /// The group takes this many hypothesis words (1 or 2).
    Span(usize),
    /// Two groups take one hypothesis word.
    Join,
}

fn merge_hypothesis(groups: Vec<Vec<String>>, words: &[&str]) -> Vec<Vec<String>> {
    let (g_len, h_len) = (groups.len(), words.len());
    let width = h_len + 1;
    let mut cost = vec![u32::MAX; (g_len + 1) * width];
    let mut back = vec![Move::None; (g_len + 1) * width];
    cost[0] = 0;
    let relax = |cost: &mut Vec<u32>, back: &mut Vec<Move>, at: usize, value: u32, how: Move| {
        if value < cost[at] {
            cost[at] = value;
            back[at] = how;
        }
    };
    for g in 0..=g_len {
        for j in 0..=h_len {
            let here = cost[g * width + j];
            if here == u32::MAX {
                continue;
            }
            if g < g_len {
                for span in 1..=2 {
                    if j + span <= h_len {
                        if let Some(c) = span_cost(&groups[g], &words[j..j + span]) {
                            relax(&mut cost, &mut back, (g + 1) * width + j + span, here + c, Move::Span(span));
                        }
                    }
                }
                if g + 1 < g_len && j < h_len {
                    if let Some(c) = join_cost(&groups[g], &groups[g + 1], words[j]) {
                        relax(&mut cost, &mut back, (g + 2) * width + j + 1, here + c, Move::Join);
                    }
                }
                relax(&mut cost, &mut back, (g + 1) * width + j, here + UNIT, Move::Delete);
            }
            if j < h_len {
                relax(&mut cost, &mut back, g * width + j + 1, here + UNIT, Move::Insert);
            }
        }
    }

    let mut groups: Vec<Option<Vec<String>>> = groups.into_iter().map(Some).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    let (mut g, mut j) = (g_len, h_len);
    while g > 0 || j > 0 {
        match back[g * width + j] {
            Move::Insert => {
                out.push(vec![words[j - 1].to_string(), String::new()]);
                j -= 1;
            }
            Move::Delete => {
                let mut group = groups[g - 1].take().expect("each group is used once");
                add_form(&mut group, String::new());
                out.push(group);
                g -= 1;
            }
            Move::Span(span) => {
                let mut group = groups[g - 1].take().expect("each group is used once");
                add_form(&mut group, words[j - span..j].join(" "));
                out.push(group);
                (g, j) = (g - 1, j - span);
            }
            Move::Join => {
                let second = groups[g - 1].take().expect("each group is used once");
                let first = groups[g - 2].take().expect("each group is used once");
                out.push(vec![format!("{} {}", first[0], second[0]), words[j - 1].to_string()]);
                (g, j) = (g - 2, j - 1);
            }
            Move::None => unreachable!("every cell but the origin is reached by a move"),
        }
    }
    out.reverse();
    out
}

fn add_form(group: &mut Vec<String>, form: String) {
    if !group.contains(&form) {
        group.push(form);
    }
}

/// The cost of a group taking `span`: 0 if it is one of its forms; one word: 0–0.5 units when alike
/// (character ratio ≥ 0.5), else 1 unit (alternative transcriptions of the same stretch); two words: only
/// when their joined spelling is alike the group's first form (a compound written apart).
fn span_cost(group: &[String], span: &[&str]) -> Option<u32> {
    let text = span.join(" ");
    if group.contains(&text) {
        return Some(0);
    }
    let similarity = ratio(&group[0].replace(' ', ""), &text.replace(' ', ""));
    let alike = ((1.0 - similarity) * f64::from(UNIT)).round() as u32;
    match span.len() {
        1 if similarity >= 0.5 => Some(alike),
        1 => Some(UNIT),
        // A small premium keeps one-word pairings ahead of equally alike two-word ones.
        _ if similarity >= 0.5 && pieces_of(&group[0].replace(' ', ""), span) => Some(alike + 1),
        _ => None,
    }
}

/// True when every piece shares at least half of its characters with `whole` (so that a compound split
/// is not mistaken for a word plus an unrelated neighbour).
fn pieces_of(whole: &str, pieces: &[&str]) -> bool {
    let whole: Vec<char> = whole.chars().collect();
    let joined: Vec<char> = pieces.concat().chars().collect();
    let mut matched = vec![false; joined.len()];
    for (_, j, k) in matching_blocks(&whole, &joined) {
        matched[j..j + k].iter_mut().for_each(|m| *m = true);
    }
    let mut at = 0;
    pieces.iter().all(|piece| {
        let n = piece.chars().count();
        let shared = matched[at..at + n].iter().filter(|m| **m).count();
        at += n;
        2 * shared >= n
    })
}

/// Two single-form groups taking one word whose spelling is alike their joined spelling.
fn join_cost(first: &[String], second: &[String], word: &str) -> Option<u32> {
    if first.len() != 1 || second.len() != 1 {
        return None;
    }
    let similarity = ratio(&format!("{}{}", first[0], second[0]).replace(' ', ""), word);
    let pieces = [first[0].as_str(), second[0].as_str()];
    (similarity >= 0.5 && pieces_of(word, &pieces)).then(|| ((1.0 - similarity) * f64::from(UNIT)).round() as u32 + 1)
}

/// Groups from aligning `left` with `right`: matched words alone; in each gap, words paired in order
/// (one-to-two or two-to-one when that is more alike), the rest alone.
fn pair_groups<'t>(left: &[Form<'t>], right: &[Form<'t>]) -> Vec<Vec<Form<'t>>> {
    let mut groups = Vec::with_capacity(left.len().max(right.len()));
    let (mut at_left, mut at_right) = (0, 0);
    for (i, j, k) in matching_blocks(left, right) {
        gap_groups(&left[at_left..i], &right[at_right..j], &mut groups);
        groups.extend(left[i..i + k].iter().map(|w| vec![w.clone()]));
        (at_left, at_right) = (i + k, j + k);
    }
    groups
}

fn gap_groups<'t>(left: &[Form<'t>], right: &[Form<'t>], groups: &mut Vec<Vec<Form<'t>>>) {
    let (mut p, mut q) = (0, 0);
    while p < left.len() && q < right.len() {
        let (l, r) = (&left[p], &right[q]);
        if similarity(l, r) >= 0.5 {
            groups.push(vec![l.clone(), r.clone()]);
            (p, q) = (p + 1, q + 1);
            continue;
        }
        let one_to_two = (q + 1 < right.len()).then(|| {
            let joined: Form<'t> = format!("{r} {}", right[q + 1]).into();
            (similarity(l, &joined), joined)
        });
        let two_to_one = (p + 1 < left.len()).then(|| {
            let joined: Form<'t> = format!("{l} {}", left[p + 1]).into();
            (similarity(&joined, r), joined)
        });
        match (one_to_two, two_to_one) {
            (Some((s12, joined)), two) if s12 > 0.5 && two.as_ref().is_none_or(|(s21, _)| s12 >= *s21) => {
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

/// True when `text` has no cased character, so that case folding leaves it as it is: ASCII without capitals,
/// Arabic, and the Indic blocks (Devanagari to Sinhala) are uncased. Read by lead bytes, not decoded.
fn is_uncased(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(&lead) = bytes.get(at) {
        at += match lead {
            b'A'..=b'Z' => return false,
            0x00..=0x7F => 1,
            // U+0600–U+06FF.
            0xD8..=0xDB => 2,
            // U+0900–U+0DFF (a str's E0 always has its two continuation bytes).
            0xE0 if matches!(bytes[at + 1], 0xA4..=0xB7) => 3,
            _ => return false,
        };
    }
    true
}

/// Python's `str.casefold()`: lower case plus the full case foldings that differ from it (ß → ss, final
/// sigma, ſ, µ, the Latin ligatures, Greek symbol variants). Indic scripts are uncased.
fn casefold(text: &str) -> std::borrow::Cow<'_, str> {
    if is_uncased(text) {
        return std::borrow::Cow::Borrowed(text);
    }
    if text.is_ascii() {
        return text.to_ascii_lowercase().into();
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
    out.into()
}
