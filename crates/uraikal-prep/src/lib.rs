//! Building Uraikal's test sets from local copies of the corpora, deterministically.
//!
//! * Track A1 manifests (`data/a1_<source>.jsonl`, one `{"id","audio","text","slice","duration"}` a line)
//!   from FLEURS `ta_in` ([`fleurs`]), Kathbath Tamil ([`kathbath`]) and Common Voice `ta`
//!   ([`common_voice`]). [`a1::prepare`] reads a corpus, checks every utterance (audio readable, duration
//!   known, text non-empty after the frozen normaliser, id unique), counts each problem with examples, and
//!   writes the manifest atomically; with `strict`, any problem is fatal.
//! * Track D4 passages (`data/d4_<slice>.jsonl`, `{"id","text","slice","source"}`) sampled from a Parquet
//!   file by [`d4::prepare`]: streamed, split, cleaned, filtered by Tamil share, seeded.
//!
//! Nothing here touches the network: corpora that need downloading are an [`ErrorKind::Offline`] error
//! asking for `--dir`. The rules are SPEC.md section P.
//!
//! ```
//! use uraikal_prep::a1::{check, Listed, Listing};
//! let dir = tempfile::tempdir().unwrap();
//! let listing = Listing {
//!     utterances: vec![Listed {
//!         id: "demo/absent".into(),
//!         audio: dir.path().join("absent.wav"),
//!         text: "வணக்கம்".into(),
//!         slice: "demo".into(),
//!         origin: "list.tsv:1".into(),
//!     }],
//!     ..Listing::default()
//! };
//! let checked = check(listing, dir.path());
//! assert!(checked.rows.is_empty());
//! assert_eq!(checked.problems.report()[0].kind, "missing_audio"); // counted, not dropped silently
//! ```
#![deny(missing_docs)]

pub mod a1;
pub mod audio;
pub mod common_voice;
pub mod d4;
mod error;
pub mod fleurs;
pub mod kathbath;

pub use error::{Error, ErrorKind};
