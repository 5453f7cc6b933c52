"""Tamil prosody (யாப்பு): scan a verse for அசை, சீர், தளை and metre, as ``uraikal yaappu --json``."""

from ._uraikal import yaappu as _yaappu

scan = _yaappu.scan
scan_many = _yaappu.scan_many

__all__ = ["scan", "scan_many"]

# doctest finds examples only in functions defined in this module: list the Rust ones (their docstrings are
# written once, in Rust) so that `pytest --doctest-modules` runs their examples too.
__test__ = {n: f for n, f in list(globals().items()) if type(f).__name__ == "builtin_function_or_method"}
