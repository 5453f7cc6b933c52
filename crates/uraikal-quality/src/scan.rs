//! One pass over the characters: script shares, letter counts, invalid letter sequences and visual-order
//! signs (SPEC Q1.2–Q1.4).

/// Character counts of a text.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Counts {
    /// Letters and marks of any script.
    pub letters: usize,
    /// Of which in the Tamil block.
    pub tamil: usize,
    /// Of which Latin (ASCII and Latin-1/Latin Extended letters).
    pub latin: usize,
    /// Tamil letters as a reader counts them: vowels, consonants (with or without a sign) and ஃ.
    pub tamil_letters: usize,
    /// Dependent signs that cannot follow what precedes them (SPEC Q1.3).
    pub invalid: usize,
    /// Prefix signs (ெ ே ை) written before their consonant (SPEC Q1.4).
    pub visual: usize,
    /// Pulli (U+0BCD).
    pub pulli: usize,
    /// Vowel signs (U+0BBE–U+0BCC).
    pub vowel_signs: usize,
    /// Non-space characters.
    pub non_space: usize,
    /// Digits of any script.
    pub digits: usize,
    /// `#` and `…` (Gopher's symbols).
    pub symbols: usize,
}

pub(crate) fn is_consonant(c: char) -> bool {
    ('\u{0B95}'..='\u{0BB9}').contains(&c)
}

fn is_sign(c: char) -> bool {
    ('\u{0BBE}'..='\u{0BCD}').contains(&c) || c == '\u{0BD7}'
}

fn is_prefix_sign(c: char) -> bool {
    matches!(c, '\u{0BC6}' | '\u{0BC7}' | '\u{0BC8}')
}

/// Counts `text` in one pass.
pub(crate) fn count(text: &str) -> Counts {
    let mut n = Counts::default();
    // The two characters before the current one (for decomposed ொ = ெ + ா after a consonant).
    let (mut prev, mut prev2) = (' ', ' ');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii() {
            if c.is_ascii_alphabetic() {
                n.letters += 1;
                n.latin += 1;
            } else if c.is_ascii_digit() {
                n.digits += 1;
            } else if c == '#' {
                n.symbols += 1;
            }
            n.non_space += usize::from(!c.is_ascii_whitespace());
        } else if ('\u{0B80}'..='\u{0BFF}').contains(&c) {
            n.non_space += 1;
            if ('\u{0BE6}'..='\u{0BEF}').contains(&c) {
                n.digits += 1;
            } else if is_sign(c) {
                n.letters += 1;
                n.tamil += 1;
                if c == '\u{0BCD}' {
                    n.pulli += 1;
                } else if c != '\u{0BD7}' {
                    n.vowel_signs += 1;
                }
                let after_consonant = is_consonant(prev)
                    || (c == '\u{0BBE}' && matches!(prev, '\u{0BC6}' | '\u{0BC7}') && is_consonant(prev2))
                    || (c == '\u{0BD7}' && prev == '\u{0BC6}' && is_consonant(prev2));
                if !after_consonant {
                    n.invalid += 1;
                    if is_prefix_sign(c) && chars.peek().is_some_and(|&next| is_consonant(next)) {
                        n.visual += 1;
                    }
                }
            } else if c == '\u{0B83}' || ('\u{0B85}'..='\u{0BB9}').contains(&c) {
                n.letters += 1;
                n.tamil += 1;
                n.tamil_letters += 1;
            }
        } else if c.is_whitespace() {
        } else {
            n.non_space += 1;
            if c.is_alphabetic() {
                n.letters += 1;
                n.latin += usize::from(c <= '\u{024F}');
            } else if c.is_numeric() {
                n.digits += 1;
            } else if c == '…' {
                n.symbols += 1;
            }
        }
        prev2 = prev;
        prev = c;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn well_formed_tamil_has_no_invalid_sequences() {
        let n = count("கொடு கோல் தமிழ் ஃ கௌ");
        assert_eq!(n.invalid, 0);
        assert_eq!(n.tamil_letters, 9);
        // Decomposed ொ and ௌ are well formed too.
        assert_eq!(count("க\u{0BC6}\u{0BBE} க\u{0BC6}\u{0BD7}").invalid, 0);
    }

    #[test]
    fn broken_and_visual_sequences_are_counted() {
        // A sign after a sign, pulli on a vowel, a sign at the start of a word.
        assert_eq!(count("கு்").invalid, 1);
        assert_eq!(count("எ்").invalid, 1);
        let n = count("ெகாடு துைற");
        assert_eq!((n.invalid, n.visual), (2, 2));
    }
}
