//! Mojibake (SPEC Q1.5): UTF-8 text that was decoded as Latin-1 or Windows-1252 ("à®¤à®®à®¿" for தமி), found
//! and reversed word by word.

/// Windows-1252's characters for the bytes 0x80–0x9F (None: the byte is undefined there and decoders that
/// keep it give U+0080–U+009F, which Latin-1 reading also gives).
const CP1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The byte a character came from when UTF-8 was read as Windows-1252 or Latin-1.
fn byte_of(c: char) -> Option<u8> {
    let code = u32::from(c);
    if code < 0x100 {
        return Some(code as u8);
    }
    CP1252_HIGH.iter().position(|&m| m == Some(c)).map(|i| 0x80 + i as u8)
}

/// The word read back as UTF-8, as often as it was misread (text decoded twice as Latin-1 is reversed twice).
fn reverse_word(word: &str) -> Option<String> {
    let mut text = reverse_once(word)?;
    for _ in 0..2 {
        match reverse_once(&text) {
            Some(again) => text = again,
            None => break,
        }
    }
    Some(text)
}

/// The word read back as UTF-8 once, when it is mojibake.
fn reverse_once(word: &str) -> Option<String> {
    if word.is_ascii() {
        return None;
    }
    let bytes: Option<Vec<u8>> = word.chars().map(byte_of).collect();
    let text = String::from_utf8(bytes?).ok()?;
    // Real Latin-1 words (café) decode to invalid UTF-8; a valid decoding with a non-ASCII character is
    // mojibake ("kmÂ²" for km²).
    (!text.is_ascii()).then_some(text)
}

/// Reverses the mojibake words of `text`; returns the text and how many non-space characters of the input
/// were mojibake. Words are split at ASCII white space only: U+00A0 is a UTF-8 continuation byte.
///
/// ```
/// let (text, chars) = uraikal_quality::reverse_mojibake("à®¤à®®à®¿à®´à¯\u{8d} ok");
/// assert_eq!(text, "தமிழ் ok");
/// assert_eq!(chars, 15);
/// // Misread twice: reversed twice.
/// let twice: String = "à®¤".bytes().map(char::from).collect();
/// assert_eq!(uraikal_quality::reverse_mojibake(&twice).0, "த");
/// ```
pub fn reverse_mojibake(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut chars = 0;
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(|c: char| c.is_ascii_whitespace()).unwrap_or(rest.len());
        let word = &rest[..end];
        match reverse_word(word) {
            Some(fixed) => {
                chars += word.chars().count();
                out.push_str(&fixed);
            }
            None => out.push_str(word),
        }
        let space_end = rest[end..].find(|c: char| !c.is_ascii_whitespace()).map_or(rest.len(), |k| end + k);
        out.push_str(&rest[end..space_end]);
        rest = &rest[space_end..];
    }
    (out, chars)
}

/// Whether `text` may hold mojibake at all (a quick test before [`reverse_mojibake`]).
pub(crate) fn may_have_mojibake(text: &str) -> bool {
    // UTF-8 lead bytes of the scripts beyond U+07FF read as Latin-1: à á â ã ä å æ ç è é ê ë ì í î ï.
    text.contains(|c: char| ('\u{00E0}'..='\u{00EF}').contains(&c))
}
