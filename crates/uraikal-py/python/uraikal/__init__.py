"""Uraikal (உரைகல், "touchstone"): Tamil text done right, and exact, fast metrics for Tamil speech recognition
and tokenizers, backed by the Rust crates of the same name.

Modules:

* ``uraikal.text``: letters (எழுத்து) and their length, ``clean`` for legacy-font text, the frozen scoring
  ``normalize``, ``tamil_share``, ``graphemes``, ``compose`` / ``decompose``.
* ``uraikal.numbers``: spoken and written number words, number words back to digits, Tamil numerals.
* ``uraikal.metrics``: corpus ``wer`` / ``cer``, ``chrf`` / ``chrf_pp``, ``oiwer``.
* ``uraikal.tasks``: practice tasks for reinforcement learning (reasoning-gym-compatible datasets).
* ``uraikal.legacy``: legacy Tamil font encodings (Bamini, TSCII, …): decode, encode, detect.

Errors in the input raise ``ValueError`` with the Rust library's message.
"""

from ._uraikal import __version__, NORMALIZER_VERSION, UNICODE_VERSION, URAIKAL_VERSION
from . import text, numbers, metrics
from . import tasks  # --- area: tasks (issue 22) ---
from . import legacy  # issue 19

__all__ = ["__version__", "URAIKAL_VERSION", "NORMALIZER_VERSION", "UNICODE_VERSION", "text", "numbers", "metrics", "tasks", "legacy"]
