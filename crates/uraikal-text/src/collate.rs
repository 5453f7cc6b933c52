//! Tamil dictionary order (SPEC T6): a collation key that orders words letter by letter in the Tamil
//! alphabet's order, not in code-point order: the vowels அ…ஔ, then ஃ, then the consonants க ங ச ஞ ட ண த ந
//! ப ம ய ர ல வ ழ ள ற ன, then the grantha letters ஜ ஶ ஷ ஸ ஹ. A consonant's forms follow the vowel order
//! (க கா கி … கௌ) with the pure consonant (க்) last, as Unicode's collation (CLDR/ICU) orders them. Vowel
//! signs written in two parts (ெ + ா) count as the one sign. Other characters keep their code-point order
//! and sort before Tamil letters.
//!
//! ```
//! use uraikal_text::{collation_key, sort_tamil};
//! assert!(collation_key("அம்மா") < collation_key("ஆடு"));
//! assert!(collation_key("ஃ") < collation_key("கடல்"));
//! let mut words = vec!["ஹரி", "மரம்", "அம்மா", "கடல்", "ஔவை"];
//! sort_tamil(&mut words);
//! assert_eq!(words, ["அம்மா", "ஔவை", "கடல்", "மரம்", "ஹரி"]);
//! ```

/// The independent vowels, in order (ranks 1..=12); ஃ follows them.
const VOWELS: [char; 12] = ['அ', 'ஆ', 'இ', 'ஈ', 'உ', 'ஊ', 'எ', 'ஏ', 'ஐ', 'ஒ', 'ஓ', 'ஔ'];

/// The consonants in dictionary order: the eighteen Tamil ones, then grantha.
const CONSONANTS: [char; 23] =
    ['க', 'ங', 'ச', 'ஞ', 'ட', 'ண', 'த', 'ந', 'ப', 'ம', 'ய', 'ர', 'ல', 'வ', 'ழ', 'ள', 'ற', 'ன', 'ஜ', 'ஶ', 'ஷ', 'ஸ', 'ஹ'];

/// The vowel signs in vowel order (the inherent அ is 0); the virama sorts after them all.
const SIGNS: [char; 11] = [
    '\u{0BBE}', '\u{0BBF}', '\u{0BC0}', '\u{0BC1}', '\u{0BC2}', '\u{0BC6}', '\u{0BC7}', '\u{0BC8}', '\u{0BCA}',
    '\u{0BCB}', '\u{0BCC}',
];
const VIRAMA: char = '\u{0BCD}';

/// Tamil letters sort above every code point.
const TAMIL_BASE: u32 = 0x11_0000;
const AAYTHAM_RANK: u32 = 13;
const CONSONANT_BASE: u32 = 16;

/// The collation key of a text: one number per letter (or other character); compare keys to compare texts
/// in Tamil dictionary order.
pub fn collation_key(text: &str) -> Vec<u32> {
    let chars: Vec<char> = text.chars().collect();
    let mut key = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if let Some(at) = VOWELS.iter().position(|&v| v == c) {
            key.push(TAMIL_BASE + 1 + at as u32);
        } else if c == 'ஃ' {
            key.push(TAMIL_BASE + AAYTHAM_RANK);
        } else if let Some(at) = CONSONANTS.iter().position(|&k| k == c) {
            let (form, used) = consonant_form(&chars[i..]);
            i += used;
            key.push(TAMIL_BASE + CONSONANT_BASE + at as u32 * 16 + form);
        } else {
            key.push(c as u32);
        }
    }
    key
}

/// The form of a consonant from the signs after it: 0 for the inherent vowel, 1..=11 for the vowel signs,
/// 12 for the virama; and how many code points that took.
fn consonant_form(after: &[char]) -> (u32, usize) {
    match after {
        // Two-part vowel signs: ெ + ா = ொ, ே + ா = ோ, ெ + ௗ = ௌ.
        ['\u{0BC6}', '\u{0BBE}', ..] => (rank('\u{0BCA}'), 2),
        ['\u{0BC7}', '\u{0BBE}', ..] => (rank('\u{0BCB}'), 2),
        ['\u{0BC6}', '\u{0BD7}', ..] => (rank('\u{0BCC}'), 2),
        [VIRAMA, ..] => (SIGNS.len() as u32 + 1, 1),
        [sign, ..] if SIGNS.contains(sign) => (rank(*sign), 1),
        _ => (0, 0),
    }
}

fn rank(sign: char) -> u32 {
    SIGNS.iter().position(|&s| s == sign).map_or(0, |at| at as u32 + 1)
}

/// Sorts texts in Tamil dictionary order (stable; equal keys keep their order).
pub fn sort_tamil<S: AsRef<str>>(texts: &mut [S]) {
    texts.sort_by_cached_key(|text| collation_key(text.as_ref()));
}

#[cfg(test)]
mod tests {
    use super::*;

    // SPEC T6
    #[test]
    fn letters_follow_the_alphabet_not_code_points() {
        // Code-point order would put ஔ (U+0B94) after ஃ (U+0B83) and ன (U+0BA9) before ப (U+0BAA).
        let alphabet = [
            "அ", "ஆ", "இ", "ஈ", "உ", "ஊ", "எ", "ஏ", "ஐ", "ஒ", "ஓ", "ஔ", "ஃ", "க", "ங", "ச", "ஞ", "ட", "ண", "த", "ந",
            "ப", "ம", "ய", "ர", "ல", "வ", "ழ", "ள", "ற", "ன", "ஜ", "ஶ", "ஷ", "ஸ", "ஹ",
        ];
        let mut shuffled: Vec<&str> = alphabet.iter().rev().copied().collect();
        sort_tamil(&mut shuffled);
        assert_eq!(shuffled, alphabet);
        let forms = ["க", "கா", "கி", "கீ", "கு", "கூ", "கெ", "கே", "கை", "கொ", "கோ", "கௌ", "க்"];
        let mut reversed: Vec<&str> = forms.iter().rev().copied().collect();
        sort_tamil(&mut reversed);
        assert_eq!(reversed, forms);
    }

    #[test]
    fn two_part_signs_equal_the_one_code_point_form() {
        assert_eq!(collation_key("கொ"), collation_key("க\u{0BC6}\u{0BBE}"));
        assert_eq!(collation_key("கௌ"), collation_key("க\u{0BC6}\u{0BD7}"));
    }

    proptest::proptest! {
        #[test]
        fn the_key_orders_like_a_prefix_order(a in "[அ-ஹ்ா-ௌ ]{0,8}", b in "[அ-ஹ்ா-ௌ ]{0,8}") {
            // A text is never after its own extension.
            let ab = format!("{a}{b}");
            proptest::prop_assert!(collation_key(&a) <= collation_key(&ab) || b.starts_with(|c: char| SIGNS.contains(&c) || c == VIRAMA));
        }
    }
}
