"""pytest suite of the Python bindings: the seed README's examples verbatim, laws, and errors.

Run by .ci/run after `pip install crates/uraikal-py` into a fresh venv.
"""

import random

import pytest

import uraikal
from uraikal.text import clean, letters, length, tamil_share, normalize, graphemes, compose, decompose
from uraikal.numbers import to_words, to_digits, from_numerals, to_numerals
from uraikal.metrics import wer, cer, chrf, chrf_pp, oiwer


def test_seed_examples_verbatim():
    assert clean("ெகாடு") == "கொடு"
    assert letters("தமிழ்") == ["த", "மி", "ழ்"]
    assert [length(x) for x in letters("கடல்")] == ["kuril", "kuril", "otru"]
    assert to_words(2300) == "ரெண்டாயிரத்தி முன்னூறு"
    assert to_digits("முன்னூறுல பதினஞ்சு") == "300ல 15"
    assert from_numerals("௨௱௫") == 205


def test_original_readme_block_runs_verbatim():
    """The original package's README block (issue 13 quotes it; crates/uraikal-py/README.md, the PyPI page,
    keeps it as written): each line runs as written and gives the value its comment shows."""
    import ast
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert block.startswith("from uraikal.text import clean, letters, length, tamil_share\n")
    scope = {}
    checked = 0
    for line in block.splitlines():
        code, _, shown = line.partition("#")
        if not shown:
            exec(line, scope)
            continue
        assert eval(code, scope) == ast.literal_eval(shown.strip()), line
        checked += 1
    assert checked == 6


def test_versions():
    assert uraikal.__version__
    assert uraikal.URAIKAL_VERSION
    assert uraikal.UNICODE_VERSION.count(".") == 2


def test_text_functions():
    assert abs(tamil_share("தமிழ் abc") - 0.625) < 1e-12
    assert normalize("Hello, World!") == "hello world"
    assert normalize("௨௦௨௪") == "2024"
    assert letters("லக்ஷ்மி") == ["ல", "க்", "ஷ்", "மி"]
    assert letters("லக்ஷ்மி", ligatures=True) == ["ல", "க்ஷ்", "மி"]
    assert length("ஃ") == "aaytham"
    assert graphemes("ஸ்ரீ") == ["ஸ்ரீ"]
    assert decompose("நிலுவை") == "ந்இல்உவ்ஐ"
    assert compose("ந்ஆர்இ") == "நாரி"
    assert clean("கெளவை", legacy_au=True) == "கௌவை"


def test_numbers():
    assert to_words(2300, register="written") == "இரண்டாயிரத்து முந்நூறு"
    assert to_words(12) == "பன்னெண்டு"
    assert to_numerals(1956) == "௲௯௱௫௰௬"
    assert to_numerals(2024, style="positional") == "௨௦௨௪"
    rng = random.Random(7)
    for n in [rng.randrange(10**12) for _ in range(200)]:
        for register in ("spoken", "written"):
            assert to_digits(to_words(n, register=register)) == str(n)


def test_metrics():
    assert wer("அவன் வந்தான்", "அவன் வந்தான்") == 0.0
    assert wer(["a b c", "d"], ["a x c", "d e"]) == pytest.approx(2 / 4)
    assert cer(["ab"], ["ac"]) == pytest.approx(0.5)
    # As jiwer: without normalisation a tab does not split words (golden pair `tab_ref`: WER 2.0).
    assert wer("a\tb", "a b", normalize=False) == 2.0
    assert wer("a\tb", "a b") == 0.0
    assert chrf("the cat", "the cat") == pytest.approx(100.0)
    # One A1 rule (SPEC S12.2): visual-order ெ + ள is 2 grapheme errors of 4, as `uraikal score` counts them;
    # grapheme-kit's script-normalised grapheme CER (normalize=False) repairs it.
    assert cer("கௌரவம்", "கெளரவம்", unit="grapheme") == pytest.approx(2 / 4)
    assert cer("கௌரவம்", "கெளரவம்", unit="grapheme", normalize=False) == 0.0
    assert 0.0 <= chrf_pp("வணக்கம் உலகம்", "வணக்கம் உலகு") <= 100.0
    result = oiwer("நான் போய் விட்டு வந்தேன்", [["நான்"], ["போயிட்டு", "போய் விட்டு"], ["வந்தேன்"]], language="ta")
    assert result["oiwer_percent"] == 0.0
    # One strict lattice reader (SPEC L1): malformed text is a ValueError naming the column.
    for bad in ["{a | b", "{a} }", '[["a"', "a {b}", [["a"], []]]:
        with pytest.raises(ValueError):
            oiwer("a", bad, language="ta")
    assert oiwer("a b", "{a} x {b}", language="ta", mode="vimarsha")["oiwer_percent"] == 0.0


@pytest.mark.parametrize("bad", ["௲௲", "௱௱", "abc", ""])
def test_from_numerals_rejects_malformed(bad):
    with pytest.raises(ValueError):
        from_numerals(bad)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        compose("\u0bcdஅ")
    with pytest.raises(ValueError):
        wer(["a"], ["a", "b"])
    with pytest.raises(ValueError):
        oiwer("x", [], language="ta")
    with pytest.raises(ValueError):
        oiwer("x", [["x"]], language="klingon")


def test_laws_on_random_text():
    rng = random.Random(20261201)
    alphabet = [chr(c) for c in range(0x0B80, 0x0C00)] + list("ab ,.\u200d\u200c1")
    for _ in range(2000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20)))
        assert "".join(letters(s)) == s
        assert "".join(graphemes(s)) == s
        once = normalize(s)
        assert normalize(once) == once
        c = clean(s)
        assert clean(c) == c
