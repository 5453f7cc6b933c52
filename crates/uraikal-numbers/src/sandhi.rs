//! Joining a vowel-initial suffix to a Tamil word: a final ு or ் (pulli) gives way to the suffix's vowel
//! sign (அஞ்சு + ஆவது → அஞ்சாவது, ஆயிரம் + ஆவது → ஆயிரமாவது); after i/e/ai sounds a ய glide is
//! inserted (கோடி + ஆவது → கோடியாவது), after other vowels a வ glide (ஆக + உம் → ஆகவும்).

const VIRAMA: char = '\u{0BCD}';
const SIGN_U: char = '\u{0BC1}';

/// The vowel sign that stands for an independent vowel after a consonant (அ has none: it is inherent).
pub(crate) fn vowel_sign(vowel: char) -> Option<&'static str> {
    Some(match vowel {
        'அ' => "",
        'ஆ' => "\u{0BBE}",
        'இ' => "\u{0BBF}",
        'ஈ' => "\u{0BC0}",
        'உ' => "\u{0BC1}",
        'ஊ' => "\u{0BC2}",
        'எ' => "\u{0BC6}",
        'ஏ' => "\u{0BC7}",
        'ஐ' => "\u{0BC8}",
        'ஒ' => "\u{0BCA}",
        'ஓ' => "\u{0BCB}",
        'ஔ' => "\u{0BCC}",
        _ => return None,
    })
}

/// The independent vowel a vowel sign stands for (the inverse of [`vowel_sign`], without அ).
pub(crate) fn independent_vowel(sign: char) -> Option<char> {
    Some(match sign {
        '\u{0BBE}' => 'ஆ',
        '\u{0BBF}' => 'இ',
        '\u{0BC0}' => 'ஈ',
        '\u{0BC1}' => 'உ',
        '\u{0BC2}' => 'ஊ',
        '\u{0BC6}' => 'எ',
        '\u{0BC7}' => 'ஏ',
        '\u{0BC8}' => 'ஐ',
        '\u{0BCA}' => 'ஒ',
        '\u{0BCB}' => 'ஓ',
        '\u{0BCC}' => 'ஔ',
        _ => return None,
    })
}

fn is_consonant(c: char) -> bool {
    ('\u{0B95}'..='\u{0BB9}').contains(&c)
}

/// `word` + `suffix` with Tamil vowel sandhi when the suffix starts with an independent vowel.
pub(crate) fn attach(word: &str, suffix: &str) -> String {
    let mut suffix_chars = suffix.chars();
    let (Some(first), Some(last)) = (suffix_chars.next(), word.chars().next_back()) else {
        return format!("{word}{suffix}");
    };
    let Some(sign) = vowel_sign(first) else {
        return format!("{word}{suffix}");
    };
    let rest = suffix_chars.as_str();
    let head = &word[..word.len() - last.len_utf8()];
    match last {
        SIGN_U | VIRAMA => format!("{head}{sign}{rest}"),
        '\u{0BBF}' | '\u{0BC0}' | '\u{0BC6}' | '\u{0BC7}' | '\u{0BC8}' | 'இ' | 'ஈ' | 'எ' | 'ஏ' | 'ஐ' => {
            format!("{word}ய{sign}{rest}")
        }
        c if is_consonant(c) || independent_vowel(c).is_some() || vowel_sign(c).is_some() => {
            format!("{word}வ{sign}{rest}")
        }
        _ => format!("{word}{suffix}"),
    }
}

/// `word` without its final vowel (ு or ி), ready to take a vowel sign: இருபத்து → இருபத்த.
pub(crate) fn elide(word: &str) -> &str {
    match word.chars().next_back() {
        Some(c @ ('\u{0BC1}' | '\u{0BBF}')) => &word[..word.len() - c.len_utf8()],
        _ => word,
    }
}

/// A combining stem (ending in a consonant with its inherent a) fused with the next word: a vowel-initial
/// word gives its vowel sign to the stem (இருவத்த + அஞ்சு → இருவத்தஞ்சு), other words are concatenated
/// after `joiner` (the stem's own final vowel: இருவத்த + ி + நாலு → இருவத்திநாலு).
pub(crate) fn fuse(stem: &str, joiner: char, next: &str) -> String {
    let mut chars = next.chars();
    match chars.next().and_then(vowel_sign) {
        Some(sign) => format!("{stem}{sign}{}", chars.as_str()),
        None => format!("{stem}{joiner}{next}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attach_follows_the_vowel_sandhi() {
        for (word, suffix, expected) in [
            ("அஞ்சு", "ஆவது", "அஞ்சாவது"),
            ("ஆயிரம்", "ஆவது", "ஆயிரமாவது"),
            ("கோடி", "ஆவது", "கோடியாவது"),
            ("க்கு", "உம்", "க்கும்"),
            ("இல்", "உம்", "இலும்"),
            ("ஆக", "உம்", "ஆகவும்"),
            ("ஐ", "உம்", "ஐயும்"),
            ("நூறு", "க்கு", "நூறுக்கு"),
        ] {
            assert_eq!(attach(word, suffix), expected, "{word} + {suffix}");
        }
    }

    #[test]
    fn fuse_gives_the_vowel_to_the_stem() {
        assert_eq!(fuse("இருவத்த", 'ி', "அஞ்சு"), "இருவத்தஞ்சு");
        assert_eq!(fuse("இருபத்த", 'ு', "ஒன்று"), "இருபத்தொன்று");
        assert_eq!(fuse("தொண்ணூற்ற", 'ு', "இரண்டு"), "தொண்ணூற்றிரண்டு");
        assert_eq!(fuse("நாப்பத்த", 'ி', "நாலு"), "நாப்பத்திநாலு");
    }
}
