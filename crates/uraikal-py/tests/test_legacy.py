"""uraikal.legacy: the binding calls the library (SPEC E); the golden pairs are read in place when present."""

import json
import pathlib

import pytest

from uraikal import legacy

GOLDEN = pathlib.Path(__file__).resolve().parents[3] / ".." / "shared" / "golden" / "legacy" / "pairs.jsonl"


def test_encodings_lists_the_28_names_with_kinds():
    names = {e["name"]: e for e in legacy.encodings()}
    assert len(names) == 28
    assert names["tscii"]["kind"] == "charset" and "tscii-1.7" in names["tscii"]["aliases"]
    assert names["diacritic"]["kind"] == "romanisation" and names["bamini"]["kind"] == "font"


def test_decode_encode_and_aliases():
    assert legacy.decode("jkpo; ehL", "bamini") == "தமிழ் நாடு"
    assert legacy.encode("தமிழ் நாடு", "BAMINI") == "jkpo; ehL"
    assert legacy.decode(legacy.encode("தமிழ்", "Shree-Lipi"), "shreelipi") == "தமிழ்"


def test_auto_converts_only_the_legacy_run():
    assert legacy.decode("Source: www.example.org jkpo; ehL", "auto") == "Source: www.example.org தமிழ் நாடு"
    assert legacy.decode("தமிழ் நாடு, 2026", "auto") == "தமிழ் நாடு, 2026"


def test_detect_gives_runs_in_characters():
    d = legacy.detect("Source: www.example.org jkpo; ehL")
    assert d["encoding"] == "bamini" and 0 < d["confidence"] <= 1
    assert d["runs"] == [{"start": 24, "end": 33, "encoding": "bamini"}]
    both = legacy.detect("jkpo; ehL\nதமிழ்")
    assert [x["encoding"] for x in both] == ["bamini", None]


def test_errors_raise_value_error():
    with pytest.raises(ValueError, match="bamini"):
        legacy.decode("x", "nosuch")
    with pytest.raises(ValueError, match="cannot write"):
        legacy.encode("தமிழ் ௐ", "bamini")
    assert legacy.encode("தமிழ் ௐ", "bamini", lossy=True) == "jkpo; ௐ"


@pytest.mark.skipif(not GOLDEN.exists(), reason="../shared/golden absent")
def test_golden_round_trip_in_every_encoding():
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    seen, written = {}, {}
    for r in rows:
        if seen.setdefault(r["encoding"], 0) >= 20:
            continue
        seen[r["encoding"]] += 1
        try:
            legacy_text = legacy.encode(r["unicode"], r["encoding"])
        except ValueError:
            continue
        written[r["encoding"]] = written.get(r["encoding"], 0) + 1
        assert legacy.decode(legacy_text, r["encoding"]) == r["unicode"], r["encoding"]
    assert len(seen) == 28 and all(written.get(e, 0) >= 19 for e in seen), written
