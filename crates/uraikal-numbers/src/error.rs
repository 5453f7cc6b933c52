//! The typed error of this crate: what went wrong, and where in the input.

use std::fmt;

/// An error from a number function: a number out of range, or a malformed numeral or number string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong. Positions are 0-based character (code point) indices into the input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The number is outside the supported range (|n| < 10^15 for words).
    OutOfRange {
        /// The number as given.
        number: String,
    },
    /// The text is not a number of the expected form (e.g. "12.x" for a decimal).
    NotANumber {
        /// The text as given.
        text: String,
    },
    /// The numeral text is empty.
    EmptyNumeral,
    /// A character that is not a Tamil numeral (௦–௯, ௰, ௱, ௲).
    NotANumeral {
        /// Its character index.
        position: usize,
        /// The character.
        found: char,
    },
    /// Positional digits (௦, or two adjacent digits) mixed with the traditional signs ௰ ௱ ௲.
    MixedSystems {
        /// Character index of the first character that contradicts the system chosen so far.
        position: usize,
    },
    /// A traditional numeral that the CLDR `%tamil` grammar does not produce (௲௲, ௱௱, ௧௰, ...).
    MalformedNumeral {
        /// Character index where the grammar could not go on.
        position: usize,
    },
    /// The numeral's value does not fit in 64 bits.
    NumeralOverflow,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
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
            ErrorKind::OutOfRange { number } => {
                write!(f, "{number} is out of range (number words cover |n| < 10^15)")
            }
            ErrorKind::NotANumber { text } => {
                write!(f, "{text:?} is not a number (expected digits, an optional '-' and '.')")
            }
            ErrorKind::EmptyNumeral => f.write_str("empty numeral"),
            ErrorKind::NotANumeral { position, found } => {
                write!(f, "character {position} ({found:?}, U+{:04X}) is not a Tamil numeral", u32::from(*found))
            }
            ErrorKind::MixedSystems { position } => {
                write!(f, "character {position} mixes positional digits with the traditional signs ௰ ௱ ௲")
            }
            ErrorKind::MalformedNumeral { position } => {
                write!(f, "malformed traditional numeral at character {position}")
            }
            ErrorKind::NumeralOverflow => f.write_str("numeral value does not fit in 64 bits"),
        }
    }
}

impl std::error::Error for Error {}
