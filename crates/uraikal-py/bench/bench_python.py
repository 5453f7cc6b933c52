"""Benchmark (not a test) of issue 24's Python claims (docs/perf.md, "Python: the whole of Uraikal").

    python -m venv target/py-bench && target/py-bench/bin/pip install ./crates/uraikal-py jiwer==4.0.0
    target/py-bench/bin/python crates/uraikal-py/bench/bench_python.py [--normalize-only]

1. ``uraikal.text.normalize_many`` on 1,000,000 strings against a Python loop over ``normalize``.
2. Corpus WER + CER from Python: ``uraikal.metrics.wer`` / ``cer`` against jiwer 4.0.0 on the same 100,000
   normalised (reference, hypothesis) pairs (bench_peers.py's pairs), values compared.

Each job: best of 3 (jiwer: 1 run), wall time and process CPU time (all threads, ``time.process_time``).
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_peers import pairs, sentences  # noqa: E402  (the same corpus as the issue 13 benchmark)


def best(fn, runs=3):
    wall, cpu = 1e9, 1e9
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return wall, cpu


def main():
    from uraikal.text import normalize, normalize_many
    from uraikal.metrics import wer, cer

    base = sentences()
    # Long strings (the corpus lines, ~400 bytes) and short ones (their first word: the per-item cost shows).
    for label, column in (("lines", base), ("words", [b.split(" ")[0] for b in base])):
        texts = [column[k % len(column)] for k in range(1_000_000)]
        mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
        assert normalize_many(texts[:1000]) == [normalize(t) for t in texts[:1000]]
        m = best(lambda: normalize_many(texts))
        loop = best(lambda: [normalize(t) for t in texts])
        print(f"normalize, 1,000,000 {label} ({mb:.0f} MB): normalize_many {m[0]:.2f} s wall / {m[1]:.2f} s CPU; "
              f"loop over normalize {loop[0]:.2f} s wall / {loop[1]:.2f} s CPU -> {loop[0] / m[0]:.1f}x wall, "
              f"{loop[1] / m[1]:.1f}x CPU")
    if "--normalize-only" in sys.argv:
        return 0

    import jiwer

    refs, hyps = pairs(base, 100_000)
    nrefs, nhyps = normalize_many(refs), normalize_many(hyps)
    ours = best(lambda: (wer(nrefs, nhyps, normalize=False), cer(nrefs, nhyps, normalize=False)))
    peer = best(lambda: (jiwer.wer(nrefs, nhyps), jiwer.cer(nrefs, nhyps)), runs=1)
    w, c = wer(nrefs, nhyps, normalize=False), cer(nrefs, nhyps, normalize=False)
    pw, pc = jiwer.wer(nrefs, nhyps), jiwer.cer(nrefs, nhyps)
    same = abs(w - pw) < 1e-12 and abs(c - pc) < 1e-12
    print(f"corpus WER+CER, 100,000 pairs: uraikal {ours[0]:.2f} s wall / {ours[1]:.2f} s CPU; jiwer 4.0.0 "
          f"{peer[0]:.2f} s wall / {peer[1]:.2f} s CPU -> {peer[0] / ours[0]:.1f}x wall, {peer[1] / ours[1]:.1f}x CPU; "
          f"values {'identical' if same else 'DIFFER'} (WER {w:.6f}/{pw:.6f}, CER {c:.6f}/{pc:.6f})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
