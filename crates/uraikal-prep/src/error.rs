//! The crate's typed error: what went wrong, and the file (and line) it went wrong in.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error from a preparation step. Its Display names the file and, where there is one, the line.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// The kinds of preparation errors.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Reading or writing a file failed (with the file and line, from `uraikal-io`).
    Io(uraikal_io::Error),
    /// The folder given does not hold the expected corpus layout.
    Layout {
        /// The folder that was searched.
        dir: PathBuf,
        /// What was looked for and not found.
        message: String,
    },
    /// A listing file (TSV, transcript) has a malformed line or header.
    Listing {
        /// The listing file.
        path: PathBuf,
        /// 1-based line, when the problem is one line.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The Parquet file could not be read (not Parquet, corrupt, unsupported codec).
    Parquet {
        /// The Parquet file.
        path: PathBuf,
        /// The reader's message.
        message: String,
    },
    /// A requested column is not in the Parquet schema.
    MissingColumn {
        /// The Parquet file.
        path: PathBuf,
        /// The column asked for.
        column: String,
        /// The columns the file has.
        available: Vec<String>,
    },
    /// A column has a type that cannot be used (the text column must hold strings).
    WrongType {
        /// The Parquet file.
        path: PathBuf,
        /// The column.
        column: String,
        /// What the column holds.
        found: String,
        /// What it should hold.
        expected: &'static str,
    },
    /// An option has a value that cannot work (a zero `--n`, min words above max words, …).
    InvalidOption(String),
    /// `--strict` was given and problems were found; the summary lists them.
    Strict(String),
    /// The data would have to be downloaded, and this build does not do that.
    Offline(String),
}

impl Error {
    /// The kind of error.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    pub(crate) fn layout(dir: &Path, message: impl Into<String>) -> Error {
        ErrorKind::Layout { dir: dir.to_path_buf(), message: message.into() }.into()
    }

    pub(crate) fn listing(path: &Path, line: Option<usize>, message: impl Into<String>) -> Error {
        ErrorKind::Listing { path: path.to_path_buf(), line, message: message.into() }.into()
    }

    pub(crate) fn parquet(path: &Path, message: impl fmt::Display) -> Error {
        ErrorKind::Parquet { path: path.to_path_buf(), message: message.to_string() }.into()
    }

    pub(crate) fn io(path: &Path, err: std::io::Error) -> Error {
        ErrorKind::Io(uraikal_io::Error::io(path, err)).into()
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl From<uraikal_io::Error> for Error {
    fn from(err: uraikal_io::Error) -> Error {
        ErrorKind::Io(err).into()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "{e}"),
            ErrorKind::Layout { dir, message } => write!(f, "{}: {message}", dir.display()),
            ErrorKind::Listing { path, line, message } => {
                write!(f, "{}", path.display())?;
                if let Some(line) = line {
                    write!(f, ":{line}")?;
                }
                write!(f, ": {message}")
            }
            ErrorKind::Parquet { path, message } => {
                write!(f, "{}: cannot read as Parquet: {message}", path.display())
            }
            ErrorKind::MissingColumn { path, column, available } => {
                write!(f, "{}: no column {column:?}; the file has: {}", path.display(), available.join(", "))
            }
            ErrorKind::WrongType { path, column, found, expected } => {
                write!(f, "{}: column {column:?} holds {found}, expected {expected}", path.display())
            }
            ErrorKind::InvalidOption(m) => write!(f, "{m}"),
            ErrorKind::Strict(m) => write!(f, "--strict: {m}"),
            ErrorKind::Offline(m) => write!(f, "{m}"),
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
