//! Track A1, Tamil speech recognition: manifests and hypothesis files, scoring a test set into result
//! records, audio decoding and transcription. (Issues 4 and 9.)
#![deny(missing_docs)]

// --- area: score (issue 4) ---

// --- area: transcribe (issue 9) ---
pub mod audio;
pub mod transcribe;
#[cfg(feature = "whisper")]
pub mod whisper;
