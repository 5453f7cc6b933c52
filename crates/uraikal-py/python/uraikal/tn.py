"""Text normalisation for speech: numbers, dates, money, units, times and phone numbers into spoken (or
written) Tamil, as ``uraikal tn``."""

from ._uraikal import tn as _tn

normalize = _tn.normalize
normalize_many = _tn.normalize_many

__all__ = ["normalize", "normalize_many"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
