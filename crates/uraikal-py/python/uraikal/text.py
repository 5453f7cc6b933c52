"""The Tamil text library: letters, length, cleaning, the frozen scoring normaliser, graphemes.

>>> from uraikal.text import clean, letters, length, tamil_share
>>> clean("ெகாடு")
'கொடு'
>>> letters("தமிழ்")
['த', 'மி', 'ழ்']
>>> [length(x) for x in letters("கடல்")]
['kuril', 'kuril', 'otru']
"""

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

__all__ = ["clean", "letters", "length", "tamil_share", "normalize", "graphemes", "compose", "decompose"]
