"""Type stubs of the compiled core (uraikal._uraikal). Every function takes (reference, hypothesis) in that order
where it takes both, and raises ValueError on bad input."""

from typing import Literal, Sequence, TypedDict

__version__: str
URAIKAL_VERSION: str
NORMALIZER_VERSION: str
UNICODE_VERSION: str

LengthName = Literal["kuril", "nedil", "otru", "aaytham", "other"]
Unit = Literal["codepoint", "grapheme", "letter"]

def clean(text: str, legacy_au: bool = False) -> str:
    """The general cleaner: NFC, drop ZWSP/BOM/soft hyphen, repair legacy-font vowel-sign order (ெகாடு → கொடு),
    compose two-part vowels, ஂ → ், collapse doubled signs. Never changes correct modern text; idempotent.
    `legacy_au` also reads ெள as ௌ (literary text only: கெளம்பு is a real spoken word)."""

def letters(text: str, ligatures: bool = False) -> list[str]:
    """Tamil letters (எழுத்து), not code points: letters("தமிழ்") == ["த", "மி", "ழ்"]. Lossless for any input;
    non-Tamil text comes out as grapheme clusters. `ligatures` keeps க்ஷ and ஸ்ரீ as one letter each."""

def length(letter: str) -> LengthName:
    """Prosodic length of one letter: "kuril", "nedil", "otru" (mei), "aaytham" (ஃ) or "other"."""

def tamil_share(text: str) -> float:
    """Share of letter code points (categories L and M) that are Tamil (U+0B80–U+0BFF); 0.0 when there are none."""

def normalize(text: str) -> str:
    """The frozen A1 scoring normaliser (NFC, drop Cf, Tamil digits → 0–9, Latin lower-cased, punctuation and
    symbols → space, whitespace collapsed). Idempotent; its version is NORMALIZER_VERSION."""

def graphemes(text: str) -> list[str]:
    """Extended grapheme clusters (Unicode 17) with the Tamil (க்ஷ, ஸ்ரீ) and Sinhala (ZWJ conjunct) folds. Lossless."""

def compose(text: str) -> str:
    """Consonant + virama + independent vowel → the letter: compose("ந்ஆர்இ") == "நாரி"."""

def decompose(text: str) -> str:
    """The inverse of compose: decompose("நிலுவை") == "ந்இல்உவ்ஐ"."""

def to_words(n: int, register: Literal["spoken", "written"] = "spoken", ordinal: bool = False) -> str:
    """Tamil number words for |n| < 10**15 (Indian grouping): to_words(2300) == "ரெண்டாயிரத்தி முன்னூறு";
    register="written" gives "இரண்டாயிரத்து முந்நூறு"; ordinal=True gives ஒண்ணாவது / முதலாவது forms."""

def to_digits(text: str) -> str:
    """Rewrite number words inside running text as digits, keeping everything else and case suffixes:
    to_digits("முன்னூறுல பதினஞ்சு") == "300ல 15"."""

def from_numerals(text: str) -> int:
    """Tamil numerals, traditional (௨௱௫ → 205) or positional (௨௦௨௪ → 2024); malformed input raises ValueError."""

def to_numerals(n: int, style: Literal["traditional", "positional"] = "traditional") -> str:
    """Tamil numerals for n: traditional (CLDR %tamil; positional from 10**8) or positional."""

def wer(reference: str | Sequence[str], hypothesis: str | Sequence[str], normalize: bool = True) -> float:
    """Corpus WER (Σ edits ÷ Σ reference words) on normalised text (the A1 rule), or on the text as given."""

def cer(reference: str | Sequence[str], hypothesis: str | Sequence[str], unit: Unit = "codepoint", normalize: bool = True) -> float:
    """Corpus CER pooled over the pairs, on code points, graphemes or Tamil letters.

    normalize=True (the default) is the A1 rule: the frozen normaliser, then the units as written, so
    unit="grapheme" equals the ``grapheme_cer`` of ``uraikal score``. normalize=False scores the text as given,
    graphemes and letters after the script normalisation (grapheme-kit's script-normalised grapheme CER).
    """

def chrf(reference: str | Sequence[str], hypothesis: str | Sequence[str], unit: Unit = "codepoint") -> float:
    """chrF (sacrebleu 2.6): sentence-level for two str, corpus-level for two lists."""

def chrf_pp(reference: str | Sequence[str], hypothesis: str | Sequence[str], unit: Unit = "codepoint") -> float:
    """chrF++ (word order 2)."""

class OiwerResult(TypedDict):
    oiwer_percent: float
    insertions: int
    deletions: int
    substitutions: int
    reference_words: int
    hypothesis_alignment: list[str]
    reference_alignment: list[str]
    operations: list[str]

def oiwer(hypothesis: str, lattice: str | Sequence[Sequence[str]], language: str = "ta", mode: Literal["vimarsha", "uraikal"] | None = None) -> OiwerResult:
    """OIWER of a hypothesis against a lattice of acceptable forms (note: hypothesis first, as Vimarsha)."""

# --- area: tasks (issue 22) ---
def tasks_families() -> list[dict]: ...
def tasks_generate(name: str, seed: int, start: int, count: int, config: str = "{}") -> list[dict]: ...
def tasks_score(name: str, answer: str, given: str, metadata: str = "{}") -> float: ...
