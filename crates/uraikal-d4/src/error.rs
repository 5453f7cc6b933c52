//! The one error type of uraikal-d4: what went wrong, and which tokenizer or file it was about.

use std::fmt;

/// An error from loading, measuring or patching a tokenizer.
#[derive(Debug)]
pub struct Error {
    subject: String,
    kind: ErrorKind,
}

/// The kinds of D4 errors.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A file could not be read or written (also: bad JSONL, with its line).
    Io(uraikal_io::Error),
    /// No tokenizer file was found at the path (a folder without tokenizer.json, say).
    NotFound(String),
    /// The file is there but is not a tokenizer this crate can load (corrupt, unknown format).
    Unloadable(String),
    /// The tokenizers library failed while encoding or decoding.
    Tokenizer(String),
    /// The pre-tokenizer has no letter regex to rewrite, or could not be rewritten.
    Patch(String),
    /// The passages are unusable (none at all, a duplicate id).
    Data(String),
}

impl Error {
    pub(crate) fn new(subject: impl Into<String>, kind: ErrorKind) -> Error {
        Error { subject: subject.into(), kind }
    }

    /// The tokenizer, path or file the error is about.
    pub fn subject(&self) -> &str {
        &self.subject
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The reason alone, without the subject (for a "skipped: reason" line).
    pub fn reason(&self) -> String {
        match &self.kind {
            ErrorKind::Io(e) => e.to_string(),
            ErrorKind::NotFound(m)
            | ErrorKind::Unloadable(m)
            | ErrorKind::Tokenizer(m)
            | ErrorKind::Patch(m)
            | ErrorKind::Data(m) => m.clone(),
        }
    }
}

impl From<uraikal_io::Error> for Error {
    fn from(e: uraikal_io::Error) -> Error {
        Error::new(e.path().display().to_string(), ErrorKind::Io(e))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            // uraikal-io errors already name their file (and line).
            ErrorKind::Io(e) => write!(f, "{e}"),
            _ => write!(f, "{}: {}", self.subject, self.reason()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}
