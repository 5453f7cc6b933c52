"""The typed stubs (issue 24): typed_usage.py runs (each result of the runtime type its stub declares), and
`mypy --strict` accepts it but rejects a call that contradicts a stub (when mypy is installed; .ci/run installs it)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_typed_usage_runs():
    spec = importlib.util.spec_from_file_location("typed_usage", HERE / "typed_usage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.run()


def mypy(path):
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(path)],
                          capture_output=True, text=True, timeout=600)


def test_mypy_strict_accepts_the_typed_usage():
    p = mypy(HERE / "typed_usage.py")
    assert p.returncode == 0, p.stdout + p.stderr


def test_mypy_strict_rejects_a_wrong_use(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import uraikal.metrics\nimport uraikal.d4\n"
        "rate: str = uraikal.metrics.wer('a', 'b')\n"  # wer returns float
        "uraikal.d4.train(['x'], vocab_size='300')\n",  # vocab_size is an int
        encoding="utf-8",
    )
    p = mypy(wrong)
    assert p.returncode == 1
    assert "wrong.py:3" in p.stdout and "wrong.py:4" in p.stdout, p.stdout
