"""Throughput of datatrove's four filters (FineWeb-2's Tamil settings, as datatrove_side_by_side.py builds them)
on blank-line-separated documents, in-process; the counterpart of
`cargo run --release -p uraikal-quality --example quality_throughput -- FILE` (docs/perf.md).

Usage: python docs/quality/datatrove_speed.py prose.txt
A document stops at the first filter that drops it, as in a datatrove pipeline.
"""
import importlib.util
import pathlib
import sys
import time

spec = importlib.util.spec_from_file_location("side_by_side", pathlib.Path(__file__).with_name("datatrove_side_by_side.py"))
side_by_side = importlib.util.module_from_spec(spec)
spec.loader.exec_module(side_by_side)

from datatrove.data import Document  # noqa: E402

text = open(sys.argv[1], encoding="utf-8").read()
docs = [d for d in text.split("\n\n") if d.strip()]
best = float("inf")
for _ in range(2):
    start, kept = time.perf_counter(), 0
    for i, d in enumerate(docs):
        doc = Document(text=d, id=str(i))
        kept += all(side_by_side.verdict(f, doc)[0] for f in side_by_side.FILTERS.values())
    best = min(best, time.perf_counter() - start)
mb = len(text.encode("utf-8")) / 1e6
print(f"datatrove four filters: {len(docs)} documents, {mb:.1f} MB, {kept} kept: best of 2 {best:.2f} s = {mb / best:.2f} MB/s")
