//! Tamil numerals in both systems (SPEC U9–U11): the traditional multiplicative one of CLDR `%tamil`
//! (௲௯௱௫௰௬ = 1956) and the positional one (௨௦௨௪ = 2024).

use crate::{Error, ErrorKind};

/// Which numeral system to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Style {
    /// CLDR `%tamil` (ICU numbering system `taml`): ௰ ௱ ௲ with multipliers before and addends after; no
    /// zero; positional digits from 10^8 up, as CLDR does.
    #[default]
    Traditional,
    /// Place-value digits ௦–௯, like ASCII digits.
    Positional,
}

const TEN: char = '௰';
const HUNDRED: char = '௱';
const THOUSAND: char = '௲';
const LAKH: u64 = 100_000;
const TRADITIONAL_LIMIT: u64 = 100_000_000;

fn digit_char(d: u64) -> char {
    char::from_u32(0x0BE6 + d as u32).unwrap_or('௦')
}

fn digit_value(c: char) -> Option<u64> {
    ('௦'..='௯').contains(&c).then(|| u64::from(c as u32 - 0x0BE6))
}

/// Writes n as a numeral.
///
/// ```
/// use uraikal_numbers::{to_numerals, Style};
/// assert_eq!(to_numerals(1956, Style::Traditional), "௲௯௱௫௰௬");
/// assert_eq!(to_numerals(2024, Style::Positional), "௨௦௨௪");
/// ```
pub fn to_numerals(n: u64, style: Style) -> String {
    let mut out = String::new();
    if style == Style::Positional || n == 0 || n >= TRADITIONAL_LIMIT {
        push_positional(n, &mut out);
    } else {
        push_traditional(n, &mut out);
    }
    out
}

fn push_positional(n: u64, out: &mut String) {
    let digits = n.to_string();
    out.extend(digits.bytes().map(|b| digit_char(u64::from(b - b'0'))));
}

/// 1 ≤ n < 10^8 in the CLDR `%tamil` rules.
fn push_traditional(n: u64, out: &mut String) {
    if n >= 1_000_000 {
        push_below_thousand(n / LAKH, out);
        out.push(HUNDRED);
        out.push(THOUSAND);
        let rest = n % LAKH;
        if rest >= 1000 {
            // After ௱௲ CLDR writes a multiplier of 1 explicitly (௧௲).
            push_below_thousand(rest / 1000, out);
            out.push(THOUSAND);
        }
        push_below_thousand(rest % 1000, out);
    } else {
        if n >= 1000 {
            if n / 1000 > 1 {
                push_below_thousand(n / 1000, out);
            }
            out.push(THOUSAND);
        }
        push_below_thousand(n % 1000, out);
    }
}

/// 0 ≤ n < 1000: [d]௱ [d]௰ d, with d omitted for 1 before a sign and nothing for 0.
fn push_below_thousand(n: u64, out: &mut String) {
    for (place, sign) in [(100, HUNDRED), (10, TEN)] {
        let d = n / place % 10;
        if d > 1 {
            out.push(digit_char(d));
        }
        if d > 0 {
            out.push(sign);
        }
    }
    if !n.is_multiple_of(10) {
        out.push(digit_char(n % 10));
    }
}

/// Reads a Tamil numeral of either system (surrounding whitespace is ignored). Any ௰ ௱ ௲ means
/// traditional, any ௦ or two adjacent digits positional; a mix, a malformed traditional numeral or any other
/// character is an error naming the character index — never a wrong number.
///
/// ```
/// use uraikal_numbers::from_numerals;
/// assert_eq!(from_numerals("௨௱௫").unwrap(), 205);
/// assert_eq!(from_numerals("௨௦௨௪").unwrap(), 2024);
/// assert!(from_numerals("௲௲").is_err());
/// // CLDR's Indian grouping of positional numerals (#,##,##0):
/// assert_eq!(from_numerals("௧,௯௫௬").unwrap(), 1956);
/// assert_eq!(from_numerals("௧,௦௦,௦௦௦").unwrap(), 100000);
/// assert!(from_numerals("௧௦௦,௦௦௦").is_err());
/// ```
pub fn from_numerals(text: &str) -> Result<u64, Error> {
    let leading = text.chars().take_while(|c| c.is_whitespace()).count();
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.is_empty() {
        return Err(Error::new(ErrorKind::EmptyNumeral));
    }
    let shift = |e: Error| shift_position(e, leading);
    let chars = ungrouped(&chars).map_err(shift)?;
    let system = classify(&chars).map_err(shift)?;
    match system {
        System::Positional => {
            let mut value: u64 = 0;
            for &c in &chars {
                let d = digit_value(c).unwrap_or(0);
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(d))
                    .ok_or_else(|| Error::new(ErrorKind::NumeralOverflow))?;
            }
            Ok(value)
        }
        System::Traditional => parse_traditional(&chars).map_err(shift),
    }
}

/// The digits of a positional numeral written with CLDR's Indian grouping separators (#,##,##0: three
/// digits after the last comma, two between commas, one or two before the first), commas removed; text
/// without commas as it is. A comma anywhere else is a malformed numeral at that comma.
fn ungrouped(chars: &[char]) -> Result<Vec<char>, Error> {
    if !chars.contains(&',') {
        return Ok(chars.to_vec());
    }
    let commas: Vec<usize> = chars.iter().enumerate().filter(|(_, &c)| c == ',').map(|(at, _)| at).collect();
    let groups: Vec<&[char]> = chars.split(|&c| c == ',').collect();
    let last = groups.len() - 1;
    for (index, group) in groups.iter().enumerate() {
        let fits = match index {
            _ if index == last => group.len() == 3,
            0 => (1..=2).contains(&group.len()),
            _ => group.len() == 2,
        };
        if !fits || group.iter().any(|&c| digit_value(c).is_none()) {
            let position = commas[index.min(commas.len() - 1)];
            return Err(Error::new(ErrorKind::MalformedNumeral { position }));
        }
    }
    Ok(chars.iter().copied().filter(|&c| c != ',').collect())
}

fn shift_position(error: Error, by: usize) -> Error {
    match error.kind().clone() {
        ErrorKind::NotANumeral { position, found } => {
            Error::new(ErrorKind::NotANumeral { position: position + by, found })
        }
        ErrorKind::MixedSystems { position } => Error::new(ErrorKind::MixedSystems { position: position + by }),
        ErrorKind::MalformedNumeral { position } => Error::new(ErrorKind::MalformedNumeral { position: position + by }),
        _ => error,
    }
}

#[derive(Debug, PartialEq)]
enum System {
    Traditional,
    Positional,
}

impl Style {
    /// The name used on the command line and in JSON: `traditional` or `positional`.
    pub fn as_str(self) -> &'static str {
        match self {
            Style::Traditional => "traditional",
            Style::Positional => "positional",
        }
    }
}

impl std::str::FromStr for Style {
    type Err = String;

    /// `traditional` or `positional`.
    fn from_str(text: &str) -> Result<Style, String> {
        match text {
            "traditional" => Ok(Style::Traditional),
            "positional" => Ok(Style::Positional),
            other => Err(format!("style must be \"traditional\" or \"positional\", not {other:?}")),
        }
    }
}

/// Decides the system, rejecting foreign characters and mixtures at the first offending index.
fn classify(chars: &[char]) -> Result<System, Error> {
    let mut first_sign = None;
    let mut first_positional = None;
    for (i, &c) in chars.iter().enumerate() {
        match c {
            TEN | HUNDRED | THOUSAND => {
                first_sign.get_or_insert(i);
            }
            '௦' => {
                first_positional.get_or_insert(i);
            }
            _ if digit_value(c).is_some() => {
                if i > 0 && digit_value(chars[i - 1]).is_some() {
                    first_positional.get_or_insert(i);
                }
            }
            _ => return Err(Error::new(ErrorKind::NotANumeral { position: i, found: c })),
        }
    }
    match (first_sign, first_positional) {
        (Some(s), Some(p)) => Err(Error::new(ErrorKind::MixedSystems { position: s.max(p) })),
        (Some(_), None) => Ok(System::Traditional),
        _ => Ok(System::Positional),
    }
}

/// The CLDR grammar (SPEC U10): N := [Q ௱௲] T, T := [[M] ௲] H, H := [d௱][d௰][d], d omitted for 1 before
/// a sign; Q in 10–999, M in 1–999 (after ௱௲: 1–99, written out even when 1).
fn parse_traditional(chars: &[char]) -> Result<u64, Error> {
    let mut at = 0;
    let malformed = |position: usize| Error::new(ErrorKind::MalformedNumeral { position });
    let mut value = 0;
    let head = parse_below_thousand(chars, &mut at);
    let after_lakh = chars.get(at) == Some(&HUNDRED) && chars.get(at + 1) == Some(&THOUSAND);
    let (mut multiplier, lakh_seen) = if after_lakh {
        if head.unwrap_or(0) < 10 {
            return Err(malformed(at));
        }
        value = head.unwrap_or(0) * LAKH;
        at += 2;
        (parse_below_thousand(chars, &mut at), true)
    } else {
        (head, false)
    };
    if chars.get(at) == Some(&THOUSAND) {
        let count = match multiplier {
            Some(m) if !lakh_seen || m < 100 => m,
            Some(_) => return Err(malformed(at)),
            None if !lakh_seen => 1,
            None => return Err(malformed(at)),
        };
        value += count * 1000;
        at += 1;
        multiplier = parse_below_thousand(chars, &mut at);
    }
    value += multiplier.unwrap_or(0);
    if at < chars.len() {
        return Err(malformed(at));
    }
    if value == 0 {
        return Err(malformed(0));
    }
    Ok(value)
}

/// H := [d௱][d௰][d] from `chars[*at..]`; None when nothing was read. Stops before anything else.
fn parse_below_thousand(chars: &[char], at: &mut usize) -> Option<u64> {
    let mut value = 0;
    let mut read = false;
    for (place, sign) in [(100, HUNDRED), (10, TEN)] {
        match (chars.get(*at).copied(), chars.get(*at + 1).copied()) {
            (Some(d), Some(s)) if s == sign && digit_value(d).is_some_and(|d| d >= 2) => {
                value += digit_value(d).unwrap_or(0) * place;
                *at += 2;
                read = true;
            }
            (Some(s), _) if s == sign => {
                value += place;
                *at += 1;
                read = true;
            }
            _ => {}
        }
    }
    if let Some(d) = chars.get(*at).copied().and_then(digit_value) {
        if d >= 1 {
            value += d;
            *at += 1;
            read = true;
        }
    }
    read.then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cldr_vectors_both_ways() {
        // tamil.md §4, verified there with PyICU 72.
        for (text, n) in [
            ("௰", 10),
            ("௰௧", 11),
            ("௨௰", 20),
            ("௨௰௧", 21),
            ("௯௰௯", 99),
            ("௱", 100),
            ("௱௧", 101),
            ("௱௰", 110),
            ("௨௱", 200),
            ("௨௱௫", 205),
            ("௨௱௫௰", 250),
            ("௯௱௯௰௯", 999),
            ("௲", 1000),
            ("௲௧", 1001),
            ("௲௯௱௫௰௬", 1956),
            ("௨௲௨௰௪", 2024),
            ("௩௲௫௱", 3500),
            ("௰௲", 10000),
            ("௰௨௲௩௱௪௰௫", 12345),
            ("௱௲", 100000),
            ("௱௨௰௩௲௪௱௫௰௬", 123456),
            ("௨௱௲", 200000),
            ("௰௱௲", 1000000),
            ("௰௱௲௧", 1000001),
            ("௰௱௲௧௲", 1001000),
            ("௱௱௲", 10000000),
        ] {
            assert_eq!(to_numerals(n, Style::Traditional), text, "to_numerals({n})");
            assert_eq!(from_numerals(text), Ok(n), "from_numerals({text})");
        }
    }
}
