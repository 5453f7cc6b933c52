//! Tamil text quality and register (SPEC Q): explainable signals for a document, a score in [0, 1], a
//! keep / repair / drop decision with reasons, the repaired text, and a retrainable register classifier.
//!
//! Generic corpus filters do not know Tamil letters: text in legacy font encodings, vowel signs in visual
//! order, UTF-8 read as Latin-1 and broken letter sequences pass or fail for the wrong reasons. Here each is a
//! named signal, and a document that is good once repaired is marked `repair`, not dropped.
//!
//! ```
//! use uraikal_quality::{assess, Config, Decision, Reason};
//! let config = Config::default();
//! let prose = "தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் \
//!              ஆகிய நாடுகளில் அலுவல் மொழியாக உள்ளது.";
//! assert_eq!(assess(prose, &config).decision, Decision::Keep);
//! // Visual vowel order (the prefix sign typed before its consonant) is repaired, not dropped.
//! let visual = "தமிழ் ெமாழி உலகின் மிகப் பழைமயான ெமாழிகளில் ஒன்று. இது இந்தியா, இலங்ைக, சிங்கப்பூர் \
//!               ஆகிய நாடுகளில் அலுவல் ெமாழியாக உள்ளது.";
//! let a = assess(visual, &config);
//! assert_eq!(a.decision, Decision::Repair);
//! assert!(a.reasons.contains(&Reason::VisualOrder));
//! assert_eq!(a.repaired, prose);
//! ```
#![deny(missing_docs)]

mod config;
mod mojibake;
pub mod register;
mod repetition;
mod scan;
mod visual;
mod words;

use serde::Serialize;

pub use config::{Config, ConfigError, CONFIG_VERSION};
pub use mojibake::reverse_mojibake;

/// What to do with a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Good as it is.
    Keep,
    /// Good once repaired (visual order, mojibake, legacy runs): use [`Assessment::repaired`].
    Repair,
    /// Not usable.
    Drop,
}

impl Decision {
    /// The decision's name: keep, repair, drop.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Keep => "keep",
            Decision::Repair => "repair",
            Decision::Drop => "drop",
        }
    }
}

/// Why a document is repaired or dropped (SPEC Q3: the documented set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Runs of text in a legacy font encoding (repairable).
    LegacyEncoding,
    /// Vowel signs typed before their consonant (repairable).
    VisualOrder,
    /// UTF-8 read as Latin-1 / Windows-1252 (repairable).
    Mojibake,
    /// Fewer words than `min_words`.
    TooShort,
    /// Too little Tamil among the letters.
    NotTamil,
    /// Too many invalid letter sequences (after repair).
    BrokenLetters,
    /// Duplicated lines, paragraphs or n-grams beyond Gopher's limits.
    Repetition,
    /// Too many lines of page furniture.
    Boilerplate,
    /// Mean word length outside the range.
    WordLength,
    /// Too many `#` and `…` per word.
    Symbols,
    /// Too many lines starting with a bullet.
    BulletLines,
    /// Too many lines ending in an ellipsis.
    EllipsisLines,
    /// Too many digits.
    Digits,
    /// A score below `min_score`.
    LowScore,
}

impl Reason {
    /// Every reason, in the order they are reported.
    pub const ALL: [Reason; 14] = [
        Reason::LegacyEncoding,
        Reason::VisualOrder,
        Reason::Mojibake,
        Reason::TooShort,
        Reason::NotTamil,
        Reason::BrokenLetters,
        Reason::Repetition,
        Reason::Boilerplate,
        Reason::WordLength,
        Reason::Symbols,
        Reason::BulletLines,
        Reason::EllipsisLines,
        Reason::Digits,
        Reason::LowScore,
    ];

    /// The reason's name as reported (kebab-case).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::LegacyEncoding => "legacy-encoding",
            Reason::VisualOrder => "visual-order",
            Reason::Mojibake => "mojibake",
            Reason::TooShort => "too-short",
            Reason::NotTamil => "not-tamil",
            Reason::BrokenLetters => "broken-letters",
            Reason::Repetition => "repetition",
            Reason::Boilerplate => "boilerplate",
            Reason::WordLength => "word-length",
            Reason::Symbols => "symbols",
            Reason::BulletLines => "bullet-lines",
            Reason::EllipsisLines => "ellipsis-lines",
            Reason::Digits => "digits",
            Reason::LowScore => "low-score",
        }
    }
}

/// The named signals of a document (SPEC Q1), all computed on the text as given.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Signals {
    /// Words (split at white space).
    pub words: usize,
    /// Tamil letters and signs among all letters and marks.
    pub tamil_share: f64,
    /// Latin letters among all letters and marks.
    pub latin_share: f64,
    /// Latin words that read as romanised Tamil, among all words.
    pub romanised_tamil_share: f64,
    /// Latin words that read as English, among all words.
    pub english_share: f64,
    /// Words in Latin script (ASCII with at least one letter: names, URLs and spam included), among all words.
    pub latin_word_share: f64,
    /// Invalid letter sequences per 1,000 Tamil letters.
    pub invalid_per_1000: f64,
    /// Prefix vowel signs in visual order per 1,000 Tamil letters.
    pub visual_order_per_1000: f64,
    /// Tamil letters (a vowel, a consonant with or without its sign, ஃ).
    pub tamil_letters: usize,
    /// Pulli per Tamil letter.
    pub pulli_per_letter: f64,
    /// Vowel signs per Tamil letter.
    pub vowel_signs_per_letter: f64,
    /// Non-space characters in mojibake words.
    pub mojibake_share: f64,
    /// Non-space characters in legacy-encoding runs (checked: they decode to well-formed Tamil).
    pub legacy_share: f64,
    /// Duplicated lines among lines.
    pub dup_line_fraction: f64,
    /// Characters in duplicated lines.
    pub dup_line_char_fraction: f64,
    /// Duplicated paragraphs among paragraphs.
    pub dup_para_fraction: f64,
    /// Characters in duplicated paragraphs.
    pub dup_para_char_fraction: f64,
    /// Characters of the most frequent 2-, 3-, 4-gram of words.
    pub top_ngram_char_fraction: [f64; 3],
    /// Characters in duplicated 5- … 10-grams of words.
    pub dup_ngram_char_fraction: [f64; 6],
    /// Mean word length in letters (a Tamil letter with its sign counts once).
    pub mean_word_letters: f64,
    /// `#` and `…` per word.
    pub symbol_word_ratio: f64,
    /// Digits among non-space characters.
    pub digit_ratio: f64,
    /// Lines starting with a bullet.
    pub bullet_line_fraction: f64,
    /// Lines ending in an ellipsis.
    pub ellipsis_line_fraction: f64,
    /// Lines of page furniture (navigation, consent, sharing, sign-in).
    pub boilerplate_line_fraction: f64,
    /// Tamil function words among words.
    pub stop_word_share: f64,
}

/// The assessment of one document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Assessment {
    /// In [0, 1]: 1 is clean; below 0.5 some limit is passed (SPEC Q4).
    pub score: f64,
    /// Keep, repair or drop.
    pub decision: Decision,
    /// Why (empty when kept), in the order of [`Reason::ALL`].
    pub reasons: Vec<Reason>,
    /// The signals of the text as given.
    pub signals: Signals,
    /// The repaired text (the input when nothing was repaired).
    pub repaired: String,
}

fn per_1000(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        n as f64 * 1000.0 / of as f64
    }
}

fn share(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        n as f64 / of as f64
    }
}

/// The signals of `text` (SPEC Q1), legacy runs included.
pub fn signals(text: &str) -> Signals {
    let legacy = legacy_lines(text);
    signals_with(text, legacy.chars)
}

fn signals_with(text: &str, legacy_chars: usize) -> Signals {
    let counts = scan::count(text);
    let mut s = Signals {
        tamil_share: share(counts.tamil, counts.letters),
        latin_share: share(counts.latin, counts.letters),
        invalid_per_1000: per_1000(counts.invalid, counts.tamil_letters),
        visual_order_per_1000: per_1000(counts.visual, counts.tamil_letters),
        tamil_letters: counts.tamil_letters,
        pulli_per_letter: share(counts.pulli, counts.tamil_letters),
        vowel_signs_per_letter: share(counts.vowel_signs, counts.tamil_letters),
        digit_ratio: share(counts.digits, counts.non_space),
        legacy_share: share(legacy_chars, counts.non_space),
        ..Signals::default()
    };
    if mojibake::may_have_mojibake(text) {
        s.mojibake_share = share(reverse_mojibake(text).1, counts.non_space);
    }
    let (mut words, mut romanised, mut english, mut stop, mut latin_words) = (0, 0, 0, 0, 0);
    for word in text.split_whitespace() {
        words += 1;
        latin_words += usize::from(word.is_ascii() && word.bytes().any(|b| b.is_ascii_alphabetic()));
        // Latin words are ASCII; Unicode property lookups for every Tamil word would cost a quarter of the time.
        let bare = word.trim_matches(|c: char| c.is_ascii() && !c.is_ascii_alphanumeric());
        if word.is_ascii() && !bare.is_empty() && bare.bytes().all(|b| b.is_ascii_alphabetic()) {
            if words::is_romanised_tamil(bare) {
                romanised += 1;
            } else {
                english += 1;
            }
        } else if words::is_stop_word(word) {
            stop += 1;
        }
    }
    s.words = words;
    s.romanised_tamil_share = share(romanised, words);
    s.english_share = share(english, words);
    s.latin_word_share = share(latin_words, words);
    s.stop_word_share = share(stop, words);
    // Letters: Tamil letters as a reader counts them, other letters one by one.
    let letters = counts.tamil_letters + (counts.letters - counts.tamil);
    s.mean_word_letters = share(letters, words);
    s.symbol_word_ratio = share(counts.symbols, words);
    let tamil_document = s.tamil_share >= 0.5;
    let (mut lines, mut bullets, mut ellipses, mut boiler) = (0, 0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        lines += 1;
        bullets += usize::from(words::is_bullet(line));
        ellipses += usize::from(words::is_ellipsis(line));
        boiler += usize::from(words::is_boilerplate(line, tamil_document));
    }
    s.bullet_line_fraction = share(bullets, lines);
    s.ellipsis_line_fraction = share(ellipses, lines);
    s.boilerplate_line_fraction = share(boiler, lines);
    let r = repetition::repetition(text);
    s.dup_line_fraction = r.dup_line_fraction;
    s.dup_line_char_fraction = r.dup_line_char_fraction;
    s.dup_para_fraction = r.dup_para_fraction;
    s.dup_para_char_fraction = r.dup_para_char_fraction;
    s.top_ngram_char_fraction = r.top_ngram_char_fraction;
    s.dup_ngram_char_fraction = r.dup_ngram_char_fraction;
    s
}

/// The legacy runs of a text, decoded where they make well-formed Tamil.
struct Legacy {
    /// The text with those runs decoded.
    decoded: String,
    /// Non-space characters of the input in those runs.
    chars: usize,
}

/// Whether a line is worth asking the legacy detector about: mostly Latin-script letters, little Tamil.
fn may_be_legacy(line: &str) -> bool {
    let (mut tamil, mut latin) = (0usize, 0usize);
    for c in line.chars() {
        if ('\u{0B80}'..='\u{0BFF}').contains(&c) {
            tamil += 1;
        } else if c.is_ascii_alphabetic() || ('\u{00A1}'..='\u{00FF}').contains(&c) {
            latin += 1;
        }
    }
    latin >= 4 && tamil < latin
}

fn legacy_lines(text: &str) -> Legacy {
    let mut decoded = String::new();
    let mut chars = 0;
    let mut any = false;
    for line in text.split_inclusive('\n') {
        if may_be_legacy(line) {
            let detection = uraikal_legacy::detect(line);
            if let (Some(encoding), false) = (detection.encoding, detection.runs.is_empty()) {
                let line_chars: Vec<char> = line.chars().collect();
                let in_runs: usize = detection
                    .runs
                    .iter()
                    .map(|r| {
                        line_chars[r.start.min(line_chars.len())..r.end.min(line_chars.len())]
                            .iter()
                            .filter(|c| !c.is_whitespace())
                            .count()
                    })
                    .sum();
                let non_space = line_chars.iter().filter(|c| !c.is_whitespace()).count();
                // A line that is mostly legacy is all legacy: the detector leaves short words (தி, ஈதல்) out.
                let converted = if in_runs * 10 >= non_space * 7 {
                    encoding.decode(line)
                } else {
                    uraikal_legacy::decode_auto(line)
                };
                let counts = scan::count(&converted);
                // English read through a legacy table gives letters, but not well-formed Tamil words.
                let well_formed =
                    counts.tamil * 10 >= counts.letters * 8 && per_1000(counts.invalid, counts.tamil_letters) <= 20.0;
                if well_formed {
                    chars += in_runs;
                    decoded.push_str(&converted);
                    any = true;
                    continue;
                }
            }
        }
        decoded.push_str(line);
    }
    if !any {
        decoded = text.to_owned();
    }
    Legacy { decoded, chars }
}

/// How far a value is past its limit, as a score in [0, 1]: 1 far inside, 0.5 at the limit, → 0 beyond.
fn closeness(value: f64, limit: f64) -> f64 {
    if !value.is_finite() || limit <= 0.0 {
        return if value > limit { 0.0 } else { 1.0 };
    }
    let m = (value / limit).max(0.0);
    1.0 / (1.0 + m.powi(4))
}

/// The drop reasons of a (repaired) text's signals, and its score (SPEC Q3, Q4).
fn judge(s: &Signals, config: &Config) -> (Vec<Reason>, f64) {
    let mut reasons = Vec::new();
    let mut score: f64 = 1.0;
    let mut check = |reason: Reason, value: f64, limit: f64| {
        let c = closeness(value, limit);
        score = score.min(c);
        if value > limit && !reasons.contains(&reason) {
            reasons.push(reason);
        }
    };
    check(Reason::TooShort, config.min_words as f64 / (s.words as f64).max(0.5), 1.0);
    check(Reason::NotTamil, 1.0 - s.tamil_share, 1.0 - config.min_tamil_share);
    check(Reason::NotTamil, s.latin_word_share, config.max_latin_word_share);
    check(Reason::BrokenLetters, s.invalid_per_1000, config.max_invalid_per_1000);
    // Signs lost wholesale (a font or a tokenizer that strips marks) leave valid but sign-poor text.
    if s.tamil_letters >= 100 {
        check(Reason::BrokenLetters, config.min_pulli_per_letter / s.pulli_per_letter.max(1e-9), 1.0);
        check(Reason::BrokenLetters, config.min_vowel_signs_per_letter / s.vowel_signs_per_letter.max(1e-9), 1.0);
    }
    for (value, limit) in [
        (s.dup_line_fraction, config.max_dup_line_fraction),
        (s.dup_line_char_fraction, config.max_dup_line_char_fraction),
        (s.dup_para_fraction, config.max_dup_para_fraction),
        (s.dup_para_char_fraction, config.max_dup_para_char_fraction),
    ] {
        check(Reason::Repetition, value, limit);
    }
    for (value, limit) in s.top_ngram_char_fraction.iter().zip(config.max_top_ngram_char_fraction) {
        check(Reason::Repetition, *value, limit);
    }
    for (value, limit) in s.dup_ngram_char_fraction.iter().zip(config.max_dup_ngram_char_fraction) {
        check(Reason::Repetition, *value, limit);
    }
    check(Reason::Boilerplate, s.boilerplate_line_fraction, config.max_boilerplate_line_fraction);
    let [low, high] = config.word_length_range;
    if s.words > 0 {
        check(Reason::WordLength, low / s.mean_word_letters.max(1e-9), 1.0);
        check(Reason::WordLength, s.mean_word_letters / high, 1.0);
    }
    check(Reason::Symbols, s.symbol_word_ratio, config.max_symbol_word_ratio);
    check(Reason::BulletLines, s.bullet_line_fraction, config.max_bullet_line_fraction);
    check(Reason::EllipsisLines, s.ellipsis_line_fraction, config.max_ellipsis_line_fraction);
    check(Reason::Digits, s.digit_ratio, config.max_digit_ratio);
    if reasons.is_empty() && score < config.min_score {
        reasons.push(Reason::LowScore);
    }
    (reasons, score.clamp(0.0, 1.0))
}

/// Assesses one document (SPEC Q3): signals of the text as given, the repairs its signals call for, then the
/// drop rules on the repaired text. The score is the repaired text's.
pub fn assess(text: &str, config: &Config) -> Assessment {
    let mut repairs = Vec::new();
    // Mojibake first: its Latin-1 letters would otherwise pass for a legacy encoding.
    let mojibake_share = if mojibake::may_have_mojibake(text) {
        let (reversed, chars) = reverse_mojibake(text);
        let share = share(chars, scan::count(text).non_space);
        if share >= config.min_mojibake_share {
            repairs.push(Reason::Mojibake);
            Some((reversed, share))
        } else {
            Some((String::new(), share))
        }
    } else {
        None
    };
    let after_mojibake = match &mojibake_share {
        Some((reversed, _)) if !reversed.is_empty() => reversed.as_str(),
        _ => text,
    };
    let legacy = legacy_lines(after_mojibake);
    let mut signals = signals_with(text, 0);
    signals.mojibake_share = mojibake_share.as_ref().map_or(0.0, |m| m.1);
    signals.legacy_share = share(legacy.chars, scan::count(after_mojibake).non_space);
    let mut repaired = (!repairs.is_empty()).then(|| after_mojibake.to_owned());
    if signals.legacy_share >= config.min_legacy_share {
        repairs.push(Reason::LegacyEncoding);
        repaired = Some(legacy.decoded);
    }
    let current = repaired.as_deref().unwrap_or(text);
    let before = match &repaired {
        Some(t) => scan::count(t),
        // The signals already counted the text as given: count again only when it matters.
        None if signals.visual_order_per_1000 < config.min_visual_per_1000 => scan::Counts::default(),
        None => scan::count(text),
    };
    if per_1000(before.visual, before.tamil_letters) >= config.min_visual_per_1000 {
        let fixed = visual::to_logical(current);
        if scan::count(&fixed).invalid < before.invalid {
            repairs.push(Reason::VisualOrder);
            repaired = Some(fixed);
        }
    }
    repairs.sort();
    let (mut reasons, score) = match &repaired {
        Some(t) => judge(&signals_with(t, 0), config),
        None => judge(&signals, config),
    };
    let decision = if !reasons.is_empty() {
        Decision::Drop
    } else if !repairs.is_empty() {
        Decision::Repair
    } else {
        Decision::Keep
    };
    reasons.extend(repairs);
    reasons.sort();
    reasons.dedup();
    Assessment { score, decision, reasons, signals, repaired: repaired.unwrap_or_else(|| text.to_owned()) }
}

/// The repaired text (SPEC Q3.2): mojibake reversed, legacy runs decoded, visual order put right — each only
/// where the document's signals call for it; the input otherwise.
pub fn repair(text: &str, config: &Config) -> String {
    assess(text, config).repaired
}
