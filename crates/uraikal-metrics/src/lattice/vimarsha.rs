//! OIWER in the `vimarsha` mode (SPEC L3): Vimarsha's algorithm step by step, quirks included, so that
//! score, counts, N, operations and both alignments equal its output.

use super::normalize::{vimarsha_normalize, vimarsha_words};
use super::oiwer::{Oiwer, Op};
use super::{Error, ErrorKind, Language, Lattice};

/// A group after normalisation: its forms (non-empty, deduplicated, first wins).
struct Group {
    forms: Vec<String>,
}

/// One DP row: the accepted words and the group it came from.
struct Row<'a> {
    words: Vec<&'a str>,
    group: usize,
}

pub(crate) fn oiwer(
    hypothesis: &str,
    reference: &Lattice,
    language: Language,
) -> Result<Oiwer, Error> {
    let hypothesis = vimarsha_words(hypothesis, language);
    let hyp: Vec<&str> = hypothesis.split(' ').filter(|w| !w.is_empty()).collect();

    // Step 2: normalise every form; drop empty forms, in-group duplicates and empty groups.
    let mut groups = Vec::with_capacity(reference.groups().len());
    for forms in reference.groups() {
        let mut kept: Vec<String> = Vec::with_capacity(forms.len());
        for form in forms {
            let form = vimarsha_normalize(form, language);
            if !form.is_empty() && !kept.contains(&form) {
                kept.push(form);
            }
        }
        if !kept.is_empty() {
            groups.push(Group { forms: kept });
        }
    }
    if groups.is_empty() {
        return Err(Error::new(ErrorKind::EmptyLattice));
    }

    // Step 3: a group with a multi-word form keeps only the form sharing most hypothesis tokens (counted
    // with repeats over the whole utterance; ties to the first), one row per word.
    let mut rows: Vec<Row<'_>> = Vec::with_capacity(groups.len() + 4);
    for (index, group) in groups.iter().enumerate() {
        if group.forms.iter().any(|f| f.contains(' ')) {
            let mut best: Option<(usize, &str)> = None;
            for form in &group.forms {
                let words: Vec<&str> = form.split(' ').collect();
                let shared = hyp.iter().filter(|t| words.contains(t)).count();
                if best.is_none_or(|(most, _)| shared > most) {
                    best = Some((shared, form));
                }
            }
            let (_, best) = best.expect("groups are never empty");
            rows.extend(best.split(' ').map(|w| Row {
                words: vec![w],
                group: index,
            }));
        } else {
            rows.push(Row {
                words: group.forms.iter().map(String::as_str).collect(),
                group: index,
            });
        }
    }

    let steps = recover(align(&rows, &hyp), &groups);
    let steps = steps
        .into_iter()
        .map(|s| (s.op, s.hypothesis.to_string(), s.reference.to_string()))
        .collect();
    Ok(Oiwer::from_steps(steps, rows.len()))
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
fn align<'a>(rows: &[Row<'a>], hyp: &[&'a str]) -> Vec<Step<'a>> {
    let width = hyp.len() + 1;
    let mut cost = vec![0u32; (rows.len() + 1) * width];
    let mut back = vec![DIAGONAL; (rows.len() + 1) * width];
    for c in 1..width {
        cost[c] = c as u32;
        back[c] = INSERTION;
    }
    for (r, row) in rows.iter().enumerate() {
        let r = r + 1;
        cost[r * width] = r as u32;
        back[r * width] = DELETION;
        for c in 1..width {
            let hit = row.words.contains(&hyp[c - 1]);
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
                let row = &rows[r - 1];
                let word = hyp[c - 1];
                let (op, reference) = match row.words.iter().find(|w| **w == word) {
                    Some(w) => (Op::Correct, *w),
                    None => (Op::Substitution, row.words[0]),
                };
                steps.push(Step {
                    op,
                    hypothesis: word,
                    reference,
                    group: Some(row.group),
                });
                r -= 1;
                c -= 1;
            }
            INSERTION => {
                steps.push(Step {
                    op: Op::Insertion,
                    hypothesis: hyp[c - 1],
                    reference: "",
                    group: None,
                });
                c -= 1;
            }
            _ => {
                let row = &rows[r - 1];
                steps.push(Step {
                    op: Op::Deletion,
                    hypothesis: "",
                    reference: row.words[0],
                    group: Some(row.group),
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
fn recover<'a>(steps: Vec<Step<'a>>, groups: &[Group]) -> Vec<Step<'a>> {
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

fn flush_run<'a>(run: &mut Vec<Step<'a>>, out: &mut Vec<Step<'a>>, groups: &[Group]) {
    if run.is_empty() {
        return;
    }
    let mut sources = run.iter().filter_map(|s| s.group);
    let recovered = match sources.next() {
        Some(group) if sources.all(|g| g == group) => {
            let words: Vec<&str> = run
                .iter()
                .filter(|s| !s.hypothesis.is_empty())
                .map(|s| s.hypothesis)
                .collect();
            let joined = words.join(" ");
            groups[group].forms.iter().any(|f| *f == joined)
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
