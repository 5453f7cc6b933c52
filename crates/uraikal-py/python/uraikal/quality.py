"""Tamil text quality, in-process: signals, keep / repair / drop with reasons, the repaired text; the
numbers of ``uraikal quality``. (``uraikal.datatrove`` wraps these as datatrove pipeline steps.)"""

from ._uraikal import quality as _quality

assess = _quality.assess
assess_many = _quality.assess_many
register_many = _quality.register_many

__all__ = ["assess", "assess_many", "register_many"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
