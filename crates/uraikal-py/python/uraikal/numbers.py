"""Tamil numbers: spoken and written number words, number words back to digits in running text, Tamil numerals.

>>> from uraikal.numbers import to_words, to_digits, from_numerals
>>> to_words(2300)
'ரெண்டாயிரத்தி முன்னூறு'
>>> to_digits("முன்னூறுல பதினஞ்சு")
'300ல 15'
>>> from_numerals("௨௱௫")
205
"""

from ._uraikal import to_words, to_digits, from_numerals, to_numerals

__all__ = ["to_words", "to_digits", "from_numerals", "to_numerals"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
