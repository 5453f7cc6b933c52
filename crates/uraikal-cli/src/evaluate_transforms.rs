//! The arguments of jiwer's parameterised transformations in `uraikal evaluate` (SPEC M13.1):
//! `--substitute-regex PATTERN=REPL`, `--remove-word WORD` (both repeatable), `--word-delimiter D` and
//! `--replace-by-space`. Parsing and checking is `uraikal_metrics::transforms::Pipeline::parse`.

use clap::Args;
use uraikal_metrics::transforms::{Pipeline, Transform, CER_DEFAULT, WER_DEFAULT};

/// Arguments of jiwer's parameterised transformations.
#[derive(Args)]
pub struct TransformArgs {
    /// WER family: a PATTERN=REPL pair for substitute-regexes (Python's re.sub; the last `=` separates, `\1`
    /// and `\g<name>` in REPL); repeat it, applied in order.
    #[arg(long, value_name = "PATTERN=REPL")]
    substitute_regex: Vec<String>,
    /// WER family: a word for remove-specific-words (replaced by a space where it stands between word
    /// boundaries); repeat it.
    #[arg(long, value_name = "WORD")]
    remove_word: Vec<String>,
    /// WER family: the word delimiter of reduce-to-list-of-words and reduce-to-single-sentence (a space).
    #[arg(long, value_name = "D")]
    word_delimiter: Option<String>,
    /// WER family: remove-white-space replaces each whitespace character by a space instead of removing it.
    #[arg(long)]
    replace_by_space: bool,
}

/// The steps (`--transform`, else jiwer's defaults for words or characters) with their arguments.
pub fn pipeline(
    names: &[String],
    substitute_words: &[String],
    extra: &TransformArgs,
    words: bool,
) -> anyhow::Result<Pipeline> {
    let names: Vec<String> = if names.is_empty() {
        let defaults: &[Transform] = if words { &WER_DEFAULT } else { &CER_DEFAULT };
        defaults.iter().map(|t| t.name().to_string()).collect()
    } else {
        names.to_vec()
    };
    Ok(Pipeline::parse(
        &names,
        substitute_words,
        &extra.substitute_regex,
        &extra.remove_word,
        extra.word_delimiter.as_deref(),
        extra.replace_by_space,
    )?)
}
