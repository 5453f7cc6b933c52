//! Tamil numbers: spoken and written number words, number words back to digits inside running text, and
//! Tamil numerals in both the traditional (௲௯௱௫௰௬) and the positional (௨௦௨௪) systems. (Issue 3.)
//!
//! * [`to_words`] / [`decimal_to_words`] / [`to_ordinal_words`]: numbers to words in the [`Register`] of
//!   speech (default; the forms ASR transcripts use) or of writing.
//! * [`to_digits`]: number words of either register, with their variant spellings and case suffixes,
//!   rewritten as digits inside running text (inverse text normalisation).
//! * [`to_numerals`] / [`from_numerals`]: Tamil numerals, CLDR `%tamil` traditional or positional
//!   ([`Style`]); malformed numerals are an [`Error`] naming the character, never a wrong number.
//!
//! The rules, and every default where Tamil usage varies, are in SPEC.md section U.
//!
//! ```
//! use uraikal_numbers::{from_numerals, to_digits, to_numerals, to_words, Register, Style};
//!
//! assert_eq!(to_words(1956, Register::Spoken).unwrap(), "ஆயிரத்தி தொள்ளாயிரத்தி அம்பத்தாறு");
//! assert_eq!(to_words(1956, Register::Written).unwrap(), "ஆயிரத்து தொள்ளாயிரத்து ஐம்பத்தாறு");
//! assert_eq!(to_digits("நூத்துக்கு தொண்ணூறு"), "100க்கு 90");
//! assert_eq!(to_numerals(12345, Style::Traditional), "௰௨௲௩௱௪௰௫");
//! assert_eq!(from_numerals("௲௯௱௫௰௬").unwrap(), 1956);
//! ```
#![deny(missing_docs)]

// --- area: numbers (issue 3) ---
mod digits;
mod error;
mod lexicon;
mod numerals;
mod sandhi;
mod words;

pub use digits::to_digits;
pub use error::{Error, ErrorKind};
pub use numerals::{from_numerals, to_numerals, Style};
pub use words::{decimal_to_words, to_ordinal_words, to_words, Register, WORDS_LIMIT};

// --- area: tn (issue 12) ---
mod tn;
pub use tn::tn;
