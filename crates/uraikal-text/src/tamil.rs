//! The Tamil block's inventory: which code points are vowels, consonants and signs (SPEC T1).

/// ஃ U+0B83.
pub(crate) const AAYTHAM: char = '\u{0B83}';
/// ஂ U+0B82, the anusvara (not used in Tamil orthography; OCR and legacy fonts produce it for ்).
pub(crate) const ANUSVARA: char = '\u{0B82}';
/// ் U+0BCD, the pulli (virama).
pub(crate) const PULLI: char = '\u{0BCD}';
/// ௗ U+0BD7, the AU length mark (second part of ௌ and ஔ).
pub(crate) const AU_LENGTH_MARK: char = '\u{0BD7}';
/// ா U+0BBE.
pub(crate) const SIGN_AA: char = '\u{0BBE}';
/// ெ U+0BC6.
pub(crate) const SIGN_E: char = '\u{0BC6}';
/// ே U+0BC7.
pub(crate) const SIGN_EE: char = '\u{0BC7}';
/// ை U+0BC8.
pub(crate) const SIGN_AI: char = '\u{0BC8}';
/// ொ U+0BCA.
pub(crate) const SIGN_O: char = '\u{0BCA}';
/// ோ U+0BCB.
pub(crate) const SIGN_OO: char = '\u{0BCB}';
/// ௌ U+0BCC.
pub(crate) const SIGN_AU: char = '\u{0BCC}';
/// ஒ U+0B92.
pub(crate) const VOWEL_O: char = '\u{0B92}';
/// ஔ U+0B94.
pub(crate) const VOWEL_AU: char = '\u{0B94}';
/// க U+0B95.
pub(crate) const KA: char = '\u{0B95}';
/// ஷ U+0BB7.
pub(crate) const SSA: char = '\u{0BB7}';
/// ள U+0BB3.
pub(crate) const LLA: char = '\u{0BB3}';

/// An independent vowel அ…ஔ.
#[inline]
pub(crate) const fn is_vowel(c: char) -> bool {
    matches!(c, '\u{0B85}'..='\u{0B8A}' | '\u{0B8E}'..='\u{0B90}' | '\u{0B92}'..='\u{0B94}')
}

/// One of the 18 Tamil consonants or the grantha ஜ ஶ ஷ ஸ ஹ.
#[inline]
pub(crate) const fn is_consonant(c: char) -> bool {
    matches!(
        c,
        '\u{0B95}' | '\u{0B99}' | '\u{0B9A}' | '\u{0B9C}' | '\u{0B9E}' | '\u{0B9F}' | '\u{0BA3}' | '\u{0BA4}'
            | '\u{0BA8}'..='\u{0BAA}' | '\u{0BAE}'..='\u{0BB9}'
    )
}

/// A dependent vowel sign ா…ௌ (not the pulli, not ௗ).
#[inline]
pub(crate) const fn is_vowel_sign(c: char) -> bool {
    matches!(c, '\u{0BBE}'..='\u{0BC2}' | '\u{0BC6}'..='\u{0BC8}' | '\u{0BCA}'..='\u{0BCC}')
}

/// A sign that needs a base: a vowel sign, the pulli, ௗ or ஂ.
#[inline]
pub(crate) const fn is_sign(c: char) -> bool {
    is_vowel_sign(c) || matches!(c, PULLI | AU_LENGTH_MARK | ANUSVARA)
}

/// A vowel sign written before its consonant in visual (legacy-font) order: ெ ே ை.
#[inline]
pub(crate) fn is_pre_base_sign(c: char) -> bool {
    matches!(c, SIGN_E | SIGN_EE | SIGN_AI)
}

/// True for a short (kuril) independent vowel or vowel sign; false for a long one.
#[inline]
pub(crate) fn is_short_vowel(c: char) -> bool {
    matches!(c, 'அ' | 'இ' | 'உ' | 'எ' | 'ஒ' | '\u{0BBF}' | '\u{0BC1}' | SIGN_E | SIGN_O)
}

/// Any code point of the Tamil block U+0B80..=U+0BFF.
#[inline]
pub(crate) fn is_tamil(c: char) -> bool {
    ('\u{0B80}'..='\u{0BFF}').contains(&c)
}
