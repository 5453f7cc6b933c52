//! jiwer 4 compatibility: its default preprocessing (`wer_default`, `cer_default`) and its
//! `visualize_alignment` text, to the byte (SPEC S4). Uraikal's own scoring normalises with
//! `uraikal_text::normalize` instead; these exist so that published jiwer numbers and alignments can be
//! reproduced.
//!
//! ```
//! use uraikal_metrics::jiwer::{visualize_alignment, words, Level, Sentence};
//! let sentence = Sentence::new(words("a b c"), words("a x c"));
//! let text = visualize_alignment(&[sentence], Level::Words, false, true);
//! assert_eq!(text, "=== SENTENCE 1 ===\n\nREF: a b c\nHYP: a x c\n       S  \n");
//! ```

use std::fmt::Write;

use crate::align::{align, Alignment, ChunkKind, Counts};
use crate::rates::Rates;

/// Python's `str.isspace` (Unicode White_Space plus the separators U+001C..U+001F).
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// jiwer's `wer_default`: runs of two or more whitespace characters become one space
/// (`re.sub(r"\s\s+", " ")`), the ends are stripped, and the text is split on U+0020 only, dropping empty
/// words. A single tab or no-break space therefore does not separate words.
pub fn words(text: &str) -> Vec<&str> {
    // Fast path (all normalised text): U+0020 is the only whitespace. Runs of spaces then separate exactly
    // like single ones, so splitting on spaces and dropping empty pieces is jiwer's transform.
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if b == b' ' {
            if start < i {
                out.push(&text[start..i]);
            }
            start = i + 1;
        } else if b < 0x20 || matches!(b, 0xC2 | 0xE1 | 0xE2 | 0xE3) {
            out.clear();
            return words_general(text, out);
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// The general case: any Python whitespace. Whitespace is ASCII or starts with a lead byte C2, E1, E2, E3.
fn words_general<'a>(text: &'a str, mut out: Vec<&'a str>) -> Vec<&'a str> {
    let text = text.trim_matches(is_py_space);
    let bytes = text.as_bytes();
    let (mut start, mut i) = (0, 0);
    let space_at = |i: usize| -> Option<(usize, bool)> {
        let b = bytes[i];
        if b < 0x80 {
            return (b == b' ' || (b'\t'..=b'\r').contains(&b) || (0x1c..=0x1f).contains(&b)).then_some((1, b == b' '));
        }
        if matches!(b, 0xC2 | 0xE1 | 0xE2 | 0xE3) {
            let c = text[i..].chars().next()?;
            return is_py_space(c).then_some((c.len_utf8(), false));
        }
        None
    };
    while i < bytes.len() {
        let Some((len, is_space)) = space_at(i) else {
            i += 1;
            continue;
        };
        let (at, mut end, mut run) = (i, i + len, 1);
        while end < bytes.len() {
            match space_at(end) {
                Some((next, _)) => {
                    end += next;
                    run += 1;
                }
                None => break,
            }
        }
        if run >= 2 || is_space {
            if start < at {
                out.push(&text[start..at]);
            }
            start = end;
        }
        i = end;
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// jiwer's `cer_default`: the ends stripped, then every code point is a unit (inner spaces count).
pub fn chars(text: &str) -> Vec<&str> {
    let text = text.trim_matches(is_py_space);
    text.char_indices().map(|(at, c)| &text[at..at + c.len_utf8()]).collect()
}

/// One aligned (reference, hypothesis) pair of token lists.
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence<'a> {
    /// Reference tokens.
    pub reference: Vec<&'a str>,
    /// Hypothesis tokens.
    pub hypothesis: Vec<&'a str>,
    /// Their alignment.
    pub alignment: Alignment,
}

impl<'a> Sentence<'a> {
    /// Aligns two token lists.
    pub fn new(reference: Vec<&'a str>, hypothesis: Vec<&'a str>) -> Sentence<'a> {
        let alignment = align(&reference, &hypothesis);
        Sentence { reference, hypothesis, alignment }
    }
}

/// Word level (columns separated by a space, WER/MER/WIL/WIP summary) or character level (no separator,
/// CER summary).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// `process_words` output.
    Words,
    /// `process_characters` output.
    Chars,
}

/// jiwer's `visualize_alignment(output, show_measures, skip_correct)` (no `line_width`), byte for byte.
pub fn visualize_alignment(
    sentences: &[Sentence<'_>],
    level: Level,
    show_measures: bool,
    skip_correct: bool,
) -> String {
    visualize_alignment_width(sentences, level, show_measures, skip_correct, None)
}

/// [`visualize_alignment`] with jiwer's `line_width`: a sentence's REF/HYP/op lines are broken (after a blank
/// line) before a column that would make the REF line longer than `line_width` code points.
pub fn visualize_alignment_width(
    sentences: &[Sentence<'_>],
    level: Level,
    show_measures: bool,
    skip_correct: bool,
    line_width: Option<usize>,
) -> String {
    let mut out = String::new();
    for (index, sentence) in sentences.iter().enumerate() {
        let chunks = &sentence.alignment.chunks;
        if skip_correct && (chunks.is_empty() || (chunks.len() == 1 && chunks[0].kind == ChunkKind::Equal)) {
            continue;
        }
        let _ = write!(out, "=== SENTENCE {} ===\n\n", index + 1);
        comparison(&mut out, sentence, level == Level::Words, line_width);
        out.push('\n');
    }
    if show_measures {
        let counts: Counts = sentences.iter().map(|s| s.alignment.counts).sum();
        let rates = Rates::jiwer(&counts);
        let _ = writeln!(out, "=== SUMMARY ===");
        let _ = writeln!(out, "number of sentences: {}", sentences.len());
        let _ = writeln!(
            out,
            "substitutions={} deletions={} insertions={} hits={}",
            counts.substitutions, counts.deletions, counts.insertions, counts.hits
        );
        match level {
            Level::Chars => {
                let _ = writeln!(out, "\ncer={:.2}%", rates.wer * 100.0);
            }
            Level::Words => {
                let _ = write!(out, "\nmer={:.2}%", rates.mer * 100.0);
                let _ = write!(out, "\nwil={:.2}%", rates.wil * 100.0);
                let _ = write!(out, "\nwip={:.2}%", rates.wip * 100.0);
                let _ = writeln!(out, "\nwer={:.2}%", rates.wer * 100.0);
            }
        }
    } else {
        out.pop();
    }
    out
}

/// The REF/HYP/op lines of one sentence (jiwer's `_construct_comparison_string`).
fn comparison(out: &mut String, sentence: &Sentence<'_>, separate: bool, line_width: Option<usize>) {
    let (mut ref_line, mut hyp_line, mut op_line) =
        (String::from("REF: "), String::from("HYP: "), String::from("     "));
    for chunk in &sentence.alignment.chunks {
        let refs = &sentence.reference[chunk.ref_start..chunk.ref_end];
        let hyps = &sentence.hypothesis[chunk.hyp_start..chunk.hyp_end];
        let (mark, columns) = match chunk.kind {
            ChunkKind::Equal => (' ', refs.len()),
            ChunkKind::Substitute => ('S', refs.len().min(hyps.len())),
            ChunkKind::Delete => ('D', refs.len()),
            ChunkKind::Insert => ('I', hyps.len()),
        };
        for k in 0..columns {
            let (r, h) = match chunk.kind {
                ChunkKind::Delete => (refs[k], "*"),
                ChunkKind::Insert => ("*", hyps[k]),
                _ => (refs[k], hyps[k]),
            };
            let width = r.chars().count().max(h.chars().count()).max(1);
            if line_width.is_some_and(|limit| ref_line.chars().count() + width > limit) {
                // jiwer flushes the lines so far (without their trailing separator) and starts new ones.
                let trim = |line: &str| if separate { line[..line.len() - 1].to_string() } else { line.to_string() };
                let _ = write!(out, "{}\n{}\n{}\n\n", trim(&ref_line), trim(&hyp_line), trim(&op_line));
                (ref_line, hyp_line, op_line) = (String::from("REF: "), String::from("HYP: "), String::from("     "));
            }
            // jiwer fills whichever side is a lone "*" (even a real "*" token), the reference first.
            let (r, h) = if r == "*" {
                ("*".repeat(width), h.to_string())
            } else if h == "*" {
                (r.to_string(), "*".repeat(width))
            } else {
                (r.to_string(), h.to_string())
            };
            pad_left(&mut ref_line, &r, width);
            pad_left(&mut hyp_line, &h, width);
            pad_left(&mut op_line, mark.encode_utf8(&mut [0; 4]), width);
            if separate {
                ref_line.push(' ');
                hyp_line.push(' ');
                op_line.push(' ');
            }
        }
    }
    if separate {
        ref_line.pop();
        hyp_line.pop();
        op_line.pop();
    }
    let _ = write!(out, "{ref_line}\n{hyp_line}\n{op_line}\n");
}

/// Python's `f"{text:>{width}}"`: right-aligned in code points.
fn pad_left(line: &mut String, text: &str, width: usize) {
    for _ in text.chars().count()..width {
        line.push(' ');
    }
    line.push_str(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_jiwer() {
        assert_eq!(words("  a  b\tc d  "), vec!["a", "b\tc", "d"]);
        assert_eq!(words("a\t\tb"), vec!["a", "b"]);
        assert_eq!(words("a\u{a0}b c"), vec!["a\u{a0}b", "c"]);
        assert_eq!(words(""), Vec::<&str>::new());
        assert_eq!(words("\u{1c}x\u{1c}"), vec!["x"]);
        assert_eq!(words("a\u{3000}\u{2003}b\u{85}c d"), vec!["a", "b\u{85}c", "d"]);
    }

    #[test]
    fn chars_keep_inner_spaces() {
        assert_eq!(chars(" a  b "), vec!["a", " ", " ", "b"]);
    }

    /// jiwer's `wer_default` written out literally: `re.sub(r"\s\s+", " ")`, `strip()`, `split(" ")`.
    fn words_reference(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut substituted = String::new();
        let mut i = 0;
        while i < chars.len() {
            let mut j = i;
            while j < chars.len() && is_py_space(chars[j]) {
                j += 1;
            }
            if j - i >= 2 {
                substituted.push(' ');
                i = j;
            } else {
                substituted.push(chars[i]);
                i += 1;
            }
        }
        substituted.trim_matches(is_py_space).split(' ').filter(|w| !w.is_empty()).map(str::to_string).collect()
    }

    proptest::proptest! {
        // SPEC S4.1
        #[test]
        fn words_equal_the_literal_jiwer_transform(
            text in proptest::collection::vec(proptest::sample::select(vec![' ', '\t', '\u{a0}', '\u{3000}', '\u{85}', '\u{1c}', 'a', 'க', '்', '\u{e9}']), 0..30)
        ) {
            let text: String = text.into_iter().collect();
            proptest::prop_assert_eq!(words(&text), words_reference(&text));
        }
    }
}
