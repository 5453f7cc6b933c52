"""Track D4: how tokenizers handle Tamil (tokens per word, letter, pre-tokenizer and byte cuts, unknown
tokens, round trip, …), the same numbers as ``uraikal tokenizers``.

``measure`` takes a path or hub id, a ``tokenizers.Tokenizer``, or a transformers fast tokenizer (read
through ``backend_tokenizer.to_str()``: no code is executed), and D4 passage files or a list of texts.
``train`` and ``extend`` are ``uraikal tokenizers train`` / ``extend``: they return the tokenizer.json (and
the new tokens) instead of writing files.
"""

from ._uraikal import d4 as _d4

measure = _d4.measure
train = _d4.train
extend = _d4.extend

__all__ = ["measure", "train", "extend"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
