//! The scansion: verse text → words of prosodic letters (with sandhi applied) → அசை → சீர் → தளை → verdict.
//! SPEC.md section Y states every rule this file implements, in the same order.

use crate::letter::{vowel, Letter};
use crate::{Asai, Cir, Optional, Scan, Talai, Toggle};

/// A word (token) of the verse, after sandhi.
#[derive(Debug, Clone)]
struct Word {
    letters: Vec<Letter>,
    line: usize,
}

/// Scans a verse; lines are separated by newlines. Never panics; anything that is not a Tamil letter is
/// left out of the scansion (punctuation silently, anything else with a problem named).
pub fn scan(text: &str) -> Scan {
    let cleaned = uraikal_text::clean_with(text, uraikal_text::CleanOptions::legacy_au(true));
    let mut problems = Vec::new();
    let mut words = read_words(&cleaned, &mut problems);
    for w in &mut words {
        join_inside_word(&mut w.letters);
    }
    elide_across_words(&mut words);
    merge_weightless_words(&mut words);
    if words.is_empty() {
        problems.push("no Tamil syllable to scan".to_string());
        return Scan {
            valid: false,
            metre: None,
            lines: Vec::new(),
            cirs: Vec::new(),
            talai: Vec::new(),
            problems,
            toggles: Vec::new(),
        };
    }

    let options = optional_letters(&words);
    let base = judge(&words, &[], &options);
    if base.valid {
        return with_problems(base, problems);
    }
    // Optional-weight letters are counted; toggle the fewest that make the verse scan (SPEC Y6).
    for size in 1..=options.len().min(3) {
        let mut chosen = Vec::new();
        if let Some(found) = search(&words, &options, size, 0, &mut chosen) {
            return with_problems(found, problems);
        }
    }
    with_problems(base, problems)
}

fn with_problems(mut scan: Scan, mut extra: Vec<String>) -> Scan {
    extra.append(&mut scan.problems);
    scan.problems = extra;
    scan
}

fn search(
    words: &[Word],
    options: &[(usize, usize, Optional)],
    size: usize,
    from: usize,
    chosen: &mut Vec<usize>,
) -> Option<Scan> {
    if chosen.len() == size {
        let result = judge(words, chosen, options);
        return result.valid.then_some(result);
    }
    for i in from..options.len() {
        chosen.push(i);
        if let Some(found) = search(words, options, size, i + 1, chosen) {
            return Some(found);
        }
        chosen.pop();
    }
    None
}

/// Splits lines and words and decodes letters; punctuation is dropped, other non-letters are reported.
fn read_words(text: &str, problems: &mut Vec<String>) -> Vec<Word> {
    let mut words = Vec::new();
    for (line, line_text) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for token in line_text.split_whitespace() {
            let mut letters = Vec::new();
            for l in uraikal_text::letters(token) {
                match Letter::parse(l.as_str()) {
                    Some(letter) => letters.push(letter),
                    None if l.as_str().chars().all(is_ignorable) => {}
                    None => problems.push(format!("ignored {:?}: not a Tamil letter", l.as_str())),
                }
            }
            if !letters.is_empty() {
                words.push(Word { letters, line });
            }
        }
    }
    words
}

fn is_ignorable(c: char) -> bool {
    c.is_ascii_punctuation()
        || c.is_ascii_digit()
        || matches!(c, '\u{200C}' | '\u{200D}' | '‘' | '’' | '“' | '”' | '…' | '–' | '—' | '।' | '॥')
}

/// A word with no vowel (a lone mei or ஃ) is no cir: it joins the word before it (or, first, the one after).
fn merge_weightless_words(words: &mut Vec<Word>) {
    let mut i = 0;
    while i < words.len() {
        if words[i].letters.iter().any(|l| l.vowel.is_some()) {
            i += 1;
            continue;
        }
        let lone = words.remove(i);
        if i > 0 {
            words[i - 1].letters.extend(lone.letters);
        } else if let Some(next) = words.first_mut() {
            next.letters.splice(0..0, lone.letters);
        }
    }
}

/// Kutriyalukaram: a final கு சு டு து பு று in a word of three or more letters, or of two with a nedil first.
fn is_kutriyalukaram(word: &[Letter]) -> bool {
    match word {
        [first, last] => last.is_hard_u() && first.is_nedil(),
        [_, _, .., last] => last.is_hard_u(),
        _ => false,
    }
}

/// Inside a word: a kutriyalukaram before a vowel elides (அன்புஈனும் → அன்பீனும்); a mei before a vowel
/// joins it (…ண்அ… → …ண…), doubling after a monosyllabic kuril + mei (கண்அன்ன → கண்ணன்ன).
fn join_inside_word(letters: &mut Vec<Letter>) {
    let mut i = 0;
    while i + 1 < letters.len() {
        let next = letters[i + 1].clone();
        if next.is_uyir() {
            let here = &letters[i];
            if here.is_hard_u() && is_kutriyalukaram(&letters[..=i]) {
                letters[i] = Letter::uyirmei(here.consonant.unwrap_or('க'), next.vowel.unwrap_or(vowel::A));
                letters.remove(i + 1);
                continue;
            }
            if let (true, Some(c), Some(v)) = (here.is_mei(), here.consonant, next.vowel) {
                if i == 1 && letters[0].is_kuril() {
                    letters[i + 1] = Letter::uyirmei(c, v);
                } else {
                    letters[i] = Letter::uyirmei(c, v);
                    letters.remove(i + 1);
                }
            }
        }
        i += 1;
    }
}

/// Across words (and lines): a kutriyalukaram before a word that starts with a vowel elides, and its
/// consonant joins that vowel: வான்நின்று உலகம் → வான்நின் றுலகம்.
fn elide_across_words(words: &mut [Word]) {
    for i in 0..words.len().saturating_sub(1) {
        let (left, right) = words.split_at_mut(i + 1);
        let (here, next) = (&mut left[i], &mut right[0]);
        let Some(first) = next.letters.first() else { continue };
        if first.is_uyir() && here.letters.len() > 1 && is_kutriyalukaram(&here.letters) {
            let u = here.letters.pop().expect("checked non-empty");
            next.letters[0] = Letter::uyirmei(u.consonant.unwrap_or('க'), first.vowel.unwrap_or(vowel::A));
        }
    }
}

/// The letters whose weight is optional: (word, letter, kind). The verse's last letter is never one: it
/// decides காசு/பிறப்பு.
fn optional_letters(words: &[Word]) -> Vec<(usize, usize, Optional)> {
    let mut out = Vec::new();
    for (w, word) in words.iter().enumerate() {
        let last_word = w + 1 == words.len();
        for (i, l) in word.letters.iter().enumerate() {
            let kind = if l.aaytham {
                Some(Optional::Aaytham)
            } else if i > 0 && l.is_uyir() && word.letters[i - 1].alapedai_vowel() == l.vowel {
                Some(Optional::Alapedai)
            } else if i + 1 == word.letters.len() && !last_word && is_kutriyalukaram(&word.letters) {
                Some(Optional::Kutriyalukaram)
            } else if l.vowel == Some(vowel::I)
                // The இ a kutriyalukaram becomes before ய, inside a word (நாடியாது) or at the start of the next
                // cir where an edition splits there (அருளல்ல தியாதெனின்).
                && matches!(l.consonant, Some('க' | 'ச' | 'ட' | 'த' | 'ப' | 'ற'))
                && word.letters.get(i + 1).is_some_and(|n| n.consonant == Some('ய'))
                && (i >= 2 || (i == 1 && word.letters[0].is_nedil()) || (i == 0 && w > 0))
            {
                Some(Optional::Kutriyalikaram)
            } else {
                None
            };
            if let Some(kind) = kind {
                out.push((w, i, kind));
            }
        }
    }
    out
}

/// A syllable: letters `start..end` of a word, led by one weight-bearing letter.
struct Syllable {
    start: usize,
    end: usize,
    kuril: bool,
    /// Followed (inside the syllable) by a mei or a letter that carries no weight.
    closed: bool,
}

/// Whether a letter carries weight given the toggled optional letters.
fn carries_weight(letter: &Letter, toggled: bool) -> bool {
    if letter.aaytham {
        toggled // ஃ carries no weight unless toggled (SPEC Y6)
    } else {
        letter.vowel.is_some() && !toggled
    }
}

fn syllables(word: &[Letter], toggled: &dyn Fn(usize) -> bool) -> Vec<Syllable> {
    let mut out: Vec<Syllable> = Vec::new();
    for (i, letter) in word.iter().enumerate() {
        if carries_weight(letter, toggled(i)) {
            out.push(Syllable {
                start: if out.is_empty() { 0 } else { i },
                end: i + 1,
                kuril: letter.is_kuril() || letter.aaytham,
                closed: false,
            });
        } else if let Some(last) = out.last_mut() {
            // A mei (or a letter that carries no weight) closes the syllable before it.
            last.end = i + 1;
            last.closed = true;
        }
    }
    if let Some(last) = out.last_mut() {
        last.end = word.len();
    }
    out
}

/// நிரை = a kuril not closed by a mei, then any syllable; நேர் = one syllable (SPEC Y2).
fn asai_of(word: &[Letter], toggled: &dyn Fn(usize) -> bool) -> Vec<(Asai, usize, usize)> {
    let syl = syllables(word, toggled);
    let mut out = Vec::new();
    let mut i = 0;
    while i < syl.len() {
        if syl[i].kuril && !syl[i].closed && i + 1 < syl.len() {
            out.push((Asai::Nirai, syl[i].start, syl[i + 1].end));
            i += 2;
        } else {
            out.push((Asai::Ner, syl[i].start, syl[i].end));
            i += 1;
        }
    }
    out
}

fn index(a: Asai, b: Asai) -> usize {
    (a == Asai::Nirai) as usize + 2 * (b == Asai::Nirai) as usize
}

/// The வாய்பாடு name of a cir (SPEC Y3). `last` allows the one-asai and -உ endings.
fn pattern(asai: &[Asai], ends_in_u: bool, last: bool) -> Option<&'static str> {
    use Asai::*;
    // Index order for two asai: (first, second) = nēr nēr, nirai nēr, nēr nirai, nirai nirai.
    const TWO: [&str; 4] = ["தேமா", "புளிமா", "கூவிளம்", "கருவிளம்"];
    const KAAI: [&str; 4] = ["தேமாங்காய்", "புளிமாங்காய்", "கூவிளங்காய்", "கருவிளங்காய்"];
    const KANI: [&str; 4] = ["தேமாங்கனி", "புளிமாங்கனி", "கூவிளங்கனி", "கருவிளங்கனி"];
    const FOUR: [[&str; 4]; 4] = [
        ["தேமாந்தண்பூ", "புளிமாந்தண்பூ", "கூவிளந்தண்பூ", "கருவிளந்தண்பூ"],
        ["தேமாநறும்பூ", "புளிமாநறும்பூ", "கூவிளநறும்பூ", "கருவிளநறும்பூ"],
        ["தேமாந்தண்ணிழல்", "புளிமாந்தண்ணிழல்", "கூவிளந்தண்ணிழல்", "கருவிளந்தண்ணிழல்"],
        ["தேமாநறுநிழல்", "புளிமாநறுநிழல்", "கூவிளநறுநிழல்", "கருவிளநறுநிழல்"],
    ];
    Some(match *asai {
        [Ner] => "நாள்",
        [Nirai] => "மலர்",
        [a, Ner] if last && ends_in_u => {
            if a == Ner {
                "காசு"
            } else {
                "பிறப்பு"
            }
        }
        [a, b] => TWO[index(a, b)],
        [a, b, Ner] => KAAI[index(a, b)],
        [a, b, Nirai] => KANI[index(a, b)],
        [a, b, c, d] => FOUR[index(c, d)][index(a, b)],
        _ => return None,
    })
}

/// The class a cir gives the talai that follows it.
#[derive(Clone, Copy, PartialEq)]
enum Class {
    Maa,
    Vilam,
    Kaai,
    Kani,
}

fn class(asai: &[Asai]) -> Class {
    match (asai.len(), asai.last()) {
        (0..=2, Some(Asai::Nirai)) => Class::Vilam,
        (0..=2, _) => Class::Maa,
        (_, Some(Asai::Nirai)) => Class::Kani,
        _ => Class::Kaai,
    }
}

fn talai(prev: Class, next_first: Asai) -> Talai {
    match (prev, next_first) {
        (Class::Maa, Asai::Ner) => Talai::NerOndruAasiriyam,
        (Class::Vilam, Asai::Nirai) => Talai::NiraiOndruAasiriyam,
        (Class::Maa, Asai::Nirai) | (Class::Vilam, Asai::Ner) => Talai::IyarcirVendalai,
        (Class::Kaai, Asai::Ner) => Talai::VencirVendalai,
        (Class::Kaai, Asai::Nirai) => Talai::Kalitalai,
        (Class::Kani, Asai::Nirai) => Talai::OndriyaVanjitalai,
        (Class::Kani, Asai::Ner) => Talai::OndraathaVanjitalai,
    }
}

fn text_of(letters: &[Letter]) -> String {
    letters.iter().map(Letter::text).collect()
}

/// Scans with the chosen optional letters toggled and judges the verse as a வெண்பா (SPEC Y4–Y5).
fn judge(words: &[Word], chosen: &[usize], options: &[(usize, usize, Optional)]) -> Scan {
    let toggled_here = |w: usize| move |i: usize| chosen.iter().any(|&k| options[k].0 == w && options[k].1 == i);
    let mut cirs = Vec::with_capacity(words.len());
    for (w, word) in words.iter().enumerate() {
        let is_toggled = toggled_here(w);
        let spans = asai_of(&word.letters, &is_toggled);
        let asai: Vec<Asai> = spans.iter().map(|s| s.0).collect();
        let ends_in_u = spans.last().is_some_and(|&(_, start, end)| {
            end - start == 1 && word.letters[start].consonant.is_some() && word.letters[start].vowel == Some(vowel::U)
        });
        let last = w + 1 == words.len();
        cirs.push(Cir {
            text: text_of(&word.letters),
            letters: word.letters.iter().map(Letter::text).collect(),
            asai_text: spans.iter().map(|&(_, s, e)| text_of(&word.letters[s..e])).collect(),
            pattern: pattern(&asai, ends_in_u, last),
            asai,
            line: word.line + 1,
            optional: options.iter().filter(|o| o.0 == w).map(|o| (word.letters[o.1].text(), o.2)).collect(),
        });
    }
    let talais: Vec<Talai> =
        cirs.windows(2).map(|p| talai(class(&p[0].asai), p[1].asai.first().copied().unwrap_or(Asai::Ner))).collect();

    let mut lines: Vec<usize> = Vec::new();
    for c in &cirs {
        if lines.len() < c.line {
            lines.resize(c.line, 0);
        }
        lines[c.line - 1] += 1;
    }
    lines.retain(|&n| n > 0);

    let mut problems = Vec::new();
    if lines.len() < 2 {
        problems.push(format!("a வெண்பா has at least two lines; this verse has {}", lines.len()));
    }
    for (i, &n) in lines.iter().enumerate() {
        let want = if i + 1 == lines.len() { 3 } else { 4 };
        if n != want {
            problems.push(format!(
                "line {} has {n} cirs; a வெண்பா line has {want}{}",
                i + 1,
                if want == 3 { " in its last line" } else { "" }
            ));
        }
    }
    let n = cirs.len();
    for (i, c) in cirs.iter().enumerate().take(n.saturating_sub(1)) {
        let name = c.pattern.unwrap_or("no வாய்பாடு");
        match c.asai.len() {
            2 => {}
            3 if c.asai[2] == Asai::Ner => {}
            3 => problems.push(format!("cir {} ({}) is {name}: a கனி cir is not allowed in a வெண்பா", i + 1, c.text)),
            1 => {
                problems.push(format!("cir {} ({}) is {name}, a one-asai cir, allowed only at the end", i + 1, c.text))
            }
            k => problems.push(format!(
                "cir {} ({}) has {k} asai ({name}): only two- and three-asai cirs are allowed",
                i + 1,
                c.text
            )),
        }
    }
    for (i, t) in talais.iter().enumerate() {
        if !t.is_vendalai() {
            problems.push(format!(
                "talai {} ({} → {}) is {}, not a வெண்டளை",
                i + 1,
                cirs[i].text,
                cirs[i + 1].text,
                t.name()
            ));
        }
    }
    if let Some(last) = cirs.last() {
        if !matches!(last.pattern, Some("நாள்" | "மலர்" | "காசு" | "பிறப்பு")) {
            problems.push(format!(
                "the last cir ({}) is {}: a வெண்பா ends in நாள், மலர், காசு or பிறப்பு",
                last.text,
                last.pattern.unwrap_or("no வாய்பாடு")
            ));
        }
    }
    let valid = problems.is_empty();
    let metre = if valid {
        Some(match lines.len() {
            2 => "குறள் வெண்பா",
            3 => "சிந்தியல் வெண்பா",
            4 => "அளவியல் வெண்பா",
            _ => "பஃறொடை வெண்பா",
        })
    } else {
        None
    };
    let toggles = chosen
        .iter()
        .map(|&k| {
            let (w, i, kind) = options[k];
            Toggle { cir: w + 1, letter: words[w].letters[i].text(), kind }
        })
        .collect();
    Scan { valid, metre, lines, cirs, talai: talais, problems, toggles }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str) -> Vec<Letter> {
        uraikal_text::letters(text).filter_map(|l| Letter::parse(l.as_str())).collect()
    }

    fn asai_text(text: &str) -> String {
        let w = word(text);
        asai_of(&w, &|_| false).iter().map(|&(_, s, e)| text_of(&w[s..e])).collect::<Vec<_>>().join("/")
    }

    #[test]
    fn asai_splits() {
        for (text, want) in [
            ("அகர", "அக/ர"),
            ("எழுத்தெல்லாம்", "எழுத்/தெல்/லாம்"),
            ("கற்றதனால்", "கற்/றத/னால்"),
            ("தொழாஅர்", "தொழா/அர்"),
            ("எனின்", "எனின்"),
            ("தனக்குவமை", "தனக்/குவ/மை"),
        ] {
            assert_eq!(asai_text(text), want, "{text}");
        }
    }

    #[test]
    fn kutriyalukaram_needs_three_letters_or_a_nedil_first() {
        assert!(is_kutriyalukaram(&word("நாடு")));
        assert!(is_kutriyalukaram(&word("வரகு")));
        assert!(is_kutriyalukaram(&word("அஃது")));
        assert!(!is_kutriyalukaram(&word("பசு")));
        assert!(!is_kutriyalukaram(&word("அது")));
    }

    #[test]
    fn sandhi_inside_and_across_words() {
        let mut w = word("அன்புஈனும்");
        join_inside_word(&mut w);
        assert_eq!(text_of(&w), "அன்பீனும்");
        let mut w = word("கண்அன்ன");
        join_inside_word(&mut w);
        assert_eq!(text_of(&w), "கண்ணன்ன");
        let mut words = vec![Word { letters: word("வான்நின்று"), line: 0 }, Word { letters: word("உலகம்"), line: 0 }];
        elide_across_words(&mut words);
        assert_eq!(text_of(&words[0].letters), "வான்நின்");
        assert_eq!(text_of(&words[1].letters), "றுலகம்");
    }
}
