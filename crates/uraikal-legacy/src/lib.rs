//! Legacy Tamil encodings: the 28 font encodings, character sets and romanisations open-tamil knows (Bamini,
//! TSCII, TAB, TAM, Shree-Lipi, Vanavil, Anu …), decoded to Unicode in logical order, encoded back, and found
//! inside mixed text.
//!
//! ```
//! use uraikal_legacy::Encoding;
//! let bamini = Encoding::from_name("Bamini").unwrap();
//! assert_eq!(bamini.decode("jkpo;"), "தமிழ்");
//! assert_eq!(bamini.encode("தமிழ்").unwrap(), "jkpo;");
//! // TSCII is also a byte encoding, read as glibc's iconv reads it.
//! assert_eq!(uraikal_legacy::decode_tscii_bytes(&[0xBE, 0xC1, 0xA2, 0xFA]), "தமிழ்");
//! ```
//!
//! The tables are open-tamil 1.1's (MIT), transcribed by `cargo xtask legacy-tables` into `tables.rs`; the rules
//! that turn them into decoders and encoders, and every place the tables are overruled, are SPEC.md section E.
//! Decoding never fails and never panics; encoding fails only on a letter the encoding cannot write, and what
//! it writes always decodes back to its input (it checks).
#![deny(missing_docs)]

mod codec;
mod detect;
mod detect_model;
mod names;
mod tables;
mod tscii;
mod words;

use std::cell::RefCell;
use std::fmt;
use std::sync::OnceLock;

use codec::{compose_tamil, is_mark, Codec, Scratch};
pub use detect::{decode_auto, detect, Detection, Run};
#[doc(hidden)]
pub use detect::{model_counts, model_source};
pub use names::Kind;
pub use tscii::{decode_tscii_bytes, encode_tscii_bytes};

/// `uraikal text clean --legacy auto` (SPEC E8): the legacy runs of each line converted ([`decode_auto`]),
/// then the text cleaned with `uraikal_text::clean_with`. uraikal-text knows nothing of legacy encodings, so
/// the composition lives here.
///
/// ```
/// use uraikal_text::CleanOptions;
/// assert_eq!(uraikal_legacy::clean_auto("Source: jkpo; ehL", CleanOptions::default()), "Source: தமிழ் நாடு");
/// ```
pub fn clean_auto(text: &str, options: uraikal_text::CleanOptions) -> String {
    uraikal_text::clean_with(&decode_auto(text), options)
}

/// Whether some line of `text` has a legacy run ([`detect`]); `uraikal prep d4` counts such passages.
pub fn has_legacy(text: &str) -> bool {
    text.lines().any(|line| !detect(line).runs.is_empty())
}

/// One legacy encoding (a value from [`Encoding::all`] or [`Encoding::from_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding(u8);

const COUNT: usize = 28;
static CODECS: [OnceLock<Codec>; COUNT] = [const { OnceLock::new() }; COUNT];

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Encoding {
    /// Every encoding, sorted by name.
    pub fn all() -> impl Iterator<Item = Encoding> {
        (0..names::ENTRIES.len()).map(|i| Encoding(i as u8))
    }

    /// The encoding a name or alias means; case, '-', '_', '.' and spaces do not matter.
    pub fn from_name(name: &str) -> Result<Encoding, UnknownEncoding> {
        names::lookup(name).map(|i| Encoding(i as u8)).ok_or_else(|| UnknownEncoding { name: name.to_string() })
    }

    /// open-tamil's name for it ("bamini", "tscii", …).
    pub fn name(self) -> &'static str {
        names::ENTRIES[self.0 as usize].name
    }

    /// Other spellings [`Encoding::from_name`] accepts.
    pub fn aliases(self) -> &'static [&'static str] {
        names::ENTRIES[self.0 as usize].aliases
    }

    /// Font, character set or romanisation.
    pub fn kind(self) -> Kind {
        names::ENTRIES[self.0 as usize].kind
    }

    fn codec(self) -> &'static Codec {
        CODECS[self.0 as usize].get_or_init(|| Codec::build(self.0 as usize))
    }

    /// Legacy text → Unicode (Tamil in NFC, logical order; characters the encoding does not use are kept).
    pub fn decode(self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        self.decode_into(text, &mut out);
        out
    }

    /// [`Encoding::decode`], appending to `out`.
    pub fn decode_into(self, text: &str, out: &mut String) {
        let codec = self.codec();
        SCRATCH.with(|s| {
            let scratch = &mut s.borrow_mut();
            // A line break is a cut (no key holds one, and what follows it reads as at the start of a line):
            // text is decoded whole, without a search for line breaks, unless it is long, and then in pieces
            // ending at line breaks, so that the segmentation's memory stays proportional to ≈ 64 KB.
            let mut rest = text;
            while rest.len() > 1 << 16 {
                let end = rest.as_bytes()[1 << 16..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(rest.len(), |i| (1 << 16) + i + 1);
                codec.decode_line(&rest[..end], out, scratch);
                rest = &rest[end..];
            }
            codec.decode_line(rest, out, scratch);
        })
    }

    /// Unicode → legacy text. Fails on the first letter the encoding cannot write, naming it and its position;
    /// what it returns decodes back to the NFC of `text` (SPEC E4).
    pub fn encode(self, text: &str) -> Result<String, EncodeError> {
        self.encode_with(text, false)
    }

    /// [`Encoding::encode`] that writes a letter the encoding lacks as itself (Unicode), which decoding keeps.
    pub fn encode_lossy(self, text: &str) -> String {
        self.encode_with(text, true).unwrap_or_else(|e| e.partial)
    }

    fn encode_with(self, text: &str, lossy: bool) -> Result<String, EncodeError> {
        let composed = compose_tamil(text);
        let codec = self.codec();
        let fail = |position: usize, partial: String| {
            let chars: Vec<char> = composed.chars().collect();
            let mut start = position.min(chars.len().saturating_sub(1));
            while start > 0 && is_mark(chars[start]) {
                start -= 1;
            }
            let mut end = start + 1;
            while end < chars.len()
                && (is_mark(chars[end]) || chars[end - 1] == '\u{0BCD}' && codec::is_consonant(chars[end]))
            {
                end += 1;
            }
            EncodeError {
                encoding: self.name(),
                letter: chars.get(start..end).map(|s| s.iter().collect()).unwrap_or_default(),
                position: original_position(text, &composed, start),
                partial,
            }
        };
        let out = codec.encode(&composed, lossy).map_err(|i| fail(i, String::new()))?;
        let back = self.decode(&out);
        if back != composed {
            let at = back.chars().zip(composed.chars()).take_while(|(a, b)| a == b).count();
            return Err(fail(at, out));
        }
        Ok(out)
    }
}

/// The character index in `text` of the character at `index` of its Tamil composition.
fn original_position(text: &str, composed: &str, index: usize) -> usize {
    if text.len() == composed.len() {
        return index;
    }
    // Replay the composition (only on an error: quadratic is fine) until it reaches the index.
    let mut out = String::new();
    for (j, c) in text.chars().enumerate() {
        codec::push_composed(&mut out, c);
        if out.chars().count() > index {
            return j;
        }
    }
    index
}

/// A name no encoding has; its message lists the names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncoding {
    /// The name asked for.
    pub name: String,
}

impl fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Encoding::all().map(Encoding::name).collect();
        write!(f, "unknown encoding {:?}; the encodings are: {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownEncoding {}

/// A letter an encoding cannot write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeError {
    /// The encoding's name.
    pub encoding: &'static str,
    /// The letter (a consonant or vowel with its signs).
    pub letter: String,
    /// Its position, in characters of the input.
    pub position: usize,
    /// What lossy encoding wrote (empty when encoding stopped at the letter).
    partial: String,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot write {:?} (character {})", self.encoding, self.letter, self.position)
    }
}

impl std::error::Error for EncodeError {}
