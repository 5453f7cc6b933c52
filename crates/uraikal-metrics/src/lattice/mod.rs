//! Lattice references and OIWER (issue 6; SPEC section L).
//!
//! A [`Lattice`] is an ordered list of variation groups, each a list of acceptable forms, a form being one
//! or more words (or, in the `uraikal` mode, the empty form, which makes the group optional). [`oiwer`]
//! scores a hypothesis against it in one of two [`Mode`]s:
//!
//! * [`Mode::Vimarsha`] reproduces Vimarsha (AI4Bharat) exactly: its normaliser, phrase-group expansion,
//!   DP tie-breaks, recovery pass and N;
//! * [`Mode::Uraikal`] (the default for Tamil) takes the lowest-error path through the whole lattice in one
//!   DP: multi-word forms and compound splits inside the DP, optional groups (the empty form), the Uraikal
//!   normaliser (case, Tamil digits, format characters) and number-aware variants (10 ~ பத்து).
//!
//! [`build_lattice`] turns several hypotheses of one utterance into a candidate lattice for annotators.
//!
//! ```
//! use uraikal_metrics::lattice::{oiwer, Language, Lattice, Mode};
//! let reference = Lattice::parse("{நான்} {போயிட்டு | போய்விட்டு} {வந்தேன்}").unwrap();
//! let score = oiwer("நான் போய்விட்டு வந்தேன்", &reference, Language::Tamil, Mode::Vimarsha).unwrap();
//! assert_eq!((score.errors(), score.reference_words), (0, 3));
//! assert_eq!(score.percent(), 0.0);
//! ```

use std::fmt;

pub mod batch;
mod build;
mod difflib;
mod language;
mod normalize;
mod oiwer;
mod parse;
mod uraikal;
mod vimarsha;

pub use build::build_lattice;
pub use language::Language;
pub use normalize::vimarsha_normalize;
pub use oiwer::{corpus_oiwer, oiwer, oiwer_groups, oiwer_groups_with, Mode, Oiwer, OiwerView, Op, Step};
pub use parse::{check_groups, Reading};

/// An ordered list of variation groups; each group lists the acceptable forms of one stretch of speech.
/// Forms are kept as given; scoring normalises them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lattice {
    groups: Vec<Vec<String>>,
}

impl Lattice {
    /// A lattice from its groups.
    pub fn new(groups: Vec<Vec<String>>) -> Lattice {
        Lattice { groups }
    }

    /// The groups, in order.
    pub fn groups(&self) -> &[Vec<String>] {
        &self.groups
    }

    /// True when there are no groups at all.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}

impl fmt::Display for Lattice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_brace_string())
    }
}

/// Why a lattice could not be read, scored or built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// The kinds of lattice errors.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The lattice is not a list of lists (the message says which part).
    MalformedLattice(String),
    /// Lattice text that cannot be read unambiguously (SPEC L1): unbalanced braces, text outside groups,
    /// truncated JSON, trailing garbage, an empty group.
    Malformed {
        /// 1-based character column in the lattice text.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A form is not a string (Vimarsha's TypeError).
    NonStringVariant {
        /// 0-based group index.
        group: usize,
        /// What was found instead ("a number", …).
        found: &'static str,
    },
    /// After normalisation no group holds a non-empty form (Vimarsha's ValueError).
    EmptyLattice,
    /// The language is none of the 22 codes or names.
    UnknownLanguage(String),
    /// The mode is neither `vimarsha` nor `uraikal`.
    UnknownMode(String),
    /// Lattice building got no non-empty hypothesis.
    NoHypotheses,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::MalformedLattice(message) => f.write_str(message),
            ErrorKind::Malformed { column, message } => write!(f, "column {column}: {message}"),
            ErrorKind::NonStringVariant { group, found } => {
                write!(f, "reference variant in group {group} must be a string, not {found}")
            }
            ErrorKind::EmptyLattice => f.write_str("reference lattice has no non-empty variants"),
            ErrorKind::UnknownLanguage(given) => write!(
                f,
                "unsupported language {given:?}: expected one of the 22 codes ({}) or their English names",
                language::accepted_codes()
            ),
            ErrorKind::UnknownMode(given) => write!(f, "unknown OIWER mode {given:?}: expected vimarsha or uraikal"),
            ErrorKind::NoHypotheses => f.write_str("at least one non-empty transcription is required"),
        }
    }
}

impl std::error::Error for Error {}
