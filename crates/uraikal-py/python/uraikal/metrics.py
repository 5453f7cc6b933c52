"""Exact, fast metrics, the same as the Rust crates and the ``uraikal`` command compute.

Every function takes (reference, hypothesis) in that order. ``wer`` and ``cer`` take two strings or two
equally long lists of strings and return the corpus rate (sum of edits / sum of reference lengths).

>>> from uraikal.metrics import wer, cer
>>> wer(["அவன் வந்தான்"], ["அவன் வந்தான்"])
0.0
"""

from ._uraikal import wer, cer, chrf, chrf_pp, oiwer

__all__ = ["wer", "cer", "chrf", "chrf_pp", "oiwer"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
