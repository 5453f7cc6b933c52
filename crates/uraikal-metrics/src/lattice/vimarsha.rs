//! OIWER in the `vimarsha` mode (SPEC L3): Vimarsha's algorithm step by step, quirks included, so that
//! score, counts, N, operations and both alignments equal its output.

use std::ops::Range;

use super::normalize::{vimarsha_normalize, vimarsha_normalize_into, words};
use std::borrow::Cow;

use super::oiwer::{OiwerView, Op};
use super::{Error, ErrorKind, Language};

/// The groups after normalisation (forms non-empty, deduplicated with the first kept, empty groups
/// gone), all forms in one buffer.
struct Groups {
    buffer: String,
    forms: Vec<Range<usize>>,
    /// Group g holds forms[bounds[g]..bounds[g + 1]].
    bounds: Vec<usize>,
}

impl Groups {
    fn len(&self) -> usize {
        self.bounds.len() - 1
    }

    fn forms(&self, group: usize) -> impl Iterator<Item = &str> + '_ {
        self.forms[self.bounds[group]..self.bounds[group + 1]].iter().map(|r| &self.buffer[r.clone()])
    }
}

/// The DP rows: row r accepts words[bounds[r]..bounds[r + 1]] and comes from group groups[r]. Words are
/// compared directly (length first): a DP here has a few dozen cells, so hashing every word would cost
/// more than the comparisons it saves (and a fingerprint per word, tried, cost 6% more instructions).
struct Rows<'a> {
    words: Vec<&'a str>,
    bounds: Vec<usize>,
    groups: Vec<usize>,
}

impl<'a> Rows<'a> {
    fn push(&mut self, words: impl Iterator<Item = &'a str>, group: usize) {
        self.words.extend(words);
        self.bounds.push(self.words.len());
        self.groups.push(group);
    }

    fn len(&self) -> usize {
        self.groups.len()
    }

    fn contains(&self, row: usize, word: &str) -> bool {
        self.words(row).contains(&word)
    }

    fn words(&self, row: usize) -> &[&'a str] {
        &self.words[self.bounds[row]..self.bounds[row + 1]]
    }
}

pub(crate) fn oiwer<G: AsRef<[S]>, S: AsRef<str>, R>(
    hypothesis: &str,
    reference: &[G],
    language: Language,
    with: impl FnOnce(&OiwerView<'_>) -> R,
) -> Result<R, Error> {
    let hypothesis = vimarsha_normalize(hypothesis, language);
    let hyp: Vec<&str> = words(&hypothesis).collect();

    // Step 2: normalise every form; drop empty forms, in-group duplicates and empty groups.
    let capacity: usize = reference.iter().flat_map(|g| g.as_ref()).map(|f| f.as_ref().len() + 2).sum();
    let mut groups = Groups {
        buffer: String::with_capacity(capacity),
        forms: Vec::with_capacity(reference.iter().map(|g| g.as_ref().len()).sum()),
        bounds: vec![0],
    };
    for forms in reference {
        let first = groups.forms.len();
        for form in forms.as_ref() {
            let start = groups.buffer.len();
            vimarsha_normalize_into(form.as_ref(), language, &mut groups.buffer);
            let new = &groups.buffer[start..];
            if new.is_empty() || groups.forms[first..].iter().any(|r| &groups.buffer[r.clone()] == new) {
                groups.buffer.truncate(start);
            } else {
                groups.forms.push(start..groups.buffer.len());
            }
        }
        if groups.forms.len() > first {
            groups.bounds.push(groups.forms.len());
        }
    }
    if groups.len() == 0 {
        return Err(Error::new(ErrorKind::EmptyLattice));
    }

    // Step 3: a group with a multi-word form keeps only the form sharing most hypothesis tokens (counted
    // with repeats over the whole utterance; ties to the first), one row per word.
    let mut rows = Rows {
        words: Vec::with_capacity(groups.forms.len() + 8),
        bounds: vec![0],
        groups: Vec::with_capacity(groups.len() + 8),
    };
    let mut form_words: Vec<&str> = Vec::new();
    for group in 0..groups.len() {
        if groups.forms(group).any(|f| f.as_bytes().contains(&b' ')) {
            let mut best: Option<(usize, &str)> = None;
            for form in groups.forms(group) {
                form_words.clear();
                form_words.extend(words(form));
                let shared = hyp.iter().filter(|t| form_words.contains(t)).count();
                if best.is_none_or(|(most, _)| shared > most) {
                    best = Some((shared, form));
                }
            }
            let (_, best) = best.expect("groups are never empty");
            for word in words(best) {
                rows.push(std::iter::once(word), group);
            }
        } else {
            rows.push(groups.forms(group), group);
        }
    }

    let steps = recover(align(&rows, &hyp), &groups);
    let steps = steps.into_iter().map(|s| (s.op, Cow::Borrowed(s.hypothesis), Cow::Borrowed(s.reference))).collect();
    Ok(with(&OiwerView::new(steps, rows.len())))
}

struct Step<'a> {
    op: Op,
    hypothesis: &'a str,
    reference: &'a str,
    /// The source group of a non-insertion step.
    group: Option<usize>,
}

const DIAGONAL: u8 = 0;
const INSERTION: u8 = 1;
const DELETION: u8 = 2;

/// Step 4: the DP (diagonal costs 0 when the word is in the row), ties to diagonal, then insertion, then
/// deletion; traced back from the end.
fn align<'a>(rows: &Rows<'a>, hyp: &[&'a str]) -> Vec<Step<'a>> {
    let width = hyp.len() + 1;
    let mut cost = vec![0u32; (rows.len() + 1) * width];
    let mut back = vec![DIAGONAL; (rows.len() + 1) * width];
    for c in 1..width {
        cost[c] = c as u32;
        back[c] = INSERTION;
    }
    for row in 0..rows.len() {
        let r = row + 1;
        cost[r * width] = r as u32;
        back[r * width] = DELETION;
        for c in 1..width {
            let hit = rows.contains(row, hyp[c - 1]);
            let mut best = cost[(r - 1) * width + c - 1] + u32::from(!hit);
            let mut from = DIAGONAL;
            let insertion = cost[r * width + c - 1] + 1;
            if insertion < best {
                best = insertion;
                from = INSERTION;
            }
            let deletion = cost[(r - 1) * width + c] + 1;
            if deletion < best {
                best = deletion;
                from = DELETION;
            }
            cost[r * width + c] = best;
            back[r * width + c] = from;
        }
    }

    let (mut r, mut c) = (rows.len(), hyp.len());
    let mut steps = Vec::with_capacity(r + c);
    while r > 0 || c > 0 {
        match back[r * width + c] {
            DIAGONAL => {
                let words = rows.words(r - 1);
                let word = hyp[c - 1];
                let (op, reference) = match words.iter().find(|w| **w == word) {
                    Some(w) => (Op::Correct, *w),
                    None => (Op::Substitution, words[0]),
                };
                steps.push(Step { op, hypothesis: word, reference, group: Some(rows.groups[r - 1]) });
                r -= 1;
                c -= 1;
            }
            INSERTION => {
                steps.push(Step { op: Op::Insertion, hypothesis: hyp[c - 1], reference: "", group: None });
                c -= 1;
            }
            _ => {
                steps.push(Step {
                    op: Op::Deletion,
                    hypothesis: "",
                    reference: rows.words(r - 1)[0],
                    group: Some(rows.groups[r - 1]),
                });
                r -= 1;
            }
        }
    }
    steps.reverse();
    steps
}

/// Step 5: a maximal run of non-`c` steps whose non-insertions all come from one group, and whose
/// hypothesis words joined by a space are one of that group's forms, becomes correct; its deletions go.
/// N is not changed.
fn recover<'a>(steps: Vec<Step<'a>>, groups: &Groups) -> Vec<Step<'a>> {
    let mut out: Vec<Step<'a>> = Vec::with_capacity(steps.len());
    let mut run: Vec<Step<'a>> = Vec::new();
    for step in steps {
        if step.op == Op::Correct {
            flush_run(&mut run, &mut out, groups);
            out.push(step);
        } else {
            run.push(step);
        }
    }
    flush_run(&mut run, &mut out, groups);
    out
}

fn flush_run<'a>(run: &mut Vec<Step<'a>>, out: &mut Vec<Step<'a>>, groups: &Groups) {
    if run.is_empty() {
        return;
    }
    let mut sources = run.iter().filter_map(|s| s.group);
    let recovered = match sources.next() {
        Some(group) if sources.all(|g| g == group) => {
            let words: Vec<&str> = run.iter().filter(|s| !s.hypothesis.is_empty()).map(|s| s.hypothesis).collect();
            let joined = words.join(" ");
            groups.forms(group).any(|f| f == joined)
        }
        _ => false,
    };
    for mut step in run.drain(..) {
        if !recovered {
            out.push(step);
        } else if !step.hypothesis.is_empty() {
            step.op = Op::Correct;
            step.reference = step.hypothesis;
            out.push(step);
        }
    }
}
