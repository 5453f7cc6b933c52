//! Unicode general categories as the text functions need them, with hand-written fast paths for ASCII
//! and the Tamil block (a test checks both against the pinned Unicode data for every code point).

use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

/// The coarse class of a character: what `normalize` and `tamil_share` decide on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// General category L*.
    Letter,
    /// General category M*.
    Mark,
    /// General category N*.
    Number,
    /// General category P* or S*.
    PunctuationOrSymbol,
    /// General category Cf.
    Format,
    /// Anything else (Z*, Cc, Co, Cs, Cn).
    Other,
}

/// The class of `c`.
#[inline]
pub(crate) fn class(c: char) -> Class {
    let cp = c as u32;
    if cp < 0x80 {
        return ascii_class(cp as u8);
    }
    if (0x0B80..=0x0BFF).contains(&cp) {
        return tamil_class(cp);
    }
    unicode_class(c)
}

/// The class from the Unicode tables (no fast path).
pub(crate) fn unicode_class(c: char) -> Class {
    if c.general_category() == GeneralCategory::Format {
        return Class::Format;
    }
    match c.general_category_group() {
        GeneralCategoryGroup::Letter => Class::Letter,
        GeneralCategoryGroup::Mark => Class::Mark,
        GeneralCategoryGroup::Number => Class::Number,
        GeneralCategoryGroup::Punctuation | GeneralCategoryGroup::Symbol => Class::PunctuationOrSymbol,
        _ => Class::Other,
    }
}

#[inline]
fn ascii_class(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' => Class::Letter,
        b'0'..=b'9' => Class::Number,
        b'!'..=b'/' | b':'..=b'@' | b'['..=b'`' | b'{'..=b'~' => Class::PunctuationOrSymbol,
        _ => Class::Other,
    }
}

/// Classes of U+0B80..=U+0BFF, written out from UnicodeData.txt (Tamil has been stable since Unicode 8;
/// `tests::fast_paths_agree_with_the_tables` keeps this honest).
#[inline]
fn tamil_class(cp: u32) -> Class {
    match cp {
        0x0B82 | 0x0BBE..=0x0BC2 | 0x0BC6..=0x0BC8 | 0x0BCA..=0x0BCD | 0x0BD7 => Class::Mark,
        0x0B83
        | 0x0B85..=0x0B8A
        | 0x0B8E..=0x0B90
        | 0x0B92..=0x0B95
        | 0x0B99
        | 0x0B9A
        | 0x0B9C
        | 0x0B9E
        | 0x0B9F
        | 0x0BA3
        | 0x0BA4
        | 0x0BA8..=0x0BAA
        | 0x0BAE..=0x0BB9
        | 0x0BD0 => Class::Letter,
        0x0BE6..=0x0BF2 => Class::Number,
        0x0BF3..=0x0BFA => Class::PunctuationOrSymbol,
        _ => Class::Other,
    }
}

/// True for a letter of the Latin script (Script=Latin, general category L*).
#[inline]
pub(crate) fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && c.script() == Script::Latin && class(c) == Class::Letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_paths_agree_with_the_tables() {
        for cp in (0..0x80u32).chain(0x0B80..=0x0BFF) {
            let c = char::from_u32(cp).unwrap();
            assert_eq!(class(c), unicode_class(c), "U+{cp:04X}");
        }
    }

    #[test]
    fn latin_letters() {
        for (c, latin) in
            [('a', true), ('Z', true), ('É', true), ('ß', true), ('Ａ', true), ('Ω', false), ('த', false), ('1', false)]
        {
            assert_eq!(is_latin_letter(c), latin, "{c}");
        }
    }
}
