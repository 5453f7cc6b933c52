"""Side by side: datatrove's Gopher / C4 / FineWeb filters with FineWeb-2's Tamil settings vs `uraikal quality`.

Usage (from the workspace root, datatrove 0.10 and indic-nlp-library installed in a venv):
    python docs/quality/datatrove_side_by_side.py ../shared/golden/quality/docs.jsonl target/debug/uraikal

Prints, per damage kind, how many documents each filter keeps, and where datatrove and uraikal differ.
FineWeb-2's Tamil thresholds are those of huggingface/fineweb-2 configs/tam_Taml.yml (numbers, cited).
"""
import collections
import json
import subprocess
import sys
import tempfile
import time

from datatrove.data import Document
from datatrove.pipeline.filters import (C4QualityFilter, FineWebQualityFilter, GopherQualityFilter,
                                        GopherRepetitionFilter)

LANG = "tam_Taml"
# FineWeb-2 configs/tam_Taml.yml
STOP_WORDS = ["மற்றும்", "ஒரு", "இந்த", "ஆம்", "இது", "என்ற", "இவர்", "உள்ள", "ஆகும்", "ஆண்டு", "அல்லது", "என்பது",
              "முதல்", "உள்ளது", "என்று", "இந்திய", "மக்கள்", "ஊராட்சி", "இல்", "இருந்து", "மேலும்", "பல"]
FILTERS = {
    "gopher-repetition": GopherRepetitionFilter(
        dup_line_frac=0.302, top_n_grams=((2, 0.087), (3, 0.109), (4, 0.134)),
        dup_n_grams=((5, 0.144), (6, 0.126), (7, 0.113), (8, 0.101), (9, 0.091), (10, 0.08)), language=LANG),
    "fineweb-quality": FineWebQualityFilter(line_punct_thr=0.2, new_line_ratio=0.232, language=LANG),
    "gopher-quality": GopherQualityFilter(min_avg_word_length=5, max_avg_word_length=37,
                                          max_non_alpha_words_ratio=0.779, stop_words=STOP_WORDS, language=LANG),
    "c4": C4QualityFilter(filter_no_terminal_punct=False, language=LANG),
}


def verdict(f, doc):
    # datatrove 0.10's IndicNLP span tokenizer raises on some Tamil text (ValueError: substring not found);
    # such a document counts as dropped with reason "exception", and the count is printed.
    try:
        r = f.filter(doc)
    except Exception as e:  # noqa: BLE001
        return False, f"exception ({type(e).__name__})"
    return (r, None) if isinstance(r, bool) else r


def main(path, uraikal):
    docs = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    kept = collections.defaultdict(lambda: collections.Counter())
    reasons = collections.defaultdict(collections.Counter)
    datatrove_keeps = {}
    start = time.perf_counter()
    for d in docs:
        keep_all = True
        for name, f in FILTERS.items():
            ok, why = verdict(f, Document(text=d["text"], id=d["id"]))
            kept[d["damage"]][name] += ok
            if not ok:
                reasons[name][why] += 1
            keep_all &= ok
        kept[d["damage"]]["datatrove (all four)"] += keep_all
        datatrove_keeps[d["id"]] = keep_all
    dt_seconds = time.perf_counter() - start
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as tmp:
        for d in docs:
            tmp.write(json.dumps({"id": d["id"], "text": d["text"]}, ensure_ascii=False) + "\n")
    start = time.perf_counter()
    out = subprocess.run([uraikal, "quality", tmp.name, "--json"], capture_output=True, text=True, check=True).stdout
    u_seconds = time.perf_counter() - start
    got = {r["id"]: r for r in map(json.loads, out.splitlines())}
    for d in docs:
        g = got[d["id"]]
        kept[d["damage"]]["uraikal keep"] += g["decision"] == "keep"
        kept[d["damage"]]["uraikal repair"] += g["decision"] == "repair"
    names = list(FILTERS) + ["datatrove (all four)", "uraikal keep", "uraikal repair"]
    print("| damage | documents | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    counts = collections.Counter(d["damage"] for d in docs)
    for kind in sorted(counts):
        print(f"| {kind} | {counts[kind]} | " + " | ".join(str(kept[kind][n]) for n in names) + " |")
    print()
    for name, c in reasons.items():
        print(f"{name} drop reasons: " + ", ".join(f"{k} {v}" for k, v in c.most_common()))
    differ = collections.Counter((d["damage"], datatrove_keeps[d["id"]], got[d["id"]]["decision"]) for d in docs
                                 if datatrove_keeps[d["id"]] != (got[d["id"]]["decision"] == "keep"))
    print("\ndisagreements (damage, datatrove keeps, uraikal decision): count")
    for k, v in sorted(differ.items()):
        print(f"  {k}: {v}")
    print(f"\ntime: datatrove four filters {dt_seconds:.2f} s in-process; uraikal quality {u_seconds:.2f} s "
          f"(whole process, JSONL in and out)")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
