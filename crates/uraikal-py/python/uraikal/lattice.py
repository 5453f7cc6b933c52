"""Lattice references: OIWER of a hypothesis against a lattice (``oiwer``), of a batch of records
(``oiwer_batch``, as ``uraikal oiwer --input``), and candidate lattices from several hypotheses per record
(``build``, as ``uraikal build-lattices``)."""

from ._uraikal import lattice as _lattice
from ._uraikal import oiwer

oiwer_batch = _lattice.oiwer_batch
build = _lattice.build

__all__ = ["oiwer", "oiwer_batch", "build"]
