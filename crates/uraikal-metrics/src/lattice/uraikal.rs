//! OIWER in the `uraikal` mode (SPEC L4): the lowest-error path through the whole lattice in one DP.
//!
//! Every form of a group is a path of words between the group's two ends (the empty form is a direct edge,
//! so the group is optional); the hypothesis is aligned with the best path by one edit-distance DP, rows
//! being the words of the forms. A form's words may also match two hypothesis words written as one
//! (போயிட்டு ~ போய் இட்டு is not guessed; போய்விட்டு = போய் + விட்டு is) and two of its words one hypothesis
//! word. Ties: fewest errors, then most reference words, then the earlier form.

use std::borrow::Cow;

use super::oiwer::{OiwerView, Op, Step};
use super::{Error, ErrorKind};

/// The normalised lattice: for each group, its forms as lists of words (an empty list is the empty form).
pub(crate) type Forms = Vec<Vec<Vec<String>>>;

/// The uraikal normaliser: thousands separators between digits removed (10,000 → 10000), then
/// `uraikal_text::normalize` (NFC, Cf removed, Tamil digits, Latin lower case, punctuation to spaces).
pub(crate) fn normalize(text: &str) -> String {
    let digit = |c: char| c.is_ascii_digit() || ('\u{0BE6}'..='\u{0BEF}').contains(&c);
    if !text.contains(',') {
        return uraikal_text::normalize(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let joined: String = chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| !(c == ',' && i > 0 && digit(chars[i - 1]) && chars.get(i + 1).is_some_and(|&n| digit(n))))
        .map(|(_, &c)| c)
        .collect();
    uraikal_text::normalize(&joined)
}

/// The number-aware variants of a normalised form: every word of ASCII digits replaced by its spoken and by
/// its written Tamil words (one variant per register), and the form with its number words turned into
/// digits by `to_digits`. The number may be the whole form (10 ~ பத்து) or one word of it (10 பேர் ~
/// பத்து பேர்).
pub(crate) fn number_variants(form: &str) -> Vec<String> {
    let mut out = Vec::new();
    let is_number = |word: &str| !word.is_empty() && word.len() <= 15 && word.bytes().all(|b| b.is_ascii_digit());
    if form.split(' ').any(is_number) {
        for register in [uraikal_numbers::Register::Spoken, uraikal_numbers::Register::Written] {
            let words: Vec<String> = form
                .split(' ')
                .map(|word| match word.parse::<i64>() {
                    Ok(n) if is_number(word) => uraikal_numbers::to_words(n, register)
                        .map(|words| uraikal_text::normalize(&words))
                        .unwrap_or_else(|_| word.to_string()),
                    _ => word.to_string(),
                })
                .collect();
            let variant = words.join(" ");
            if variant != form && !out.contains(&variant) {
                out.push(variant);
            }
        }
    }
    if form.contains(|c: char| !c.is_ascii()) {
        let digits = uraikal_text::normalize(&uraikal_numbers::to_digits(form));
        if digits != form && !out.contains(&digits) {
            out.push(digits);
        }
    }
    out
}

/// Normalises every form, adds number-aware variants, drops duplicates (first wins). A form that normalises
/// to nothing is the empty form (its group is optional). Groups with only the empty form are dropped.
pub(crate) fn normalized_forms<G: AsRef<[S]>, S: AsRef<str>>(reference: &[G]) -> Result<Forms, Error> {
    let mut groups: Forms = Vec::with_capacity(reference.len());
    for forms in reference {
        let mut kept: Vec<String> = Vec::new();
        for form in forms.as_ref() {
            let form = normalize(form.as_ref());
            let extra = number_variants(&form);
            for form in std::iter::once(form).chain(extra) {
                if !kept.contains(&form) {
                    kept.push(form);
                }
            }
        }
        if kept.iter().any(|f| !f.is_empty()) {
            groups.push(
                kept.iter().map(|f| f.split(' ').filter(|w| !w.is_empty()).map(String::from).collect()).collect(),
            );
        }
    }
    if groups.is_empty() {
        return Err(Error::new(ErrorKind::EmptyLattice));
    }
    Ok(groups)
}

pub(crate) fn oiwer<G: AsRef<[S]>, S: AsRef<str>, R>(
    hypothesis: &str,
    reference: &[G],
    with: impl FnOnce(&OiwerView<'_>) -> R,
) -> Result<R, Error> {
    let groups = normalized_forms(reference)?;
    let hypothesis = normalize(hypothesis);
    let hyp: Vec<&str> = hypothesis.split(' ').filter(|w| !w.is_empty()).collect();
    Ok(with(&align(&groups, &hyp)))
}

/// A path cost: errors first (fewer is better), then reference words (more is better).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Cost(u64);

impl Cost {
    const ZERO: Cost = Cost(u32::MAX as u64);
    fn errors(self) -> u64 {
        self.0 >> 32
    }
    fn words(self) -> u64 {
        u32::MAX as u64 - (self.0 & u32::MAX as u64)
    }
    fn add(self, errors: u64, words: u64) -> Cost {
        Cost(self.0 + (errors << 32) - words)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Back {
    /// Row 0 of a form: the group's start at this hypothesis position.
    Start,
    Diagonal,
    Insertion,
    Deletion,
    /// One reference word matched by two hypothesis words.
    SplitHypothesis,
    /// Two reference words matched by one hypothesis word.
    SplitReference,
}

/// The DP table of one form in one group: (words + 1) rows × (hypothesis + 1) columns.
struct Table {
    cost: Vec<Cost>,
    back: Vec<Back>,
}

fn align<'a>(groups: &'a Forms, hyp: &[&'a str]) -> OiwerView<'a> {
    let width = hyp.len() + 1;
    // boundary[g][j]: best cost of the first g groups against hyp[..j]; after_insertion: reached by an
    // insertion between groups; chosen[g][j]: the form of group g - 1 that ends there.
    let mut boundary: Vec<Vec<Cost>> = Vec::with_capacity(groups.len() + 1);
    let mut after_insertion: Vec<Vec<bool>> = Vec::with_capacity(groups.len() + 1);
    let mut chosen: Vec<Vec<usize>> = Vec::with_capacity(groups.len() + 1);
    let mut tables: Vec<Vec<Table>> = Vec::with_capacity(groups.len());

    let mut start = vec![Cost(u64::MAX); width];
    start[0] = Cost::ZERO;
    let mut inserted = vec![false; width];
    close_under_insertion(&mut start, &mut inserted);
    boundary.push(start);
    after_insertion.push(inserted);
    chosen.push(vec![0; width]);

    for forms in groups {
        let start = boundary.last().expect("boundary 0 exists");
        let mut end = vec![Cost(u64::MAX); width];
        let mut choice = vec![0usize; width];
        let mut group_tables = Vec::with_capacity(forms.len());
        for (f, words) in forms.iter().enumerate() {
            let table = form_table(start, words, hyp);
            let last = &table.cost[words.len() * width..];
            for j in 0..width {
                if last[j] < end[j] {
                    end[j] = last[j];
                    choice[j] = f;
                }
            }
            group_tables.push(table);
        }
        let mut inserted = vec![false; width];
        close_under_insertion(&mut end, &mut inserted);
        boundary.push(end);
        after_insertion.push(inserted);
        chosen.push(choice);
        tables.push(group_tables);
    }

    // Trace back from the end.
    let mut steps: Vec<Step<'a>> = Vec::new();
    let (mut g, mut j) = (groups.len(), hyp.len());
    while g > 0 || j > 0 {
        if after_insertion[g][j] {
            steps.push((Op::Insertion, Cow::Borrowed(hyp[j - 1]), Cow::Borrowed("")));
            j -= 1;
            continue;
        }
        let form = chosen[g][j];
        let words = &groups[g - 1][form];
        let table = &tables[g - 1][form];
        let mut k = words.len();
        loop {
            match table.back[k * width + j] {
                Back::Start => break,
                Back::Diagonal => {
                    let op = if words[k - 1] == hyp[j - 1] { Op::Correct } else { Op::Substitution };
                    steps.push((op, Cow::Borrowed(hyp[j - 1]), Cow::Borrowed(words[k - 1].as_str())));
                    (k, j) = (k - 1, j - 1);
                }
                Back::Insertion => {
                    steps.push((Op::Insertion, Cow::Borrowed(hyp[j - 1]), Cow::Borrowed("")));
                    j -= 1;
                }
                Back::Deletion => {
                    steps.push((Op::Deletion, Cow::Borrowed(""), Cow::Borrowed(words[k - 1].as_str())));
                    k -= 1;
                }
                Back::SplitHypothesis => {
                    steps.push((
                        Op::Correct,
                        Cow::Owned(format!("{} {}", hyp[j - 2], hyp[j - 1])),
                        Cow::Borrowed(words[k - 1].as_str()),
                    ));
                    (k, j) = (k - 1, j - 2);
                }
                Back::SplitReference => {
                    steps.push((
                        Op::Correct,
                        Cow::Borrowed(hyp[j - 1]),
                        Cow::Owned(format!("{} {}", words[k - 2], words[k - 1])),
                    ));
                    (k, j) = (k - 2, j - 1);
                }
            }
        }
        g -= 1;
    }
    steps.reverse();
    let total = boundary[groups.len()][hyp.len()];
    let oiwer = OiwerView::new(steps, total.words() as usize);
    debug_assert_eq!(oiwer.errors() as u64, total.errors());
    oiwer
}

fn close_under_insertion(costs: &mut [Cost], inserted: &mut [bool]) {
    for j in 1..costs.len() {
        if costs[j - 1].0 == u64::MAX {
            continue;
        }
        let through = costs[j - 1].add(1, 0);
        if through < costs[j] {
            costs[j] = through;
            inserted[j] = true;
        }
    }
}

fn form_table(start: &[Cost], words: &[String], hyp: &[&str]) -> Table {
    let width = hyp.len() + 1;
    let rows = words.len() + 1;
    let mut cost = vec![Cost(u64::MAX); rows * width];
    let mut back = vec![Back::Start; rows * width];
    cost[..width].copy_from_slice(start);
    for k in 1..rows {
        let word = words[k - 1].as_str();
        for j in 0..width {
            let at = k * width + j;
            let mut best = cost[at - width].add(1, 1);
            let mut from = Back::Deletion;
            if j > 0 {
                let hit = word == hyp[j - 1];
                let diagonal = cost[at - width - 1].add(u64::from(!hit), 1);
                if diagonal <= best {
                    (best, from) = (diagonal, Back::Diagonal);
                }
                let insertion = cost[at - 1].add(1, 0);
                if insertion < best {
                    (best, from) = (insertion, Back::Insertion);
                }
                if j > 1 && joins(word, hyp[j - 2], hyp[j - 1]) {
                    let split = cost[at - width - 2].add(0, 1);
                    if split < best {
                        (best, from) = (split, Back::SplitHypothesis);
                    }
                }
                if k > 1 && joins(hyp[j - 1], &words[k - 2], word) {
                    let split = cost[at - 2 * width - 1].add(0, 2);
                    if split < best {
                        (best, from) = (split, Back::SplitReference);
                    }
                }
            }
            cost[at] = best;
            back[at] = from;
        }
    }
    Table { cost, back }
}

/// True when `whole` is `first` followed by `second`.
fn joins(whole: &str, first: &str, second: &str) -> bool {
    whole.len() == first.len() + second.len() && whole.starts_with(first) && whole.ends_with(second)
}
