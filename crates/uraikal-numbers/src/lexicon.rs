//! The number-word lexicon of `to_digits`: every form of both registers (standalone, combining, fused
//! 21–99 and q×1000 words, stems before vowel-initial suffixes) plus common variant spellings, in a trie
//! so that one walk over a word finds every number-word prefix of it (SPEC U5).

use std::sync::OnceLock;

use crate::sandhi::{elide, fuse};

pub(crate) const LAKH: u64 = 100_000;
pub(crate) const CRORE: u64 = 10_000_000;

/// What one lexicon form means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The value below a thousand (for fused thousands, the multiplier q of q×1000).
    pub small: Option<u16>,
    /// 1000, 10^5 or 10^7 when the form carries a scale word; 0 otherwise.
    pub scale: u64,
    /// A combining form (…த்து, …த்தி, …ற்று, கோடியே): the number goes on.
    pub combining: bool,
    /// A stem that must be followed by a vowel-initial suffix (அஞ்ச் in அஞ்சாவது).
    pub stem: bool,
    /// ஒரு / ஓர்: 1 only before a scale word or after a combining form; otherwise the article.
    pub article: bool,
    /// A plain digit word 0–9 (digit-by-digit readings and decimals).
    pub digit: bool,
}

impl Entry {
    fn small(value: u16) -> Entry {
        Entry { small: Some(value), scale: 0, combining: false, stem: false, article: false, digit: false }
    }

    fn scaled(small: Option<u16>, scale: u64) -> Entry {
        Entry { small, scale, combining: false, stem: false, article: false, digit: false }
    }

    fn combining(self) -> Entry {
        Entry { combining: true, ..self }
    }

    /// A form that is only a scale word (லட்சம், ஆயிரத்து), i.e. a multiplication of what precedes.
    pub fn is_pure_scale(&self) -> bool {
        self.small.is_none() && self.scale > 0
    }
}

const UNITS: [&[&str]; 10] = [
    &["பூஜ்ஜியம்", "பூஜ்யம்", "பூஜியம்", "பூச்சியம்", "சுழியம்", "சைபர்", "ஸைபர்", "ஸீரோ", "ஜீரோ", "சீரோ"],
    &["ஒன்று", "ஒண்ணு", "ஒன்னு"],
    &["இரண்டு", "ரெண்டு", "இரெண்டு", "ரண்டு"],
    &["மூன்று", "மூணு", "மூனு"],
    &["நான்கு", "நாலு"],
    &["ஐந்து", "அஞ்சு", "ஐஞ்சு"],
    &["ஆறு"],
    &["ஏழு"],
    &["எட்டு"],
    &["ஒன்பது", "ஒம்போது", "ஒம்பது", "ஒன்போது"],
];

const TEENS: [&[&str]; 10] = [
    &["பத்து"],
    &["பதினொன்று", "பதினொண்ணு", "பதினொன்னு"],
    &["பன்னிரண்டு", "பன்னெண்டு", "பனிரெண்டு", "பனிரண்டு", "பன்னிரெண்டு", "பன்னண்டு", "பன்னன்டு"],
    &["பதின்மூன்று", "பதிமூணு", "பதிமூன்று", "பதின்மூணு", "பதிமூனு"],
    &["பதினான்கு", "பதினாலு", "பதிநான்கு"],
    &["பதினைந்து", "பதினஞ்சு", "பதினைஞ்சு"],
    &["பதினாறு"],
    &["பதினேழு"],
    &["பதினெட்டு"],
    &["பத்தொன்பது", "பத்தொம்போது", "பத்தொம்பது"],
];

/// 20..90: standalone forms and combining stems (without the final ு/ி), index = tens digit − 2.
const TENS: [(&[&str], &[&str]); 8] = [
    (&["இருபது", "இருவது"], &["இருபத்த", "இருவத்த"]),
    (&["முப்பது"], &["முப்பத்த"]),
    (&["நாற்பது", "நாப்பது"], &["நாற்பத்த", "நாப்பத்த"]),
    (&["ஐம்பது", "அம்பது"], &["ஐம்பத்த", "அம்பத்த"]),
    (&["அறுபது", "அறுவது"], &["அறுபத்த", "அறுவத்த"]),
    (&["எழுபது", "எழுவது"], &["எழுபத்த", "எழுவத்த"]),
    (&["எண்பது", "எம்பது"], &["எண்பத்த", "எம்பத்த"]),
    (&["தொண்ணூறு", "தொன்னூறு", "தொண்ணுறு"], &["தொண்ணூற்ற", "தொண்ணூத்த", "தொன்னூற்ற", "தொன்னூத்த"]),
];

/// 100..800: the part before று (standalone …று, combining …ற்று/…த்து/…ற்றி/…த்தி), index = digit − 1.
const HUNDRED_HEADS: [&[&str]; 8] = [
    &["நூ"],
    &["இருநூ", "எரநூ", "எரணூ", "இரநூ", "இருணூ"],
    &["முந்நூ", "முன்னூ"],
    &["நானூ", "நாநூ"],
    &["ஐந்நூ", "அஞ்ஞூ", "ஐநூ", "ஐஞ்ஞூ"],
    &["அறுநூ", "அறநூ"],
    &["எழுநூ"],
    &["எண்ணூ"],
];

const LAKH_FORMS: [&str; 6] = ["லட்சம்", "இலட்சம்", "லட்ஷம்", "லக்ஷம்", "இலக்ஷம்", "லெட்சம்"];

/// The two endings of a combining form in either register.
const JOINERS: [char; 2] = ['\u{0BC1}', '\u{0BBF}'];

/// Every full (non-stem) form with its meaning.
fn full_forms() -> Vec<(String, Entry)> {
    let mut forms = Vec::new();
    // Sub-hundred standalone words, kept apart: the thousands are built from them.
    let mut below_hundred: Vec<(u16, String)> = Vec::new();
    for (value, variants) in UNITS.iter().enumerate() {
        for v in variants.iter() {
            below_hundred.push((value as u16, v.to_string()));
        }
    }
    for (i, variants) in TEENS.iter().enumerate() {
        for v in variants.iter() {
            below_hundred.push((10 + i as u16, v.to_string()));
        }
    }
    for (i, (standalone, stems)) in TENS.iter().enumerate() {
        let tens = 10 * (i as u16 + 2);
        for s in standalone.iter() {
            below_hundred.push((tens, s.to_string()));
        }
        for stem in stems.iter() {
            for joiner in JOINERS {
                forms.push((format!("{stem}{joiner}"), Entry::small(tens).combining()));
                for (unit, variants) in UNITS.iter().enumerate().skip(1) {
                    for v in variants.iter() {
                        below_hundred.push((tens + unit as u16, fuse(stem, joiner, v)));
                    }
                }
            }
        }
    }
    for (value, word) in &below_hundred {
        let digit = *value < 10;
        forms.push((word.clone(), Entry { digit, ..Entry::small(*value) }));
    }
    for word in ["ஒரு", "ஓர்"] {
        forms.push((word.to_string(), Entry { article: true, ..Entry::small(1) }));
    }
    // 11, 21, …, 91 before a noun or scale word end in the adjective ஒரு (பதினொரு, இருபத்தொரு லட்சம்).
    let adjectives: Vec<(u16, String)> = below_hundred
        .iter()
        .filter(|(value, _)| *value > 10 && value % 10 == 1)
        .filter_map(|(value, word)| {
            ["ொன்று", "ொண்ணு", "ொன்னு"]
                .iter()
                .find_map(|one| word.strip_suffix(one))
                .map(|stem| (*value, format!("{stem}ொரு")))
        })
        .collect();
    for (value, word) in adjectives {
        if !forms.iter().any(|(known, _)| *known == word) {
            forms.push((word, Entry::small(value)));
        }
    }
    // Hundreds.
    for (i, heads) in HUNDRED_HEADS.iter().enumerate() {
        let value = 100 * (i as u16 + 1);
        for head in heads.iter() {
            forms.push((format!("{head}று"), Entry::small(value)));
            for middle in ["ற்ற", "த்த"] {
                for joiner in JOINERS {
                    forms.push((format!("{head}{middle}{joiner}"), Entry::small(value).combining()));
                }
            }
        }
    }
    forms.push(("தொள்ளாயிரம்".to_string(), Entry::small(900)));
    for joiner in JOINERS {
        forms.push((format!("தொள்ளாயிரத்த{joiner}"), Entry::small(900).combining()));
    }
    // Thousands: q×1000 fused for q < 100, each standalone (…ஆயிரம்) and combining (…ஆயிரத்து/த்தி).
    let mut thousands: Vec<(Option<u16>, String)> = vec![(None, "ஆயிரம்".to_string())];
    thousands.push((Some(1), "ஓராயிரம்".to_string()));
    thousands.push((Some(3), "மூவாயிரம்".to_string()));
    thousands.push((Some(5), "ஐயாயிரம்".to_string()));
    thousands.push((Some(11), "பதினோராயிரம்".to_string()));
    for (i, (_, stems)) in TENS.iter().enumerate() {
        let tens = 10 * (i as u16 + 2);
        for stem in stems.iter() {
            thousands.push((Some(tens + 1), format!("{stem}ோராயிரம்")));
            thousands.push((Some(tens + 5), format!("{stem}ையாயிரம்")));
        }
    }
    for (value, word) in below_hundred.iter().filter(|(v, _)| *v >= 1) {
        if word.ends_with('\u{0BC1}') {
            thousands.push((Some(*value), format!("{}ாயிரம்", elide(word))));
        }
    }
    for (q, word) in thousands {
        let entry = Entry::scaled(q, 1000);
        let head = word.trim_end_matches("ம்");
        for middle in ["த்து", "த்தி"] {
            forms.push((format!("{head}{middle}"), entry.combining()));
        }
        forms.push((word, entry));
    }
    for lakh in LAKH_FORMS {
        let entry = Entry::scaled(None, LAKH);
        let head = lakh.trim_end_matches("ம்");
        for middle in ["த்து", "த்தி"] {
            forms.push((format!("{head}{middle}"), entry.combining()));
        }
        forms.push((lakh.to_string(), entry));
    }
    forms.push(("கோடி".to_string(), Entry::scaled(None, CRORE)));
    forms.push(("கோடியே".to_string(), Entry::scaled(None, CRORE).combining()));
    forms
}

/// The stem of a full form before a vowel-initial suffix: a final ு, ி or pulli gives way (அஞ்சு → அஞ்ச,
/// ஆயிரம் → ஆயிரம without pulli); கோடி takes a ய glide (கோடிய).
fn stem_of(form: &str) -> Option<String> {
    if form == "கோடி" {
        return Some("கோடிய".to_string());
    }
    let last = form.chars().next_back()?;
    matches!(last, '\u{0BC1}' | '\u{0BBF}' | '\u{0BCD}').then(|| form[..form.len() - last.len_utf8()].to_string())
}

struct Node {
    /// (code of the next Tamil character, node index), sorted by code.
    children: Vec<(u8, u32)>,
    entry: Option<Entry>,
}

/// The code of a Tamil-block character (U+0B80..U+0BFF) whose UTF-8 starts at `bytes[0]`: 0..=127.
/// Walking bytes instead of chars keeps the lookup cheap even in unoptimised test builds.
pub(crate) fn tamil_code(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [0xE0, b1 @ (0xAE | 0xAF), b2, ..] => Some(((b1 - 0xAE) << 6) | (b2 & 0x3F)),
        _ => None,
    }
}

/// A trie over the forms, keyed by Tamil character codes.
pub(crate) struct Lexicon {
    nodes: Vec<Node>,
    /// The root's children by code (0 = none): most words fail at the first character.
    root: [u32; 128],
}

impl Lexicon {
    fn build() -> Lexicon {
        let mut lexicon = Lexicon { nodes: vec![Node { children: Vec::new(), entry: None }], root: [0; 128] };
        let forms = full_forms();
        // Full forms win over stems that happen to be spelled the same.
        for (form, entry) in &forms {
            lexicon.insert(form, *entry);
        }
        for (form, entry) in &forms {
            if let Some(stem) = stem_of(form) {
                let entry = Entry { stem: true, combining: false, ..*entry };
                lexicon.insert(&stem, entry);
            }
        }
        for node in &mut lexicon.nodes {
            node.children.sort_unstable_by_key(|(c, _)| *c);
        }
        for &(code, next) in &lexicon.nodes[0].children {
            lexicon.root[usize::from(code)] = next;
        }
        lexicon
    }

    fn insert(&mut self, key: &str, entry: Entry) {
        let bytes = key.as_bytes();
        let mut at = 0usize;
        let mut i = 0;
        while i < bytes.len() {
            let Some(code) = tamil_code(&bytes[i..]) else { unreachable!("lexicon forms are Tamil-block only: {key}") };
            i += 3;
            at = match self.nodes[at].children.iter().find(|(k, _)| *k == code) {
                Some(&(_, next)) => next as usize,
                None => {
                    self.nodes.push(Node { children: Vec::new(), entry: None });
                    let next = self.nodes.len() - 1;
                    self.nodes[at].children.push((code, next as u32));
                    next
                }
            };
        }
        self.nodes[at].entry.get_or_insert(entry);
    }

    /// Every (byte length, entry) of a form that is a prefix of `word`, shortest first.
    pub fn prefixes(&self, word: &str, found: &mut Vec<(usize, Entry)>) {
        found.clear();
        let bytes = word.as_bytes();
        let Some(first) = tamil_code(bytes) else { return };
        let mut at = self.root[usize::from(first)] as usize;
        if at == 0 {
            return;
        }
        let mut i = 3;
        if let Some(entry) = self.nodes[at].entry {
            found.push((i, entry));
        }
        while let Some(code) = tamil_code(&bytes[i..]) {
            let children = &self.nodes[at].children;
            let mut k = 0;
            while k < children.len() && children[k].0 < code {
                k += 1;
            }
            if k == children.len() || children[k].0 != code {
                return;
            }
            at = children[k].1 as usize;
            i += 3;
            if let Some(entry) = self.nodes[at].entry {
                found.push((i, entry));
            }
        }
    }

    #[cfg(test)]
    pub fn get(&self, word: &str) -> Option<Entry> {
        let mut found = Vec::new();
        self.prefixes(word, &mut found);
        found.last().filter(|(len, _)| *len == word.len()).map(|(_, e)| *e)
    }
}

/// The lexicon, built once.
pub(crate) fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(Lexicon::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_forms_never_disagree() {
        let mut seen = std::collections::HashMap::new();
        for (form, entry) in full_forms() {
            if let Some(previous) = seen.insert(form.clone(), entry) {
                assert_eq!(previous, entry, "{form} has two meanings");
            }
        }
    }

    #[test]
    fn forms_are_composed() {
        // Lookups compose the two-part vowels first, so the lexicon itself must hold composed forms.
        for (form, _) in full_forms() {
            assert!(!form.contains("\u{0BC6}\u{0BBE}") && !form.contains("\u{0BC7}\u{0BBE}"), "{form}");
        }
    }

    #[test]
    fn sample_forms() {
        let lexicon = lexicon();
        assert_eq!(lexicon.get("இருவத்தஞ்சு").and_then(|e| e.small), Some(25));
        assert_eq!(lexicon.get("பதினோராயிரம்").map(|e| (e.small, e.scale)), Some((Some(11), 1000)));
        assert_eq!(lexicon.get("அஞ்ச").map(|e| e.stem), Some(true));
        assert!(lexicon.get("கோடியே").is_some_and(|e| e.combining));
    }
}
