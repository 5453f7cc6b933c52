"""The datatrove steps (issue 20) in a LocalPipelineExecutor with 2 tasks over a JSONL folder.

Needs datatrove (PyPI 0.10), skipped without it. The steps call the installed package in-process (issue 24:
no `uraikal` binary is run).
"""

import gzip
import json
import pathlib

import pytest

pytest.importorskip("datatrove")

ROOT = pathlib.Path(__file__).resolve().parents[3]
HERE = pathlib.Path(__file__).resolve().parents[1]


def steps():
    import uraikal.datatrove

    return uraikal.datatrove


PROSE = ("தமிழ் மொழி உலகின் மிகப் பழமையான மொழிகளில் ஒன்று. இது இந்தியா, இலங்கை, சிங்கப்பூர் ஆகிய "
         "நாடுகளில் அலுவல் மொழியாக உள்ளது. பல நூற்றாண்டுகளாக இலக்கியம் வளர்ந்து வருகிறது.")
VISUAL = PROSE.replace("மொழி", "ெமாழி").replace("இலங்கை", "இலங்ைக")
MOJIBAKE = PROSE.encode("utf-8").decode("latin-1")
ENGLISH = "The committee met on Tuesday to discuss the budget for the next year and agreed on most items. " * 2


def read_jsonl_gz(folder):
    rows = []
    for path in sorted(pathlib.Path(folder).glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def test_local_executor_with_two_tasks(tmp_path):
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter

    m = steps()
    source = tmp_path / "in"
    source.mkdir()
    docs = {"clean": PROSE, "visual": VISUAL, "mojibake": MOJIBAKE, "english": ENGLISH, "short": "தமிழ் மொழி"}
    items = list(docs.items())
    for k, part in enumerate([items[:3], items[3:]]):
        with open(source / f"part{k}.jsonl", "w", encoding="utf-8") as f:
            for doc_id, text in part:
                f.write(json.dumps({"id": doc_id, "text": text}, ensure_ascii=False) + "\n")
    LocalPipelineExecutor(
        pipeline=[
            JsonlReader(str(source)),
            m.TamilRepairFormatter(batch_size=2),
            m.TamilQualityFilter(exclusion_writer=JsonlWriter(str(tmp_path / "removed")), batch_size=2),
            m.TamilRegisterAnnotator(),
            JsonlWriter(str(tmp_path / "kept")),
        ],
        tasks=2,
        workers=1,
        logging_dir=str(tmp_path / "logs"),
    ).run()
    kept = {r["id"]: r for r in read_jsonl_gz(tmp_path / "kept")}
    removed = {r["id"]: r for r in read_jsonl_gz(tmp_path / "removed")}
    assert sorted(kept) == ["clean", "mojibake", "visual"]
    assert all(r["text"] == PROSE for r in kept.values())
    assert kept["visual"]["metadata"]["tamil_repairs"] == ["visual-order"]
    assert kept["mojibake"]["metadata"]["tamil_repairs"] == ["mojibake"]
    assert all(r["metadata"]["register"] == "formal" for r in kept.values())
    assert sorted(removed) == ["english", "short"]
    assert "not-tamil" in removed["english"]["metadata"]["filter_reason"]
    assert removed["short"]["metadata"]["filter_reason"] == "too-short"
