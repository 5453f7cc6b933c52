"""The `uraikal` command of the wheel (issue 24): the console script and `python -m uraikal` give the Rust
binary's output and exit codes byte for byte. Compared with target/debug/uraikal, which .ci/run builds first
(`cargo test --workspace`); when it is absent (a wheel tested alone) these tests are skipped, saying so.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RUST = ROOT / "target" / "debug" / "uraikal"
DEMO = ROOT / "crates" / "uraikal-cli" / "data" / "demo"
SCRIPT = shutil.which("uraikal", path=os.path.dirname(sys.executable)) or shutil.which("uraikal")

needs_rust = pytest.mark.skipif(not RUST.exists(), reason=f"no Rust binary at {RUST} to compare with (cargo build -p uraikal-cli)")


def run(cmd, stdin=b"", cwd=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, cwd=cwd, timeout=900)
    return p.returncode, p.stdout, p.stderr


def test_the_script_is_installed():
    assert SCRIPT, "pip install puts `uraikal` next to the venv's python"
    rc, out, _ = run([SCRIPT, "version"])
    assert rc == 0 and out


def test_python_dash_m():
    rc, out, _ = run([sys.executable, "-m", "uraikal", "version"])
    assert rc == 0 and out == run([SCRIPT, "version"])[1]


CASES = [
    ["demo"],
    ["version", "--json"],
    ["text", "letters", "தமிழ்"],
    ["score", "--manifest", str(DEMO / "a1_demo.jsonl"), "--hyp", str(DEMO / "hyps" / "example-light.jsonl"),
     "--system", "light", "--bootstrap", "50", "--json", "--out", "{tmp}/r.json"],
    ["score", "--manifest", str(DEMO / "a1_demo.jsonl"), "--hyp", str(DEMO / "hyps" / "example-light.jsonl"),
     "--system", "light", "--bootstrap", "50", "--out", "{tmp}/r.json"],
    ["tokenizers", "--json"],
    ["tokenizers"],
    # errors: usage (clap, exit 2), bad input (exit 2), and help
    ["score", "--manifest"],
    ["score", "--manifest", "/nonexistent.jsonl", "--hyp", "/nonexistent.jsonl", "--system", "x"],
    ["--help"],
    ["no-such-command"],
]


@needs_rust
@pytest.mark.parametrize("args", CASES, ids=[" ".join(a[:2]) for a in CASES])
def test_same_bytes_as_the_rust_binary(args, tmp_path):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    mine = run([SCRIPT, *args], cwd=tmp_path)
    rust = run([str(RUST), *args], cwd=tmp_path)
    assert mine[0] == rust[0], (mine[2], rust[2])
    assert mine[1] == rust[1]
    assert mine[2] == rust[2]


@needs_rust
def test_stdin_and_exit_code_1():
    text = "முன்னூறுல பதினஞ்சு\n".encode()
    assert run([SCRIPT, "numbers", "to-digits"], text) == run([str(RUST), "numbers", "to-digits"], text)


def test_closed_pipe_ends_quietly():
    # `uraikal tokenizers | head -1`: the reader goes away; no traceback, no "broken pipe" message.
    p = subprocess.Popen([SCRIPT, "tokenizers", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(10)
    p.stdout.close()
    _, err = p.communicate(timeout=900)
    assert b"Traceback" not in err and b"Broken pipe" not in err, err


def test_transcribe_says_how_to_get_it():
    rc, _, err = run([SCRIPT, "transcribe", "--model", "m.bin", "--manifest", "x.jsonl", "--out", "h.jsonl"])
    assert rc == 2
    assert b"whisper" in err


def test_main_in_process_returns_the_code(capfd):
    from uraikal._uraikal import main

    assert main(["uraikal", "text", "letters", "தமிழ்"]) == 0
    assert main(["uraikal", "no-such-command"]) == 2
    out, _ = capfd.readouterr()
    assert "த" in out
