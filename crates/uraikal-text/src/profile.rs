//! Script folds for grapheme comparison (SPEC G7): the nukta normaliser, the per-script profiles (which folds
//! apply to which script) and script detection per token.
//!
//! Everything here is derived from Unicode data at run time (canonical decompositions and combining classes
//! from `unicode-normalization`, the Script property from `unicode-script`); there is no hand-made table of
//! nukta letters.

use std::borrow::Cow;

use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

/// Canonical combining class 7, "Nukta" in UnicodeData.txt: the nuktas of every Indic script (and a few
/// other below-dots) have it.
const CCC_NUKTA: u8 = 7;

/// A fold applied to text before grapheme comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fold {
    /// SPEC G5: `normalize_script`, the Tamil and Sinhala repairs (NFC before and after).
    Script,
    /// SPEC G7.1: `fold_nukta`, every precomposed nukta letter written as base + nukta.
    Nukta,
}

impl Fold {
    /// Every fold, in the order a profile applies them.
    pub const ALL: [Fold; 2] = [Fold::Script, Fold::Nukta];

    /// The fold's name on the command line (`--fold script`, `--fold nukta`).
    pub fn name(self) -> &'static str {
        match self {
            Fold::Script => "script",
            Fold::Nukta => "nukta",
        }
    }

    /// The fold called `name`, or `None`.
    pub fn from_name(name: &str) -> Option<Fold> {
        Fold::ALL.into_iter().find(|fold| fold.name() == name)
    }

    /// Applies this fold to `text` (borrowed when nothing changes).
    pub fn apply(self, text: &str) -> Cow<'_, str> {
        match self {
            Fold::Script => crate::normalize_script(text),
            Fold::Nukta => fold_nukta(text),
        }
    }
}

/// The nukta normaliser (SPEC G7.1): every letter whose canonical decomposition is a base followed by a mark
/// of combining class 7 (Nukta) is written decomposed, as base + nukta; everything else is left as it is
/// (borrowed when nothing changes).
///
/// Unicode 17 has 25 such letters. Decomposed is the form NFC itself keeps for 19 of them (U+0958–095F,
/// U+09DC, 09DD, 09DF, U+0A33, 0A36, 0A59–0A5B, 0A5E, U+0B5C, 0B5D are composition exclusions), so one rule
/// covers every letter; NFC composes only Devanagari ऩ ऱ ऴ (U+0929, 0931, 0934) and Kaithi U+1109A, 1109C,
/// 110AB, which this fold decomposes too. The result is canonically equivalent to the input.
///
/// ```
/// use uraikal_text::fold_nukta;
/// assert_eq!(fold_nukta("\u{0958}"), "\u{0915}\u{093C}"); // क़ → क + ़
/// assert_eq!(fold_nukta("\u{0929}"), "\u{0928}\u{093C}"); // ऩ → न + ़
/// assert_eq!(fold_nukta("\u{09DC}"), "\u{09A1}\u{09BC}"); // ড় → ড + ়
/// assert_eq!(fold_nukta("தமிழ்"), "தமிழ்");
/// ```
pub fn fold_nukta(text: &str) -> Cow<'_, str> {
    let Some(first) = text.char_indices().find(|&(_, c)| nukta_decomposition(c).is_some()).map(|(i, _)| i) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match nukta_decomposition(c) {
            Some((base, nukta)) => {
                out.push(base);
                out.push(nukta);
            }
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `(base, nukta)` when `c`'s full canonical decomposition is exactly a base and one mark of class Nukta.
fn nukta_decomposition(c: char) -> Option<(char, char)> {
    // No nukta letter lies below U+0900 (the test scanning every code point checks the data).
    if c < '\u{0900}' {
        return None;
    }
    let mut parts = [None; 3];
    let mut n = 0;
    decompose_canonical(c, |part| {
        if n < parts.len() {
            parts[n] = Some(part);
        }
        n += 1;
    });
    match (n, parts) {
        (2, [Some(base), Some(nukta), None]) if canonical_combining_class(nukta) == CCC_NUKTA => Some((base, nukta)),
        _ => None,
    }
}

/// The Unicode Script of a token (SPEC G7.2): the script of most of the letters of its script-normalised
/// form (G5), where a letter is a character of general category L (Lu, Ll, Lt, Lm, Lo) whose Script is
/// neither Common nor Inherited; ties go to the script seen first. A token without such letters is "Common".
/// Names are Unicode's long names ("Tamil", "Devanagari", "Latin", "Sinhala", …). The vote is taken after G5
/// because G5 itself moves letters (ெள → ௌ drops the letter ள, ா் → ர் adds ர): voting on the raw token would
/// let a fold change a token's script, and so its profile; after G5, no fold of any profile changes the vote.
///
/// ```
/// use uraikal_text::token_script;
/// assert_eq!(token_script("தமிழ்"), "Tamil");
/// assert_eq!(token_script("क़िला"), "Devanagari");
/// assert_eq!(token_script("ok,"), "Latin");
/// assert_eq!(token_script("2024!"), "Common");
/// // ள here is half of the vowel sign ௌ (G5), not a letter: Latin has the majority.
/// assert_eq!(token_script("கெளab"), "Latin");
/// ```
pub fn token_script(token: &str) -> &'static str {
    let normalised = crate::normalize_script(token);
    let mut counts: Vec<(Script, usize)> = Vec::new();
    for c in normalised.chars() {
        if c.general_category_group() != GeneralCategoryGroup::Letter {
            continue;
        }
        let script = c.script();
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        match counts.iter_mut().find(|(s, _)| *s == script) {
            Some((_, n)) => *n += 1,
            None => counts.push((script, 1)),
        }
    }
    // max_by_key keeps the last maximum; iterate in reverse so the first-seen script wins ties.
    counts.iter().rev().max_by_key(|(_, n)| *n).map_or("Common", |(script, _)| script.full_name())
}

/// The folds of a script's profile (SPEC G7.3), by the Unicode long name `token_script` returns: Tamil and
/// Sinhala get the script repairs (G5), the scripts with precomposed nukta letters (Devanagari, Bengali,
/// Gurmukhi, Oriya, Kaithi) the nukta fold; every other script none.
///
/// ```
/// use uraikal_text::{profile, Fold};
/// assert_eq!(profile("Tamil"), [Fold::Script]);
/// assert_eq!(profile("Devanagari"), [Fold::Nukta]);
/// assert!(profile("Latin").is_empty());
/// ```
pub fn profile(script: &str) -> &'static [Fold] {
    PROFILES.iter().find(|(name, _)| *name == script).map_or(&[], |(_, folds)| folds)
}

/// Script → folds. The nukta scripts are exactly those with a nukta letter in UnicodeData (a test checks).
pub const PROFILES: &[(&str, &[Fold])] = &[
    ("Tamil", &[Fold::Script]),
    ("Sinhala", &[Fold::Script]),
    ("Devanagari", &[Fold::Nukta]),
    ("Bengali", &[Fold::Nukta]),
    ("Gurmukhi", &[Fold::Nukta]),
    ("Oriya", &[Fold::Nukta]),
    ("Kaithi", &[Fold::Nukta]),
];

/// Applies `folds`, in the order given, to the whole of `text`.
pub fn apply_folds<'a>(text: &'a str, folds: &[Fold]) -> Cow<'a, str> {
    let mut out = Cow::Borrowed(text);
    for fold in folds {
        if let Cow::Owned(changed) = fold.apply(&out) {
            out = Cow::Owned(changed);
        }
    }
    out
}

/// Applies to each whitespace-separated token the folds of its own script's profile (`--profile auto`,
/// SPEC G7.3); whitespace is kept as it is, so a mixed-script line folds each word by its script.
///
/// ```
/// use uraikal_text::fold_by_profile;
/// assert_eq!(fold_by_profile("கெளரவம் \u{0958} ok"), "கௌரவம் \u{0915}\u{093C} ok");
/// ```
pub fn fold_by_profile(text: &str) -> Cow<'_, str> {
    let mut out = String::new();
    let mut changed = false;
    let mut rest = text;
    while !rest.is_empty() {
        let token_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(token_len);
        let folded = apply_folds(token, profile(token_script(token)));
        changed |= matches!(folded, Cow::Owned(_)) && folded != token;
        out.push_str(&folded);
        let space_len = after.find(|c: char| !c.is_whitespace()).unwrap_or(after.len());
        out.push_str(&after[..space_len]);
        rest = &after[space_len..];
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

    /// Every nukta letter of UnicodeData, found by scanning all code points.
    fn nukta_letters() -> Vec<char> {
        (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|&c| nukta_decomposition_any(c)).collect()
    }

    /// The same test as `nukta_decomposition` without its block shortcut, to prove the shortcut loses nothing.
    fn nukta_decomposition_any(c: char) -> bool {
        let parts: Vec<char> = std::iter::once(c).nfd().collect();
        parts.len() == 2 && parts[0] != c && canonical_combining_class(parts[1]) == CCC_NUKTA
    }

    #[test]
    fn the_nukta_letters_are_unicodes_25() {
        let letters = nukta_letters();
        let expected: Vec<u32> = [0x0929, 0x0931, 0x0934]
            .into_iter()
            .chain(0x0958..=0x095F)
            .chain([0x09DC, 0x09DD, 0x09DF, 0x0A33, 0x0A36, 0x0A59, 0x0A5A, 0x0A5B, 0x0A5E, 0x0B5C, 0x0B5D])
            .chain([0x1109A, 0x1109C, 0x110AB])
            .collect();
        assert_eq!(letters.iter().map(|&c| c as u32).collect::<Vec<_>>(), expected);
        for c in letters {
            let folded = fold_nukta(c.encode_utf8(&mut [0; 4])).into_owned();
            let nfd: String = std::iter::once(c).nfd().collect();
            assert_eq!(folded, nfd, "U+{:04X}", c as u32);
            // NFC keeps exactly the composition exclusions decomposed.
            let nfc: String = std::iter::once(c).nfc().collect();
            let composes = matches!(c, '\u{0929}' | '\u{0931}' | '\u{0934}' | '\u{1109A}' | '\u{1109C}' | '\u{110AB}');
            assert_eq!(nfc == c.to_string(), composes, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn nukta_profiles_are_the_scripts_with_nukta_letters() {
        let mut scripts: Vec<&str> = nukta_letters().iter().map(|c| c.script().full_name()).collect();
        scripts.dedup();
        let with_nukta: Vec<&str> =
            PROFILES.iter().filter(|(_, folds)| folds.contains(&Fold::Nukta)).map(|(s, _)| *s).collect();
        assert_eq!(scripts, with_nukta);
    }

    #[test]
    fn tamil_and_grantha_have_no_nukta_letters() {
        // Tamil writes f, z with ஃ (ஃப), which no canonical decomposition relates to a nukta; Grantha has a
        // nukta sign (U+1133C) but no precomposed letter with it.
        for c in ('\u{0B80}'..='\u{0BFF}').chain('\u{11300}'..='\u{1137F}') {
            assert!(!nukta_decomposition_any(c), "U+{:04X}", c as u32);
        }
        assert_eq!(fold_nukta("ஃபேன் \u{11315}\u{1133C}"), "ஃபேன் \u{11315}\u{1133C}");
    }

    #[test]
    fn scripts_of_tokens() {
        assert_eq!(token_script(""), "Common");
        assert_eq!(token_script("\u{200D}"), "Common");
        assert_eq!(token_script("ক়"), "Bengali");
        assert_eq!(token_script("ਖ਼"), "Gurmukhi");
        assert_eq!(token_script("ଡ଼"), "Oriya");
        assert_eq!(token_script("ශ්‍රී"), "Sinhala");
        assert_eq!(token_script("abதமி"), "Latin"); // two letters each (ி is a mark): the first seen wins
        assert_eq!(token_script("aதமி"), "Tamil");
        assert_eq!(token_script("aதb"), "Latin");
        assert_eq!(token_script("தa"), "Tamil");
    }

    #[test]
    fn profile_folds_each_token_by_its_script() {
        assert_eq!(fold_by_profile(""), "");
        assert!(matches!(fold_by_profile("a  b\tதமிழ்\n"), Cow::Borrowed(_)));
        // ா் in a Devanagari token is not a Tamil repair; क़ inside a Tamil token is not folded.
        assert_eq!(fold_by_profile("  \u{0958}ा x"), "  \u{0915}\u{093C}ा x");
        assert_eq!(fold_by_profile("கா\u{0BCD} \u{0959}"), "கர\u{0BCD} \u{0916}\u{093C}");
    }
}

/// What a comparison folds both of its texts with (SPEC G7.4; `uraikal graphemes` and `uraikal evaluate`
/// `--profile auto --fold F,…`): each token's script profile first (when `by_profile`), then `folds` in the
/// order given.
///
/// ```
/// use uraikal_text::{Fold, Folding};
/// let folding = Folding { by_profile: false, folds: vec![Fold::Nukta] };
/// assert_eq!(folding.apply("\u{0958}"), "\u{0915}\u{093C}");
/// assert!(Folding::default().is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folding {
    /// Fold each whitespace-separated token by its own script's profile first ([`fold_by_profile`]).
    pub by_profile: bool,
    /// Then these folds, in order ([`apply_folds`]).
    pub folds: Vec<Fold>,
}

impl Folding {
    /// True when it changes nothing (no profile, no fold).
    pub fn is_none(&self) -> bool {
        !self.by_profile && self.folds.is_empty()
    }

    /// Applies the profile, then the folds (borrowed when nothing changes).
    pub fn apply<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let profiled = if self.by_profile { fold_by_profile(text) } else { Cow::Borrowed(text) };
        match apply_folds(&profiled, &self.folds) {
            Cow::Borrowed(_) => profiled,
            Cow::Owned(folded) => Cow::Owned(folded),
        }
    }
}
