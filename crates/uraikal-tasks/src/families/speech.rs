//! Speech text-normalisation families: say a date, an amount of money, a phone number or a time in spoken
//! Tamil (SPEC K2.4). Answers are `uraikal_numbers::tn` in the spoken register, as `uraikal tn` prints them.

use serde_json::json;
use uraikal_numbers::{tn, Register};

use super::{draw_number, meta, pick, question};
use crate::verify;
use crate::{Config, Family, Task};

/// A task: say `text` in spoken Tamil.
fn say(config: &Config, text: String) -> Task {
    Task {
        question: question(
            config,
            "இதைப் பேச்சுத் தமிழில் சொற்களாக எழுதுங்கள்",
            "Write this out as it is said in spoken Tamil (in Tamil words)",
            &text,
        ),
        answer: tn(&text, Register::Spoken),
        metadata: meta([("text", json!(text)), ("register", json!("spoken"))]),
    }
}

fn score_text(expected: &str, _: &serde_json::Map<String, serde_json::Value>, given: &str) -> f64 {
    verify::text(expected, given)
}

const TEXT_ACCEPTS: &str =
    "the words of `uraikal tn TEXT` (spoken), equal under the frozen normaliser; otherwise 0.5 × (1 − letter CER)";

/// Digits with commas: Indian grouping (12,34,567) or international (1,234,567).
fn grouped(n: u64, indian: bool) -> String {
    let digits = n.to_string();
    let bytes = digits.as_bytes();
    let mut out = String::new();
    for (i, &b) in bytes.iter().enumerate() {
        // Digits left from here: a comma before the last three, then every two (Indian) or three.
        let left = bytes.len() - i;
        let comma =
            if indian { left == 3 || (left > 3 && (left - 3).is_multiple_of(2)) } else { left.is_multiple_of(3) };
        if i > 0 && comma {
            out.push(',');
        }
        out.push(b as char);
    }
    out
}

pub(super) const DATE: Family = Family {
    name: "tn.date",
    description: "a date (12/03/2024, 2024-03-12, 12 March 2024) → spoken Tamil",
    accepts: TEXT_ACCEPTS,
    generate: |rng, config| {
        let year = 1900 + rng.below(200);
        let month = 1 + rng.below(12);
        let days = match month {
            2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        let day = 1 + rng.below(days);
        const MONTHS: [&str; 12] = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        let formats = config.difficulty.pick(1, 4, 5);
        let text = match rng.below(formats) {
            0 => format!("{day:02}/{month:02}/{year}"),
            1 => format!("{day:02}-{month:02}-{year}"),
            2 => format!("{year}-{month:02}-{day:02}"),
            3 => format!("{day:02}.{month:02}.{year}"),
            _ => format!("{day} {} {year}", MONTHS[month as usize - 1]),
        };
        say(config, text)
    },
    score: score_text,
};

pub(super) const MONEY: Family = Family {
    name: "tn.money",
    description: "an amount in rupees (₹2,300.50, Rs. 15,00,000) → spoken Tamil",
    accepts: TEXT_ACCEPTS,
    generate: |rng, config| {
        let hi = config.difficulty.pick(999, 999_999, 999_999_999);
        let (lo, hi) = config.number_range((1, hi), 999_999_999_999);
        let rupees = draw_number(rng, lo, hi);
        let indian = rng.below(2) == 0;
        let mut text = format!("{}{}", pick(rng, &["₹", "Rs. "]), grouped(rupees, indian));
        if config.difficulty.pick(false, true, true) && rng.below(2) == 0 {
            text.push_str(&format!(".{:02}", 1 + rng.below(99)));
        }
        say(config, text)
    },
    score: score_text,
};

pub(super) const PHONE: Family = Family {
    name: "tn.phone",
    description: "a phone number (98765 43210, +91 98765 43210, 044-2345678) → spoken Tamil, digit by digit",
    accepts: TEXT_ACCEPTS,
    generate: |rng, config| {
        let mobile = (6 + rng.below(4)) * 1_000_000_000 + rng.below(1_000_000_000);
        let (a, b) = (mobile / 100_000, mobile % 100_000);
        let text = match rng.below(config.difficulty.pick(1, 2, 4)) {
            0 => mobile.to_string(),
            1 => format!("{a} {b:05}"),
            2 => format!("+91 {a} {b:05}"),
            _ => format!("0{}-{}", 40 + rng.below(60), 2_000_000 + rng.below(8_000_000)),
        };
        say(config, text)
    },
    score: score_text,
};

pub(super) const TIME: Family = Family {
    name: "tn.time",
    description: "a time of day (6:45, 10:30, 23:07) → spoken Tamil (ஆறே முக்கால் மணி)",
    accepts: TEXT_ACCEPTS,
    generate: |rng, config| {
        let hour = if config.difficulty == crate::Difficulty::Easy { 1 + rng.below(12) } else { rng.below(24) };
        let minute = match config.difficulty.pick(0, 1, 2) {
            0 => 30 * rng.below(2),
            1 => 15 * rng.below(4),
            _ => rng.below(60),
        };
        say(config, format!("{hour}:{minute:02}"))
    },
    score: score_text,
};

#[cfg(test)]
mod tests {
    #[test]
    fn grouping() {
        assert_eq!(super::grouped(1234567, true), "12,34,567");
        assert_eq!(super::grouped(1234567, false), "1,234,567");
        assert_eq!(super::grouped(123, true), "123");
        assert_eq!(super::grouped(1000, true), "1,000");
        assert_eq!(super::grouped(100000, false), "100,000");
    }
}
