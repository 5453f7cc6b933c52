"""Every public function of the compiled module, called as a typed user would call it (issue 24).

`mypy --strict` checks this file against the generated stubs (.ci/run), and test_typed.py runs it, where each
result's runtime type is checked against the type the stub declares: a wrong annotation fails one or the other.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import uraikal
import uraikal.d4
from uraikal import lattice, legacy, metrics, numbers, quality, text, tn, yaappu

ROOT = Path(__file__).resolve().parents[3]
MANIFEST = ROOT / "crates" / "uraikal-cli" / "data" / "demo" / "a1_demo.jsonl"
HYPS = ROOT / "crates" / "uraikal-cli" / "data" / "demo" / "hyps" / "example-light.jsonl"


def check(value: object, kind: type) -> None:
    assert isinstance(value, kind), f"{value!r} is not a {kind.__name__}"


def run() -> None:
    version: str = uraikal.__version__
    check(version, str)

    # text
    cleaned: str = text.clean("ெகாடு", legacy_au=True)
    pieces: list[str] = text.letters("தமிழ்", ligatures=False)
    kind: str = text.length("த")
    share: float = text.tamil_share("தமிழ் text")
    normal: str = text.normalize("ஒரு  வீடு")
    clusters: list[str] = text.graphemes("தமிழ்")
    composed: str = text.compose("ந்ஆர்இ")
    decomposed: str = text.decompose("நாரி")
    many: list[str] = text.normalize_many(["ஒரு  வீடு", "இரண்டு"])
    many_from_tuple: list[str] = text.normalize_many(("ஒரு",))
    for s in (cleaned, kind, normal, composed, decomposed, *pieces, *clusters, *many, *many_from_tuple):
        check(s, str)
    check(share, float)

    # numbers
    words: str = numbers.to_words(2300, register="spoken", ordinal=False)
    digits: str = numbers.to_digits("முன்னூறு")
    value: int = numbers.from_numerals("௨௱௫")
    numerals: str = numbers.to_numerals(205, style="traditional")
    for s in (words, digits, numerals):
        check(s, str)
    check(value, int)

    # metrics: a pair of str, or lists / tuples of them
    rates: list[float] = [
        metrics.wer("நான் வந்தேன்", "நான் வந்தான்", normalize=True),
        metrics.wer(["நான் வந்தேன்"], ("நான் வந்தான்",)),
        metrics.cer("தமிழ்", "தமிழ", unit="letter", normalize=False),
        metrics.chrf(["தமிழ் மொழி"], ["தமிழ் மொழி"], unit="codepoint"),
        metrics.chrf_pp("தமிழ்", "தமிழ"),
    ]
    for r in rates:
        check(r, float)
    one: dict[str, Any] = metrics.oiwer("நான் வந்தேன்", [["நான்"], ["வந்தேன்", "வந்தென்"]], language="ta", mode=None)
    check(one, dict)

    # lattice
    records: list[dict[str, Any]] = lattice.oiwer_batch(
        [{"hypothesis": "நான் வந்தேன்", "reference": "{நான்} {வந்தேன் | வந்தென்}"}], language="ta"
    )
    built: list[dict[str, Any]] = lattice.build(
        [{"id": 1, "a_transcription": "நான் வந்தேன்", "b_transcription": "நான் வந்தென்"}], language="ta", mode=None
    )
    for r2 in (*records, *built):
        check(r2, dict)

    # A1 scoring
    results: list[dict[str, Any]] = uraikal.score(MANIFEST, str(HYPS), system="typed", bootstrap=0, seed=1)
    compared: list[dict[str, Any]] = uraikal.compare(str(MANIFEST), HYPS, [HYPS], bootstrap=10)
    for r3 in (*results, *compared):
        check(r3, dict)

    # D4
    report: dict[str, Any] = uraikal.d4.measure(None, ["தமிழ் மொழி"], grapheme_safe=False)
    trained: str = uraikal.d4.train(["தமிழ் மொழி இனிது"] * 20, 800, model="bpe", special_tokens=["<s>"])
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base.json"
        base.write_text(trained, encoding="utf-8")
        extended: dict[str, Any] = uraikal.d4.extend(base, ["தமிழ் மொழி இனிது"] * 10, 5, min_frequency=2)
    check(report, dict)
    check(trained, str)
    check(extended, dict)

    # yaappu, tn, quality, legacy
    scan: dict[str, Any] = yaappu.scan("அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு")
    scans: list[dict[str, Any]] = yaappu.scan_many(["அகர முதல"])
    spoken: str = tn.normalize("2300 ரூபாய்", register="spoken")
    spoken_many: list[str] = tn.normalize_many(["2300 ரூபாய்"], register="written")
    assessed: dict[str, Any] = quality.assess("தமிழ் ஒரு செம்மொழி.", config=None)
    assessed_many: list[dict[str, Any]] = quality.assess_many(["தமிழ் ஒரு செம்மொழி."])
    registers: list[dict[str, Any]] = quality.register_many(["தமிழ் ஒரு செம்மொழி."], model=None)
    decoded: str = legacy.decode("jkpo;", "bamini")
    for d in (scan, assessed, *scans, *assessed_many, *registers):
        check(d, dict)
    for s in (spoken, decoded, *spoken_many):
        check(s, str)


if __name__ == "__main__":
    run()
