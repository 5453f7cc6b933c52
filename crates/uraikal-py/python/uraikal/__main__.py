"""The ``uraikal`` command: ``python -m uraikal …`` and the console script ``uraikal`` that ``pip install``
puts on PATH. Both run the Rust CLI in-process (``uraikal._uraikal.main``), so the subcommands, flags, output and
exit codes are the Rust binary's, byte for byte.
"""

import signal
import sys


def main() -> None:
    """Run ``uraikal`` on ``sys.argv[1:]`` and exit with its code."""
    from ._uraikal import main as run, die_quietly_on_closed_pipe

    # This process is the command, so it behaves like the Rust binary: `uraikal … | head` ends quietly
    # (SIGPIPE default) and Ctrl-C stops it at once (SIGINT default: Python's handler would only run after
    # the Rust call returns).
    die_quietly_on_closed_pipe()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Rust writes to file descriptors 1 and 2 itself: nothing of Python's may be left in its buffers.
    sys.stdout.flush()
    sys.stderr.flush()
    code = run(["uraikal", *sys.argv[1:]])
    sys.exit(code)


if __name__ == "__main__":
    main()
