//! Grapheme clusters: Unicode 17 extended grapheme clusters plus the Tamil and Sinhala folds (SPEC G1–G4).
//!
//! The base segmentation is `unicode-segmentation` (pinned to Unicode 17 and checked against the official
//! GraphemeBreakTest). Three folds then join clusters that a reader of the script sees as one letter:
//!
//! * Tamil க் + ஷ… → க்ஷ… (with whatever sign follows ஷ);
//! * Tamil ஸ் / ஶ் + ரீ → ஸ்ரீ / ஶ்ரீ;
//! * Sinhala and Tamil: a cluster holding a ZWJ (ක්‍, the yansaya/rakaransaya/touching-letter joiner; க்‍ in
//!   Tamil) absorbs the next cluster when that starts with a consonant of the same script, in chains of any
//!   length (ක්‍ෂ්‍ය); the Sinhala repaya ර්‍ at the start of a chain stays its own cluster.
//!
//! The folds apply only to those two scripts: a ZWJ in Latin, Devanagari or emoji text never joins anything
//! beyond what Unicode 17 itself joins. Segmentation is lossless: the clusters concatenate to
//! the input, none is empty.

use unicode_segmentation::UnicodeSegmentation;

/// The Unicode version of the grapheme break rules (`unicode-segmentation`'s tables).
pub const GRAPHEME_UNICODE_VERSION: (u8, u8, u8) = (17, 0, 0);

const ZWJ: &str = "\u{200D}";

/// Splits `text` into grapheme clusters (Unicode 17 extended grapheme clusters plus the Tamil and Sinhala
/// folds). Lossless: the clusters concatenate to `text`; no cluster is empty.
///
/// ```
/// let clusters: Vec<&str> = uraikal_text::graphemes("லக்ஷ்மி ஸ்ரீ").collect();
/// assert_eq!(clusters, ["ல", "க்ஷ்", "மி", " ", "ஸ்ரீ"]);
/// let sinhala: Vec<&str> = uraikal_text::graphemes("ක්\u{200D}රමය").collect();
/// assert_eq!(sinhala, ["ක්\u{200D}ර", "ම", "ය"]);
/// ```
pub fn graphemes(text: &str) -> Graphemes<'_> {
    Graphemes { text, position: 0, pending: None }
}

/// The iterator returned by [`graphemes`].
#[derive(Clone, Debug)]
pub struct Graphemes<'a> {
    text: &'a str,
    /// Where the next Unicode cluster starts (after `pending`, if any).
    position: usize,
    /// A cluster read ahead by a fold that did not join it.
    pending: Option<&'a str>,
}

impl<'a> Graphemes<'a> {
    fn offset_of(&self, piece: &'a str) -> usize {
        piece.as_ptr() as usize - self.text.as_ptr() as usize
    }

    /// The next Unicode 17 extended grapheme cluster (before the folds).
    #[inline]
    fn next_cluster(&mut self) -> Option<&'a str> {
        let rest = self.text.get(self.position..).filter(|rest| !rest.is_empty())?;
        let len = match fast_cluster_len(rest.as_bytes()) {
            Some(len) => len,
            None => rest.graphemes(true).next().map_or(rest.len(), str::len),
        };
        self.position += len;
        Some(&rest[..len])
    }
}

/// The length of the cluster at the start of `bytes` when it is decidable at a glance: ASCII, or a Tamil
/// letter with its signs, followed by the end, ASCII or another Tamil letter. `None` sends the cluster to
/// unicode-segmentation. Tamil has no Prepend characters and no InCB linker, so its clusters are a base
/// and its signs (GB9, GB9a); a test compares this with unicode-segmentation on every such sequence.
#[inline]
fn fast_cluster_len(bytes: &[u8]) -> Option<usize> {
    let end = if bytes[0] < 0x80 {
        if bytes[0] == b'\r' && bytes.get(1) == Some(&b'\n') {
            return Some(2);
        }
        1
    } else {
        tamil_cluster_len(bytes, 0)?
    };
    match bytes.get(end) {
        None => Some(end),
        Some(&next) if next < 0x80 => Some(end),
        Some(_) if tamil_cluster_len(bytes, end).is_some() => Some(end),
        Some(_) => None,
    }
}

/// The length in bytes of the Tamil cluster at `bytes[at..]`: a Tamil-block letter (not a sign) with all the
/// signs after it (ஂ, the vowel signs, virama, au mark; GB9, GB9a). `None` when no Tamil base starts there.
/// Before the folds of SPEC G2, which join two such clusters.
///
/// ```
/// let text = "கொ்டு".as_bytes();
/// assert_eq!(uraikal_text::tamil_cluster_len(text, 0), Some(9));
/// assert_eq!(uraikal_text::tamil_cluster_len(text, 3), None);
/// ```
#[inline]
pub fn tamil_cluster_len(bytes: &[u8], at: usize) -> Option<usize> {
    if tamil_at(bytes, at).is_none_or(is_tamil_sign) {
        return None;
    }
    let mut end = at + 3;
    while tamil_at(bytes, end).is_some_and(is_tamil_sign) {
        end += 3;
    }
    Some(end - at)
}

/// The Tamil-block code point (U+0B80..U+0BFF) encoded at `bytes[at..]`, if any.
#[inline]
fn tamil_at(bytes: &[u8], at: usize) -> Option<u32> {
    match bytes.get(at..at + 3)? {
        &[0xE0, second @ (0xAE | 0xAF), third] => {
            Some(0x0B80 + (((second - 0xAE) as u32) << 6) + (third & 0x3F) as u32)
        }
        _ => None,
    }
}

/// Tamil signs (Grapheme_Cluster_Break Extend or SpacingMark): ஂ, the vowel signs, virama and the au mark.
#[inline]
fn is_tamil_sign(code: u32) -> bool {
    matches!(code, 0x0B82 | 0x0BBE..=0x0BC2 | 0x0BC6..=0x0BC8 | 0x0BCA..=0x0BCD | 0x0BD7)
}

impl<'a> Iterator for Graphemes<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let first = match self.pending.take() {
            Some(piece) => piece,
            None => self.next_cluster()?,
        };
        let fold = match fold_start(first) {
            None => return Some(first),
            Some(fold) => fold,
        };
        let start = self.offset_of(first);
        let mut end = start + first.len();
        let mut last = first;
        while let Some(next) = self.next_cluster() {
            let joins = match fold {
                Fold::TamilKa => starts_with_char(next, '\u{0BB7}'),
                Fold::TamilSa => next == "\u{0BB0}\u{0BC0}",
                Fold::TamilJoiner => last.contains(ZWJ) && starts_with_tamil_consonant(next),
                Fold::SinhalaJoiner => last.contains(ZWJ) && starts_with_sinhala_consonant(next),
                Fold::EmojiJoiner => {
                    ends_with_emoji_joiner(last) && next.chars().next().is_some_and(is_extended_pictographic)
                }
            };
            if !joins {
                self.pending = Some(next);
                break;
            }
            end += next.len();
            last = next;
            if matches!(fold, Fold::TamilKa | Fold::TamilSa) {
                break;
            }
        }
        Some(&self.text[start..end])
    }
}

impl std::iter::FusedIterator for Graphemes<'_> {}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fold {
    /// க் waiting for ஷ.
    TamilKa,
    /// ஸ் or ஶ் waiting for ரீ.
    TamilSa,
    /// A Tamil cluster holding a ZWJ, waiting for a consonant.
    TamilJoiner,
    /// A Sinhala cluster holding a ZWJ, waiting for a consonant.
    SinhalaJoiner,
    /// An emoji ending in ZWJ, waiting for an emoji (GB11 where unicode-segmentation's table falls short).
    EmojiJoiner,
}

/// Which fold a cluster may start; `None` for almost every cluster (the fast path).
#[inline]
fn fold_start(cluster: &str) -> Option<Fold> {
    let bytes = cluster.as_bytes();
    if bytes.ends_with(ZWJ.as_bytes()) && ends_with_emoji_joiner(cluster) {
        return Some(Fold::EmojiJoiner);
    }
    // Tamil is U+0B80..U+0BFF (E0 AE xx / E0 AF xx), Sinhala U+0D80..U+0DFF (E0 B6 xx / E0 B7 xx).
    if bytes.len() < 6 || bytes[0] != 0xE0 {
        return None;
    }
    match bytes[1] {
        0xAE | 0xAF => match cluster {
            "\u{0B95}\u{0BCD}" => Some(Fold::TamilKa),
            "\u{0BB8}\u{0BCD}" | "\u{0BB6}\u{0BCD}" => Some(Fold::TamilSa),
            _ if has_zwj(bytes) => Some(Fold::TamilJoiner),
            _ => None,
        },
        // The repaya ර්‍ keeps its own cluster (it is written over the next consonant, which still carries
        // its own vowel sign; grapheme-kit keeps them apart too).
        0xB6 | 0xB7 if has_zwj(bytes) && cluster != "\u{0DBB}\u{0DCA}\u{200D}" => Some(Fold::SinhalaJoiner),
        _ => None,
    }
}

/// GB11's left side: `\p{Extended_Pictographic} Extend* ZWJ` at the end of `cluster`.
fn ends_with_emoji_joiner(cluster: &str) -> bool {
    let Some(body) = cluster.strip_suffix(ZWJ) else {
        return false;
    };
    body.chars().rev().find(|&c| !is_extend(c)).is_some_and(is_extended_pictographic)
}

/// Grapheme_Cluster_Break=Extend, approximated as "joins a preceding letter under GB9/GB9a" (so spacing
/// marks count too; between an emoji and a ZWJ they do not occur in practice).
fn is_extend(c: char) -> bool {
    let mut buffer = [0u8; 5];
    buffer[0] = b'a';
    let len = 1 + c.encode_utf8(&mut buffer[1..]).len();
    let pair = std::str::from_utf8(&buffer[..len]).unwrap_or("a");
    c != '\u{200D}' && pair.graphemes(true).nth(1).is_none()
}

/// Unicode 17 Extended_Pictographic (generated table; see ext_pict.rs).
fn is_extended_pictographic(c: char) -> bool {
    let code = c as u32;
    crate::ext_pict::EXTENDED_PICTOGRAPHIC
        .binary_search_by(|&(low, high)| {
            if high < code {
                std::cmp::Ordering::Less
            } else if low > code {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether a cluster holds a ZWJ (E2 80 8D); most hold no E2 byte at all.
#[inline]
fn has_zwj(bytes: &[u8]) -> bool {
    bytes.contains(&0xE2) && bytes.windows(3).any(|w| w == ZWJ.as_bytes())
}

#[inline]
fn starts_with_char(text: &str, c: char) -> bool {
    text.starts_with(c)
}

/// Tamil consonants U+0B95..U+0BB9.
#[inline]
fn starts_with_tamil_consonant(text: &str) -> bool {
    matches!(text.chars().next(), Some('\u{0B95}'..='\u{0BB9}'))
}

/// Sinhala consonants U+0D9A..U+0DC6.
#[inline]
fn starts_with_sinhala_consonant(text: &str) -> bool {
    matches!(text.chars().next(), Some('\u{0D9A}'..='\u{0DC6}'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &[&str]) {
        let got: Vec<&str> = graphemes(text).collect();
        assert_eq!(got, expected, "graphemes({text:?})");
        assert_eq!(got.concat(), text);
        assert!(got.iter().all(|c| !c.is_empty()));
    }

    #[test]
    fn tamil_folds() {
        check("க்ஷ", &["க்ஷ"]);
        check("க்ஷா", &["க்ஷா"]);
        check("க்ஷ்", &["க்ஷ்"]);
        check("லக்ஷ்மி", &["ல", "க்ஷ்", "மி"]);
        check("ஸ்ரீ", &["ஸ்ரீ"]);
        check("ஶ்ரீ", &["ஶ்ரீ"]);
        check("ஸ்ரி", &["ஸ்", "ரி"]);
        check("ஸ்ர", &["ஸ்", "ர"]);
        check("க்‌ஷ", &["க்‌", "ஷ"]);
        check("வணக்கம்", &["வ", "ண", "க்", "க", "ம்"]);
        check("க்", &["க்"]);
        check("க்க்ஷ", &["க்", "க்ஷ"]);
    }

    #[test]
    fn sinhala_folds() {
        check("ක්\u{200D}රමය", &["ක්\u{200D}ර", "ම", "ය"]);
        check("ශ්\u{200D}රී", &["ශ්\u{200D}රී"]);
        check("ක්\u{200D}ෂ්\u{200D}ය", &["ක්\u{200D}ෂ්\u{200D}ය"]);
        check("කාර්\u{200D}ය", &["කා", "ර්\u{200D}", "ය"]);
        check("ක්\u{200D}", &["ක්\u{200D}"]);
        check("ක්\u{200D}ය\u{200D}", &["ක්\u{200D}ය\u{200D}"]);
        check("ක්\u{200D} ය", &["ක්\u{200D}", " ", "ය"]);
        check("සිංහල", &["සිං", "හ", "ල"]);
    }

    #[test]
    fn tamil_joiners_fold() {
        check("தமி\u{200D}ழ்", &["த", "மி\u{200D}ழ்"]);
        check("லக்\u{200D}ஷ்மி", &["ல", "க்\u{200D}ஷ்", "மி"]);
        check("இயக்கி\u{200D}", &["இ", "ய", "க்", "கி\u{200D}"]);
        check("கி\u{200D} வா", &["கி\u{200D}", " ", "வா"]);
    }

    #[test]
    fn joiners_outside_tamil_and_sinhala_do_not_fold() {
        check("a\u{200D}b\u{200D}", &["a\u{200D}", "b\u{200D}"]);
        check("\u{200D}", &["\u{200D}"]);
        check("दि\u{200D}ष", &["दि\u{200D}", "ष"]);
        check("👨\u{200D}👩\u{200D}👧", &["👨\u{200D}👩\u{200D}👧"]);
        // GB11 for pictographs that unicode-segmentation 1.13.3's table lacks.
        check("✁\u{200D}✁", &["✁\u{200D}✁"]);
        check("✁\u{200D}✁\u{200D}😀", &["✁\u{200D}✁\u{200D}😀"]);
        check("😀\u{1F3FB}\u{200D}✁", &["😀\u{1F3FB}\u{200D}✁"]);
        check("a\u{200D}✁", &["a\u{200D}", "✁"]);
        check("", &[]);
    }

    /// Every sequence of up to three characters from the Tamil block, ASCII, joiners and a few marks
    /// segments the same with and without the fast path.
    #[test]
    fn fast_path_agrees_with_unicode_segmentation() {
        let mut alphabet: Vec<char> = ('\u{0B80}'..='\u{0BFF}').collect();
        alphabet.extend([
            'a',
            ' ',
            '\r',
            '\n',
            '\t',
            '\u{200D}',
            '\u{200C}',
            '\u{0301}',
            '\u{0DCA}',
            '\u{0915}',
            '\u{094D}',
            '😀',
            '\u{1F3FB}',
            '\u{0600}',
        ]);
        let mut text = String::new();
        for &a in &alphabet {
            for &b in &alphabet {
                for &c in ['\u{0B95}', '\u{0BCD}', 'a', '\u{200D}', '\u{0301}', '\n'].iter() {
                    text.clear();
                    text.extend([a, b, c]);
                    let mut ours = Graphemes { text: &text, position: 0, pending: None };
                    let fast: Vec<&str> = std::iter::from_fn(|| ours.next_cluster()).collect();
                    let reference: Vec<&str> = text.graphemes(true).collect();
                    assert_eq!(fast, reference, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn pinned_unicode_version() {
        let (a, b, c) = unicode_segmentation::UNICODE_VERSION;
        assert_eq!((a as u8, b as u8, c as u8), GRAPHEME_UNICODE_VERSION);
    }
}
