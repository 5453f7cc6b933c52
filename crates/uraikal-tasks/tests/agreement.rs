//! The answers agree with independent computations (SPEC K2): a letter count written here from the
//! Unicode block layout alone, the traditional-numeral rule of tamil.md §4 written here again, and the
//! library functions each family names (`to_words`, `to_digits`, `tn`, `scan`).

use uraikal_tasks::{generate, Config, Difficulty};

/// Tamil letters counted from the block layout: a consonant with at most one following sign (pulli or a
/// vowel sign) is one letter; every other character is one.
fn independent_letter_count(word: &str) -> usize {
    let chars: Vec<char> = word.chars().collect();
    let (mut i, mut n) = (0, 0);
    while i < chars.len() {
        let consonant = ('\u{0B95}'..='\u{0BB9}').contains(&chars[i]);
        let sign = |c: char| c == '\u{0BCD}' || ('\u{0BBE}'..='\u{0BCC}').contains(&c) || c == '\u{0BD7}';
        i += if consonant && chars.get(i + 1).is_some_and(|&c| sign(c)) { 2 } else { 1 };
        n += 1;
    }
    n
}

/// The traditional numeral of tamil.md §4: ௰ ௱ ௲ with multipliers written before (omitted when 1), and
/// from 10^6 the lakh ௱௲ with its multiplier q = n div 10^5 always written, then the thousands multiplier
/// written even when 1.
fn independent_numeral(n: u64) -> String {
    const DIGITS: [char; 10] = ['௦', '௧', '௨', '௩', '௪', '௫', '௬', '௭', '௮', '௯'];
    fn below_lakh_rest(n: u64, force_one: bool) -> String {
        if n == 0 {
            return String::new();
        }
        for (value, sign) in [(1000, '௲'), (100, '௱'), (10, '௰')] {
            if n >= value {
                let (q, r) = (n / value, n % value);
                let head =
                    if q == 1 && !(force_one && value == 1000) { String::new() } else { below_lakh_rest(q, false) };
                return format!("{head}{sign}{}", below_lakh_rest(r, false));
            }
        }
        DIGITS[n as usize].to_string()
    }
    if n == 0 {
        return "௦".into();
    }
    if n >= 1_000_000 {
        return format!("{}௱௲{}", below_lakh_rest(n / 100_000, false), below_lakh_rest(n % 100_000, true));
    }
    below_lakh_rest(n, false)
}

#[test]
fn letter_counts_agree_with_an_independent_count() {
    for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        let config = Config { difficulty, ..Config::default() };
        for e in generate("letters.count", 3000, 5, &config).unwrap() {
            let word = e.metadata["word"].as_str().unwrap();
            assert_eq!(e.answer, independent_letter_count(word).to_string(), "{word}");
        }
    }
}

#[test]
fn numerals_agree_with_the_rule_of_the_reference() {
    // tamil.md §4 vectors first, so that the rule written here is itself checked.
    for (n, text) in [
        (1956, "௲௯௱௫௰௬"),
        (12345, "௰௨௲௩௱௪௰௫"),
        (123456, "௱௨௰௩௲௪௱௫௰௬"),
        (1_000_000, "௰௱௲"),
        (1_000_001, "௰௱௲௧"),
        (1_001_000, "௰௱௲௧௲"),
        (10_000_000, "௱௱௲"),
    ] {
        assert_eq!(independent_numeral(n), text, "{n}");
    }
    for difficulty in [Difficulty::Medium, Difficulty::Hard] {
        let config = Config { difficulty, ..Config::default() };
        let mut checked = 0;
        for e in generate("numerals.read", 3000, 9, &config).unwrap() {
            if e.metadata["style"] == "traditional" {
                assert_eq!(e.metadata["numeral"], independent_numeral(e.answer.parse().unwrap()), "{}", e.answer);
                checked += 1;
            }
            assert_eq!(
                uraikal_numbers::from_numerals(e.metadata["numeral"].as_str().unwrap()).unwrap().to_string(),
                e.answer
            );
        }
        assert!(checked > 1000);
    }
}

#[test]
fn number_words_agree_with_the_library_and_read_back() {
    for (name, register) in
        [("numbers.spoken", uraikal_numbers::Register::Spoken), ("numbers.written", uraikal_numbers::Register::Written)]
    {
        for e in generate(name, 2000, 13, &Config::default()).unwrap() {
            let n = e.metadata["number"].as_i64().unwrap();
            assert_eq!(e.answer, uraikal_numbers::to_words(n, register).unwrap());
            // Exact lakhs read back as "1 லட்சம்" (SPEC U7.4); every other number reads back whole.
            if n % 100_000 != 0 || n == 0 {
                assert_eq!(uraikal_numbers::to_digits(&e.answer), n.to_string(), "{}", e.answer);
            }
        }
    }
}

#[test]
fn speech_and_prosody_answers_are_the_library_outputs() {
    for name in ["tn.date", "tn.money", "tn.phone", "tn.time"] {
        for e in generate(name, 500, 17, &Config { difficulty: Difficulty::Hard, ..Config::default() }).unwrap() {
            let text = e.metadata["text"].as_str().unwrap();
            assert_eq!(e.answer, uraikal_numbers::tn(text, uraikal_numbers::Register::Spoken));
            assert!(!e.answer.chars().any(|c| c.is_ascii_digit()), "{name}: {text} → {}", e.answer);
        }
    }
    for e in generate("yaappu.venba", 300, 17, &Config::default()).unwrap() {
        let scan = uraikal_yaappu::scan(e.metadata["text"].as_str().unwrap());
        assert_eq!(e.answer == "ஆம்", scan.valid);
        assert_eq!(e.metadata["valid"], scan.valid);
    }
    let entries = generate("yaappu.venba", 1000, 17, &Config::default()).unwrap();
    let yes = entries.iter().filter(|e| e.answer == "ஆம்").count();
    assert!((300..700).contains(&yes), "the verdicts are balanced: {yes} of 1000 valid");
}

#[test]
fn prosody_answers_are_the_scan_of_the_kural_in_the_metadata() {
    for e in generate("yaappu.asai", 300, 19, &Config::default()).unwrap() {
        let scan = uraikal_yaappu::scan(e.metadata["text"].as_str().unwrap());
        let cir = &scan.cirs[e.metadata["cir"].as_u64().unwrap() as usize - 1];
        let names: Vec<&str> = cir.asai.iter().map(|a| a.name()).collect();
        assert_eq!(e.answer, names.join(" "));
        assert_eq!(e.metadata["cir_text"], cir.text.as_str());
    }
    for e in generate("yaappu.vaaypaadu", 300, 19, &Config::default()).unwrap() {
        let scan = uraikal_yaappu::scan(e.metadata["text"].as_str().unwrap());
        assert_eq!(Some(e.answer.as_str()), scan.cirs[e.metadata["cir"].as_u64().unwrap() as usize - 1].pattern);
    }
    for e in generate("yaappu.talai", 300, 19, &Config::default()).unwrap() {
        let scan = uraikal_yaappu::scan(e.metadata["text"].as_str().unwrap());
        assert_eq!(e.answer, scan.talai[e.metadata["cir"].as_u64().unwrap() as usize - 1].name());
    }
}
