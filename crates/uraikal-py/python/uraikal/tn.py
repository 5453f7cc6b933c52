"""Text normalisation for speech: numbers, dates, money, units, times and phone numbers into spoken (or
written) Tamil, as ``uraikal tn``."""

from ._uraikal import tn as _tn

normalize = _tn.normalize
normalize_many = _tn.normalize_many

__all__ = ["normalize", "normalize_many"]
