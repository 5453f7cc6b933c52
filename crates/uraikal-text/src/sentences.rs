//! Tamil sentences and word tokens (SPEC T8): a sentence splitter that knows Tamil initials and
//! abbreviations (மு. கருணாநிதி, கி.மு., திரு., எ.கா.) and decimal numbers, and word tokens with
//! punctuation split off, with a documented Tamil stop-word list.
//!
//! ```
//! use uraikal_text::{is_stop_word, sentences, word_tokens};
//! let text = "திரு. மு. வரதராசனார் கி.பி. 1912-இல் பிறந்தார். அவர் 3.5 கோடி பேருக்கு ஆசிரியர்! சரியா?";
//! assert_eq!(
//!     sentences(text),
//!     ["திரு. மு. வரதராசனார் கி.பி. 1912-இல் பிறந்தார்.", "அவர் 3.5 கோடி பேருக்கு ஆசிரியர்!", "சரியா?"]
//! );
//! assert_eq!(word_tokens("இது ஒரு நூல், 2.5 கிலோ."), ["இது", "ஒரு", "நூல்", ",", "2.5", "கிலோ", "."]);
//! assert!(is_stop_word("இது") && !is_stop_word("நூல்"));
//! ```

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Abbreviations written with a final period that do not end a sentence (besides single-letter initials
/// such as மு. and chains such as கி.மு., which are recognised by their shape).
pub const TAMIL_ABBREVIATIONS: &[&str] = &[
    "திரு",
    "திருமதி",
    "செல்வி",
    "டாக்டர்",
    "டாக்",
    "பேரா",
    "முனை",
    "எ.கா",
    "உ.ம்",
    "பக்",
    "ப",
    "தொ",
    "அ.தி.மு.க",
    "தி.மு.க",
    "கி.மு",
    "கி.பி",
    "ரூ",
    "கி.மீ",
    "மீ",
    "செ.மீ",
    "கி.கி",
    "மி.லி",
    "நி",
    "வ",
    "ஜன",
    "பிப்",
    "ஆக",
    "செப்",
    "அக்",
    "நவ",
    "டிச",
];

/// Common Tamil function words (pronouns, demonstratives, conjunctions, postpositions, particles and
/// auxiliaries), hand-compiled for Uraikal from the grammar's closed word classes; sorted in Tamil order.
pub const TAMIL_STOP_WORDS: &[&str] = &[
    "அங்கு",
    "அடுத்த",
    "அதனால்",
    "அதன்",
    "அது",
    "அந்த",
    "அல்லது",
    "அவர்",
    "அவர்கள்",
    "அவள்",
    "அவன்",
    "அனைத்து",
    "ஆக",
    "ஆகிய",
    "ஆகும்",
    "ஆனால்",
    "இங்கு",
    "இதனால்",
    "இதன்",
    "இது",
    "இந்த",
    "இருக்கும்",
    "இருந்தது",
    "இருந்து",
    "உள்ள",
    "உள்ளது",
    "எந்த",
    "எல்லா",
    "எனவே",
    "என்",
    "என்பது",
    "என்ற",
    "என்று",
    "ஏன்",
    "ஒரு",
    "ஓர்",
    "கூட",
    "கொண்டு",
    "தான்",
    "நாம்",
    "நான்",
    "நீ",
    "நீங்கள்",
    "பல",
    "பற்றி",
    "போல",
    "போன்ற",
    "மட்டும்",
    "மற்றும்",
    "மிக",
    "மீது",
    "மேலும்",
    "வரை",
    "வேண்டும்",
];

/// Whether `word` is in [`TAMIL_STOP_WORDS`].
pub fn is_stop_word(word: &str) -> bool {
    TAMIL_STOP_WORDS.contains(&word)
}

fn ends_sentence(c: char) -> bool {
    matches!(c, '.' | '?' | '!' | '।' | '॥')
}

/// Whether the period ending `token` (a whitespace-separated token, period included) is an abbreviation's:
/// a listed abbreviation, or initials only (one Tamil letter, or letters each followed by a period).
fn is_abbreviation(token: &str) -> bool {
    let body = token
        .trim_end_matches('.')
        .trim_start_matches(|c: char| c.general_category_group() == GeneralCategoryGroup::Punctuation);
    if body.is_empty() {
        return false;
    }
    if TAMIL_ABBREVIATIONS.contains(&body) {
        return true;
    }
    // Initials: every period-separated part is one Tamil letter (மு, கி.மு).
    body.split('.').all(|part| {
        let mut letters = crate::letters(part);
        matches!((letters.next(), letters.next()), (Some(letter), None) if letter.text.chars().any(|c| ('\u{0B85}'..='\u{0BB9}').contains(&c)))
    })
}

/// The sentences of a text, trimmed, in order: a sentence ends at `.`, `?`, `!` (or a run of them, with
/// closing quotes and brackets after them) followed by whitespace or the end of the text, except a period
/// after an abbreviation or initials; a period between digits (3.5) never ends one. Line breaks alone do not
/// end a sentence.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if !ends_sentence(c) {
            i += 1;
            continue;
        }
        // The run of terminators and closing punctuation.
        let mut j = i;
        while j + 1 < chars.len()
            && (ends_sentence(chars[j + 1].1) || matches!(chars[j + 1].1, '"' | '\'' | ')' | ']' | '’' | '”' | '»'))
        {
            j += 1;
        }
        let end = chars.get(j + 1).map_or(text.len(), |&(p, _)| p);
        let at_break = chars.get(j + 1).is_none_or(|&(_, next)| next.is_whitespace());
        let token_start =
            text[..at].rfind(char::is_whitespace).map_or(0, |p| p + text[p..].chars().next().map_or(1, char::len_utf8));
        let token = &text[token_start..end];
        let abbreviation = c == '.' && i == j && is_abbreviation(token);
        if at_break && !abbreviation {
            let sentence = text[start..end].trim();
            if !sentence.is_empty() {
                out.push(sentence);
            }
            start = end;
        }
        i = j + 1;
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Word tokens: whitespace-separated pieces with punctuation split off each end (one token per punctuation
/// character); a number keeps its inner `.`, `,` and `-` (2.5, 1,00,000, 1912-இல்), and so does a word (கி.மு).
pub fn word_tokens(text: &str) -> Vec<&str> {
    let is_punct = |c: char| c.general_category_group() == GeneralCategoryGroup::Punctuation;
    let mut out = Vec::new();
    for piece in text.split(char::is_whitespace).filter(|p| !p.is_empty()) {
        let mut body = piece;
        let mut leading = Vec::new();
        while let Some(c) = body.chars().next().filter(|&c| is_punct(c)) {
            leading.push(&body[..c.len_utf8()]);
            body = &body[c.len_utf8()..];
        }
        let mut trailing = Vec::new();
        while let Some(c) = body.chars().next_back().filter(|&c| is_punct(c)) {
            let cut = body.len() - c.len_utf8();
            trailing.push(&body[cut..]);
            body = &body[..cut];
        }
        out.extend(leading);
        if !body.is_empty() {
            out.push(body);
        }
        out.extend(trailing.into_iter().rev());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // SPEC T8
    #[test]
    fn abbreviations_initials_and_numbers_do_not_end_sentences() {
        assert_eq!(
            sentences("கி.மு. 300 அளவில் எழுதப்பட்டது. இன்னும் படிக்கிறோம்."),
            ["கி.மு. 300 அளவில் எழுதப்பட்டது.", "இன்னும் படிக்கிறோம்."]
        );
        assert_eq!(sentences("எ.கா. மரம். \"சரி!\" என்றார்."), ["எ.கா. மரம்.", "\"சரி!\"", "என்றார்."]);
        assert_eq!(sentences("விலை ரூ. 25.50 மட்டும்"), ["விலை ரூ. 25.50 மட்டும்"]);
        assert_eq!(sentences(""), Vec::<&str>::new());
    }

    #[test]
    fn stop_words_are_sorted_in_tamil_order_and_unique() {
        let mut sorted = TAMIL_STOP_WORDS.to_vec();
        crate::sort_tamil(&mut sorted);
        sorted.dedup();
        assert_eq!(sorted, TAMIL_STOP_WORDS);
    }

    #[test]
    fn tokens_keep_numbers_and_split_punctuation() {
        assert_eq!(word_tokens("(மு. வ.) 1,00,000 ரூபாய்!"), ["(", "மு", ".", "வ", ".", ")", "1,00,000", "ரூபாய்", "!"]);
    }
}
