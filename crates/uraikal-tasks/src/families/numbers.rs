//! Number families: digits → words (spoken, written, ordinal), words → digits, arithmetic stated in words,
//! Tamil numerals ⇄ digits (SPEC K2.1). Answers come from `uraikal-numbers`.

use serde_json::{json, Map, Value};
use uraikal_metrics::bootstrap::SplitMix64;
use uraikal_numbers::{to_digits, to_numerals, to_ordinal_words, to_words, Register, Style, WORDS_LIMIT};
use uraikal_text::normalize;

use super::{draw_number, meta, question};
use crate::verify::{self, PARTIAL};
use crate::{Config, Family, Task};

/// The largest number the word families use.
const WORDS_MAX: u64 = WORDS_LIMIT - 1;
/// Traditional numerals are ௰ ௱ ௲ compositions below 10^8 (CLDR writes larger ones positionally).
const TRADITIONAL_MAX: u64 = 99_999_999;

fn word_range(config: &Config, min: u64) -> (u64, u64) {
    let default = config.difficulty.pick((min, 100), (min, 999_999), (min, 999_999_999_999));
    config.number_range(default, WORDS_MAX)
}

fn register_name(register: Register) -> &'static str {
    match register {
        Register::Spoken => "spoken",
        _ => "written",
    }
}

fn words(n: u64, register: Register) -> String {
    to_words(n as i64, register).expect("n is below WORDS_LIMIT")
}

fn generate_words(rng: &mut SplitMix64, config: &Config, register: Register) -> Task {
    let (lo, hi) = word_range(config, 0);
    let n = draw_number(rng, lo, hi);
    let (ta, en) = match register {
        Register::Spoken => ("இந்த எண்ணைப் பேச்சுத் தமிழில் சொற்களாக எழுதுங்கள்", "Write this number in spoken Tamil words"),
        _ => ("இந்த எண்ணை எழுத்துத் தமிழில் சொற்களாக எழுதுங்கள்", "Write this number in formal written Tamil words"),
    };
    Task {
        question: question(config, ta, en, &n.to_string()),
        answer: words(n, register),
        metadata: meta([("number", json!(n)), ("register", json!(register_name(register)))]),
    }
}

fn score_text(expected: &str, _: &Map<String, Value>, given: &str) -> f64 {
    verify::text(expected, given)
}

pub(super) const SPOKEN: Family = Family {
    name: "numbers.spoken",
    description: "a number in digits → spoken Tamil words (ரெண்டாயிரத்தி முன்னூறு)",
    accepts: "the words of `numbers to-words N --register spoken`, equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)",
    generate: |rng, config| generate_words(rng, config, Register::Spoken),
    score: score_text,
};

pub(super) const WRITTEN: Family = Family {
    name: "numbers.written",
    description: "a number in digits → formal written Tamil words (இரண்டாயிரத்து முந்நூறு)",
    accepts: "the words of `numbers to-words N --register written`, equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)",
    generate: |rng, config| generate_words(rng, config, Register::Written),
    score: score_text,
};

pub(super) const ORDINAL: Family = Family {
    name: "numbers.ordinal",
    description: "a number → its ordinal in Tamil words, spoken or written as the question says (ரெண்டாவது)",
    accepts: "the words of `numbers to-words N --ordinal --register R`, equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)",
    generate: |rng, config| {
        let (lo, hi) = word_range(config, 1);
        let n = draw_number(rng, lo.max(1), hi.max(1));
        let register = if rng.below(2) == 0 { Register::Spoken } else { Register::Written };
        let (ta, en) = match register {
            Register::Spoken => ("இந்த எண்ணின் வரிசைச் சொல்லை (…ஆவது) பேச்சுத் தமிழில் எழுதுங்கள்", "Write the ordinal (…ஆவது) of this number in spoken Tamil words"),
            _ => ("இந்த எண்ணின் வரிசைச் சொல்லை (…ஆவது) எழுத்துத் தமிழில் எழுதுங்கள்", "Write the ordinal (…ஆவது) of this number in formal written Tamil words"),
        };
        Task {
            question: question(config, ta, en, &n.to_string()),
            answer: to_ordinal_words(n, register).expect("1 ≤ n < WORDS_LIMIT"),
            metadata: meta([("number", json!(n)), ("register", json!(register_name(register)))]),
        }
    },
    score: score_text,
};

pub(super) const DIGITS: Family = Family {
    name: "numbers.digits",
    description: "Tamil number words (either register) → the number in digits",
    accepts: "the integer in ASCII or Tamil digits, grouping commas allowed; anything else scores 0",
    generate: |rng, config| {
        let (lo, hi) = word_range(config, 0);
        let n = draw_number(rng, lo, hi);
        let register = if rng.below(2) == 0 { Register::Spoken } else { Register::Written };
        let text = words(n, register);
        Task {
            question: question(config, "இந்த எண்ணை இலக்கங்களாக எழுதுங்கள்", "Write this Tamil number in digits", &text),
            answer: n.to_string(),
            metadata: meta([
                ("number", json!(n)),
                ("register", json!(register_name(register))),
                ("words", json!(text)),
            ]),
        }
    },
    score: |expected, _, given| verify::integer(expected, given),
};

pub(super) const ARITHMETIC: Family = Family {
    name: "numbers.arithmetic",
    description: "a sum, difference or product stated in Tamil words → the result in Tamil words",
    accepts: "the result in words of either register (equal under the frozen normaliser, or read back to the result by `numbers to-digits`); the result in digits scores 0.5; other words 0.5 × (1 − letter CER)",
    generate: |rng, config| {
        let op = rng.below(3);
        let (limit, factor) = config.difficulty.pick((20, 10), (1_000, 20), (1_000_000, 1_000));
        let (a, b) = match op {
            2 => (draw_number(rng, 2, limit.min(10_000)), draw_number(rng, 2, factor)),
            _ => (draw_number(rng, 0, limit), draw_number(rng, 0, limit)),
        };
        let (a, b) = if op == 1 && b > a { (b, a) } else { (a, b) };
        let (sign, word, result) = match op {
            0 => ("+", "கூட்டல்", a + b),
            1 => ("-", "கழித்தல்", a - b),
            _ => ("×", "பெருக்கல்", a * b),
        };
        let material = format!("{} {word} {} எவ்வளவு?", words(a, Register::Written), words(b, Register::Written));
        Task {
            question: question(config, "கணக்கிட்டு விடையைத் தமிழ்ச் சொற்களில் எழுதுங்கள்", "Compute, and answer in Tamil words", &material),
            answer: words(result, Register::Written),
            metadata: meta([("a", json!(a)), ("b", json!(b)), ("op", json!(sign)), ("result", json!(result))]),
        }
    },
    score: |expected, metadata, given| {
        let result = metadata.get("result").and_then(Value::as_u64);
        if verify::parse_integer(given).is_some() {
            return if verify::parse_integer(given) == result.map(u128::from) { PARTIAL } else { 0.0 };
        }
        let given_n = normalize(given);
        if given_n == normalize(expected) {
            return 1.0;
        }
        if let Some(result) = result {
            if given_n == normalize(&words(result, Register::Spoken)) || to_digits(&given_n) == result.to_string() {
                return 1.0;
            }
        }
        verify::similarity(&normalize(expected), &given_n)
    },
};

fn style_name(style: Style) -> &'static str {
    match style {
        Style::Traditional => "traditional",
        _ => "positional",
    }
}

/// A number and a style for the numeral families: half traditional, half positional.
fn numeral(rng: &mut SplitMix64, config: &Config) -> (u64, Style) {
    let style = if rng.below(2) == 0 { Style::Traditional } else { Style::Positional };
    let (default, limit) = match style {
        // Below 10^6 by default: from 10^6 on the numeral needs the lakh sign ௱௲ (SPEC U9).
        Style::Traditional => (config.difficulty.pick((0, 100), (0, 999_999), (0, TRADITIONAL_MAX)), TRADITIONAL_MAX),
        _ => (config.difficulty.pick((0, 999), (0, 999_999), (0, 999_999_999_999)), WORDS_MAX),
    };
    let (lo, hi) = config.number_range(default, limit);
    (draw_number(rng, lo, hi), style)
}

pub(super) const NUMERALS_READ: Family = Family {
    name: "numerals.read",
    description: "a Tamil numeral, traditional (௲௯௱௫௰௬) or positional (௧௯௫௬) → the number in digits",
    accepts: "the integer in ASCII or Tamil digits, grouping commas allowed; anything else scores 0",
    generate: |rng, config| {
        let (n, style) = numeral(rng, config);
        let text = to_numerals(n, style);
        Task {
            question: question(
                config,
                "இந்தத் தமிழ் எண்ணுருவின் மதிப்பை இலக்கங்களில் (0–9) எழுதுங்கள்",
                "Write the value of this Tamil numeral in digits 0–9",
                &text,
            ),
            answer: n.to_string(),
            metadata: meta([("numeral", json!(text)), ("style", json!(style_name(style)))]),
        }
    },
    score: |expected, _, given| verify::integer(expected, given),
};

pub(super) const NUMERALS_WRITE: Family = Family {
    name: "numerals.write",
    description: "a number in digits → a Tamil numeral in the style asked (traditional CLDR %tamil or positional)",
    accepts: "exactly the numeral of `numbers to-numerals N --style S` (spaces ignored); anything else scores 0",
    generate: |rng, config| {
        let (n, style) = numeral(rng, config);
        let (ta, en) = match style {
            Style::Traditional => (
                "இந்த எண்ணை மரபுத் தமிழ் எண்ணுருவாக (௰ ௱ ௲ உடன்) எழுதுங்கள்",
                "Write this number as a traditional Tamil numeral (with ௰ ௱ ௲)",
            ),
            _ => ("இந்த எண்ணைத் தமிழ் இலக்கங்களில் (௦–௯) எழுதுங்கள்", "Write this number in Tamil digits ௦–௯"),
        };
        Task {
            question: question(config, ta, en, &n.to_string()),
            answer: to_numerals(n, style),
            metadata: meta([("number", json!(n)), ("style", json!(style_name(style)))]),
        }
    },
    score: |expected, _, given| {
        let squeeze = |s: &str| verify::trim_answer(s).chars().filter(|c| !c.is_whitespace()).collect::<String>();
        if squeeze(expected) == squeeze(given) {
            1.0
        } else {
            0.0
        }
    },
};
