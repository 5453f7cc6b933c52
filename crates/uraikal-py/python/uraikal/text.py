"""The Tamil text library: letters, length, cleaning, the frozen scoring normaliser, graphemes.

>>> from uraikal.text import clean, letters, length, tamil_share
>>> clean("ெகாடு")
'கொடு'
>>> letters("தமிழ்")
['த', 'மி', 'ழ்']
>>> [length(x) for x in letters("கடல்")]
['kuril', 'kuril', 'otru']
>>> normalize_many(["ஒரு  வீடு", "இரண்டு"]) == [normalize("ஒரு  வீடு"), normalize("இரண்டு")]
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, overload

from ._uraikal import (
    clean,
    letters,
    length,
    tamil_share,
    normalize,
    graphemes,
    compose,
    decompose,
)
from ._uraikal import normalize_many as _normalize_many


@overload
def normalize_many(texts: Iterable[str]) -> list[str]: ...
@overload
def normalize_many(texts: Any) -> Any: ...
def normalize_many(texts: Any) -> Any:
    """``normalize`` over a column: a list of str (a list back) or a pyarrow string array (a pyarrow array
    back), in parallel in Rust with the GIL released. A pyarrow array goes through a Python list (not
    zero-copy); nulls stay null. (Typed ``Any`` for pyarrow, which has no type stubs.)"""
    if isinstance(texts, list):
        return _normalize_many(texts)
    if hasattr(texts, "to_pylist") and hasattr(texts, "type"):
        import pyarrow as pa

        items = texts.to_pylist()
        present = [t for t in items if t is not None]
        done = iter(_normalize_many(present))
        return pa.array([None if t is None else next(done) for t in items], type=pa.string())
    return _normalize_many(list(texts))


__all__ = ["clean", "letters", "length", "tamil_share", "normalize", "graphemes", "compose", "decompose", "normalize_many"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
