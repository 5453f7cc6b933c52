//! `to_digits`: number words inside running Tamil text rewritten as ASCII digits, everything else kept
//! (inverse text normalisation; SPEC U5–U8).

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::OnceLock;

use crate::lexicon::{lexicon, Entry, CRORE, LAKH};
use crate::sandhi::{attach, independent_vowel};

/// Case endings (and a few postpositions) that may stay glued to a number word (SPEC U6), spelled with an
/// independent initial vowel. Each also takes the clitics ‑உம் / ‑ஏ and a doubled consonant.
const CASE_SUFFIXES: &[&str] = &[
    "ல",
    "ல்",
    "லே",
    "இல்",
    "இல",
    "இலே",
    "க்கு",
    "கு",
    "உக்கு",
    "ஆல்",
    "ஆல",
    "ஓட",
    "ஓடு",
    "உடன்",
    "லேருந்து",
    "லேந்து",
    "லிருந்து",
    "இலிருந்து",
    "ஆவது",
    "ஆம்",
    "வது",
    "தான்",
    "ஐ",
    "இன்",
    "க்குள்",
    "ஆக",
    "க்காக",
    "க்கான",
    "இற்கு",
    "ற்கு",
    "வரை",
    "கள்",
    "களில்",
    "களின்",
    "களுக்கு",
    "களை",
    "களாக",
    "இலுள்ள",
    "லுள்ள",
];

/// Words that begin like a number word plus a suffix but are something else.
const NOT_NUMBERS: &[&str] = &["ஏழை"];

const POINT: &str = "புள்ளி";
const MINUS: &[&str] = &["மைனஸ்", "கழித்தல்"];

pub(crate) fn suffixes() -> &'static HashSet<String> {
    static SUFFIXES: OnceLock<HashSet<String>> = OnceLock::new();
    SUFFIXES.get_or_init(|| {
        let mut set = HashSet::new();
        for case in CASE_SUFFIXES {
            let with_clitics = [case.to_string(), attach(case, "உம்"), attach(case, "ஏ")];
            for form in with_clitics {
                for doubled in ["ப்", "க்", "த்", "ச்"] {
                    set.insert(format!("{form}{doubled}"));
                }
                set.insert(form);
            }
        }
        set
    })
}

/// The analysis of one word: the number form it starts with and the suffix after it.
#[derive(Debug, Clone)]
struct Analysis {
    entry: Entry,
    /// The suffix as written after digits (independent initial vowel); empty for none.
    suffix: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Number,
    Point,
    Minus,
    Other,
}

#[derive(Debug)]
struct Token {
    start: usize,
    end: usize,
    kind: Kind,
    analysis: Option<Analysis>,
    /// The gap to the next token is inline whitespace only (numbers may continue across it).
    joins_next: bool,
}

impl Token {
    fn entry(&self) -> Option<&Entry> {
        self.analysis.as_ref().map(|a| &a.entry)
    }

    fn has_suffix(&self) -> bool {
        self.analysis.as_ref().is_some_and(|a| !a.suffix.is_empty())
    }
}

/// The byte length of the word character at the start of `bytes` (Tamil block, ZWNJ, ZWJ), or None.
fn word_char_len(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [0xE0, 0xAE | 0xAF, _, ..] | [0xE2, 0x80, 0x8C | 0x8D, ..] => Some(3),
        _ => None,
    }
}

fn is_inline_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{00A0}' | '\u{202F}')
}

/// True when the text holds a decomposed two-part vowel (ெ or ே followed by ா or ௗ).
fn has_decomposed_vowel(text: &str) -> bool {
    // ெ ே ா ௗ are E0 AF 86 / 87 / E0 AE BE / E0 AF 97 in UTF-8. A plain loop: this runs on every call.
    let b = text.as_bytes();
    let mut i = 0;
    while i + 5 < b.len() {
        if b[i] == 0xE0 && b[i + 1] == 0xAF && (b[i + 2] == 0x86 || b[i + 2] == 0x87) {
            let next = (b[i + 3], b[i + 4], b[i + 5]);
            if next == (0xE0, 0xAE, 0xBE) || next == (0xE0, 0xAF, 0x97) {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// The word with Tamil two-part vowels composed (ொ ோ ௌ), as the lexicon holds them.
fn composed(word: &str, check: bool) -> Cow<'_, str> {
    if !check || !has_decomposed_vowel(word) {
        return Cow::Borrowed(word);
    }
    Cow::Owned(
        word.replace("\u{0BC6}\u{0BBE}", "\u{0BCA}")
            .replace("\u{0BC7}\u{0BBE}", "\u{0BCB}")
            .replace("\u{0BC6}\u{0BD7}", "\u{0BCC}"),
    )
}

fn analyse(word: &str, found: &mut Vec<(usize, Entry)>) -> Option<Analysis> {
    for not_a_number in NOT_NUMBERS {
        if word.starts_with(not_a_number) {
            return None;
        }
    }
    lexicon().prefixes(word, found);
    for &(len, entry) in found.iter().rev() {
        let rest = &word[len..];
        if rest.is_empty() {
            return Some(Analysis { entry, suffix: String::new() });
        }
        let mut chars = rest.chars();
        let first = chars.next()?;
        let suffix = match (entry.stem, independent_vowel(first)) {
            (true, Some(vowel)) => format!("{vowel}{}", chars.as_str()),
            (false, None) if first != '\u{0BCD}' => rest.to_string(),
            _ => continue,
        };
        if suffixes().contains(&suffix) {
            return Some(Analysis { entry, suffix });
        }
    }
    None
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let decomposed = has_decomposed_vowel(text);
    let mut i = 0;
    while i < bytes.len() {
        let Some(len) = word_char_len(&bytes[i..]) else {
            i += 1;
            continue;
        };
        let start = i;
        i += len;
        while let Some(len) = word_char_len(&bytes[i..]) {
            i += len;
        }
        let end = i;
        let word = composed(&text[start..end], decomposed);
        let (kind, analysis) = if word == POINT {
            (Kind::Point, None)
        } else if MINUS.contains(&word.as_ref()) {
            (Kind::Minus, None)
        } else {
            match analyse(&word, &mut found) {
                Some(a) => (Kind::Number, Some(a)),
                None => (Kind::Other, None),
            }
        };
        if let Some(previous) = tokens.last_mut() {
            let gap = &text[previous.end..start];
            previous.joins_next = gap.chars().all(is_inline_space);
        }
        tokens.push(Token { start, end, kind, analysis, joins_next: false });
    }
    tokens
}

/// 10^(number of trailing zeros of v): the places v leaves free (300 → 100, 20 → 10, 15 → 1).
fn free_place(v: u64) -> u64 {
    let mut place = 1;
    let mut v = v;
    while v > 0 && v.is_multiple_of(10) {
        v /= 10;
        place *= 10;
    }
    place
}

/// The value of a number being read, word by word.
#[derive(Debug, Clone)]
struct Reading {
    /// Everything up to and including the last கோடி, already multiplied.
    high: u64,
    /// லட்சம் and ஆயிரம் parts since the last கோடி.
    segment: u64,
    /// The smallest scale used in `segment` (the next one must be smaller).
    segment_scale: u64,
    /// The part below a thousand being built.
    group: u64,
    /// The next part of `group` must be below this.
    place: u64,
    zero: bool,
    /// (multiplier, scale) when the last element was a லட்சம் or கோடி multiplying only a plain number.
    scale_tail: Option<(u64, u64)>,
    /// The words went beyond u64: the number must stay as words.
    overflow: bool,
}

impl Reading {
    fn new() -> Reading {
        Reading {
            high: 0,
            segment: 0,
            segment_scale: u64::MAX,
            group: 0,
            place: 1000,
            zero: false,
            scale_tail: None,
            overflow: false,
        }
    }

    /// The value so far; None once it is beyond u64.
    fn checked_value(&self) -> Option<u64> {
        self.high.checked_add(self.segment)?.checked_add(self.group)
    }

    /// The value of a reading that has not overflowed (take keeps checked_value Some or sets overflow).
    fn value(&self) -> u64 {
        self.checked_value().unwrap_or(u64::MAX)
    }

    fn started(&self) -> bool {
        self.zero || self.value() > 0
    }

    /// Adds one word's elements; false (and self unusable) when they do not continue the number or when the
    /// number no longer fits a u64 (then `overflow` is set).
    fn take(&mut self, entry: &Entry) -> bool {
        self.scale_tail = None;
        if let Some(small) = entry.small {
            if !self.small(u64::from(small)) {
                return false;
            }
        }
        if entry.scale != 0 && !self.scale(entry.scale) {
            return false;
        }
        if self.checked_value().is_none() {
            self.overflow = true;
            return false;
        }
        true
    }

    fn small(&mut self, v: u64) -> bool {
        if self.zero {
            return false;
        }
        if v == 0 {
            self.zero = !self.started();
            return self.zero;
        }
        if v >= self.place {
            return false;
        }
        self.group += v;
        self.place = free_place(v);
        true
    }

    fn scale(&mut self, scale: u64) -> bool {
        if self.zero {
            return false;
        }
        if scale == CRORE {
            let multiplier = match self.value() {
                0 => 1,
                v => v,
            };
            let Some(high) = multiplier.checked_mul(CRORE) else {
                self.overflow = true;
                return false;
            };
            self.scale_tail = (multiplier < CRORE).then_some((multiplier, CRORE));
            self.high = high;
            self.segment = 0;
            self.segment_scale = u64::MAX;
        } else {
            if scale >= self.segment_scale {
                return false;
            }
            let multiplier = self.group.max(1);
            if scale == LAKH && self.high == 0 && self.segment == 0 {
                self.scale_tail = Some((multiplier, LAKH));
            }
            let Some(segment) = multiplier.checked_mul(scale).and_then(|part| self.segment.checked_add(part)) else {
                self.overflow = true;
                return false;
            };
            self.segment = segment;
            self.segment_scale = scale;
        }
        self.group = 0;
        self.place = 1000;
        true
    }
}

/// A number read from tokens `first..=last`.
#[derive(Debug)]
struct Span {
    first: usize,
    last: usize,
    value: u64,
    scale_tail: Option<(u64, u64)>,
    /// A single plain digit word (0–9).
    digit: bool,
    /// The number does not fit a u64: its words stay as written.
    overflow: bool,
}

/// True when token `i` is a word that starts with a scale (ரெண்டு *லட்சம்*).
fn starts_with_scale(tokens: &[Token], i: usize) -> bool {
    tokens.get(i).and_then(Token::entry).is_some_and(Entry::is_pure_scale)
}

/// Reads the longest number that starts at token `i` (SPEC U7).
fn read_number(tokens: &[Token], i: usize) -> Option<Span> {
    let first = tokens.get(i)?;
    let entry = first.entry()?;
    if entry.article && !(first.joins_next && !first.has_suffix() && starts_with_scale(tokens, i + 1)) {
        return None;
    }
    let mut reading = Reading::new();
    if !reading.take(entry) {
        return None;
    }
    let mut last = i;
    loop {
        let here = &tokens[last];
        let Some(next) = tokens.get(last + 1).and_then(Token::entry) else { break };
        if here.has_suffix() || !here.joins_next || reading.zero || next.small == Some(0) {
            break;
        }
        let continues = here.entry().is_some_and(|e| e.combining);
        let article_ok = !next.article
            || continues
            || (tokens[last + 1].joins_next && !tokens[last + 1].has_suffix() && starts_with_scale(tokens, last + 2));
        let fits = continues
            || next.is_pure_scale()
            || next.article
            || u64::from(next.small.unwrap_or(0)) * next.scale.max(1) < free_place(reading.value());
        if !article_ok || !fits {
            break;
        }
        let mut trial = reading.clone();
        if !trial.take(next) {
            if trial.overflow {
                return Some(overflowing_span(tokens, i, last + 1));
            }
            break;
        }
        reading = trial;
        last += 1;
    }
    let only = &tokens[i];
    let lone_scale = last == i && entry.is_pure_scale() && entry.scale != 1000;
    if lone_scale || (entry.article && last == i) {
        let _ = only;
        return None;
    }
    Some(Span {
        first: i,
        last,
        value: reading.value(),
        scale_tail: reading.scale_tail.filter(|_| tokens[last].entry().is_some_and(Entry::is_pure_scale)),
        digit: last == i && entry.digit,
        overflow: false,
    })
}

/// A number too large for u64 that overflowed at token `last`: it runs on over every number word joined to
/// it, so that no part of it is converted on its own (which would be a wrong number).
fn overflowing_span(tokens: &[Token], first: usize, mut last: usize) -> Span {
    while tokens[last].joins_next
        && !tokens[last].has_suffix()
        && tokens.get(last + 1).is_some_and(|t| t.kind == Kind::Number)
    {
        last += 1;
    }
    Span { first, last, value: 0, scale_tail: None, digit: false, overflow: true }
}

fn suffix_of(tokens: &[Token], i: usize) -> &str {
    tokens[i].analysis.as_ref().map_or("", |a| a.suffix.as_str())
}

/// The digits of a span (with its kept scale word or suffix), e.g. `2 லட்சம்`, `300ல`.
fn render(text: &str, tokens: &[Token], span: &Span) -> String {
    match span.scale_tail {
        Some((multiplier, _)) => {
            let scale_word = &tokens[span.last];
            format!("{multiplier}{}", &text[tokens[span.last - 1].end..scale_word.end])
        }
        None => format!("{}{}", span.value, suffix_of(tokens, span.last)),
    }
}

fn digit_count(n: u64) -> u32 {
    n.checked_ilog10().unwrap_or(0) + 1
}

/// Rewrites the number words in `text` as ASCII digits and keeps everything else (SPEC U5–U8): case
/// suffixes stay attached (முன்னூறுல → 300ல), a vowel-initial suffix is written as an independent vowel
/// (அஞ்சாவது → 5ஆவது), a bare ஒரு stays a word, words in ‑உம் / ‑ஏ are not converted, an exact N லட்சம் /
/// கோடி keeps its scale word, two ascending numbers of the same size are a range (ரெண்டு மூணு → 2-3) and
/// three or more digit words in a row are a digit string (phone numbers).
///
/// ```
/// use uraikal_numbers::to_digits;
/// assert_eq!(to_digits("முன்னூறுல பதினஞ்சு"), "300ல 15");
/// assert_eq!(to_digits("ரெண்டாயிரத்தி முன்னூறு"), "2300");
/// assert_eq!(to_digits("ஒரு ஆளு"), "ஒரு ஆளு");
/// ```
pub fn to_digits(text: &str) -> String {
    let tokens = tokenize(text);
    let mut spans: Vec<Span> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match read_number(&tokens, i) {
            Some(span) => {
                i = span.last + 1;
                if !span.overflow {
                    spans.push(span);
                }
            }
            None => i += 1,
        }
    }
    let adjacent = |a: &Span, b: &Span| b.first == a.last + 1 && tokens[a.last].joins_next;
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut k = 0;
    while k < spans.len() {
        let span = &spans[k];
        let mut start = tokens[span.first].start;
        let mut sign = "";
        if span.first > 0 {
            let before = &tokens[span.first - 1];
            let after_number = span.first >= 2 && spans[..k].last().is_some_and(|s| s.last == span.first - 2);
            if before.kind == Kind::Minus && before.joins_next && !after_number {
                start = before.start;
                sign = "-";
            }
        }
        let (rendered, end_token, consumed) = render_group(text, &tokens, &spans, k, &adjacent);
        out.push_str(&text[copied..start]);
        out.push_str(sign);
        out.push_str(&rendered);
        copied = tokens[end_token].end;
        k += consumed;
    }
    out.push_str(&text[copied..]);
    out
}

/// Renders span k alone or with the spans it groups with (digit string, decimal, range). Returns the text,
/// the last token used and how many spans were consumed.
fn render_group(
    text: &str,
    tokens: &[Token],
    spans: &[Span],
    k: usize,
    adjacent: &dyn Fn(&Span, &Span) -> bool,
) -> (String, usize, usize) {
    let span = &spans[k];
    let plain = span.scale_tail.is_none() && !tokens[span.last].has_suffix();
    // Three or more digit words in a row: a digit string (phone numbers, PINs).
    if span.digit && plain {
        let mut n = 1;
        while k + n < spans.len()
            && spans[k + n].digit
            && adjacent(&spans[k + n - 1], &spans[k + n])
            && !tokens[spans[k + n - 1].last].has_suffix()
        {
            n += 1;
        }
        if n >= 3 {
            let digits: String = spans[k..k + n].iter().map(|s| s.value.to_string()).collect();
            let last = spans[k + n - 1].last;
            return (format!("{digits}{}", suffix_of(tokens, last)), last, n);
        }
    }
    // A decimal: N புள்ளி d d ...
    let point = span.last + 1;
    if plain
        && tokens[span.last].joins_next
        && tokens.get(point).is_some_and(|t| t.kind == Kind::Point && t.joins_next)
        && spans.get(k + 1).is_some_and(|s| s.first == point + 1 && s.digit)
    {
        let mut digits = String::new();
        let mut n = 1;
        let mut previous: Option<&Span> = None;
        while let Some(s) = spans.get(k + n) {
            let continues = match previous {
                None => true,
                Some(p) => adjacent(p, s) && !tokens[p.last].has_suffix(),
            };
            if !s.digit || !continues {
                break;
            }
            digits.push_str(&s.value.to_string());
            previous = Some(s);
            n += 1;
        }
        let last = previous.map_or(span.last, |p| p.last);
        return (format!("{}.{digits}{}", span.value, suffix_of(tokens, last)), last, n);
    }
    // A range: two numbers of the same size, ascending (ரெண்டு மூணு நாள் → 2-3 நாள்).
    if let Some(next) = spans.get(k + 1) {
        let next_is_signed = tokens.get(next.first.wrapping_sub(1)).is_some_and(|t| t.kind == Kind::Minus);
        let b = next.scale_tail.map_or(next.value, |(m, _)| m);
        if plain
            && adjacent(span, next)
            && !next_is_signed
            && digit_count(b) == digit_count(span.value)
            && b > span.value
        {
            return (format!("{}-{}", span.value, render(text, tokens, next)), next.last, 2);
        }
    }
    (render(text, tokens, span), span.last, 1)
}
