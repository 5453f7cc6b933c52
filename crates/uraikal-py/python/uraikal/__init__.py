"""Uraikal (உரைகல், "touchstone"): Tamil text done right, and exact, fast metrics for Tamil speech recognition
and tokenizers, backed by the Rust crates of the same name. ``pip install uraikal`` also gives the ``uraikal``
command (the Rust CLI, in-process) and ``python -m uraikal``.

Modules:

* ``uraikal.score`` / ``uraikal.compare``: Track A1, the result records of ``uraikal score`` as dicts.
* ``uraikal.text``: letters (எழுத்து) and their length, ``clean`` for legacy-font text, the frozen scoring
  ``normalize`` (and ``normalize_many`` over a column), ``tamil_share``, ``graphemes``, ``compose`` / ``decompose``.
* ``uraikal.numbers``: spoken and written number words, number words back to digits, Tamil numerals.
* ``uraikal.metrics``: corpus ``wer`` / ``cer``, ``chrf`` / ``chrf_pp``, ``oiwer``.
* ``uraikal.d4``: Track D4, how tokenizers handle Tamil.
* ``uraikal.yaappu``: Tamil prosody. ``uraikal.tn``: text normalisation for speech.
* ``uraikal.lattice``: OIWER and candidate lattices. ``uraikal.quality``: Tamil text quality.
* ``uraikal.tasks``: practice tasks for reinforcement learning (reasoning-gym-compatible datasets).
* ``uraikal.legacy``: legacy Tamil font encodings (Bamini, TSCII, …): decode, encode, detect.

Errors in the input raise ``ValueError`` with the Rust library's message.
"""

from ._uraikal import __version__, NORMALIZER_VERSION, UNICODE_VERSION, URAIKAL_VERSION
from ._uraikal import score, compare
from . import text, numbers, metrics
from . import d4, lattice, quality, tn, yaappu
from . import tasks, legacy

__all__ = [
    "__version__",
    "URAIKAL_VERSION",
    "NORMALIZER_VERSION",
    "UNICODE_VERSION",
    "score",
    "compare",
    "text",
    "numbers",
    "metrics",
    "d4",
    "lattice",
    "quality",
    "tn",
    "yaappu",
    "tasks",
    "legacy",
]

__test__ = {"score": score, "compare": compare}  # the Rust docstrings' examples, for pytest --doctest-modules
