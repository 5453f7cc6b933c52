//! TSCII 1.7 as bytes, read and written as glibc's iconv does (SPEC E5).
//!
//! ```
//! let text = "கொம்பு";
//! let bytes = uraikal_legacy::encode_tscii_bytes(text).unwrap();
//! assert_eq!(bytes, [0xA6, 0xB8, 0xA1, 0xF5, 0xD2]);
//! assert_eq!(uraikal_legacy::decode_tscii_bytes(&bytes), text);
//! ```

use crate::codec::{compose_tamil, is_consonant, push_composed};
use crate::tables::GLIBC_TSCII;
use crate::EncodeError;

/// The bytes that are pre-base vowel signs (ெ ே ை), written before the consonant they follow in Unicode.
fn pre_base(byte: u8) -> Option<char> {
    match byte {
        0xA6 => Some('\u{0BC6}'),
        0xA7 => Some('\u{0BC7}'),
        0xA8 => Some('\u{0BC8}'),
        _ => None,
    }
}

/// TSCII bytes → Unicode (NFC), as `iconv -f TSCII -t UTF-8`; a byte iconv rejects becomes U+FFFD.
pub fn decode_tscii_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(sign) = pre_base(b) {
            // A pre-base sign goes after the live consonant (or ligature) that follows it; with none there, glibc
            // gives it to the consonant before (it writes ஜெ as ஜ then ெ). ெ/ே with ா, and ெ with the au length
            // mark, make the split vowels.
            let next = bytes.get(i + 1).map(|&n| GLIBC_TSCII[n as usize]).unwrap_or("");
            i += 1;
            if next.chars().next_back().is_some_and(is_consonant) {
                push_str(&mut out, next);
                i += 1;
            }
            push_composed(&mut out, sign);
            if matches!((sign, bytes.get(i)), ('\u{0BC6}' | '\u{0BC7}', Some(0xA1)) | ('\u{0BC6}', Some(0xAA))) {
                push_str(&mut out, GLIBC_TSCII[bytes[i] as usize]);
                i += 1;
            }
            continue;
        }
        // ு ூ after a dead grantha (ஹ் then ு): glibc's spelling of ஹு, ஜூ …
        if matches!(b, 0xA4 | 0xA5) && i > 0 && (0x88..=0x8C).contains(&bytes[i - 1]) && out.ends_with('\u{0BCD}') {
            out.pop();
            push_str(&mut out, GLIBC_TSCII[b as usize]);
            i += 1;
            continue;
        }
        match GLIBC_TSCII[b as usize] {
            "" => out.push('\u{FFFD}'),
            text => push_str(&mut out, text),
        }
        i += 1;
    }
    out
}

fn push_str(out: &mut String, text: &str) {
    for c in text.chars() {
        push_composed(out, c);
    }
}

/// Unicode → TSCII bytes, as `iconv -f UTF-8 -t TSCII`; fails on a character TSCII lacks.
pub fn encode_tscii_bytes(text: &str) -> Result<Vec<u8>, EncodeError> {
    let chars: Vec<char> = compose_tamil(text).chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        // The longest run of characters one byte stands for (க்ஷ, டி, கு, க் …).
        let Some((len, byte)) = longest_byte(&chars[i..]) else {
            let c = chars[i];
            if (c as u32) < 0x80 {
                out.push(c as u8);
                i += 1;
                continue;
            }
            return Err(EncodeError { encoding: "tscii", letter: c.to_string(), position: i, partial: String::new() });
        };
        // A consonant piece with a sign after it that TSCII writes before it (or around it).
        let sign = chars.get(i + len).copied();
        let ends_consonant = chars[i + len - 1] != '\u{0BCD}' && is_consonant(chars[i + len - 1]);
        let split = match sign {
            Some('\u{0BC6}') => Some((0xA6, None)),
            Some('\u{0BC7}') => Some((0xA7, None)),
            Some('\u{0BC8}') => Some((0xA8, None)),
            Some('\u{0BCA}') => Some((0xA6, Some(0xA1))),
            Some('\u{0BCB}') => Some((0xA7, Some(0xA1))),
            Some('\u{0BCC}') => Some((0xA6, Some(0xAA))),
            _ => None,
        };
        // glibc writes ஸு ஹு (ஸூ ஹூ) with the dead consonant's byte.
        if matches!(byte, 0x85 | 0x86) && matches!(sign, Some('\u{0BC1}' | '\u{0BC2}')) {
            out.push(byte + 5);
            out.push(if sign == Some('\u{0BC1}') { 0xA4 } else { 0xA5 });
            i += len + 1;
            continue;
        }
        match split {
            // glibc writes the sign after the grantha consonants ஜ ஷ ஸ ஹ க்ஷ (0x83–0x87), before the others.
            Some((sign, after)) if ends_consonant && (0x83..=0x87).contains(&byte) => {
                out.push(byte);
                // … and its ௌ as ே + the length mark.
                out.push(if after == Some(0xAA) { 0xA7 } else { sign });
                out.extend(after);
                i += len + 1;
            }
            Some((before, after)) if ends_consonant => {
                out.push(before);
                out.push(byte);
                out.extend(after);
                i += len + 1;
            }
            _ => {
                out.push(byte);
                i += len;
            }
        }
    }
    Ok(out)
}

fn longest_byte(chars: &[char]) -> Option<(usize, u8)> {
    let mut best: Option<(usize, u8)> = None;
    for byte in 0x80..=0xFFu8 {
        let text = GLIBC_TSCII[byte as usize];
        let n = text.chars().count();
        // ெ ே ை are written only around a consonant; iconv writes இ as 0xFE (0xAD, the old place, reads as இ too).
        if n == 0 || pre_base(byte).is_some() || byte == 0xAD || best.is_some_and(|(l, _)| l >= n) {
            continue;
        }
        if chars.len() >= n && text.chars().zip(chars).all(|(a, &b)| a == b) {
            best = Some((n, byte));
        }
    }
    best
}
