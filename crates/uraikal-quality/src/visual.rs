//! Visual vowel order (SPEC Q3.3): the prefix signs ெ ே ை typed before their consonant, as legacy fonts and
//! some PDF extractors leave them. A line is put in logical order when its unambiguous visual cases (a
//! prefix sign that follows no consonant and precedes one) outnumber its unambiguous logical ones (a prefix
//! sign after a consonant that precedes none); then every prefix sign before a consonant moves after it.
//! Other lines go through `uraikal_text::clean`, which fixes only the unambiguous cases.

use crate::scan::is_consonant;

fn is_prefix_sign(c: char) -> bool {
    matches!(c, '\u{0BC6}' | '\u{0BC7}' | '\u{0BC8}')
}

/// (visual, logical) evidence of a line.
fn evidence(chars: &[char]) -> (usize, usize) {
    let (mut visual, mut logical) = (0, 0);
    for (i, &c) in chars.iter().enumerate() {
        if !is_prefix_sign(c) {
            continue;
        }
        let after = i > 0 && is_consonant(chars[i - 1]);
        let before = chars.get(i + 1).is_some_and(|&n| is_consonant(n));
        visual += usize::from(!after && before);
        logical += usize::from(after && !before);
    }
    (visual, logical)
}

/// The line with each prefix sign moved after the consonant it precedes, two-part vowels composed.
fn swap(chars: &[char], out: &mut String) {
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // A consonant that carries a sign of its own (other than the second part of ொ ோ ௌ) is not the
        // prefix sign's: "மையா" stays as it is.
        let own_sign = match chars.get(i + 2) {
            Some('\u{0BBE}') => c == '\u{0BC8}',
            Some('\u{0BD7}') => c != '\u{0BC6}',
            // A prefix sign after the consonant starts the next letter in visual order.
            Some(&n) => ('\u{0BBE}'..='\u{0BCD}').contains(&n) && !is_prefix_sign(n),
            None => false,
        };
        if is_prefix_sign(c) && !own_sign && chars.get(i + 1).is_some_and(|&n| is_consonant(n)) {
            out.push(chars[i + 1]);
            match (c, chars.get(i + 2)) {
                ('\u{0BC6}', Some('\u{0BBE}')) => (out.push('\u{0BCA}'), i += 3).1,
                ('\u{0BC7}', Some('\u{0BBE}')) => (out.push('\u{0BCB}'), i += 3).1,
                ('\u{0BC6}', Some('\u{0BD7}')) => (out.push('\u{0BCC}'), i += 3).1,
                _ => (out.push(c), i += 2).1,
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
}

/// `text` in logical order (see the module comment).
///
/// "ெபாது" (visual) and "துைற" (the sign between two consonants) both come back as பொது and துறை.
pub(crate) fn to_logical(text: &str) -> String {
    let lines: Vec<Vec<char>> = text.split_inclusive('\n').map(|l| l.chars().collect()).collect();
    // Lines without evidence either way (short verse lines often have none) follow the document.
    let (visual, logical) = lines.iter().map(|l| evidence(l)).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let document_visual = visual > logical;
    let mut out = String::with_capacity(text.len());
    for chars in &lines {
        let (visual, logical) = evidence(chars);
        if visual > logical || (visual == logical && document_visual) {
            swap(chars, &mut out);
        } else {
            out.push_str(&uraikal_text::clean(&chars.iter().collect::<String>()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::to_logical;

    #[test]
    fn visual_lines_come_back_in_logical_order() {
        assert_eq!(to_logical("ெபாது துைற ேபார் ெகௗ"), "பொது துறை போர் கௌ");
        assert_eq!(to_logical("துகள்கைள கண்காணித்து ேவண்டும்"), "துகள்களை கண்காணித்து வேண்டும்");
    }

    #[test]
    fn logical_lines_are_left_alone() {
        let text = "இலங்கை அவரை கொடு போர் கெடு";
        assert_eq!(to_logical(text), text);
    }
}
