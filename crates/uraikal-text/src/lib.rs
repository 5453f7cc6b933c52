//! Tamil text, done right: letters (எழுத்து) and their prosodic length, the cleaner for legacy-font and
//! PDF text, the frozen scoring normaliser of track A1, graphemes for every script, and the Tamil share of a
//! text. No IO, no dependencies but Unicode data; every function accepts any input without panicking.
//!
//! (Being built under issue 2; see SPEC.md for the rules each function follows.)
#![deny(missing_docs)]

// --- area: text (issue 2) ---

// --- area: graphemes (issue 5) ---
mod compose;
mod ext_pict;
mod graphemes;
mod script;
pub use script::normalize_script;
pub use compose::{compose, decompose, ComposeError, ComposeErrorKind};
pub use graphemes::{graphemes, Graphemes, GRAPHEME_UNICODE_VERSION};
