//! Numbers to Tamil words in the spoken (default) and the written register (SPEC section U1–U4).

use crate::sandhi::{attach, elide, fuse};
use crate::{Error, ErrorKind};

/// Which Tamil the words are in: the colloquial forms of speech (and of ASR transcripts), or the formal
/// written forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Register {
    /// Spoken Tamil: ரெண்டாயிரத்தி முன்னூறு.
    #[default]
    Spoken,
    /// Written (formal) Tamil: இரண்டாயிரத்து முந்நூறு.
    Written,
}

impl Register {
    /// The name used on the command line and in JSON: `spoken` or `written`.
    pub fn as_str(self) -> &'static str {
        match self {
            Register::Spoken => "spoken",
            Register::Written => "written",
        }
    }
}

impl std::str::FromStr for Register {
    type Err = String;

    /// `spoken` or `written`.
    fn from_str(text: &str) -> Result<Register, String> {
        match text {
            "spoken" => Ok(Register::Spoken),
            "written" => Ok(Register::Written),
            other => Err(format!("register must be \"spoken\" or \"written\", not {other:?}")),
        }
    }
}

/// One register's word forms (SPEC U1). Index = the digit.
pub(crate) struct Forms {
    pub units: [&'static str; 10],
    pub teens: [&'static str; 10],
    /// 20..90 standalone, index = tens digit − 2.
    pub tens: [&'static str; 8],
    /// 20..90 combining stems without their final vowel (இருபத்த), index = tens digit − 2.
    pub tens_stems: [&'static str; 8],
    /// The final vowel of the combining form: ு (written இருபத்து) or ி (spoken இருவத்தி).
    pub joiner: char,
    /// 100..900 standalone, index = hundreds digit − 1.
    pub hundreds: [&'static str; 9],
    /// 100..900 combining, index = hundreds digit − 1.
    pub hundreds_combining: [&'static str; 9],
    pub thousand_combining: &'static str,
    pub lakh_combining: &'static str,
    pub minus: &'static str,
}

pub(crate) const WRITTEN: Forms = Forms {
    units: ["பூஜ்ஜியம்", "ஒன்று", "இரண்டு", "மூன்று", "நான்கு", "ஐந்து", "ஆறு", "ஏழு", "எட்டு", "ஒன்பது"],
    teens: [
        "பத்து",
        "பதினொன்று",
        "பன்னிரண்டு",
        "பதின்மூன்று",
        "பதினான்கு",
        "பதினைந்து",
        "பதினாறு",
        "பதினேழு",
        "பதினெட்டு",
        "பத்தொன்பது",
    ],
    tens: ["இருபது", "முப்பது", "நாற்பது", "ஐம்பது", "அறுபது", "எழுபது", "எண்பது", "தொண்ணூறு"],
    tens_stems: ["இருபத்த", "முப்பத்த", "நாற்பத்த", "ஐம்பத்த", "அறுபத்த", "எழுபத்த", "எண்பத்த", "தொண்ணூற்ற"],
    joiner: '\u{0BC1}',
    hundreds: ["நூறு", "இருநூறு", "முந்நூறு", "நானூறு", "ஐந்நூறு", "அறுநூறு", "எழுநூறு", "எண்ணூறு", "தொள்ளாயிரம்"],
    hundreds_combining: [
        "நூற்று",
        "இருநூற்று",
        "முந்நூற்று",
        "நானூற்று",
        "ஐந்நூற்று",
        "அறுநூற்று",
        "எழுநூற்று",
        "எண்ணூற்று",
        "தொள்ளாயிரத்து",
    ],
    thousand_combining: "த்து",
    lakh_combining: "லட்சத்து",
    minus: "கழித்தல்",
};

pub(crate) const SPOKEN: Forms = Forms {
    units: ["சைபர்", "ஒண்ணு", "ரெண்டு", "மூணு", "நாலு", "அஞ்சு", "ஆறு", "ஏழு", "எட்டு", "ஒம்போது"],
    teens: [
        "பத்து",
        "பதினொண்ணு",
        "பன்னெண்டு",
        "பதிமூணு",
        "பதினாலு",
        "பதினஞ்சு",
        "பதினாறு",
        "பதினேழு",
        "பதினெட்டு",
        "பத்தொம்போது",
    ],
    tens: ["இருவது", "முப்பது", "நாப்பது", "அம்பது", "அறுவது", "எழுவது", "எம்பது", "தொண்ணூறு"],
    tens_stems: ["இருவத்த", "முப்பத்த", "நாப்பத்த", "அம்பத்த", "அறுவத்த", "எழுவத்த", "எம்பத்த", "தொண்ணூத்த"],
    joiner: '\u{0BBF}',
    hundreds: ["நூறு", "எரநூறு", "முன்னூறு", "நானூறு", "அஞ்ஞூறு", "அறநூறு", "எழுநூறு", "எண்ணூறு", "தொள்ளாயிரம்"],
    hundreds_combining: [
        "நூத்தி",
        "எரநூத்தி",
        "முன்னூத்தி",
        "நானூத்தி",
        "அஞ்ஞூத்தி",
        "அறநூத்தி",
        "எழுநூத்தி",
        "எண்ணூத்தி",
        "தொள்ளாயிரத்தி",
    ],
    thousand_combining: "த்தி",
    lakh_combining: "லட்சத்தி",
    minus: "மைனஸ்",
};

pub(crate) fn forms(register: Register) -> &'static Forms {
    match register {
        Register::Spoken => &SPOKEN,
        Register::Written => &WRITTEN,
    }
}

const LAKH: u64 = 100_000;
const CRORE: u64 = 10_000_000;
/// Number words cover |n| below this.
pub const WORDS_LIMIT: u64 = 1_000_000_000_000_000;

/// 1..=99 as one word.
pub(crate) fn below_hundred(n: u64, f: &Forms) -> String {
    match n {
        0..=9 => f.units[n as usize].to_string(),
        10..=19 => f.teens[n as usize - 10].to_string(),
        _ if n.is_multiple_of(10) => f.tens[n as usize / 10 - 2].to_string(),
        _ => fuse(f.tens_stems[n as usize / 10 - 2], f.joiner, f.units[n as usize % 10]),
    }
}

/// q × 1000 for 1 ≤ q ≤ 99 as one fused word (SPEC U2), standalone or combining.
pub(crate) fn thousands(q: u64, f: &Forms, combining: bool) -> String {
    let standalone = match q {
        1 => "ஆயிரம்".to_string(),
        3 => "மூவாயிரம்".to_string(),
        11 => "பதினோராயிரம்".to_string(),
        _ if q % 10 == 1 => format!("{}ோராயிரம்", f.tens_stems[q as usize / 10 - 2]),
        _ => format!("{}ாயிரம்", elide(&below_hundred(q, f))),
    };
    if combining {
        format!("{}{}", standalone.trim_end_matches("ம்"), f.thousand_combining)
    } else {
        standalone
    }
}

/// Appends a word, separated by a space.
fn push_word(out: &mut String, word: &str) {
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(word);
}

/// Appends the words of 1 ≤ n < 10^15 to `out`.
fn push_words(n: u64, f: &Forms, out: &mut String) {
    let crores = n / CRORE;
    let below_crore = n % CRORE;
    if crores > 0 {
        push_multiplier(crores, f, out);
        push_word(out, if below_crore > 0 { "கோடியே" } else { "கோடி" });
    }
    let lakhs = below_crore / LAKH;
    let below_lakh = below_crore % LAKH;
    if lakhs > 0 {
        push_multiplier(lakhs, f, out);
        push_word(out, if below_lakh > 0 { f.lakh_combining } else { "லட்சம்" });
    }
    let thousand_count = below_lakh / 1000;
    let below_thousand = below_lakh % 1000;
    if thousand_count > 0 {
        push_word(out, &thousands(thousand_count, f, below_thousand > 0));
    }
    let hundreds = below_thousand / 100;
    let rest = below_thousand % 100;
    if hundreds > 0 {
        let table = if rest > 0 { &f.hundreds_combining } else { &f.hundreds };
        push_word(out, table[hundreds as usize - 1]);
    }
    if rest > 0 {
        push_word(out, &below_hundred(rest, f));
    }
}

/// A multiplier of லட்சம் or கோடி: it stands before a noun, so a final one is the adjective ஒரு, as in
/// இருபத்தோராயிரம் (SPEC U2): ஒரு லட்சம், இருபத்தொரு லட்சம், பதினொரு கோடி.
fn push_multiplier(n: u64, f: &Forms, out: &mut String) {
    if n == 1 {
        push_word(out, "ஒரு");
        return;
    }
    let mut words = String::new();
    push_words(n, f, &mut words);
    for one in ["ஒன்று", "ஒண்ணு"] {
        let fused: String = one.chars().skip(1).collect();
        if let Some(stem) = words.strip_suffix(one) {
            words = format!("{stem}ஒரு");
        } else if let Some(stem) = words.strip_suffix(&format!("\u{0BCA}{fused}")) {
            words = format!("{stem}\u{0BCA}ரு");
        }
    }
    push_word(out, &words);
}

/// The words of 0 ≤ n < 10^15 after `prefix` (e.g. the minus word).
fn words_of(n: u64, f: &Forms, mut out: String) -> String {
    if n == 0 {
        push_word(&mut out, f.units[0]);
    } else {
        push_words(n, f, &mut out);
    }
    out
}

fn out_of_range(n: impl ToString) -> Error {
    Error::new(ErrorKind::OutOfRange { number: n.to_string() })
}

/// The Tamil words of an integer, |n| < 10^15 (Indian grouping: ஆயிரம், லட்சம், கோடி; கோடி recurses).
///
/// ```
/// use uraikal_numbers::{to_words, Register};
/// assert_eq!(to_words(2300, Register::Spoken).unwrap(), "ரெண்டாயிரத்தி முன்னூறு");
/// assert_eq!(to_words(2300, Register::Written).unwrap(), "இரண்டாயிரத்து முந்நூறு");
/// assert_eq!(to_words(-5, Register::Spoken).unwrap(), "மைனஸ் அஞ்சு");
/// ```
pub fn to_words(n: i64, register: Register) -> Result<String, Error> {
    let magnitude = n.unsigned_abs();
    if magnitude >= WORDS_LIMIT {
        return Err(out_of_range(n));
    }
    let f = forms(register);
    let prefix = if n < 0 { f.minus.to_string() } else { String::new() };
    Ok(words_of(magnitude, f, prefix))
}

/// The Tamil words of a decimal number written with ASCII digits, an optional sign and an optional
/// fraction: `"-12.05"` → மைனஸ் பன்னெண்டு புள்ளி சைபர் அஞ்சு. The fraction is read digit by digit.
///
/// ```
/// use uraikal_numbers::{decimal_to_words, Register};
/// assert_eq!(decimal_to_words("2.5", Register::Spoken).unwrap(), "ரெண்டு புள்ளி அஞ்சு");
/// ```
pub fn decimal_to_words(number: &str, register: Register) -> Result<String, Error> {
    let not_a_number = || Error::new(ErrorKind::NotANumber { text: number.to_string() });
    let (negative, unsigned) = match number.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, number),
    };
    let (integer, fraction) = match unsigned.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (unsigned, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(integer) || fraction.is_some_and(|f| !all_digits(f)) {
        return Err(not_a_number());
    }
    let trimmed = integer.trim_start_matches('0');
    if trimmed.len() > 15 {
        return Err(out_of_range(number));
    }
    let value: u64 = if trimmed.is_empty() { 0 } else { trimmed.parse().map_err(|_| not_a_number())? };
    if value >= WORDS_LIMIT {
        return Err(out_of_range(number));
    }
    let f = forms(register);
    let prefix = if negative { f.minus.to_string() } else { String::new() };
    let mut words = words_of(value, f, prefix);
    if let Some(fraction) = fraction {
        push_word(&mut words, "புள்ளி");
        for b in fraction.bytes() {
            push_word(&mut words, f.units[usize::from(b - b'0')]);
        }
    }
    Ok(words)
}

/// The ordinal words of 1 ≤ n < 10^15: the cardinal with ‑ஆவது joined to its last word
/// (ரெண்டாவது, நூறாவது, ஆயிரமாவது); 1 is ஒண்ணாவது (spoken) / முதலாவது (written).
///
/// ```
/// use uraikal_numbers::{to_ordinal_words, Register};
/// assert_eq!(to_ordinal_words(1, Register::Written).unwrap(), "முதலாவது");
/// assert_eq!(to_ordinal_words(21, Register::Spoken).unwrap(), "இருவத்தொண்ணாவது");
/// ```
pub fn to_ordinal_words(n: u64, register: Register) -> Result<String, Error> {
    if n == 0 || n >= WORDS_LIMIT {
        return Err(out_of_range(n));
    }
    if n == 1 && register == Register::Written {
        return Ok("முதலாவது".to_string());
    }
    Ok(with_suffix(&words_of(n, forms(register), String::new()), "ஆவது"))
}

/// Space-separated words with a suffix joined to the last word by the vowel sandhi.
pub(crate) fn with_suffix(words: &str, suffix: &str) -> String {
    match words.rsplit_once(' ') {
        Some((head, last)) => format!("{head} {}", attach(last, suffix)),
        None => attach(words, suffix),
    }
}
