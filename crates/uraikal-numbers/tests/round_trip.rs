//! Round trips: to_digits(to_words(n)) and from_numerals(to_numerals(n)), exhaustive over the ranges the
//! issue names where that is fast enough in a debug build, sampled beyond (SPEC U8, U11).

use uraikal_numbers::{from_numerals, to_digits, to_numerals, to_words, Register, Style};

/// What to_digits gives back for to_words(n): the digits, except that an exact N லட்சம் / N கோடி keeps its
/// scale word (SPEC U7.4).
fn expected_digits(n: u64) -> String {
    const LAKH: u64 = 100_000;
    const CRORE: u64 = 10_000_000;
    if n >= CRORE && n.is_multiple_of(CRORE) && n / CRORE < CRORE {
        format!("{} கோடி", n / CRORE)
    } else if (LAKH..CRORE).contains(&n) && n.is_multiple_of(LAKH) {
        format!("{} லட்சம்", n / LAKH)
    } else {
        n.to_string()
    }
}

/// Checks to_digits(to_words(n, register)) for many numbers at once: the words go through to_digits as one
/// line each of a single text (a line break never joins numbers, SPEC U7.1), which keeps the per-call cost
/// out of this debug-build loop; a failure names the number.
fn check_round_trips(numbers: &[u64], register: Register) {
    let mut words = String::new();
    let mut expected = String::new();
    for &n in numbers {
        words.push_str(&to_words(n as i64, register).unwrap());
        words.push('\n');
        expected.push_str(&expected_digits(n));
        expected.push('\n');
    }
    let back = to_digits(&words);
    if back != expected {
        for ((n, w), got) in numbers.iter().zip(words.lines()).zip(back.lines()) {
            assert_eq!(got, expected_digits(*n), "{n} ({register:?}) → {w} → {got}");
        }
        assert_eq!(back, expected, "line structure changed");
    }
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
    // One thread per register: the loop is the slowest test of the crate in a debug build.
    std::thread::scope(|scope| {
        for register in [Register::Spoken, Register::Written] {
            scope.spawn(move || {
                let all: Vec<u64> = (0..=1_000_000).collect();
                for block in all.chunks(1000) {
                    check_round_trips(block, register);
                }
            });
        }
    });
}

#[test]
fn words_round_trip_random_numbers_below_10_15() {
    let mut sample = Sample(0x5eed_1234_abcd_0001);
    let numbers: Vec<u64> = (0..100_000)
        .map(|i| {
            // Half uniform below 10^15, half with a uniformly drawn number of digits (so small ones occur).
            if i % 2 == 0 {
                sample.next() % 1_000_000_000_000_000
            } else {
                let digits = 1 + (sample.next() % 15) as u32;
                sample.next() % 10u64.pow(digits)
            }
        })
        .collect();
    for (i, block) in numbers.chunks(1000).enumerate() {
        check_round_trips(block, if i % 2 == 0 { Register::Spoken } else { Register::Written });
    }
    // Every crore/lakh boundary shape, and the largest number.
    let edges = [99_999, 100_000, 100_001, 9_999_999, 10_000_000, 10_000_001, 999_999_999_999_999, 100_000_000_000_000];
    check_round_trips(&edges, Register::Spoken);
    check_round_trips(&edges, Register::Written);
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
