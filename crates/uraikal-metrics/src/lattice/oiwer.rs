//! OIWER: the result type, the two modes and the corpus aggregate (Σ errors ÷ Σ N).

use std::borrow::Cow;
use std::fmt;

use super::{uraikal, vimarsha, Error, Language, Lattice};

/// How to score a hypothesis against a lattice (SPEC L3 and L4). Parsed from `vimarsha` or `uraikal`
/// ([`FromStr`](std::str::FromStr); with the `clap` feature also a `clap::ValueEnum`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Mode {
    /// Vimarsha's algorithm, reproduced exactly (its quirks included).
    Vimarsha,
    /// The lowest-error path through the whole lattice in one DP: optional groups, compounds, case, digits.
    Uraikal,
}

impl std::str::FromStr for Mode {
    type Err = Error;

    /// `vimarsha` or `uraikal`.
    fn from_str(text: &str) -> Result<Mode, Error> {
        match text {
            "vimarsha" => Ok(Mode::Vimarsha),
            "uraikal" => Ok(Mode::Uraikal),
            _ => Err(Error::new(super::ErrorKind::UnknownMode(text.to_string()))),
        }
    }
}

impl Mode {
    /// The mode used when none is asked for: `uraikal` for Tamil (its normaliser is Tamil's),
    /// `vimarsha` for the other languages.
    pub fn default_for(language: Language) -> Mode {
        if language == Language::Tamil {
            Mode::Uraikal
        } else {
            Mode::Vimarsha
        }
    }

    /// The mode's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Vimarsha => "vimarsha",
            Mode::Uraikal => "uraikal",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One alignment step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// The hypothesis word is an accepted form (`c`).
    Correct,
    /// The hypothesis word replaces a reference word (`s`).
    Substitution,
    /// The hypothesis word has no reference counterpart (`i`).
    Insertion,
    /// A reference word has no hypothesis counterpart (`d`).
    Deletion,
}

impl Op {
    /// The one-letter code Vimarsha uses: `c`, `s`, `i`, `d`.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Correct => "c",
            Op::Substitution => "s",
            Op::Insertion => "i",
            Op::Deletion => "d",
        }
    }
}

/// The OIWER of one utterance: counts, N and the alignment (hypothesis words are `""` for deletions,
/// reference words `""` for insertions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oiwer {
    /// Inserted hypothesis words.
    pub insertions: usize,
    /// Deleted reference words.
    pub deletions: usize,
    /// Substituted words.
    pub substitutions: usize,
    /// N, the number of reference words the score divides by.
    pub reference_words: usize,
    /// One operation per alignment step.
    pub operations: Vec<Op>,
    /// The hypothesis side of each step.
    pub hypothesis_alignment: Vec<String>,
    /// The reference side of each step.
    pub reference_alignment: Vec<String>,
}

impl Oiwer {
    /// Insertions + deletions + substitutions.
    pub fn errors(&self) -> usize {
        self.insertions + self.deletions + self.substitutions
    }

    /// The result as an [`OiwerView`] borrowing this one's strings.
    pub fn view(&self) -> OiwerView<'_> {
        OiwerView {
            insertions: self.insertions,
            deletions: self.deletions,
            substitutions: self.substitutions,
            reference_words: self.reference_words,
            steps: self
                .operations
                .iter()
                .zip(&self.hypothesis_alignment)
                .zip(&self.reference_alignment)
                .map(|((&op, h), r)| (op, Cow::Borrowed(h.as_str()), Cow::Borrowed(r.as_str())))
                .collect(),
        }
    }

    /// `((I + D + S) / N) * 100`, in that order of operations (Vimarsha's rounding); may exceed 100.
    /// An empty reference path (possible only in the uraikal mode) scores 0 without errors, else 100 per
    /// error.
    pub fn percent(&self) -> f64 {
        percent(self.errors(), self.reference_words)
    }
}

fn percent(errors: usize, reference_words: usize) -> f64 {
    if reference_words == 0 {
        return errors as f64 * 100.0;
    }
    (errors as f64 / reference_words as f64) * 100.0
}

/// One alignment step of an [`OiwerView`]: the operation, the hypothesis side (`""` for a deletion) and the
/// reference side (`""` for an insertion).
pub type Step<'a> = (Op, Cow<'a, str>, Cow<'a, str>);

/// An [`Oiwer`] whose alignment borrows the scorer's own buffers (see [`oiwer_groups_with`]): the same
/// numbers, without a string per step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OiwerView<'a> {
    /// Inserted hypothesis words.
    pub insertions: usize,
    /// Deleted reference words.
    pub deletions: usize,
    /// Substituted words.
    pub substitutions: usize,
    /// N, the number of reference words the score divides by.
    pub reference_words: usize,
    /// The alignment, one step per operation.
    pub steps: Vec<Step<'a>>,
}

impl<'a> OiwerView<'a> {
    pub(crate) fn new(steps: Vec<Step<'a>>, reference_words: usize) -> OiwerView<'a> {
        let count = |kind: Op| steps.iter().filter(|(op, _, _)| *op == kind).count();
        OiwerView {
            insertions: count(Op::Insertion),
            deletions: count(Op::Deletion),
            substitutions: count(Op::Substitution),
            reference_words,
            steps,
        }
    }

    /// Insertions + deletions + substitutions.
    pub fn errors(&self) -> usize {
        self.insertions + self.deletions + self.substitutions
    }

    /// As [`Oiwer::percent`].
    pub fn percent(&self) -> f64 {
        percent(self.errors(), self.reference_words)
    }

    /// The owned result.
    pub fn to_oiwer(&self) -> Oiwer {
        Oiwer {
            insertions: self.insertions,
            deletions: self.deletions,
            substitutions: self.substitutions,
            reference_words: self.reference_words,
            operations: self.steps.iter().map(|(op, _, _)| *op).collect(),
            hypothesis_alignment: self.steps.iter().map(|(_, h, _)| h.to_string()).collect(),
            reference_alignment: self.steps.iter().map(|(_, _, r)| r.to_string()).collect(),
        }
    }
}

/// Scores `hypothesis` against `reference` in `language`.
///
/// Errors: an unknown-language error cannot happen here (the [`Language`] is already parsed); a lattice
/// with no non-empty form after normalisation is [`ErrorKind::EmptyLattice`](super::ErrorKind::EmptyLattice).
pub fn oiwer(hypothesis: &str, reference: &Lattice, language: Language, mode: Mode) -> Result<Oiwer, Error> {
    oiwer_groups_with(hypothesis, reference.groups(), language, mode, |view| view.to_oiwer())
}

/// [`oiwer`] on groups of forms given as any string type (a [`Lattice`] need not be built first).
pub fn oiwer_groups<G: AsRef<[S]>, S: AsRef<str>>(
    hypothesis: &str,
    groups: &[G],
    language: Language,
    mode: Mode,
) -> Result<Oiwer, Error> {
    oiwer_groups_with(hypothesis, groups, language, mode, |view| view.to_oiwer())
}

/// [`oiwer_groups`] handing the result to `with` as an [`OiwerView`], whose alignment borrows the scorer's
/// buffers: for callers that only print or count it (a batch of many utterances), no string is made per
/// step.
///
/// ```
/// use uraikal_metrics::lattice::{oiwer_groups_with, Language, Mode};
/// let groups = [vec!["அவன்"], vec!["வந்தான்"]];
/// let errors = oiwer_groups_with("அவள் வந்தான்", &groups, Language::Tamil, Mode::Vimarsha, |v| v.errors());
/// assert_eq!(errors.unwrap(), 1);
/// ```
pub fn oiwer_groups_with<G: AsRef<[S]>, S: AsRef<str>, R>(
    hypothesis: &str,
    groups: &[G],
    language: Language,
    mode: Mode,
    with: impl FnOnce(&OiwerView<'_>) -> R,
) -> Result<R, Error> {
    match mode {
        Mode::Vimarsha => vimarsha::oiwer(hypothesis, groups, language, with),
        Mode::Uraikal => uraikal::oiwer(hypothesis, groups, with),
    }
}

/// Corpus OIWER in percent: Σ errors ÷ Σ N × 100 over the utterances (micro-average, like corpus WER and
/// the original OIWER script). `None` when Σ N is 0.
///
/// ```
/// use uraikal_metrics::lattice::{corpus_oiwer, oiwer, Language, Lattice, Mode};
/// let reference = Lattice::parse("{அவன்} {வந்தான்}").unwrap();
/// let a = oiwer("அவன் வந்தான்", &reference, Language::Tamil, Mode::Vimarsha).unwrap();
/// let b = oiwer("அவள் வந்தாள்", &reference, Language::Tamil, Mode::Vimarsha).unwrap();
/// assert_eq!(corpus_oiwer([&a, &b]), Some(50.0));
/// ```
pub fn corpus_oiwer<'a>(utterances: impl IntoIterator<Item = &'a Oiwer>) -> Option<f64> {
    let (errors, words) =
        utterances.into_iter().fold((0usize, 0usize), |(e, n), u| (e + u.errors(), n + u.reference_words));
    (words > 0).then(|| (errors as f64 / words as f64) * 100.0)
}
