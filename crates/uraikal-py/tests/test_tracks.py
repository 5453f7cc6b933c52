"""Every track in Python (issue 24): each is the Rust function the CLI runs, so the records equal the CLI's.
The CLI side is the installed `uraikal` script (the Rust CLI in-process; test_cli.py checks it against the Rust
binary byte for byte), so these tests need nothing but the wheel (and tokenizers for the D4 objects).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import uraikal
import uraikal.d4
from uraikal import lattice, quality, tn, yaappu
from uraikal.text import normalize, normalize_many

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "crates" / "uraikal-cli" / "data" / "demo"
MANIFEST = DEMO / "a1_demo.jsonl"
HYPS = DEMO / "hyps" / "example-light.jsonl"
SCRIPT = shutil.which("uraikal", path=os.path.dirname(sys.executable)) or shutil.which("uraikal")


def cli_json(*args):
    p = subprocess.run([SCRIPT, *args], capture_output=True, timeout=900)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def read_jsonl(path):
    return [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]


def test_score_records_equal_the_cli(tmp_path):
    cli = cli_json("score", "--manifest", str(MANIFEST), "--hyp", str(HYPS), "--system", "light", "--bootstrap",
                   "200", "--json", "--out", str(tmp_path / "r.json"))
    mine = uraikal.score(str(MANIFEST), str(HYPS), system="light", bootstrap=200)
    assert mine == cli
    # the results file the CLI wrote holds the same records
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8")) == mine


def test_score_takes_lists_of_dicts():
    from_files = uraikal.score(MANIFEST, HYPS, system="s", bootstrap=0)
    from_lists = uraikal.score(read_jsonl(MANIFEST), read_jsonl(HYPS), system="s", bootstrap=0)
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("manifests", "hypotheses")} for r in rs]
    assert strip(from_files) == strip(from_lists)
    assert [r["slice"] for r in from_files][-1] == "macro"


def test_score_bad_input_names_the_record():
    with pytest.raises(ValueError, match=r"<hyps records>:2"):
        uraikal.score(MANIFEST, [{"id": "a", "hyp": "x"}, {"id": "b"}], bootstrap=0)
    with pytest.raises(ValueError, match="nonexistent"):
        uraikal.score("/nonexistent.jsonl", HYPS)


def test_compare_equals_the_cli():
    heavy = DEMO / "hyps" / "example-heavy.jsonl"
    cli = cli_json("compare", "--manifest", str(MANIFEST), "--hyp", str(HYPS), "--hyp", str(heavy), "--bootstrap",
                   "100", "--json")
    assert uraikal.compare(MANIFEST, HYPS, heavy, bootstrap=100) == cli


def test_d4_on_a_tokenizer_object_equals_the_cli_on_its_file(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    texts = [r["text"] for r in read_jsonl(MANIFEST)]
    t = Tokenizer(models.BPE(unk_token="[UNK]"))
    t.pre_tokenizer = pre_tokenizers.Whitespace()
    t.train_from_iterator(texts, trainers.BpeTrainer(vocab_size=300, special_tokens=["[UNK]"]))
    path = tmp_path / "tokenizer.json"
    t.save(str(path))
    passages = tmp_path / "d4_demo.jsonl"
    passages.write_text("".join(json.dumps({"id": str(k), "text": x}, ensure_ascii=False) + "\n"
                                for k, x in enumerate(texts)), encoding="utf-8")
    cli = cli_json("tokenizers", "--data", str(passages), "--tokenizer", str(path), "--json")
    from_object = uraikal.d4.measure(t, str(passages))
    from_path = uraikal.d4.measure(str(path), str(passages))
    assert from_path == cli
    keep = lambda r: {k: v for k, v in r.items() if k not in ("tokenizer", "source", "sha256")}
    assert [keep(r) for r in from_object["results"]] == [keep(r) for r in cli["results"]]
    # a list of texts is one slice, "passages"
    from_texts = uraikal.d4.measure(t, texts)["results"][0]
    assert from_texts["tokens_per_word"] == cli["results"][0]["tokens_per_word"]


def test_d4_on_a_transformers_fast_tokenizer(tmp_path):
    pytest.importorskip("transformers")
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    t = Tokenizer(models.WordLevel({"தமிழ்": 0, "[UNK]": 1}, unk_token="[UNK]"))
    t.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    fast = PreTrainedTokenizerFast(tokenizer_object=t)
    assert uraikal.d4.measure(fast, ["தமிழ் மொழி"])["results"][0]["unk_per_1000"] == 500.0


def test_d4_bad_tokenizer():
    with pytest.raises(ValueError):
        uraikal.d4.measure(42, ["தமிழ்"])


KURAL = ROOT / "crates" / "uraikal-d4" / "data" / "d4_kural.jsonl"


def test_d4_train_equals_the_cli(tmp_path):
    for extra in ([], ["--model", "unigram", "--special-tokens", "<s>", "</s>"], ["--byte-level", "--gpt2-pretok"]):
        out = tmp_path / "t.json"
        p = subprocess.run([SCRIPT, "tokenizers", "train", "--data", str(KURAL), "--vocab-size", "1000", *extra,
                            "--out", str(out)], capture_output=True, timeout=900)
        assert p.returncode == 0, p.stderr
        model = "unigram" if "unigram" in extra else "bpe"
        mine = uraikal.d4.train(str(KURAL), 1000, model=model, byte_level="--byte-level" in extra,
                                grapheme_safe="--gpt2-pretok" not in extra, special_tokens=extra[3:])
        cli = out.read_text(encoding="utf-8")
        if model == "bpe":
            assert mine == cli, extra
        else:
            # Unigram training is not bit-reproducible, not even CLI run against CLI run (three runs on the
            # Kural passages: the same pieces, scores up to 1e-4 apart, near-equal pieces in another order; the
            # tokenizers crate's EM sums in parallel). The pieces are the same, and the scores to 1e-3.
            a, b = json.loads(mine), json.loads(cli)
            assert sorted(t for t, _ in a["model"]["vocab"]) == sorted(t for t, _ in b["model"]["vocab"])
            sa, sb = dict(a["model"]["vocab"]), dict(b["model"]["vocab"])
            assert all(abs(sa[t] - sb[t]) < 1e-3 for t in sa)
            strip = lambda t: {k: v for k, v in t.items() if k != "model"}
            assert strip(a) == strip(b)
    # a list of texts is the same as the file's texts
    texts = [r["text"] for r in read_jsonl(KURAL)]
    assert uraikal.d4.train(texts, 1000) == uraikal.d4.train([KURAL], 1000)


def test_d4_train_bad_input():
    with pytest.raises(ValueError, match="model"):
        uraikal.d4.train(["தமிழ்"], 300, model="wordpiece")
    with pytest.raises(ValueError, match="no text"):
        uraikal.d4.train(["  "], 300)
    with pytest.raises(ValueError, match="nonexistent"):
        uraikal.d4.train("/nonexistent.jsonl", 300)


def test_d4_extend_equals_the_cli(tmp_path):
    base = tmp_path / "base.json"
    base.write_text(uraikal.d4.train([r["text"] for r in read_jsonl(MANIFEST)], 800), encoding="utf-8")
    out = tmp_path / "ext"
    p = subprocess.run([SCRIPT, "tokenizers", "extend", str(base), "--data", str(KURAL), "--add", "50", "--out",
                        str(out)], capture_output=True, timeout=900)
    assert p.returncode == 0, p.stderr
    mine = uraikal.d4.extend(str(base), KURAL, add=50)
    assert mine["tokenizer_json"] == (out / "tokenizer.json").read_text(encoding="utf-8")
    assert mine["new_tokens"] == json.loads((out / "new_tokens.json").read_text(encoding="utf-8"))
    assert len(mine["new_tokens"]) == 50
    tokenizers = pytest.importorskip("tokenizers")
    # a tokenizers.Tokenizer object extends the same
    as_object = uraikal.d4.extend(tokenizers.Tokenizer.from_file(str(base)), KURAL, add=50)
    assert as_object["new_tokens"] == mine["new_tokens"]


def test_yaappu_equals_the_cli():
    verse = "அகர முதல எழுத்தெல்லாம் ஆதி\nபகவன் முதற்றே உலகு"
    assert yaappu.scan(verse) == cli_json("yaappu", verse, "--json")
    assert yaappu.scan_many([verse, "x"]) == [yaappu.scan(verse), yaappu.scan("x")]


def test_tn_equals_the_cli():
    line = "2300 ரூபாய் 15.08.1947 அன்று"
    p = subprocess.run([SCRIPT, "tn", line], capture_output=True, text=True)
    assert tn.normalize(line) + "\n" == p.stdout
    assert tn.normalize_many([line, "5 கிலோ"], register="written") == [
        tn.normalize(line, "written"), tn.normalize("5 கிலோ", register="written")]
    with pytest.raises(ValueError):
        tn.normalize("1", register="nope")


def test_lattice_batch_equals_the_cli(tmp_path):
    records = [
        {"id": "a", "hypothesis": "நான் வந்தேன்", "reference": "{நான்} {வந்தேன் | வந்தென்}", "language": "ta"},
        {"id": "b", "hypothesis": "அவன்", "reference": [["அவள்", "அவன்"], ["போனான்"]], "language": "ta"},
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    p = subprocess.run([SCRIPT, "oiwer", "--input", str(src)], capture_output=True, text=True)
    assert lattice.oiwer_batch(records) == [json.loads(l) for l in p.stdout.splitlines()]
    single = lattice.oiwer("அவன்", [["அவள்", "அவன்"], ["போனான்"]], language="ta")
    assert single["oiwer_percent"] == lattice.oiwer_batch(records)[1]["oiwer_percent"]
    with pytest.raises(ValueError, match="record 1"):
        lattice.oiwer_batch([{"hypothesis": "x"}])


def test_build_lattices_equals_the_cli(tmp_path):
    records = [{"id": 1, "a_transcription": "நான் வந்தேன்", "b_transcription": "நான் வந்தென்", "language": "ta"}]
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(json.dumps(records[0], ensure_ascii=False) + "\n", encoding="utf-8")
    subprocess.run([SCRIPT, "build-lattices", str(src), str(out)], check=True, capture_output=True)
    assert lattice.build(records) == read_jsonl(out)


def test_quality_equals_the_cli():
    docs = ["தமிழ் ஒரு செம்மொழி. அது மிகவும் பழமையான மொழி ஆகும்.", "Click here to subscribe!!! ₹₹₹"]
    lines = "".join(json.dumps({"id": k, "text": d}, ensure_ascii=False) + "\n" for k, d in enumerate(docs))
    p = subprocess.run([SCRIPT, "quality", "-", "--json", "--repair"], input=lines, capture_output=True, text=True)
    cli = [json.loads(l) for l in p.stdout.splitlines()]
    mine = quality.assess_many(docs)
    for c, m in zip(cli, mine):
        assert (c["score"], c["decision"], c["reasons"], c["signals"], c["text"]) == (
            m["score"], m["decision"], m["reasons"], m["signals"], m["repaired"])
    assert quality.assess(docs[0]) == mine[0]


def test_normalize_many_equals_a_loop():
    texts = ["ஒரு  வீடு!", "Hello, World", "௨௦௨௪", ""] * 50
    assert normalize_many(texts) == [normalize(t) for t in texts]
    assert normalize_many(tuple(texts[:3])) == [normalize(t) for t in texts[:3]]


def test_normalize_many_on_pyarrow():
    pa = pytest.importorskip("pyarrow")
    out = normalize_many(pa.array(["Hello, World", None, "௨௦௨௪"]))
    assert isinstance(out, pa.Array) and out.to_pylist() == ["hello world", None, "2024"]


def test_readme_examples_run(monkeypatch):
    """The Python section of README.md, run as written (every ```python block) from the project's root."""
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("\n### Python\n") + 1:]
    ends = [section.find(h, 4) for h in ("\n### ", "\n## ")]
    section = section[: min(e for e in ends if e > 0)]
    blocks = [b.split("```", 1)[0] for b in section.split("```python\n")[1:]]
    assert blocks, "README's Python section has examples"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
