//! OIWER in the `vimarsha` mode (SPEC L3): Vimarsha's algorithm step by step, quirks included, so that
//! score, counts, N, operations and both alignments equal its output.
//!
//! Every text of an utterance (the normalised hypothesis, then every normalised form) goes into one buffer,
//! and words, forms, rows and steps are spans of it. The buffer and every list live in a per-thread
//! [`Scratch`] that the next utterance reuses, so a batch scores without allocating per utterance (beyond
//! the steps handed to the caller). The plain statement of the same algorithm, written with strings, is kept
//! in the tests as the oracle a property test compares this one with.

use std::borrow::Cow;
use std::cell::RefCell;

use super::normalize::vimarsha_normalize_into;
use super::oiwer::{OiwerView, Op};
use super::{Error, ErrorKind, Language};

/// A stretch of [`Scratch::text`] (a word, a form, or `""` as 0..0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

impl Span {
    const EMPTY: Span = Span { start: 0, end: 0 };

    fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// One alignment step, its words as spans. `group` is the source group of a non-insertion step.
#[derive(Clone, Copy)]
struct RawStep {
    op: Op,
    hypothesis: Span,
    reference: Span,
    group: usize,
}

/// No group (an insertion).
const NO_GROUP: usize = usize::MAX;

/// Everything one utterance needs, kept per thread between utterances.
#[derive(Default)]
struct Scratch {
    /// The normalised hypothesis, then every kept normalised form.
    text: String,
    /// The hypothesis words.
    hyp: Vec<Span>,
    /// The kept forms (non-empty, deduplicated within their group, the first kept).
    forms: Vec<Span>,
    /// Group g holds forms[bounds[g]..bounds[g + 1]]; groups left empty are not pushed.
    bounds: Vec<usize>,
    /// Row r accepts row_words[row_bounds[r]..row_bounds[r + 1]] and comes from group row_groups[r].
    row_words: Vec<Span>,
    row_bounds: Vec<usize>,
    row_groups: Vec<usize>,
    /// Whether the current DP row accepts each hypothesis word.
    hits: Vec<bool>,
    /// The DP: one row of costs at a time, the moves of every cell.
    previous: Vec<u32>,
    current: Vec<u32>,
    back: Vec<u8>,
    /// The traced steps, then the recovered ones, and a run of non-`c` steps being recovered.
    traced: Vec<RawStep>,
    steps: Vec<RawStep>,
    run: Vec<RawStep>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

pub(crate) fn oiwer<G: AsRef<[S]>, S: AsRef<str>, R>(
    hypothesis: &str,
    reference: &[G],
    language: Language,
    with: impl FnOnce(&OiwerView<'_>) -> R,
) -> Result<R, Error> {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut scratch) => scratch.oiwer(hypothesis, reference, language, with),
        // `with` scoring another utterance on this thread: that one gets a scratch of its own.
        Err(_) => Scratch::default().oiwer(hypothesis, reference, language, with),
    })
}

impl Scratch {
    fn bytes(&self, span: Span) -> &[u8] {
        &self.text.as_bytes()[span.start..span.end]
    }

    fn str(&self, span: Span) -> &str {
        &self.text[span.start..span.end]
    }

    fn forms(&self, group: usize) -> &[Span] {
        &self.forms[self.bounds[group]..self.bounds[group + 1]]
    }

    fn row(&self, row: usize) -> &[Span] {
        &self.row_words[self.row_bounds[row]..self.row_bounds[row + 1]]
    }

    /// Appends the words of `span` (single spaces, none at either end) to `out`.
    fn split(text: &str, span: Span, out: &mut Vec<Span>) {
        if span.is_empty() {
            return;
        }
        let mut start = span.start;
        for at in memchr::memchr_iter(b' ', &text.as_bytes()[span.start..span.end]) {
            out.push(Span { start, end: span.start + at });
            start = span.start + at + 1;
        }
        out.push(Span { start, end: span.end });
    }

    fn oiwer<G: AsRef<[S]>, S: AsRef<str>, R>(
        &mut self,
        hypothesis: &str,
        reference: &[G],
        language: Language,
        with: impl FnOnce(&OiwerView<'_>) -> R,
    ) -> Result<R, Error> {
        // Step 1: the hypothesis, normalised and split at spaces.
        self.text.clear();
        vimarsha_normalize_into(hypothesis, language, &mut self.text);
        self.hyp.clear();
        Self::split(&self.text, Span { start: 0, end: self.text.len() }, &mut self.hyp);

        // Step 2: normalise every form; drop empty forms, in-group duplicates and empty groups.
        self.forms.clear();
        self.bounds.clear();
        self.bounds.push(0);
        for forms in reference {
            let first = self.forms.len();
            for form in forms.as_ref() {
                let start = self.text.len();
                vimarsha_normalize_into(form.as_ref(), language, &mut self.text);
                let new = Span { start, end: self.text.len() };
                let text = self.text.as_bytes();
                if new.is_empty() || self.forms[first..].iter().any(|f| text[f.start..f.end] == text[start..]) {
                    self.text.truncate(start);
                } else {
                    self.forms.push(new);
                }
            }
            if self.forms.len() > first {
                self.bounds.push(self.forms.len());
            }
        }
        let groups = self.bounds.len() - 1;
        if groups == 0 {
            return Err(Error::new(ErrorKind::EmptyLattice));
        }

        // Step 3: a group with a multi-word form keeps only the form sharing most hypothesis tokens (counted
        // with repeats over the whole utterance; ties to the first), one row per word.
        self.row_words.clear();
        self.row_bounds.clear();
        self.row_bounds.push(0);
        self.row_groups.clear();
        for group in 0..groups {
            let text = self.text.as_bytes();
            let (first, last) = (self.bounds[group], self.bounds[group + 1]);
            if self.forms[first..last].iter().any(|f| text[f.start..f.end].contains(&b' ')) {
                let mut best: Option<(usize, usize)> = None;
                for form in first..last {
                    // The form's words are put after the rows so far, counted, then kept or dropped.
                    let words = self.row_words.len();
                    Self::split(&self.text, self.forms[form], &mut self.row_words);
                    let form_words = &self.row_words[words..];
                    let shared = self
                        .hyp
                        .iter()
                        .filter(|t| form_words.iter().any(|w| text[w.start..w.end] == text[t.start..t.end]))
                        .count();
                    self.row_words.truncate(words);
                    if best.is_none_or(|(most, _)| shared > most) {
                        best = Some((shared, form));
                    }
                }
                let (_, best) = best.expect("groups are never empty");
                let words = self.row_words.len();
                Self::split(&self.text, self.forms[best], &mut self.row_words);
                for at in words + 1..=self.row_words.len() {
                    self.row_bounds.push(at);
                    self.row_groups.push(group);
                }
            } else {
                self.row_words.extend_from_slice(&self.forms[first..last]);
                self.row_bounds.push(self.row_words.len());
                self.row_groups.push(group);
            }
        }

        self.align();
        self.recover();
        let steps = self
            .steps
            .iter()
            .map(|s| (s.op, Cow::Borrowed(self.str(s.hypothesis)), Cow::Borrowed(self.str(s.reference))))
            .collect();
        Ok(with(&OiwerView::new(steps, self.row_groups.len())))
    }

    /// Step 4: the DP (diagonal costs 0 when the word is in the row), ties to diagonal, then insertion, then
    /// deletion; traced back from the end into `traced`, last step first. Words are compared directly (length
    /// first): a DP here has a few dozen cells, so hashing every word costs more than the comparisons it
    /// saves (an FxHash per word, tried, cost 1% more instructions of the batch; so did a key of each word's
    /// length and first eight bytes). Which words a row accepts is worked out before its cells, row words
    /// outside and hypothesis words inside (a row has one to a few words, the hypothesis many).
    fn align(&mut self) {
        let rows = self.row_groups.len();
        let width = self.hyp.len() + 1;
        let text = self.text.as_bytes();
        self.back.clear();
        self.back.resize((rows + 1) * width, DIAGONAL);
        self.previous.clear();
        self.previous.extend(0..width as u32);
        self.current.clear();
        self.current.resize(width, 0);
        self.back[1..width].fill(INSERTION);
        for row in 0..rows {
            let (first, last) = (self.row_bounds[row], self.row_bounds[row + 1]);
            let words = &self.row_words[first..last];
            // Which hypothesis words the row accepts, then the row's cells.
            self.hits.clear();
            self.hits.resize(width - 1, false);
            for &w in words {
                let w = &text[w.start..w.end];
                for (hit, &word) in self.hits.iter_mut().zip(&self.hyp) {
                    if word.end - word.start == w.len() && &text[word.start..word.end] == w {
                        *hit = true;
                    }
                }
            }
            let back = &mut self.back[(row + 1) * width..(row + 2) * width];
            let (previous, current) = (&self.previous[..width], &mut self.current[..width]);
            current[0] = row as u32 + 1;
            back[0] = DELETION;
            // The cells to the left and up-left, carried along the row.
            let (mut left, mut diagonal) = (current[0], previous[0]);
            let cells = current[1..].iter_mut().zip(&mut back[1..]).zip(previous[1..].iter().zip(&self.hits));
            for ((cost, from), (&up, &hit)) in cells {
                let mut best = diagonal + u32::from(!hit);
                *from = DIAGONAL;
                if left + 1 < best {
                    best = left + 1;
                    *from = INSERTION;
                }
                if up + 1 < best {
                    best = up + 1;
                    *from = DELETION;
                }
                *cost = best;
                (left, diagonal) = (best, up);
            }
            std::mem::swap(&mut self.previous, &mut self.current);
        }

        let (mut r, mut c) = (rows, self.hyp.len());
        self.traced.clear();
        while r > 0 || c > 0 {
            match self.back[r * width + c] {
                DIAGONAL => {
                    let words = self.row(r - 1);
                    let word = self.hyp[c - 1];
                    let (op, reference) = match words.iter().find(|w| self.bytes(**w) == self.bytes(word)) {
                        Some(w) => (Op::Correct, *w),
                        None => (Op::Substitution, words[0]),
                    };
                    self.traced.push(RawStep { op, hypothesis: word, reference, group: self.row_groups[r - 1] });
                    r -= 1;
                    c -= 1;
                }
                INSERTION => {
                    let hypothesis = self.hyp[c - 1];
                    self.traced.push(RawStep {
                        op: Op::Insertion,
                        hypothesis,
                        reference: Span::EMPTY,
                        group: NO_GROUP,
                    });
                    c -= 1;
                }
                _ => {
                    let reference = self.row(r - 1)[0];
                    let group = self.row_groups[r - 1];
                    self.traced.push(RawStep { op: Op::Deletion, hypothesis: Span::EMPTY, reference, group });
                    r -= 1;
                }
            }
        }
    }

    /// Step 5: a maximal run of non-`c` steps whose non-insertions all come from one group, and whose
    /// hypothesis words joined by a space are one of that group's forms, becomes correct; its deletions go.
    /// N is not changed. Reads `traced` (last step first) into `steps`.
    fn recover(&mut self) {
        self.steps.clear();
        self.run.clear();
        for at in (0..self.traced.len()).rev() {
            let step = self.traced[at];
            if step.op == Op::Correct {
                self.flush_run();
                self.steps.push(step);
            } else {
                self.run.push(step);
            }
        }
        self.flush_run();
    }

    fn flush_run(&mut self) {
        if self.run.is_empty() {
            return;
        }
        let mut sources = self.run.iter().map(|s| s.group).filter(|&g| g != NO_GROUP);
        let recovered = match sources.next() {
            Some(group) if sources.all(|g| g == group) => {
                self.forms(group).iter().any(|&form| self.is_joined_run(form))
            }
            _ => false,
        };
        for mut step in self.run.drain(..) {
            if !recovered {
                self.steps.push(step);
            } else if !step.hypothesis.is_empty() {
                step.op = Op::Correct;
                step.reference = step.hypothesis;
                self.steps.push(step);
            }
        }
    }

    /// Whether `form` is the run's hypothesis words (deletions left out) joined by single spaces.
    fn is_joined_run(&self, form: Span) -> bool {
        let mut rest = self.bytes(form);
        let mut first = true;
        for step in self.run.iter().filter(|s| !s.hypothesis.is_empty()) {
            if !first {
                match rest.split_first() {
                    Some((b' ', after)) => rest = after,
                    _ => return false,
                }
            }
            first = false;
            match rest.strip_prefix(self.bytes(step.hypothesis)) {
                Some(after) => rest = after,
                None => return false,
            }
        }
        rest.is_empty()
    }
}

const DIAGONAL: u8 = 0;
const INSERTION: u8 = 1;
const DELETION: u8 = 2;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::{Language, Lattice};
    use super::oiwer;

    /// The algorithm as first written, with a string per word and fresh buffers per utterance: the oracle
    /// for the span-based version above.
    mod plain {
        use std::borrow::Cow;
        use std::ops::Range;

        use super::super::super::normalize::{vimarsha_normalize, vimarsha_normalize_into, words};
        use super::super::super::oiwer::{OiwerView, Op};
        use super::super::super::{Error, ErrorKind, Language};

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

        pub(super) fn oiwer<G: AsRef<[S]>, S: AsRef<str>, R>(
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
            let steps =
                steps.into_iter().map(|s| (s.op, Cow::Borrowed(s.hypothesis), Cow::Borrowed(s.reference))).collect();
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
                    let words: Vec<&str> =
                        run.iter().filter(|s| !s.hypothesis.is_empty()).map(|s| s.hypothesis).collect();
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
    }

    /// The owned result of either version, or its error's message.
    fn both(
        hypothesis: &str,
        lattice: &Lattice,
        language: Language,
    ) -> (Result<String, String>, Result<String, String>) {
        let show = |v: &super::OiwerView<'_>| format!("{v:?}");
        let new = oiwer(hypothesis, lattice.groups(), language, show).map_err(|e| e.to_string());
        let old = plain::oiwer(hypothesis, lattice.groups(), language, show).map_err(|e| e.to_string());
        (new, old)
    }

    /// Words that repeat, punctuation the normaliser removes, a two-part vowel it composes, a space inside
    /// a form (a phrase group), an empty form and a form that normalises to nothing.
    const PIECES: [&str; 14] =
        ["அவன்", "வந்தான்", "நேற்று", "கடைக்கு", "போய்", "விட்டு", "போய்விட்டு", "கொ", "a", "b", "", ",", "அவன் வந்தான்", "x.y"];

    fn text(max: usize) -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(&PIECES[..]), 0..max).prop_map(|w| w.join(" "))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The span version gives exactly the plain version's result (or error) on every input.
        #[test]
        fn equals_the_plain_statement(
            hypothesis in text(12),
            groups in prop::collection::vec(prop::collection::vec(text(3), 0..4), 0..8),
            hindi in any::<bool>(),
        ) {
            let language = if hindi { Language::Hindi } else { Language::Tamil };
            let lattice = Lattice::new(groups);
            let (new, old) = both(&hypothesis, &lattice, language);
            prop_assert_eq!(new, old);
        }

        /// Any text at all, the characters the normaliser treats specially included.
        #[test]
        fn equals_the_plain_statement_on_any_text(
            hypothesis in "[அவன் ,.'\u{0BC6}\u{0BBE}\u{200B}\u{0964}a-c]{0,24}",
            groups in prop::collection::vec(prop::collection::vec("[அவன் ,.\u{0BC6}\u{0BBE}a-c]{0,8}", 0..4), 0..6),
        ) {
            let lattice = Lattice::new(groups);
            let (new, old) = both(&hypothesis, &lattice, Language::Tamil);
            prop_assert_eq!(new, old);
        }
    }

    /// A result handed to `with` may score another utterance on the same thread (its own scratch).
    #[test]
    fn with_may_score_again() {
        let lattice = Lattice::new(vec![vec!["அவன்".into()], vec!["வந்தான்".into()]]);
        let outer = oiwer("அவன் வந்தான்", lattice.groups(), Language::Tamil, |view| {
            let inner =
                oiwer("அவள் வந்தான்", lattice.groups(), Language::Tamil, |inner| inner.errors()).unwrap();
            (view.errors(), inner)
        });
        assert_eq!(outer.unwrap(), (0, 1));
    }
}
