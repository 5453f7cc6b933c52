"""The peers' options, for users coming from jiwer, sacrebleu and open-tamil (issue 26; SPEC M10–M14, T6, T7).

Each function calls the same library function as ``uraikal evaluate`` / ``uraikal text``, with the same numbers.
References are given per segment: a string, or a list of strings (several references).

>>> from uraikal.parity import chrf, bleu, ter, rates
>>> chrf(["aa"], ["ab"], beta=3, eps_smoothing=True)[1]
'nrefs:1|case:mixed|eff:no|nc:6|nw:0|space:no|version:2.6.0'
>>> ter(["d e f g h a b c"], ["a b c d e f g h"])[0]
12.5
>>> rates(["It's a TEST, isn't it?"], ["its a test isnt it"],
...       ["lowercase", "remove-punctuation", "remove-multiple-spaces", "strip", "reduce-to-list-of-words"])["wer"]
0.0
"""

from typing import Optional, Sequence, Union

from . import _uraikal as _u

__all__ = ["chrf", "bleu", "ter", "transform", "rates", "sort_tamil", "translit"]

References = Sequence[Union[str, Sequence[str]]]


def _per_segment(references: References) -> list[list[str]]:
    return [[r] if isinstance(r, str) else list(r) for r in references]


def chrf(hypotheses: Sequence[str], references: References, char_order: int = 6, word_order: int = 0,
         beta: float = 2.0, lowercase: bool = False, whitespace: bool = False, eps_smoothing: bool = False,
         unit: str = "codepoint") -> tuple[float, str]:
    """sacrebleu's ``CHRF(...).corpus_score``: ``(score, signature)``. ``word_order=2`` is chrF++."""
    return _u.parity_chrf(list(hypotheses), _per_segment(references), char_order, word_order, beta, lowercase,
                          whitespace, eps_smoothing, unit)


def bleu(hypotheses: Sequence[str], references: References, tokenize: str = "13a", smooth_method: str = "exp",
         smooth_value: Optional[float] = None, lowercase: bool = False, max_ngram_order: int = 4,
         effective_order: bool = False, spm_model: Optional[str] = None) -> tuple[float, str]:
    """sacrebleu's ``BLEU(...).corpus_score``: ``(score, signature)``; tokenize 13a, intl, char, none or zh, or
    flores101/flores200 with ``spm_model`` (the SentencePiece model file sacrebleu keeps in ~/.sacrebleu/models)."""
    return _u.parity_bleu(list(hypotheses), _per_segment(references), tokenize, smooth_method, smooth_value,
                          lowercase, max_ngram_order, effective_order, spm_model)


def ter(hypotheses: Sequence[str], references: References, normalized: bool = False, no_punct: bool = False,
        asian_support: bool = False, case_sensitive: bool = False) -> tuple[float, str]:
    """sacrebleu's ``TER(...).corpus_score``: ``(score, signature)``."""
    return _u.parity_ter(list(hypotheses), _per_segment(references), normalized, no_punct, asian_support,
                         case_sensitive)


def transform(sentences: Sequence[str], steps: Sequence[str], substitute_words: Optional[dict] = None,
              substitute_regexes: Optional[dict] = None, remove_words: Sequence[str] = (),
              word_delimiter: Optional[str] = None, replace_by_space: bool = False) -> list[list[str]]:
    """jiwer's ``Compose([...])(sentences)`` by Uraikal's names (``uraikal evaluate --transform``)."""
    return _u.parity_transform(list(sentences), list(steps), *_args(substitute_words, substitute_regexes),
                               list(remove_words), word_delimiter, replace_by_space)


def rates(references: Sequence[str], hypotheses: Sequence[str], steps: Sequence[str],
          substitute_words: Optional[dict] = None, substitute_regexes: Optional[dict] = None,
          remove_words: Sequence[str] = (), word_delimiter: Optional[str] = None,
          replace_by_space: bool = False) -> dict:
    """jiwer's ``process_words`` with ``steps`` on both sides: wer, mer, wil, wip and the summed counts."""
    return _u.parity_rates(list(references), list(hypotheses), list(steps),
                           *_args(substitute_words, substitute_regexes), list(remove_words), word_delimiter,
                           replace_by_space)


def _args(substitute_words: Optional[dict], substitute_regexes: Optional[dict]) -> tuple[list[str], list[str]]:
    # The library takes FROM=TO pairs; a regex pair is split at its last "=", a word pair at its first.
    for k, v in (substitute_regexes or {}).items():
        if "=" in v:
            raise ValueError(f"substitute_regexes: a replacement may not contain '=' ({k!r}: {v!r})")
    for k in (substitute_words or {}):
        if "=" in k:
            raise ValueError(f"substitute_words: a word may not contain '=' ({k!r})")
    return ([f"{k}={v}" for k, v in (substitute_words or {}).items()],
            [f"{k}={v}" for k, v in (substitute_regexes or {}).items()])


def sort_tamil(words: Sequence[str]) -> list[str]:
    """Tamil dictionary order: அ…ஔ ஃ, க…ன, then grantha (``uraikal text sort``)."""
    return _u.parity_sort_tamil(list(words))


def translit(text: str, to: Optional[str] = None, from_: Optional[str] = None) -> str:
    """ISO 15919 both ways (``to="iso15919"`` / ``from_="iso15919"``) or casual romanisation (``to="casual"``)."""
    return _u.parity_translit(text, to, from_)
