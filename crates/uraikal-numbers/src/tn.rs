//! Text normalisation for speech (`tn`, issue 12): the numbers, dates, times, money, measures, percentages,
//! ordinals, ranges and phone numbers of written Tamil turned into the words a speaker says (SPEC section
//! TN). Whatever is not recognised passes through unchanged; no text is dropped.

use crate::digits::suffixes;
use crate::sandhi::{attach, independent_vowel, vowel_sign};
use crate::words::{forms, to_words, with_suffix, WORDS_LIMIT};
use crate::Register;

/// The words of one register that TN adds around numbers (SPEC TN2).
struct Vocabulary {
    rupee: &'static str,
    minute: &'static str,
    kilo: &'static str,
}

const SPOKEN_VOCABULARY: Vocabulary =
    Vocabulary { rupee: "ரூபா", minute: "நிமிஷம்", kilo: "கிலோ" };
const WRITTEN_VOCABULARY: Vocabulary =
    Vocabulary { rupee: "ரூபாய்", minute: "நிமிடம்", kilo: "கிலோகிராம்" };

const MONTHS: [&str; 12] =
    ["ஜனவரி", "பிப்ரவரி", "மார்ச்", "ஏப்ரல்", "மே", "ஜூன்", "ஜூலை", "ஆகஸ்ட்", "செப்டம்பர்", "அக்டோபர்", "நவம்பர்", "டிசம்பர்"];
const ENGLISH_MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Scale words that may follow an amount of money; the currency name goes after them (₹2.5 லட்சம் →
/// ரெண்டரை லட்சம் ரூபா).
const SCALE_WORDS: [(&str, &str); 10] = [
    ("லட்சம்", "லட்சம்"),
    ("இலட்சம்", "இலட்சம்"),
    ("கோடி", "கோடி"),
    ("ஆயிரம்", "ஆயிரம்"),
    ("மில்லியன்", "மில்லியன்"),
    ("பில்லியன்", "பில்லியன்"),
    ("billion", "பில்லியன்"),
    ("bn", "பில்லியன்"),
    ("million", "மில்லியன்"),
    ("mn", "மில்லியன்"),
];

/// (symbol, currency, minor unit); the rupee's name depends on the register.
const CURRENCIES: [(&str, &str, &str); 10] = [
    ("₹", "", "பைசா"),
    ("Rs.", "", "பைசா"),
    ("Rs", "", "பைசா"),
    ("INR", "", "பைசா"),
    ("ரூ.", "", "பைசா"),
    ("US$", "டாலர்", "சென்ட்"),
    ("$", "டாலர்", "சென்ட்"),
    ("€", "யூரோ", "சென்ட்"),
    ("£", "பவுண்டு", "பென்ஸ்"),
    ("¥", "யென்", "சென்"),
];

/// (written abbreviation, spoken unit, per hour). The kilogram's name depends on the register ("").
const UNITS: [(&str, &str, bool); 36] = [
    ("km/h", "கிலோமீட்டர்", true),
    ("kmph", "கிலோமீட்டர்", true),
    ("கி.மீ/மணி", "கிலோமீட்டர்", true),
    ("கி.மீ./மணி", "கிலோமீட்டர்", true),
    ("கிமீ/மணி", "கிலோமீட்டர்", true),
    ("mph", "மைல்", true),
    ("km", "கிலோமீட்டர்", false),
    ("கி.மீ.", "கிலோமீட்டர்", false),
    ("கி.மீ", "கிலோமீட்டர்", false),
    ("கிமீ", "கிலோமீட்டர்", false),
    ("cm", "சென்டிமீட்டர்", false),
    ("செ.மீ.", "சென்டிமீட்டர்", false),
    ("செ.மீ", "சென்டிமீட்டர்", false),
    ("mm", "மில்லிமீட்டர்", false),
    ("மி.மீ.", "மில்லிமீட்டர்", false),
    ("மி.மீ", "மில்லிமீட்டர்", false),
    ("nm", "நானோமீட்டர்", false),
    ("m", "மீட்டர்", false),
    ("மீ.", "மீட்டர்", false),
    ("மீ", "மீட்டர்", false),
    ("kg", "", false),
    ("கி.கி.", "", false),
    ("கி.கி", "", false),
    ("mg", "மில்லிகிராம்", false),
    ("g", "கிராம்", false),
    ("ml", "மில்லிலிட்டர்", false),
    ("மி.லி.", "மில்லிலிட்டர்", false),
    ("மி.லி", "மில்லிலிட்டர்", false),
    ("GHz", "கிகாஹெர்ட்ஸ்", false),
    ("Ghz", "கிகாஹெர்ட்ஸ்", false),
    ("MHz", "மெகாஹெர்ட்ஸ்", false),
    ("Hz", "ஹெர்ட்ஸ்", false),
    ("GB", "ஜிகாபைட்", false),
    ("MB", "மெகாபைட்", false),
    ("Mbit", "மெகாபிட்", false),
    ("ft", "அடி", false),
];

/// Written Tamil turned into what a speaker says: numbers, decimals, fractions, percentages, ordinals, dates,
/// times, money, measures, phone numbers and ranges, in the spoken register (default) or the written one.
/// A Tamil suffix glued to a number inflects the last word (1998ல் → …தொண்ணூத்தெட்டுல). Everything else
/// passes through unchanged.
///
/// ```
/// use uraikal_numbers::{tn, Register};
/// assert_eq!(tn("₹1,250.50", Register::Spoken), "ஆயிரத்தி எரநூத்தி அம்பது ரூபா அம்பது பைசா");
/// assert_eq!(tn("12/03/2024", Register::Spoken), "பன்னெண்டாம் தேதி மார்ச் ரெண்டாயிரத்தி இருவத்திநாலு");
/// assert_eq!(tn("25%", Register::Written), "இருபத்தைந்து சதவீதம்");
/// ```
pub fn tn(text: &str, register: Register) -> String {
    let mut normaliser = Normaliser {
        chars: text.chars().collect(),
        pos: 0,
        out: String::with_capacity(text.len() * 3),
        register,
        vocabulary: match register {
            Register::Spoken => &SPOKEN_VOCABULARY,
            Register::Written => &WRITTEN_VOCABULARY,
        },
    };
    normaliser.run();
    normaliser.out
}

fn is_tamil_letter(c: char) -> bool {
    ('\u{0B80}'..='\u{0BE5}').contains(&c)
}

fn is_letter(c: char) -> bool {
    c.is_alphabetic() || is_tamil_letter(c)
}

/// A number as written: integer digits (grouping commas removed) and fraction digits.
struct Written {
    integer: String,
    fraction: Option<String>,
    end: usize,
}

impl Written {
    fn value(&self) -> Option<u64> {
        self.integer.parse().ok().filter(|&v| v < WORDS_LIMIT)
    }
}

struct Normaliser {
    chars: Vec<char>,
    pos: usize,
    out: String,
    register: Register,
    vocabulary: &'static Vocabulary,
}

impl Normaliser {
    fn at(&self, i: usize) -> Option<char> {
        self.chars.get(i).copied()
    }

    fn is_digit_at(&self, i: usize) -> bool {
        self.at(i).is_some_and(|c| c.is_ascii_digit())
    }

    fn starts_with_at(&self, i: usize, s: &str) -> bool {
        s.chars().enumerate().all(|(k, c)| self.at(i + k) == Some(c))
    }

    fn digit_run(&self, from: usize) -> usize {
        let mut j = from;
        while self.is_digit_at(j) {
            j += 1;
        }
        j
    }

    fn text(&self, from: usize, to: usize) -> String {
        self.chars[from..to].iter().collect()
    }

    /// Appends words, with a space if they would otherwise touch a letter or digit (எம்2000 → எம் ரெண்டாயிரம்,
    /// so that the number stays a word of its own).
    fn emit(&mut self, words: &str) {
        if self.out.chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || is_tamil_letter(c)) {
            self.out.push(' ');
        }
        self.out.push_str(words);
        if self.at(self.pos).is_some_and(|c| c.is_ascii_alphabetic()) {
            self.out.push(' ');
        }
    }

    fn run(&mut self) {
        while let Some(c) = self.at(self.pos) {
            let previous = self.pos.checked_sub(1).and_then(|i| self.at(i));
            let next_is_digit = self.is_digit_at(self.pos + 1);
            if c.is_ascii_digit() {
                self.number();
            } else if let Some((len, currency, minor)) = self.currency_at(self.pos) {
                self.money(len, currency, minor);
            } else if c == '+' && next_is_digit {
                self.plus();
            } else if matches!(c, '-' | '−')
                && next_is_digit
                && previous.is_none_or(|p| p.is_whitespace() || matches!(p, '(' | '[' | '"'))
            {
                self.pos += 1;
                self.out.push_str("மைனஸ் ");
            } else {
                self.pos += 1;
                match c {
                    '%' => self.symbol_word("சதவீதம்"),
                    '°' => self.degrees(),
                    '₹' => self.symbol_word(self.vocabulary.rupee),
                    _ => self.out.push(c),
                }
            }
        }
    }

    fn symbol_word(&mut self, word: &str) {
        if !self.out.ends_with(char::is_whitespace) && !self.out.is_empty() {
            self.out.push(' ');
        }
        self.out.push_str(word);
    }

    fn words(&self, n: u64) -> String {
        to_words(n as i64, self.register).unwrap_or_default()
    }

    /// 1 before a noun (a unit, a currency, o'clock) is ஒரு.
    fn counting_words(&self, n: u64) -> String {
        if n == 1 {
            "ஒரு".to_string()
        } else {
            self.words(n)
        }
    }

    fn digit_words(&self, digits: &str) -> String {
        let units = &forms(self.register).units;
        let words: Vec<&str> =
            digits.bytes().filter(u8::is_ascii_digit).map(|b| units[usize::from(b - b'0')]).collect();
        words.join(" ")
    }

    /// Digits read one by one, in groups separated by a comma pause (5+5 for ten digits).
    fn phone_words(&self, groups: &[String]) -> String {
        let all: String = groups.concat();
        let groups: Vec<String> =
            if all.len() == 10 { vec![all[..5].to_string(), all[5..].to_string()] } else { groups.to_vec() };
        groups.iter().map(|g| self.digit_words(g)).collect::<Vec<_>>().join(", ")
    }

    /// The words of a written number: digit by digit when it is too long or starts with 0; x.5 is ‑அரை in
    /// the spoken register; other fractions are read digit by digit after புள்ளி.
    fn number_words(&self, number: &Written, counting: bool) -> String {
        let Some(value) = number.value() else {
            let integer = self.digit_words(&number.integer);
            return match number.fraction.as_deref() {
                None => integer,
                Some(fraction) => format!("{integer} புள்ளி {}", self.digit_words(fraction)),
            };
        };
        let integer =
            if counting && number.fraction.is_none() { self.counting_words(value) } else { self.words(value) };
        match number.fraction.as_deref() {
            None => integer,
            Some("5") if self.register == Register::Spoken => {
                if value == 0 {
                    "அரை".to_string()
                } else {
                    with_suffix(&integer, "அரை")
                }
            }
            Some(fraction) => format!("{integer} புள்ளி {}", self.digit_words(fraction)),
        }
    }

    /// Reads digits with grouping commas (Indian 12,34,567 or international 1,234,567) and a decimal fraction.
    fn read_written(&self, from: usize) -> Written {
        let first_end = self.digit_run(from);
        let mut end = first_end;
        let mut groups = vec![self.text(from, first_end)];
        while self.at(end) == Some(',') && self.is_digit_at(end + 1) {
            let group_end = self.digit_run(end + 1);
            groups.push(self.text(end + 1, group_end));
            end = group_end;
        }
        let valid_grouping = groups.len() > 1 && {
            let (first, rest) = (&groups[0], &groups[1..]);
            let international = first.len() <= 3 && rest.iter().all(|g| g.len() == 3);
            let indian = first.len() <= 2
                && rest.last().is_some_and(|g| g.len() == 3)
                && rest[..rest.len() - 1].iter().all(|g| g.len() == 2);
            !first.starts_with('0') && (international || indian)
        };
        let (integer, mut end) =
            if valid_grouping { (groups.concat(), end) } else { (groups.swap_remove(0), first_end) };
        let mut fraction = None;
        // The later parts of 1.2.3 (a version, a section) are not decimals either.
        let after_dotted = from >= 2 && self.at(from - 1) == Some('.') && self.is_digit_at(from - 2);
        if !after_dotted && self.at(end) == Some('.') && self.is_digit_at(end + 1) {
            let fraction_end = self.digit_run(end + 1);
            // 1.2.3 (a version, a section) is not a decimal.
            if !(self.at(fraction_end) == Some('.') && self.is_digit_at(fraction_end + 1)) {
                fraction = Some(self.text(end + 1, fraction_end));
                end = fraction_end;
            }
        }
        Written { integer, fraction, end }
    }

    /// A Tamil word glued to position `i`, directly or after a hyphen: (word, end).
    fn glued_tamil(&self, i: usize) -> Option<(String, usize)> {
        let start = if self.at(i) == Some('-') && self.at(i + 1).is_some_and(is_tamil_letter) { i + 1 } else { i };
        if !self.at(start).is_some_and(is_tamil_letter) {
            return None;
        }
        let mut end = start;
        while self.at(end).is_some_and(is_tamil_letter) {
            end += 1;
        }
        Some((self.text(start, end), end))
    }

    /// Emits `words`, inflected by a Tamil case suffix glued at `self.pos` if there is one (SPEC TN3).
    fn finish(&mut self, words: String) {
        if let Some((suffix, end)) = self.glued_tamil(self.pos) {
            if suffixes().contains(&suffix) {
                self.pos = end;
                let inflected = self.inflect(&words, &suffix);
                self.emit(&inflected);
                return;
            }
            // Another word glued to the number (4-வயதுடைய): keep it, as a separate word.
            if self.at(self.pos) == Some('-') {
                self.pos += 1;
            }
            self.emit(&words);
            self.out.push(' ');
            return;
        }
        self.emit(&words);
    }

    /// The last word of `words` with a case suffix: ‑ம் becomes ‑த்து before it (ஆயிரத்துக்கு, ஆயிரத்தில்;
    /// but ஆயிரமாக), a final ு gives way to a vowel, ரூபா becomes ரூபாய். Spoken ல் / இல் are ல.
    fn inflect(&self, words: &str, suffix: &str) -> String {
        let suffix = match (self.register, suffix) {
            (Register::Spoken, "ல்" | "இல்") => "ல",
            _ => suffix,
        };
        let (head, last) = match words.rsplit_once(' ') {
            Some((head, last)) => (format!("{head} "), last),
            None => (String::new(), words),
        };
        let vowel_initial = suffix.chars().next().and_then(vowel_sign).is_some();
        let inflected = if let Some(stem) = last.strip_suffix("ம்").filter(|_| !suffix.starts_with("ஆக")) {
            attach(&format!("{stem}த்து"), suffix)
        } else if last == "ரூபா" {
            attach("ரூபாய்", suffix)
        } else if last.ends_with('\u{0BCD}') && !vowel_initial {
            format!("{last}\u{0BC1}{suffix}")
        } else {
            attach(last, suffix)
        };
        format!("{head}{inflected}")
    }

    /// An ordinal suffix glued at `self.pos` (1வது, 2ஆம், 28ம், 2016-ஆம்): (suffix to join, end).
    fn ordinal_suffix(&self) -> Option<(&'static str, usize)> {
        let (word, end) = self.glued_tamil(self.pos)?;
        let suffix = match word.as_str() {
            "வது" | "ஆவது" => "ஆவது",
            "ஆம்" | "ம்" => "ஆம்",
            _ => return None,
        };
        Some((suffix, end))
    }

    fn ordinal_words(&self, n: u64, suffix: &str) -> String {
        if n == 1 && self.register == Register::Written {
            return attach("முதல்", suffix);
        }
        with_suffix(&self.words(n), suffix)
    }

    /// The day of a date: ‑ஆம் தேதி in the spoken register, the cardinal in the written one (NeMo style).
    fn day_words(&self, day: u64) -> String {
        match self.register {
            Register::Spoken => format!("{} தேதி", with_suffix(&self.words(day), "ஆம்")),
            Register::Written => self.words(day),
        }
    }

    fn month_name_at(&self, i: usize) -> Option<(usize, &'static str)> {
        let mut end = i;
        while self.at(end).is_some_and(is_letter) {
            end += 1;
        }
        let word = self.text(i, end).to_lowercase();
        if word.is_empty() {
            return None;
        }
        if let Some(m) = MONTHS.iter().position(|m| *m == word) {
            return Some((end, MONTHS[m]));
        }
        let m = ENGLISH_MONTHS.iter().position(|m| *m == word || (word.len() == 3 && m.starts_with(&word)))?;
        Some((end, MONTHS[m]))
    }

    /// True when the word before position `i` (skipping spaces) is a month name.
    fn month_before(&self, i: usize) -> bool {
        let mut end = i;
        while end > 0 && self.at(end - 1) == Some(' ') {
            end -= 1;
        }
        let mut start = end;
        while start > 0 && self.at(start - 1).is_some_and(is_letter) {
            start -= 1;
        }
        start < end && end < i && self.month_name_at(start).is_some_and(|(e, _)| e == end)
    }

    fn number(&mut self) {
        if self.date() || self.time() || self.phone() {
            return;
        }
        let start = self.pos;
        let number = self.read_written(start);
        self.pos = number.end;
        let value = number.value();
        let plain = number.fraction.is_none();
        // Ordinals: 1வது, 2ஆம், 28ம்.
        if let (Some(n), true, Some((suffix, end))) = (value, plain, self.ordinal_suffix()) {
            if n > 0 {
                self.pos = end;
                let words = self.ordinal_words(n, suffix);
                self.emit(&words);
                return;
            }
        }
        // Percent, degrees.
        if self.at(self.pos) == Some('%') {
            self.pos += 1;
            let words = format!("{} சதவீதம்", self.number_words(&number, false));
            return self.finish(words);
        }
        if self.at(self.pos) == Some('°') {
            let words = self.number_words(&number, false);
            self.emit(&words);
            self.out.push(' ');
            self.pos += 1;
            return self.degrees();
        }
        // A day before or after a month name.
        if let (Some(day @ 1..=31), true) = (value, plain) {
            let after_space = if self.at(self.pos) == Some(' ') { self.pos + 1 } else { self.pos };
            if let Some((end, month)) = self.month_name_at(after_space) {
                self.pos = end;
                let words = format!("{} {month}", self.day_words(day));
                return self.finish(words);
            }
            if self.month_before(start) && !self.is_digit_at(self.pos + 1) {
                let words = self.day_words(day);
                return self.finish(words);
            }
        }
        if self.measure(&number) {
            return;
        }
        // Fractions and ratios: 3/4 → முக்கால், 2/3 → மூணுல ரெண்டு; otherwise the slash stays.
        if self.at(self.pos) == Some('/') && self.is_digit_at(self.pos + 1) && plain {
            let denominator = self.read_written(self.pos + 1);
            if let (Some(a), Some(b), None) = (value, denominator.value(), &denominator.fraction) {
                if a < b && b <= 10 {
                    self.pos = denominator.end;
                    let words = self.fraction_words(a, b);
                    return self.finish(words);
                }
            }
        }
        // A range: 10-15 → பத்து முதல் பதினஞ்சு (the second number is read on its own).
        if matches!(self.at(self.pos), Some('-' | '–')) && self.is_digit_at(self.pos + 1) {
            let words = self.number_words(&number, false);
            self.emit(&words);
            self.out.push_str(" முதல் ");
            self.pos += 1;
            return;
        }
        let words = self.number_words(&number, false);
        self.finish(words)
    }

    fn fraction_words(&self, a: u64, b: u64) -> String {
        match (a, b) {
            (1, 2) => "அரை".to_string(),
            (1, 4) => "கால்".to_string(),
            (3, 4) => "முக்கால்".to_string(),
            _ => {
                let of = match self.register {
                    Register::Spoken => "ல",
                    Register::Written => "இல்",
                };
                format!("{} {}", self.inflect(&self.words(b), of), self.words(a))
            }
        }
    }

    fn degrees(&mut self) {
        let scale = match self.at(self.pos) {
            Some('C') => " செல்சியஸ்",
            Some('F') => " ஃபாரன்ஹீட்",
            _ => "",
        };
        if !scale.is_empty() {
            self.pos += 1;
        }
        let words = format!("டிகிரி{scale}");
        self.finish(words);
    }

    /// A number followed by a unit (5 கி.மீ, 10 km, 60 கி.மீ/மணி).
    fn measure(&mut self, number: &Written) -> bool {
        let unit_start = if self.at(self.pos) == Some(' ') { self.pos + 1 } else { self.pos };
        for (abbreviation, unit, per_hour) in UNITS {
            if !self.starts_with_at(unit_start, abbreviation) {
                continue;
            }
            let end = unit_start + abbreviation.chars().count();
            // The unit must end there (km, not kmrs); a Tamil abbreviation may end in a full stop.
            if self.at(end).is_some_and(|c| is_letter(c) || c.is_ascii_digit()) {
                continue;
            }
            self.pos = end;
            let unit = if unit.is_empty() { self.vocabulary.kilo } else { unit };
            let amount = self.number_words(number, true);
            let words =
                if per_hour { format!("மணிக்கு {amount} {unit}") } else { format!("{amount} {unit}") };
            self.finish(words);
            return true;
        }
        false
    }

    fn currency_at(&self, i: usize) -> Option<(usize, &'static str, &'static str)> {
        for (symbol, name, minor) in CURRENCIES {
            if !self.starts_with_at(i, symbol) {
                continue;
            }
            let len = symbol.chars().count();
            let digit_at = if self.at(i + len) == Some(' ') { i + len + 1 } else { i + len };
            // Rs / INR must stand alone (not the end of a longer word).
            let word_start = i.checked_sub(1).and_then(|p| self.at(p)).is_none_or(|p| !p.is_alphanumeric());
            if self.is_digit_at(digit_at) && word_start {
                let name = if name.is_empty() { self.vocabulary.rupee } else { name };
                return Some((digit_at - i, name, minor));
            }
        }
        None
    }

    /// ₹1,250.50 → … ரூபா அம்பது பைசா; ₹2.5 லட்சம் → ரெண்டரை லட்சம் ரூபா; $3.6bn → … பில்லியன் டாலர்.
    fn money(&mut self, prefix_len: usize, currency: &str, minor: &str) {
        let number = self.read_written(self.pos + prefix_len);
        self.pos = number.end;
        let scale_start = if self.at(self.pos) == Some(' ') { self.pos + 1 } else { self.pos };
        for (written, spoken) in SCALE_WORDS {
            if !self.starts_with_at(scale_start, written) {
                continue;
            }
            let end = scale_start + written.chars().count();
            if self.at(end).is_some_and(|c| c.is_ascii_alphabetic()) {
                continue;
            }
            self.pos = end;
            let amount = self.number_words(&number, false);
            let words = format!("{amount} {spoken} {currency}");
            // A suffix on the scale word moves to the currency (மில்லியனைத் → … மில்லியன் டாலரைத்).
            if let Some(sign) = self.at(self.pos).filter(|c| independent_vowel(*c).is_some()) {
                let (rest, end) = self.glued_tamil(self.pos + 1).unwrap_or_default();
                let suffix = format!("{}{rest}", independent_vowel(sign).unwrap_or('அ'));
                self.pos = end.max(self.pos + 1);
                let inflected = self.inflect(&words, &suffix);
                self.emit(&inflected);
                return;
            }
            return self.finish(words);
        }
        let integer = match number.value() {
            Some(value) => self.counting_words(value),
            None => self.digit_words(&number.integer),
        };
        let mut words = format!("{integer} {currency}");
        if let Some(fraction) = number.fraction.as_deref() {
            let cents: u64 = match fraction.len() {
                1 => fraction.parse::<u64>().unwrap_or(0) * 10,
                2 => fraction.parse().unwrap_or(0),
                _ => {
                    let amount = self.number_words(&number, false);
                    return self.finish(format!("{amount} {currency}"));
                }
            };
            if cents > 0 {
                words = format!("{words} {} {minor}", self.counting_words(cents));
            }
        }
        self.finish(words)
    }

    /// +91 98765 43210 → பிளஸ் தொண்ணூத்தொண்ணு, ஒம்போது …; +30 → பிளஸ் முப்பது.
    fn plus(&mut self) {
        let code_end = self.digit_run(self.pos + 1);
        let code = self.text(self.pos + 1, code_end);
        let mut groups = Vec::new();
        let mut at = code_end;
        while matches!(self.at(at), Some(' ' | '-')) && self.is_digit_at(at + 1) {
            let end = self.digit_run(at + 1);
            groups.push(self.text(at + 1, end));
            at = end;
        }
        let digits: usize = groups.iter().map(String::len).sum();
        if code.len() <= 3 && digits >= 6 {
            self.pos = at;
            let code_words = self.words(code.parse().unwrap_or(0));
            let words = format!("பிளஸ் {code_words}, {}", self.phone_words(&groups));
            return self.finish(words);
        }
        self.pos += 1;
        self.out.push_str("பிளஸ் ");
    }

    /// Phone numbers without a country code: ten digits from 6–9 (also 5+5), or digits starting with 0
    /// (three or more: landlines, codes: 044-2345678, 007), read digit by digit.
    fn phone(&mut self) -> bool {
        let start = self.pos;
        let first_end = self.digit_run(start);
        let first = self.text(start, first_end);
        let follows_letter_or_digit = self.at(first_end).is_some_and(|c| c.is_alphanumeric() || c == ',');
        let mobile = matches!(first.as_bytes()[0], b'6'..=b'9');
        if first.len() == 10 && mobile && !follows_letter_or_digit {
            self.pos = first_end;
            let words = self.phone_words(&[first]);
            self.finish(words);
            return true;
        }
        if first.len() == 5 && mobile && self.at(first_end) == Some(' ') {
            let second_end = self.digit_run(first_end + 1);
            if second_end - first_end == 6 && !self.at(second_end).is_some_and(|c| c.is_alphanumeric()) {
                let second = self.text(first_end + 1, second_end);
                self.pos = second_end;
                let words = self.phone_words(&[first, second]);
                self.finish(words);
                return true;
            }
        }
        let decimal = self.at(first_end) == Some('.') && self.is_digit_at(first_end + 1);
        if first.len() >= 3 && first.starts_with('0') && !decimal {
            let mut groups = vec![first];
            let mut at = first_end;
            while self.at(at) == Some('-') && self.is_digit_at(at + 1) {
                let end = self.digit_run(at + 1);
                groups.push(self.text(at + 1, end));
                at = end;
            }
            self.pos = at;
            let words = groups.iter().map(|g| self.digit_words(g)).collect::<Vec<_>>().join(", ");
            self.finish(words);
            return true;
        }
        false
    }

    /// dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy (mm/dd when the second field is over 12), yyyy-mm-dd.
    fn date(&mut self) -> bool {
        let start = self.pos;
        let mut fields = Vec::new();
        let mut separator = None;
        let mut at = start;
        loop {
            let end = self.digit_run(at);
            fields.push(self.text(at, end));
            at = end;
            if fields.len() == 3 {
                break;
            }
            let sep = self.at(at);
            if !matches!(sep, Some('/' | '-' | '.')) || separator.is_some_and(|s| Some(s) != sep) {
                return false;
            }
            separator = sep;
            if !self.is_digit_at(at + 1) {
                return false;
            }
            at += 1;
        }
        if self.is_digit_at(at) || (matches!(self.at(at), Some('/' | '-' | '.')) && self.is_digit_at(at + 1)) {
            return false;
        }
        let number = |s: &str| s.parse::<u64>().unwrap_or(0);
        let (day, month, year) = if fields[0].len() == 4 && separator == Some('-') {
            (number(&fields[2]), number(&fields[1]), &fields[0])
        } else if fields[0].len() <= 2 && fields[1].len() <= 2 && matches!(fields[2].len(), 2 | 4) {
            let (a, b) = (number(&fields[0]), number(&fields[1]));
            if b > 12 && a <= 12 {
                (b, a, &fields[2])
            } else {
                (a, b, &fields[2])
            }
        } else {
            return false;
        };
        if !(1..=31).contains(&day) || !(1..=12).contains(&month) || (separator == Some('.') && year.len() != 4) {
            return false;
        }
        self.pos = at;
        let year_words = self.words(number(year));
        let words = format!("{} {} {year_words}", self.day_words(day), MONTHS[month as usize - 1]);
        self.finish(words);
        true
    }

    /// h:mm (h ≤ 24, mm ≤ 59): 10:30 → பத்தரை மணி, 7:05 → ஏழு மணி அஞ்சு நிமிஷம், 6:45 → ஆறே முக்கால் மணி.
    fn time(&mut self) -> bool {
        let start = self.pos;
        let hour_end = self.digit_run(start);
        if hour_end - start > 2 || self.at(hour_end) != Some(':') {
            return false;
        }
        let minute_end = self.digit_run(hour_end + 1);
        if minute_end - hour_end != 3 {
            return false;
        }
        // 4:41.30 (a race time) or 10:15:30 are not clock times.
        if matches!(self.at(minute_end), Some(':' | '.')) && self.is_digit_at(minute_end + 1) {
            return false;
        }
        let hour: u64 = self.text(start, hour_end).parse().unwrap_or(99);
        let minute: u64 = self.text(hour_end + 1, minute_end).parse().unwrap_or(99);
        if hour > 24 || minute > 59 {
            return false;
        }
        self.pos = minute_end;
        let hour_words = self.words(hour);
        let phrase = match (self.register, minute) {
            (_, 0) => format!("{} மணி", self.counting_words(hour)),
            (Register::Spoken, 30) => format!("{} மணி", with_suffix(&hour_words, "அரை")),
            (Register::Spoken, 15) => format!("{} கால் மணி", with_suffix(&hour_words, "ஏ")),
            (Register::Spoken, 45) => format!("{} முக்கால் மணி", with_suffix(&hour_words, "ஏ")),
            _ => {
                format!("{} மணி {} {}", self.counting_words(hour), self.counting_words(minute), self.vocabulary.minute)
            }
        };
        // "10:00 மணிக்கு": the text says மணி itself.
        let says_hour = self.at(self.pos) == Some(' ') && self.starts_with_at(self.pos + 1, "மணி");
        let phrase = match phrase.strip_suffix(" மணி") {
            Some(short) if says_hour => short.to_string(),
            _ => phrase,
        };
        // A range of times: 10:00-11:00 → பத்து மணி முதல் பதினொண்ணு மணி.
        if matches!(self.at(self.pos), Some('-' | '–')) && self.is_digit_at(self.pos + 1) {
            self.emit(&phrase);
            self.out.push_str(" முதல் ");
            self.pos += 1;
            return true;
        }
        self.finish(phrase);
        true
    }
}
