"""Tamil prosody (யாப்பு): scan a verse for அசை, சீர், தளை and metre, as ``uraikal yaappu --json``."""

from ._uraikal import yaappu as _yaappu

scan = _yaappu.scan
scan_many = _yaappu.scan_many

__all__ = ["scan", "scan_many"]
