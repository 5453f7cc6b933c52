from ._uraikal import to_words, to_digits, from_numerals, to_numerals

__all__ = ["to_words", "to_digits", "from_numerals", "to_numerals"]
