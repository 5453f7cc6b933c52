//! jiwer 4.0's transformations (SPEC M13), for users who bring their own normalisation instead of the A1
//! rule: the same names, applied in the given order to a list of sentences, ending in a list of word (or
//! character) lists, with jiwer's strings at every step. Then [`word_rates`] gives jiwer's WER, MER, WIL and
//! WIP over the lists (corpus: counts summed over the sentences).
//!
//! ```
//! use uraikal_metrics::transforms::{apply, Transform};
//! let steps: Vec<Transform> = "lowercase,remove-punctuation,strip,reduce-to-list-of-words"
//!     .split(',').map(|name| name.parse().unwrap()).collect();
//! let words = apply(&steps, &["Hello, World! ".to_string()]).unwrap();
//! assert_eq!(words, vec![vec!["hello".to_string(), "world".to_string()]]);
//! ```

use std::fmt;
use std::str::FromStr;

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use crate::align::{align, ChunkKind, Counts};
use crate::jiwer::{Level, Sentence};
use crate::pyregex::PySub;
use crate::rates::Rates;
use crate::unit::is_python_space;

/// One of jiwer's transformations, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// `Strip`: Python's `str.strip()`.
    Strip,
    /// `ToLowerCase`.
    Lowercase,
    /// `ToUpperCase`.
    Uppercase,
    /// `RemovePunctuation`: every character of general category P*.
    RemovePunctuation,
    /// `RemoveMultipleSpaces`: runs of two or more whitespace characters become one space.
    RemoveMultipleSpaces,
    /// `RemoveWhiteSpace()`: the characters of Python's `string.whitespace` removed.
    RemoveWhiteSpace,
    /// `ExpandCommonEnglishContractions`.
    ExpandCommonEnglishContractions,
    /// `RemoveKaldiNonWords`: `<…>` and `[…]` spans removed.
    RemoveKaldiNonWords,
    /// `RemoveEmptyStrings`: sentences that are empty after `strip()` dropped.
    RemoveEmptyStrings,
    /// `ReduceToListOfListOfWords`: split on U+0020, empty words dropped.
    ReduceToListOfWords,
    /// `ReduceToListOfListOfChars`: every code point a unit.
    ReduceToListOfChars,
    /// `SubstituteWords(mapping)`: each key, where it stands between word boundaries, replaced by its value
    /// (the mapping is [`TransformArgs::substitute_words`]).
    SubstituteWords,
    /// `SubstituteRegexes(mapping)`: `re.sub(pattern, replacement)` for each pair in order
    /// ([`TransformArgs::substitute_regexes`]).
    SubstituteRegexes,
    /// `RemoveSpecificWords(words)`: each word, between word boundaries, replaced by one space
    /// ([`TransformArgs::remove_words`]).
    RemoveSpecificWords,
    /// `ReduceToSingleSentence(word_delimiter)`: the non-empty sentences joined into one by the delimiter (no
    /// sentence at all when every one is empty).
    ReduceToSingleSentence,
}

/// The command-line names, in [`Transform`] order.
pub const TRANSFORM_NAMES: [&str; 15] = [
    "strip",
    "lowercase",
    "uppercase",
    "remove-punctuation",
    "remove-multiple-spaces",
    "remove-white-space",
    "expand-common-english-contractions",
    "remove-kaldi-non-words",
    "remove-empty-strings",
    "reduce-to-list-of-words",
    "reduce-to-list-of-chars",
    "substitute-words",
    "substitute-regexes",
    "remove-specific-words",
    "reduce-to-single-sentence",
];

const TRANSFORMS: [Transform; 15] = [
    Transform::Strip,
    Transform::Lowercase,
    Transform::Uppercase,
    Transform::RemovePunctuation,
    Transform::RemoveMultipleSpaces,
    Transform::RemoveWhiteSpace,
    Transform::ExpandCommonEnglishContractions,
    Transform::RemoveKaldiNonWords,
    Transform::RemoveEmptyStrings,
    Transform::ReduceToListOfWords,
    Transform::ReduceToListOfChars,
    Transform::SubstituteWords,
    Transform::SubstituteRegexes,
    Transform::RemoveSpecificWords,
    Transform::ReduceToSingleSentence,
];

/// Why transformations could not be applied or scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransformError {
    /// A name that is not one of [`TRANSFORM_NAMES`].
    Unknown(String),
    /// The steps do not end in a reduction to lists (jiwer's ValueError), or a step follows one.
    NotReduced,
    /// Reference and hypothesis sentence counts differ after the transformations (jiwer's ValueError).
    LengthMismatch {
        /// Reference sentences.
        references: usize,
        /// Hypothesis sentences.
        hypotheses: usize,
    },
    /// A transformation argument that cannot be used: a pair without `=`, a bad regular expression or
    /// replacement, an argument whose transformation is not among the steps.
    BadArgument(String),
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransformError::Unknown(name) => write!(f, "unknown transform {name:?} (expected one of {})", TRANSFORM_NAMES.join(", ")),
            TransformError::NotReduced => f.write_str(
                "the transforms must end with reduce-to-list-of-words or reduce-to-list-of-chars, and nothing may follow it (jiwer's rule)",
            ),
            TransformError::LengthMismatch { references, hypotheses } => write!(
                f,
                "After applying the transforms on the reference and hypothesis sentences, their lengths must match. Instead got {references} reference and {hypotheses} hypothesis sentences."
            ),
            TransformError::BadArgument(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for TransformError {}

impl FromStr for Transform {
    type Err = TransformError;

    fn from_str(name: &str) -> Result<Transform, TransformError> {
        TRANSFORM_NAMES
            .iter()
            .position(|&known| known == name)
            .map(|at| TRANSFORMS[at])
            .ok_or_else(|| TransformError::Unknown(name.to_string()))
    }
}

impl Transform {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        TRANSFORM_NAMES[TRANSFORMS.iter().position(|&t| t == self).unwrap_or(0)]
    }

    /// The transformed string (jiwer's `process_string`) for the string-to-string steps; the reductions and
    /// `remove-empty-strings` (whose string form strips) are handled by [`apply`].
    pub fn on_string(self, text: &str) -> String {
        match self {
            Transform::Strip | Transform::RemoveEmptyStrings => text.trim_matches(is_python_space).to_string(),
            Transform::Lowercase => text.to_lowercase(),
            Transform::Uppercase => text.to_uppercase(),
            Transform::RemovePunctuation => {
                text.chars().filter(|c| c.general_category_group() != GeneralCategoryGroup::Punctuation).collect()
            }
            Transform::RemoveMultipleSpaces => remove_multiple_spaces(text),
            Transform::RemoveWhiteSpace => {
                text.chars().filter(|c| !matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')).collect()
            }
            Transform::ExpandCommonEnglishContractions => {
                let mut text = text.to_string();
                for (from, to) in CONTRACTIONS {
                    text = text.replace(from, to);
                }
                text
            }
            Transform::RemoveKaldiNonWords => remove_kaldi_non_words(text),
            Transform::ReduceToListOfWords
            | Transform::ReduceToListOfChars
            | Transform::SubstituteWords
            | Transform::SubstituteRegexes
            | Transform::RemoveSpecificWords
            | Transform::ReduceToSingleSentence => text.to_string(),
        }
    }
}

/// jiwer's contraction rules, applied in this order.
const CONTRACTIONS: [(&str, &str); 11] = [
    ("won't", "will not"),
    ("can't", "can not"),
    ("let's", "let us"),
    ("n't", " not"),
    ("'re", " are"),
    ("'s", " is"),
    ("'d", " would"),
    ("'ll", " will"),
    ("'t", " not"),
    ("'ve", " have"),
    ("'m", " am"),
];

/// `re.sub(r"\s\s+", " ", text)`.
fn remove_multiple_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if is_python_space(c) {
            run.push(c);
            continue;
        }
        flush_spaces(&mut out, &mut run);
        out.push(c);
    }
    flush_spaces(&mut out, &mut run);
    out
}

fn flush_spaces(out: &mut String, run: &mut String) {
    if run.chars().nth(1).is_some() {
        out.push(' ');
    } else {
        out.push_str(run);
    }
    run.clear();
}

/// `re.sub(r"[<\[][^>\]]*[>\]]", "", text)`: from an opener to the first closer after it.
fn remove_kaldi_non_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(['<', '[']) {
        match rest[open + 1..].find(['>', ']']) {
            Some(close) => {
                out.push_str(&rest[..open]);
                rest = &rest[open + 1 + close + 1..];
            }
            None => break,
        }
    }
    out.push_str(rest);
    out
}

/// jiwer's `Compose(steps)` on a list of sentences; the last step must reduce to lists.
pub fn apply(steps: &[Transform], sentences: &[String]) -> Result<Vec<Vec<String>>, TransformError> {
    apply_args(steps, sentences, &TransformArgs::default())
}

/// The arguments of jiwer's parameterised transformations (SPEC M13.1). The defaults are jiwer's.
#[derive(Clone, Debug, Default)]
pub struct TransformArgs {
    /// `SubstituteWords`' mapping, in order.
    pub substitute_words: Vec<(String, String)>,
    /// `SubstituteRegexes`' mapping, in order (Python patterns and replacement templates).
    pub substitute_regexes: Vec<(String, PySub)>,
    /// `RemoveSpecificWords`' words.
    pub remove_words: Vec<String>,
    /// `word_delimiter` of `ReduceToListOfListOfWords` and `ReduceToSingleSentence` (None: one space).
    pub word_delimiter: Option<String>,
    /// `RemoveWhiteSpace(replace_by_space=True)`: each whitespace character becomes a space.
    pub replace_by_space: bool,
}

/// Splits `FROM=TO` at the first `=` (`--substitute-word`), or at the last one when `last` is set
/// (`--substitute-regex`, whose pattern may hold `(?=`, `(?<=`, `(?P=name)`).
pub fn parse_pair(pair: &str, last: bool, option: &str) -> Result<(String, String), TransformError> {
    let split = if last { pair.rsplit_once('=') } else { pair.split_once('=') };
    split
        .map(|(from, to)| (from.to_string(), to.to_string()))
        .ok_or_else(|| TransformError::BadArgument(format!("{option} {pair:?}: expected FROM=TO")))
}

/// Steps and their arguments, checked: the command line's `--transform` list with `--substitute-word`,
/// `--substitute-regex`, `--remove-word`, `--word-delimiter` and `--replace-by-space`, and the Python mirror's
/// arguments, go through [`Pipeline::parse`].
#[derive(Clone, Debug)]
pub struct Pipeline {
    /// The steps in order (the last one a reduction).
    pub steps: Vec<Transform>,
    /// Their arguments.
    pub args: TransformArgs,
}

impl Pipeline {
    /// Parses names and `FROM=TO` pairs; an argument whose transformation is not among the steps is an error
    /// (it would silently do nothing).
    ///
    /// ```
    /// use uraikal_metrics::transforms::Pipeline;
    /// let p = Pipeline::parse(
    ///     &["substitute-regexes", "remove-specific-words", "remove-multiple-spaces", "strip", "reduce-to-list-of-words"],
    ///     &[], &[r"(\d+)\s*%=\1 percent"], &["um"], None, false,
    /// ).unwrap();
    /// assert_eq!(p.apply(&["um it rose 5% today".to_string()]).unwrap(), vec![vec!["it", "rose", "5", "percent", "today"]]);
    /// ```
    pub fn parse<S: AsRef<str>>(
        names: &[S],
        substitute_words: &[S],
        substitute_regexes: &[S],
        remove_words: &[S],
        word_delimiter: Option<&str>,
        replace_by_space: bool,
    ) -> Result<Pipeline, TransformError> {
        let steps: Vec<Transform> = names.iter().map(|n| n.as_ref().parse()).collect::<Result<_, _>>()?;
        let needs = |step: Transform, given: bool, option: &str| {
            if given && !steps.contains(&step) {
                Err(TransformError::BadArgument(format!(
                    "{option} needs {} in --transform (where in the order it applies)",
                    step.name()
                )))
            } else {
                Ok(())
            }
        };
        needs(Transform::SubstituteWords, !substitute_words.is_empty(), "--substitute-word")?;
        needs(Transform::SubstituteRegexes, !substitute_regexes.is_empty(), "--substitute-regex")?;
        needs(Transform::RemoveSpecificWords, !remove_words.is_empty(), "--remove-word")?;
        needs(Transform::RemoveWhiteSpace, replace_by_space, "--replace-by-space")?;
        if word_delimiter.is_some()
            && !steps.iter().any(|s| matches!(s, Transform::ReduceToListOfWords | Transform::ReduceToSingleSentence))
        {
            return Err(TransformError::BadArgument(
                "--word-delimiter needs reduce-to-list-of-words or reduce-to-single-sentence in --transform".into(),
            ));
        }
        if word_delimiter == Some("") {
            return Err(TransformError::BadArgument(
                "--word-delimiter must not be empty (Python's empty separator)".into(),
            ));
        }
        let mut args = TransformArgs {
            word_delimiter: word_delimiter.map(str::to_string),
            replace_by_space,
            remove_words: remove_words.iter().map(|w| w.as_ref().to_string()).collect(),
            ..TransformArgs::default()
        };
        for pair in substitute_words {
            args.substitute_words.push(parse_pair(pair.as_ref(), false, "--substitute-word")?);
        }
        for pair in substitute_regexes {
            let (pattern, replacement) = parse_pair(pair.as_ref(), true, "--substitute-regex")?;
            let sub = PySub::new(&pattern, &replacement).map_err(|e| TransformError::BadArgument(e.to_string()))?;
            args.substitute_regexes.push((pattern, sub));
        }
        Ok(Pipeline { steps, args })
    }

    /// The steps applied to a list of sentences ([`apply_args`]).
    pub fn apply(&self, sentences: &[String]) -> Result<Vec<Vec<String>>, TransformError> {
        apply_args(&self.steps, sentences, &self.args)
    }
}

/// [`apply`] with the arguments of the parameterised steps.
pub fn apply_args(
    steps: &[Transform],
    sentences: &[String],
    args: &TransformArgs,
) -> Result<Vec<Vec<String>>, TransformError> {
    let Some((last, before)) = steps.split_last() else {
        return Err(TransformError::NotReduced);
    };
    let delimiter = args.word_delimiter.as_deref().unwrap_or(" ");
    let mut sentences = sentences.to_vec();
    for &step in before {
        match step {
            Transform::ReduceToListOfWords | Transform::ReduceToListOfChars => return Err(TransformError::NotReduced),
            Transform::RemoveEmptyStrings => sentences.retain(|s| !s.trim_matches(is_python_space).is_empty()),
            Transform::SubstituteWords => {
                sentences = sentences.iter().map(|s| substitute_words(s, &args.substitute_words)).collect()
            }
            Transform::RemoveSpecificWords => {
                let map: Vec<(String, String)> = args.remove_words.iter().map(|w| (w.clone(), " ".into())).collect();
                sentences = sentences.iter().map(|s| substitute_words(s, &map)).collect()
            }
            Transform::SubstituteRegexes => {
                for s in &mut sentences {
                    for (_, sub) in &args.substitute_regexes {
                        *s = sub.replace(s).map_err(|e| TransformError::BadArgument(e.to_string()))?;
                    }
                }
            }
            Transform::RemoveWhiteSpace if args.replace_by_space => {
                sentences = sentences
                    .iter()
                    .map(|s| {
                        s.chars()
                            .map(|c| if matches!(c, '\t' | '\n' | '\r' | '\x0b' | '\x0c') { ' ' } else { c })
                            .collect()
                    })
                    .collect()
            }
            Transform::ReduceToSingleSentence => {
                let kept: Vec<&str> = sentences.iter().map(String::as_str).filter(|s| !s.is_empty()).collect();
                sentences = if kept.is_empty() { Vec::new() } else { vec![kept.join(delimiter)] };
            }
            _ => sentences = sentences.iter().map(|s| step.on_string(s)).collect(),
        }
    }
    let lists: Vec<Vec<String>> = match last {
        Transform::ReduceToListOfWords => sentences
            .iter()
            .map(|s| s.split(delimiter).filter(|w| !w.is_empty()).map(str::to_string).collect())
            .collect(),
        Transform::ReduceToListOfChars => sentences.iter().map(|s| s.chars().map(String::from).collect()).collect(),
        _ => return Err(TransformError::NotReduced),
    };
    // jiwer returns one empty sentence for an empty list.
    Ok(if lists.is_empty() { vec![Vec::new()] } else { lists })
}

/// Python's `re` `\w` on str: letters (L*), numbers (N*) and `_` (`str.isalnum()`); a Tamil vowel sign or
/// virama (M*) is not a word character, so jiwer's word boundaries fall inside Tamil words.
fn is_py_word(c: char) -> bool {
    c == '_' || matches!(c.general_category_group(), GeneralCategoryGroup::Letter | GeneralCategoryGroup::Number)
}

/// jiwer's `SubstituteWords`: for each (key, value) in order, `re.sub(r"\b" + re.escape(key) + r"\b", value)`
/// (left to right, non-overlapping, boundaries judged on the text before that substitution). Empty keys are
/// skipped.
///
/// ```
/// use uraikal_metrics::transforms::substitute_words;
/// let map = [("u".to_string(), "you".to_string())];
/// assert_eq!(substitute_words("u and yours, u!", &map), "you and yours, you!");
/// ```
pub fn substitute_words(text: &str, substitutions: &[(String, String)]) -> String {
    let mut text = text.to_string();
    for (key, value) in substitutions.iter().filter(|(key, _)| !key.is_empty()) {
        let chars: Vec<char> = text.chars().collect();
        let key_chars: Vec<char> = key.chars().collect();
        let boundary = |at: usize| {
            let before = at.checked_sub(1).and_then(|p| chars.get(p)).is_some_and(|&c| is_py_word(c));
            let after = chars.get(at).is_some_and(|&c| is_py_word(c));
            before != after
        };
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let end = i + key_chars.len();
            if end <= chars.len() && chars[i..end] == key_chars[..] && boundary(i) && boundary(end) {
                out.push_str(value);
                i = end;
            } else {
                out.push(chars[i]);
                i += 1;
            }
        }
        text = out;
    }
    text
}

/// jiwer's default word transformation (`wer_default`): remove-multiple-spaces, strip, reduce-to-list-of-words.
pub const WER_DEFAULT: [Transform; 3] =
    [Transform::RemoveMultipleSpaces, Transform::Strip, Transform::ReduceToListOfWords];

/// jiwer's default character transformation (`cer_default`): strip, reduce-to-list-of-chars.
pub const CER_DEFAULT: [Transform; 2] = [Transform::Strip, Transform::ReduceToListOfChars];

/// Per-sentence counts and the corpus rates of transformed sentence lists (jiwer's `process_words`).
pub fn word_rates(
    references: &[Vec<String>],
    hypotheses: &[Vec<String>],
) -> Result<(Vec<Counts>, Rates), TransformError> {
    if references.len() != hypotheses.len() {
        return Err(TransformError::LengthMismatch { references: references.len(), hypotheses: hypotheses.len() });
    }
    let counts: Vec<Counts> = references
        .iter()
        .zip(hypotheses)
        .map(|(r, h)| {
            let r: Vec<&str> = r.iter().map(String::as_str).collect();
            let h: Vec<&str> = h.iter().map(String::as_str).collect();
            align(&r, &h).counts
        })
        .collect();
    let total: Counts = counts.iter().copied().sum();
    Ok((counts, Rates::jiwer(&total)))
}

/// jiwer's word (or character) rates of sentence lists as `uraikal evaluate --metric wer|mer|wil|wip` gives
/// them: each side normalised first (the A1 rule) when asked, put through the transformations, then aligned
/// sentence by sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct ListRates {
    /// The units each reference was scored on (jiwer's `output.references`).
    pub references: Vec<Vec<String>>,
    /// The units each hypothesis was scored on.
    pub hypotheses: Vec<Vec<String>>,
    /// Each sentence's counts.
    pub counts: Vec<Counts>,
    /// The corpus rates (counts summed over the sentences).
    pub rates: Rates,
}

impl ListRates {
    /// Scores `references` against `hypotheses`: normalised with [`uraikal_text::normalize`] when `a1_rule`,
    /// then the `pipeline`'s steps with their arguments, then [`word_rates`].
    pub fn of(
        references: &[String],
        hypotheses: &[String],
        pipeline: &Pipeline,
        a1_rule: bool,
    ) -> Result<ListRates, TransformError> {
        let prepare = |texts: &[String]| -> Vec<String> {
            if a1_rule {
                texts.iter().map(|t| uraikal_text::normalize(t)).collect()
            } else {
                texts.to_vec()
            }
        };
        let references = pipeline.apply(&prepare(references))?;
        let hypotheses = pipeline.apply(&prepare(hypotheses))?;
        let (counts, rates) = word_rates(&references, &hypotheses)?;
        Ok(ListRates { references, hypotheses, counts, rates })
    }

    /// The sentence pairs borrowed, for [`visualize_error_counts`] and jiwer's `visualize_alignment`.
    pub fn sentences(&self) -> Vec<Sentence<'_>> {
        self.references
            .iter()
            .zip(&self.hypotheses)
            .map(|(r, h)| Sentence::new(r.iter().map(String::as_str).collect(), h.iter().map(String::as_str).collect()))
            .collect()
    }

    /// Counts summed over the sentences.
    pub fn total(&self) -> Counts {
        self.counts.iter().copied().sum()
    }
}

/// jiwer's `visualize_error_counts(output)`: how often each word (or, at character level, each run of
/// characters) was substituted, inserted or deleted, one chunk of the alignment at a time, most frequent first
/// (ties in first-seen order), padded to the longest entry; byte for byte.
pub fn visualize_error_counts(sentences: &[Sentence<'_>], level: Level) -> String {
    let separator = if level == Level::Words { " " } else { "" };
    let mut substitutions: Vec<((String, String), usize)> = Vec::new();
    let mut insertions: Vec<(String, usize)> = Vec::new();
    let mut deletions: Vec<(String, usize)> = Vec::new();
    fn bump<K: PartialEq>(counts: &mut Vec<(K, usize)>, key: K) {
        match counts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => counts.push((key, 1)),
        }
    }
    for sentence in sentences {
        for chunk in &sentence.alignment.chunks {
            let refs = sentence.reference[chunk.ref_start..chunk.ref_end].join(separator);
            let hyps = sentence.hypothesis[chunk.hyp_start..chunk.hyp_end].join(separator);
            match chunk.kind {
                ChunkKind::Insert => bump(&mut insertions, hyps),
                ChunkKind::Delete => bump(&mut deletions, refs),
                ChunkKind::Substitute => bump(&mut substitutions, (refs, hyps)),
                ChunkKind::Equal => {}
            }
        }
    }
    let width = |text: &str| text.chars().count();
    let pad = |text: &str, to: usize| format!("{text}{}", " ".repeat(to.saturating_sub(width(text))));
    let mut out = String::from("=== SUBSTITUTIONS ===\n");
    substitutions.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    let longest = substitutions.iter().map(|((r, h), _)| width(r).max(width(h))).max().unwrap_or(0);
    for ((r, h), n) in &substitutions {
        out.push_str(&format!("{} --> {} = {n}x\n", pad(r, longest), pad(h, longest)));
    }
    for (title, mut counts) in [("INSERTIONS", insertions), ("DELETIONS", deletions)] {
        if out.ends_with("===\n") {
            out.push_str("none");
        }
        out.push_str(&format!("\n=== {title} ===\n"));
        counts.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        let longest = counts.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
        for (k, n) in &counts {
            out.push_str(&format!("{} = {n}x\n", pad(k, longest)));
        }
    }
    if out.ends_with("===\n") {
        out.push_str("none");
    }
    if out.ends_with('\n') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_name_round_trips() {
        for name in TRANSFORM_NAMES {
            assert_eq!(name.parse::<Transform>().unwrap().name(), name);
        }
        assert!("nope".parse::<Transform>().is_err());
    }

    /// Expected strings are jiwer 4.0.0's outputs for the same inputs.
    #[test]
    fn strings_equal_jiwer() {
        let on = |t: Transform, s: &str| t.on_string(s);
        assert_eq!(on(Transform::RemoveMultipleSpaces, " a  b\t\tc \u{a0}d e"), " a b c d e");
        assert_eq!(
            on(Transform::ExpandCommonEnglishContractions, "won't can't it's they'd I'm"),
            "will not can not it is they would I am"
        );
        assert_eq!(on(Transform::RemoveKaldiNonWords, "a <unk> b [noise] c <x"), "a  b  c <x");
        assert_eq!(on(Transform::RemovePunctuation, "Hello, «World»! It's—fine."), "Hello World Itsfine");
        assert_eq!(on(Transform::RemoveWhiteSpace, "a b\tc\u{a0}d"), "abc\u{a0}d");
        let words =
            apply(&[Transform::RemoveEmptyStrings, Transform::ReduceToListOfWords], &strings(&["a b", "  ", ""]))
                .unwrap();
        assert_eq!(words, vec![strings(&["a", "b"])]);
        assert_eq!(
            apply(&[Transform::RemoveEmptyStrings, Transform::ReduceToListOfWords], &strings(&[" "])).unwrap(),
            vec![Vec::<String>::new()]
        );
    }

    /// Expected strings are jiwer 4.0.0's `SubstituteWords`: Python's `\b` treats Tamil vowel signs and the
    /// virama as non-word characters, so கடல matches inside கடல் and இது (ending in ு) never matches.
    #[test]
    fn substitute_words_follows_python_word_boundaries() {
        let map = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
        };
        assert_eq!(substitute_words("கடல் கடல u_u u-u", &map(&[("கடல", "X"), ("u", "you")])), "X் X u_u you-you");
        assert_eq!(
            substitute_words("u and yours, u! இது அது", &map(&[("u", "you"), ("இது", "அது")])),
            "you and yours, you! இது அது"
        );
    }

    #[test]
    fn steps_must_end_in_a_reduction() {
        assert_eq!(apply(&[Transform::Strip], &strings(&["a"])), Err(TransformError::NotReduced));
        assert_eq!(
            apply(&[Transform::ReduceToListOfWords, Transform::Strip], &strings(&["a"])),
            Err(TransformError::NotReduced)
        );
    }
}
