"""Benchmark (not a test) of the Python bindings against the pure-Python tools people use today.

    pip install ./crates/uraikal-py open-tamil==1.1 jiwer==4.0.0
    python crates/uraikal-py/bench/bench_peers.py

Corpora: the 1,330 kurals (fixtures/thirukkural, in the repo) plus, when present, the prose sets read in place
from ../shared/data/prose; repeated to 10 MB of text for letters/normalize; (reference, hypothesis) pairs made
by deterministic word edits for corpus WER + CER. Prints each job's best of 3 and the ratio.
"""

import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def sentences():
    out = []
    for line in open(os.path.join(ROOT, "fixtures", "thirukkural", "thirukkural.tsv"), encoding="utf-8").read().splitlines()[1:]:
        f = line.split("\t")
        out.append(f[8] + " " + f[9])
    prose = os.path.join(ROOT, "..", "shared", "data", "prose")
    for rel in ["flores200/tam_Taml.devtest", "ntrex128/newstest2019-ref.tam.txt", "tico19/tico19-test.tam"]:
        p = os.path.join(prose, rel)
        if os.path.exists(p):
            out += [l.strip() for l in open(p, encoding="utf-8") if l.strip()]
    return out


def best(fn, runs=3):
    t = 1e9
    for _ in range(runs):
        s = time.perf_counter()
        fn()
        t = min(t, time.perf_counter() - s)
    return t


def pairs(base, n):
    """n (reference, hypothesis) pairs: each reference with 0-2 seeded word edits."""
    rng = random.Random(20261201)
    vocab = [w for s in base for w in s.split()]
    refs, hyps = [], []
    for k in range(n):
        ref = base[k % len(base)]
        words = ref.split()
        for _ in range(rng.randrange(0, 3)):
            i = rng.randrange(len(words))
            op = rng.randrange(3)
            if op == 0:
                words[i] = rng.choice(vocab)
            elif op == 1 and len(words) > 1:
                del words[i]
            else:
                words.insert(i, rng.choice(vocab))
        refs.append(ref)
        hyps.append(" ".join(words))
    return refs, hyps


def main():
    from uraikal.text import letters, normalize
    from uraikal.metrics import wer, cer
    import tamil.utf8
    import jiwer

    base = sentences()
    lines, size = [], 0
    while size < 10_000_000:
        for s in base:
            lines.append(s)
            size += len(s.encode("utf-8"))
    mb = size / 1e6
    t_ours = best(lambda: [letters(l) for l in lines])
    t_peer = best(lambda: [tamil.utf8.get_letters(l) for l in lines], runs=1)
    print(f"letters, {mb:.1f} MB: uraikal {t_ours:.3f}s ({mb / t_ours:.1f} MB/s), open-tamil get_letters {t_peer:.3f}s -> {t_peer / t_ours:.1f}x")
    t_norm = best(lambda: [normalize(l) for l in lines])
    print(f"normalize, {mb:.1f} MB: uraikal {t_norm:.3f}s ({mb / t_norm:.1f} MB/s)")

    refs, hyps = pairs(base, 100_000)
    # jiwer scores the same normalised strings the bindings score.
    nrefs = [normalize(r) for r in refs]
    nhyps = [normalize(h) for h in hyps]
    t_ours = best(lambda: (wer(nrefs, nhyps, normalize=False), cer(nrefs, nhyps, normalize=False)))
    t_peer = best(lambda: (jiwer.wer(nrefs, nhyps), jiwer.cer(nrefs, nhyps)), runs=1)
    w_ours, c_ours = wer(nrefs, nhyps, normalize=False), cer(nrefs, nhyps, normalize=False)
    w_peer, c_peer = jiwer.wer(nrefs, nhyps), jiwer.cer(nrefs, nhyps)
    same = abs(w_ours - w_peer) < 1e-12 and abs(c_ours - c_peer) < 1e-12
    print(f"corpus WER+CER, 100k pairs: uraikal {t_ours:.3f}s, jiwer {t_peer:.3f}s -> {t_peer / t_ours:.1f}x; "
          f"values {'identical' if same else 'DIFFER'} (WER {w_ours:.6f}/{w_peer:.6f}, CER {c_ours:.6f}/{c_peer:.6f})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
