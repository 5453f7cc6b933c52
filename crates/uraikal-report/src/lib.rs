//! Self-contained HTML reports of Uraikal results (`uraikal report`): one file with inline CSS and inline SVG
//! charts, no script and no network reference, so that it can be mailed, archived or opened offline.
//!
//! The report shows figures that other functions computed; it recomputes none of them. From A1 result files
//! (`uraikal score --out`): the leaderboard (macro and per-slice WER and CER with their bootstrap confidence
//! intervals and missing counts) and one chart per slice. From alignment files (`uraikal score --alignments`):
//! per system, the most frequent word substitutions, insertions and deletions (counted here, from the
//! alignment chunks) and the worst utterances with their aligned words. From paired comparisons (what
//! `uraikal compare` computes; `uraikal report` runs it on the alignment files' counts): the significance
//! matrix. From a D4 results document
//! (`uraikal tokenizers --out`): the D4 table and a chart of tokens per word.
//!
//! ```
//! use serde_json::json;
//! let records = json!([{"system": "s", "slice": "kural", "track": "A1", "utterances": 2, "missing": 0,
//!                       "wer": 0.25, "cer": 0.1, "wer_ci": [0.2, 0.3], "cer_ci": [0.05, 0.15]}]);
//! let mut input = uraikal_report::Input::default();
//! input.add_results(&records).unwrap();
//! let html = uraikal_report::render(&input, "Demo");
//! assert!(html.contains("<svg") && html.contains("kural") && html.contains("25.00"));
//! assert!(!html.contains("http://") && !html.contains("https://"));
//! ```

mod html;
mod input;
#[cfg(feature = "png")]
mod png;

pub use html::{charts, render};
pub use input::{
    Alignments, Comparison, D4Cut, D4Example, D4Row, Error, Input, Paired, PairedRate, SliceResult, Utterance,
};
#[cfg(feature = "png")]
pub use png::PngRenderer;
