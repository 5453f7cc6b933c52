"""Legacy Tamil font encodings (SPEC.md E): the 28 encodings of open-tamil (Bamini, TSCII, TAB/TAM, Shree-Lipi,
Vanavil, Anu …) decoded to Unicode in logical order, encoded back, and found inside mixed text.

>>> from uraikal import legacy
>>> legacy.decode("jkpo; ehL", "bamini")
'தமிழ் நாடு'
>>> legacy.encode("தமிழ்", "Bamini")
'jkpo;'
>>> legacy.decode("Source: www.example.org jkpo; ehL", "auto")
'Source: www.example.org தமிழ் நாடு'
>>> legacy.detect("Source: www.example.org jkpo; ehL")["runs"]
[{'start': 24, 'end': 33, 'encoding': 'bamini'}]

Names are matched ignoring case, "-", "_", "." and spaces ("Shree-Lipi", "TSCII-1.7"); an unknown name, or a
letter the encoding cannot write (without ``lossy``), raises ``ValueError`` with the library's message.
"""

from ._uraikal import legacy_decode, legacy_detect, legacy_encode, legacy_encodings

__all__ = ["encodings", "decode", "encode", "detect"]


def encodings() -> list:
    """The encodings: ``[{"name", "aliases", "kind"}]``, kind "font", "charset" or "romanisation"."""
    return legacy_encodings()


def decode(text: str, encoding: str) -> str:
    """Legacy text → Unicode. ``encoding`` "auto" detects per line and converts only the legacy runs."""
    return legacy_decode(text, encoding)


def encode(text: str, encoding: str, lossy: bool = False) -> str:
    """Unicode → legacy text. ``lossy`` writes a letter the encoding lacks as itself instead of raising."""
    return legacy_encode(text, encoding, lossy)


def detect(text: str):
    """The most likely encoding of a line: ``{"encoding", "confidence", "runs": [{"start", "end", "encoding"}]}``
    (offsets in characters). Text of several lines gives a list, one detection per line."""
    lines = text.split("\n")
    if len(lines) == 1:
        return legacy_detect(text)
    return [legacy_detect(line) for line in lines]
