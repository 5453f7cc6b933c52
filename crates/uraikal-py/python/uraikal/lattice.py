"""Lattice references: OIWER of a hypothesis against a lattice (``oiwer``), of a batch of records
(``oiwer_batch``, as ``uraikal oiwer --input``), and candidate lattices from several hypotheses per record
(``build``, as ``uraikal build-lattices``)."""

from ._uraikal import lattice as _lattice
from ._uraikal import oiwer

oiwer_batch = _lattice.oiwer_batch
build = _lattice.build

__all__ = ["oiwer", "oiwer_batch", "build"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
