//! Track A1, Tamil speech recognition: manifests and hypothesis files, scoring a test set into result
//! records, audio decoding and transcription. (Issues 4 and 9.)
//!
//! ```
//! use uraikal_asr::score::score_pair;
//! // Both sides are normalised (punctuation dropped) before words and code points are aligned.
//! let (words, chars) = score_pair("நல்ல மாணவன்.", "நல்ல மாணவ");
//! assert_eq!((words.substitutions, words.hits), (1, 1));
//! assert_eq!((chars.deletions, chars.reference_len()), (2, 11)); // ன and ் dropped
//! ```
#![deny(missing_docs)]

// --- area: score (issue 4) ---
pub mod compare;
pub mod hyps;
pub mod manifest;
pub mod report;
pub mod score;

// --- area: transcribe (issue 9) ---
#[cfg(feature = "api")]
pub mod api;
pub mod audio;
pub mod models;
pub mod session;
pub mod transcribe;
#[cfg(feature = "whisper")]
pub mod whisper;
