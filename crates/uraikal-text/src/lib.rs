//! Tamil text, done right: letters (எழுத்து) and their prosodic length, the cleaner for legacy-font and
//! PDF text, the frozen scoring normaliser of track A1, graphemes for every script, and the Tamil share of a
//! text. No IO, no dependencies but Unicode data; every function accepts any input without panicking.
//!
//! * [`letters`] cuts text into Tamil letters — uyir, mei, uyirmei, aaytham — and, outside Tamil, grapheme
//!   clusters. It is lossless; [`Letter::length`] and [`length`] give the prosodic length (kuril, nedil, otru).
//! * [`clean`] repairs legacy-font, PDF and OCR damage (visual vowel order, ஂ for ், doubled signs) without
//!   touching correct text.
//! * [`normalize`] is the frozen scoring normaliser; its rules are versioned by [`NORMALIZER_VERSION`] and
//!   its Unicode tables by [`UNICODE_VERSION`].
//! * [`tamil_share`] measures how much of a text's letters are Tamil.
//!
//! SPEC.md sections T and N state the rules; tests cite them.
//!
//! ```
//! use uraikal_text::{clean, letters, normalize, tamil_share, Length};
//!
//! let units: Vec<&str> = letters("தமிழ்").map(|l| l.as_str()).collect();
//! assert_eq!(units, ["த", "மி", "ழ்"]);
//! let lengths: Vec<Length> = letters("கடல்").map(|l| l.length()).collect();
//! assert_eq!(lengths, [Length::Kuril, Length::Kuril, Length::Otru]);
//! assert_eq!(clean("ேகாயில்"), "கோயில்");
//! assert_eq!(normalize("Hello, World! ௨௦௨௪"), "hello world 2024");
//! assert_eq!(tamil_share("தமிழ் abc"), 0.625);
//! ```
#![deny(missing_docs)]

// --- area: text (issue 2) ---
mod category;
mod clean;
mod letters;
mod nfc;
mod normalize;
mod tamil;

pub use clean::{clean, clean_with, CleanOptions};
pub use letters::{length, letters, letters_with, Length, Letter, LetterKind, LetterOptions, Letters};
pub use normalize::{normalize, tamil_share, NORMALIZER_VERSION};

/// The Unicode version of every table this crate uses (normalisation, general categories, scripts, grapheme
/// clusters, case mapping). A test checks that each data source agrees.
pub const UNICODE_VERSION: (u8, u8, u8) = (17, 0, 0);

#[cfg(test)]
mod unicode_version_tests {
    #[test]
    fn every_unicode_source_has_the_pinned_version() {
        let (major, minor, update) = super::UNICODE_VERSION;
        let wide = (major as u64, minor as u64, update as u64);
        assert_eq!(unicode_normalization::UNICODE_VERSION, super::UNICODE_VERSION, "unicode-normalization");
        assert_eq!(unicode_properties::UNICODE_VERSION, wide, "unicode-properties");
        assert_eq!(unicode_script::UNICODE_VERSION, wide, "unicode-script");
        assert_eq!(unicode_segmentation::UNICODE_VERSION, wide, "unicode-segmentation");
        assert_eq!(
            char::UNICODE_VERSION,
            super::UNICODE_VERSION,
            "Rust's core (lower-casing); use the pinned toolchain"
        );
    }
}

// --- area: graphemes (issue 5) ---
mod compose;
mod ext_pict;
mod graphemes;
mod script;
pub use compose::{compose, decompose, ComposeError, ComposeErrorKind};
pub use graphemes::{graphemes, tamil_cluster_len, Graphemes, GRAPHEME_UNICODE_VERSION};
pub use script::normalize_script;

// --- area: parity (issue 26) ---
mod collate;
mod sentences;
mod translit;
pub use collate::{collation_key, sort_tamil};
pub use sentences::{is_stop_word, sentences, word_tokens, TAMIL_ABBREVIATIONS, TAMIL_STOP_WORDS};
pub use translit::{from_iso15919, to_casual, to_iso15919};

// --- area: scripts (issue 26: nukta fold, per-script profiles) ---
mod profile;
pub use profile::{apply_folds, fold_by_profile, fold_nukta, profile, token_script, Fold, Folding, PROFILES};
