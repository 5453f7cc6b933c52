"""pytest suite of ``uraikal.parity`` (issue 26): the Python mirror gives the CLI's numbers, which are the
peers' own. Expected values are sacrebleu 2.6.0's and jiwer 4.0.0's outputs on the same inputs (recorded here so
the suite needs neither peer)."""

import pytest

from uraikal import parity

HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
# sacrebleu's README example, as two reference streams; here per segment.
STREAMS = [["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
           ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."]]
REFS = [list(r) for r in zip(*STREAMS)]


def test_sacrebleu_metrics_and_signatures():
    assert parity.chrf(HYPS, REFS, word_order=2, beta=1) == (
        58.892998878381164, "nrefs:2|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.6.0")
    assert parity.bleu(HYPS, REFS, tokenize="intl") == (
        43.91623493336995, "nrefs:2|case:mixed|eff:no|tok:intl|smooth:exp|version:2.6.0")
    assert parity.ter(HYPS, REFS, normalized=True) == (
        33.33333333333333, "nrefs:2|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|version:2.6.0")
    assert parity.bleu(["他说：“明天见。”然后走了。"], ["他说：“我们明天见。”然后离开了。"], tokenize="zh")[0] == 53.24494908744754
    assert parity.ter(["美众院公布了对特朗普的调查报告。"], ["美众院公布对特朗普的弹劾调查报告。"], normalized=True,
                      asian_support=True)[0] == 17.647058823529413


def test_bad_options_raise_value_error():
    with pytest.raises(ValueError):
        parity.bleu(["a"], ["a"], tokenize="ja-mecab")
    with pytest.raises(ValueError):
        parity.chrf(["a"], ["a", "b"])  # two hypotheses' worth of references
    with pytest.raises(ValueError):
        parity.chrf(["a"], ["a"], char_order=0, word_order=0)


def test_jiwer_transformations_and_rates():
    steps = ["substitute-regexes", "remove-specific-words", "remove-multiple-spaces", "strip", "reduce-to-list-of-words"]
    kw = dict(substitute_regexes={r"(\d+)\s*%": r"\1 percent"}, remove_words=["um"])
    assert parity.transform(["um it rose 5% today"], steps, **kw) == [["it", "rose", "5", "percent", "today"]]
    r = parity.rates(["um it rose 5% today"], ["it rose 5 percent to day"], steps, **kw)
    assert (r["wer"], r["mer"]) == (0.4, 0.3333333333333333)
    assert (r["hits"], r["substitutions"], r["insertions"]) == (4, 1, 1)
    with pytest.raises(ValueError):
        parity.transform(["a"], ["strip"])  # jiwer: the last step must reduce to lists
    with pytest.raises(ValueError):
        parity.rates(["a", "b"], ["a"], ["strip", "reduce-to-list-of-words"])  # jiwer's length error


def test_sort_and_translit():
    assert parity.sort_tamil(["க", "ஃ", "அ", "ஸ", "ஔ"]) == ["அ", "ஔ", "ஃ", "க", "ஸ"]
    assert parity.translit("தமிழ்", to="iso15919") == "tamiḻ"
    assert parity.translit("tamiḻ", from_="iso15919") == "தமிழ்"
    with pytest.raises(ValueError):
        parity.translit("x")


def test_bleu_flores_tokenisers_on_a_sentencepiece_model():
    # fixtures/metrics/sacrebleu_spm.py: sacrebleu 2.6.0 pointed at the same trained model file.
    import json, pathlib
    fixtures = pathlib.Path(__file__).resolve().parents[3] / "fixtures" / "metrics"
    expected = json.loads((fixtures / "sacrebleu_spm.json").read_text(encoding="utf-8"))["bleu"]
    rows = [json.loads(l) for l in (fixtures / "pairs.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    hyps, refs = [r["hypothesis"] for r in rows], [r["reference"] for r in rows]
    for tok in ["flores101", "flores200"]:
        score, signature = parity.bleu(hyps, refs, tokenize=tok, spm_model=str(fixtures / "sacrebleu_spm.model"))
        assert (score, signature) == (expected[tok]["score"], expected[tok]["signature"])
    with pytest.raises(ValueError, match="needs spm_model"):
        parity.bleu(["a"], ["a"], tokenize="flores200")
