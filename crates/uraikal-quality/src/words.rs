//! Word- and line-level signals (SPEC Q1.7–Q1.9): boilerplate lines, bullets and ellipses, Tamil stop words,
//! romanised Tamil and English among the Latin words.

/// Phrases of web page furniture (navigation, consent, sharing, sign-in), lower-case, English and Tamil.
const BOILERPLATE: &[&str] = &[
    "cookie",
    "privacy policy",
    "terms of use",
    "terms and conditions",
    "terms of service",
    "all rights reserved",
    "copyright",
    "©",
    "log in",
    "login",
    "sign in",
    "sign up",
    "register",
    "subscribe",
    "newsletter",
    "read more",
    "click here",
    "share this",
    "follow us",
    "home >",
    "tags:",
    "related posts",
    "related articles",
    "advertisement",
    "skip to content",
    "powered by",
    "contact us",
    "about us",
    "download our app",
    "javascript",
    "lorem ipsum",
    "next post",
    "previous post",
    "leave a comment",
    "comments",
    "whatsapp",
    "facebook",
    "twitter",
    "instagram",
    "youtube",
    "telegram",
    "முந்தைய செய்தி",
    "அடுத்த செய்தி",
    "மேலும் படிக்க",
    "மேலும் செய்திகள்",
    "கருத்து தெரிவி",
    "உள்நுழை",
    "பதிவு செய்",
    "சமீபத்திய",
    "தொடர்புடைய",
    "பகிர",
    "பகிர்",
    "குறிச்சொ",
    "விளம்பரம்",
    "முகப்பு",
    "அனைத்து உரிமைகளும்",
    "பதிப்புரிமை",
    "இதையும் படிக்க",
    "இதையும் படியுங்கள்",
    "சந்தா",
    "தனியுரிமை",
    "விதிமுறைகள்",
    "எங்களைப் பற்றி",
    "தொடர்புக்கு",
    "பின்தொடர",
    "செயலியை",
    "கருத்துகள்",
];

/// Navigation separators: a short line that holds one is a menu or a breadcrumb.
const SEPARATORS: &[&str] = &[" | ", " > ", "»", "«", "←", "→", ">>", "<<", " · ", " • "];

/// Common Tamil function words (SPEC Q1.9).
const STOP_WORDS: &[&str] = &[
    "ஒரு",
    "மற்றும்",
    "இந்த",
    "அந்த",
    "என்று",
    "அவர்",
    "அது",
    "இது",
    "என",
    "உள்ள",
    "உள்ளது",
    "ஆனால்",
    "போது",
    "மேலும்",
    "அல்லது",
    "என்ற",
    "இருந்து",
    "வேண்டும்",
    "பல",
    "அவர்கள்",
    "நான்",
    "நாம்",
    "இல்லை",
    "தான்",
    "இருக்கும்",
    "அதன்",
    "இதன்",
    "அவரது",
    "என்பது",
    "ஆகிய",
    "கொண்ட",
    "மூலம்",
    "பின்னர்",
    "அதை",
    "இதை",
];

/// Common English words: a Latin word among them is English, not romanised Tamil.
const ENGLISH: &[&str] = &[
    "the", "a", "an", "and", "or", "of", "to", "in", "on", "at", "for", "with", "by", "from", "is", "are", "was",
    "were", "be", "been", "it", "this", "that", "these", "those", "he", "she", "they", "we", "you", "i", "his", "her",
    "their", "our", "your", "my", "not", "no", "but", "as", "has", "have", "had", "will", "would", "can", "could",
    "should", "do", "does", "did", "which", "who", "what", "when", "where", "how", "all", "more", "most", "some",
    "any", "new", "one", "two", "said", "also", "about", "after", "before", "into", "than", "then", "there", "here",
    "its", "if", "so", "up", "out", "very", "just", "like", "now", "time", "people", "year", "years", "day", "today",
    "good", "first", "last", "other", "over", "only",
];

/// A line that is page furniture rather than text.
pub(crate) fn is_boilerplate(line: &str, tamil_document: bool) -> bool {
    // Page furniture is short: a long line that mentions "register" or பதிவு செய் is text.
    let words = line.split_whitespace().count();
    if words > 12 {
        return false;
    }
    let lower = line.to_lowercase();
    if BOILERPLATE.iter().any(|p| lower.contains(p)) {
        return true;
    }
    let may_separate =
        line.bytes().any(|b| matches!(b, b'|' | b'>' | b'<')) || line.contains(['»', '«', '←', '→', '·', '•']);
    if may_separate && SEPARATORS.iter().any(|s| line.contains(s)) {
        return true;
    }
    // A short all-Latin line inside a Tamil document is a button, a menu or a caption.
    tamil_document
        && (1..=6).contains(&words)
        && line.chars().any(|c| c.is_ascii_alphabetic())
        && !line.chars().any(|c| ('\u{0B80}'..='\u{0BFF}').contains(&c))
}

pub(crate) fn is_bullet(line: &str) -> bool {
    line.trim_start().starts_with(['•', '●', '▪', '►', '‣', '◦', '-', '*', '–', '➤'])
}

pub(crate) fn is_ellipsis(line: &str) -> bool {
    let l = line.trim_end();
    l.ends_with("...") || l.ends_with('…')
}

pub(crate) fn is_stop_word(word: &str) -> bool {
    let w = word.trim_matches(|c: char| c.is_ascii_punctuation());
    STOP_WORDS.contains(&w)
}

/// Whether a Latin word reads as romanised Tamil (Tanglish) rather than English (SPEC Q1.8): not a common
/// English word, and Tamil cues (long vowels, zh, geminates, Tamil endings) outweigh English ones.
pub(crate) fn is_romanised_tamil(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    if ENGLISH.contains(&w.as_str()) || w.len() < 3 {
        return false;
    }
    let tamil_cues = ["aa", "ee", "oo", "ii", "uu", "zh", "kk", "pp", "tt", "nj", "ng", "th", "ai", "dh", "nn"]
        .iter()
        .filter(|c| w.contains(*c))
        .count()
        + ["u", "am", "um", "il", "an", "aan", "ai", "ku", "ngal", "ngka", "nga", "la", "ru", "du", "ka", "thu"]
            .iter()
            .filter(|e| w.ends_with(*e))
            .count();
    let english_cues = ["w", "q", "x", "f", "ph", "ck", "tion", "ing", "ed", "ly", "ee"]
        .iter()
        .filter(|c| w.contains(*c) && !(**c == "ee" && w.ends_with("ee")))
        .count()
        + usize::from(w.ends_with('e') || w.ends_with('s') || w.ends_with('y'));
    tamil_cues > english_cues
}
