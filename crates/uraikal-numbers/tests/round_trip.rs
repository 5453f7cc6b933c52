//! Round trips: to_digits(to_words(n)) and from_numerals(to_numerals(n)), exhaustive over the ranges the
//! issue names where that is fast enough in a debug build, sampled beyond (SPEC U8, U11).

use uraikal_numbers::{from_numerals, to_digits, to_numerals, to_words, Register, Style};

/// What to_digits gives back for to_words(n): the digits, except that an exact N லட்சம் / N கோடி keeps its
/// scale word (SPEC U7.4).
fn expected_digits(n: u64) -> String {
    const LAKH: u64 = 100_000;
    const CRORE: u64 = 10_000_000;
    if n >= CRORE && n % CRORE == 0 && n / CRORE < CRORE {
        format!("{} கோடி", n / CRORE)
    } else if (LAKH..CRORE).contains(&n) && n % LAKH == 0 {
        format!("{} லட்சம்", n / LAKH)
    } else {
        n.to_string()
    }
}

fn check_round_trip(n: u64, register: Register) {
    let words = to_words(n as i64, register).unwrap();
    let back = to_digits(&words);
    assert_eq!(back, expected_digits(n), "{n} ({register:?}) → {words} → {back}");
}

/// A small deterministic generator (xorshift64*), so the sample is the same on every run.
struct Sample(u64);

impl Sample {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn words_round_trip_every_number_to_a_million() {
    for register in [Register::Spoken, Register::Written] {
        for n in 0..=1_000_000 {
            check_round_trip(n, register);
        }
    }
}

#[test]
fn words_round_trip_random_numbers_below_10_15() {
    let mut sample = Sample(0x5eed_1234_abcd_0001);
    for i in 0..100_000 {
        // Half uniform below 10^15, half with a uniformly drawn number of digits (so small ones occur too).
        let n = if i % 2 == 0 {
            sample.next() % 1_000_000_000_000_000
        } else {
            let digits = 1 + (sample.next() % 15) as u32;
            sample.next() % 10u64.pow(digits)
        };
        check_round_trip(n, if i % 4 < 2 { Register::Spoken } else { Register::Written });
    }
    // Every crore/lakh boundary shape.
    for n in [99_999, 100_000, 100_001, 9_999_999, 10_000_000, 10_000_001, 999_999_999_999_999, 100_000_000_000_000] {
        check_round_trip(n, Register::Spoken);
        check_round_trip(n, Register::Written);
    }
}

#[test]
fn numerals_round_trip() {
    // Exhaustive below 10^6; beyond, up to 10^8 (where CLDR switches to positional digits), every 101st
    // number plus the neighbourhood of every multiple of 10^5. A full 10^8 loop takes minutes in a debug
    // build.
    let check = |n: u64| {
        let text = to_numerals(n, Style::Traditional);
        assert_eq!(from_numerals(&text), Ok(n), "{n} → {text}");
    };
    for n in 0..1_000_000 {
        check(n);
    }
    for n in (1_000_000..100_000_000).step_by(101) {
        check(n);
    }
    for base in (0..100_000_000u64).step_by(100_000) {
        for n in base.saturating_sub(2)..base + 3 {
            check(n);
        }
    }
    for n in [100_000_000, u64::MAX] {
        check(n);
        assert_eq!(from_numerals(&to_numerals(n, Style::Positional)), Ok(n));
    }
}
