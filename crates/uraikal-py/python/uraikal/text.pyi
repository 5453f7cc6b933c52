from ._uraikal import clean, letters, length, tamil_share, normalize, graphemes, compose, decompose

__all__ = ["clean", "letters", "length", "tamil_share", "normalize", "graphemes", "compose", "decompose"]
