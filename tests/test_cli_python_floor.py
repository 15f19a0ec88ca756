"""An older Python stops at once with one clear line and exit status 2, on every way in.

The check lives in ``tacocat/__init__.py``. CI machines have only Python 3.11+, so each way in
runs in a child interpreter that pretends to be 3.10 (``sys.version_info`` replaced before
anything of ours is imported); the child then reports which of our modules and pygame's got
imported. docs/building.md says which real old interpreters were tried by hand.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import tacocat

ROOT = Path(__file__).resolve().parents[1]

#: The child: optionally pretend to be Python 3.10.13, enter the game one way, then print
#: the exit code and every module of ours or pygame's that is loaded. --version makes a
#: missed check end quickly (exit 0) rather than start a game.
CHILD = """
import json, runpy, sys
sys.argv = ["tacocat", "--version"]
if {pretend}:
    sys.version_info = (3, 10, 13, "final", 0)
try:
    {enter}
    code = None
except SystemExit as stop:
    code = stop.code
ours = sorted(m for m in sys.modules if m.split(".")[0] in ("tacocat", "pygame", "pygame_gui"))
print(json.dumps({{"code": code, "modules": ours}}))
"""

#: The three ways in: main.py, `python -m tacocat`, and the `tacocat` command
#: (a console script runs `from tacocat.cli import main`).
WAYS_IN = {
    "main.py": f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')",
    "python -m tacocat": "runpy.run_module('tacocat', run_name='__main__', alter_sys=True)",
    "tacocat command": "from tacocat.cli import main",
}


def run_child(enter: str, tmp_path: Path, pretend: bool) -> tuple[dict, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(pretend=pretend, enter=enter)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


@pytest.mark.parametrize("way", WAYS_IN)
def test_an_old_python_gets_one_line_and_exit_2_before_any_import(tmp_path: Path, way: str) -> None:
    report, stderr = run_child(WAYS_IN[way], tmp_path, pretend=True)
    assert report == {"code": 2, "modules": []}, report
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    # What is needed, what was found (which interpreter), where to get a new one.
    assert "needs Python 3.11 or newer" in lines[0]
    assert f"{sys.executable} is Python 3.10.13" in lines[0]
    assert "https://www.python.org/downloads/" in lines[0]


def test_the_child_does_see_imports_on_a_new_python(tmp_path: Path) -> None:
    """Without the pretence the same child loads the command line: the check above can fail."""
    report, _ = run_child(WAYS_IN["tacocat command"], tmp_path, pretend=False)
    assert report["code"] is None and "tacocat.cli" in report["modules"]


def test_the_floor_is_the_one_pip_is_told() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    floor = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert floor is not None
    assert tuple(map(int, floor.groups())) == tacocat.PYTHON_FLOOR


@pytest.mark.parametrize("path", ["main.py", "tacocat/__init__.py"])
def test_what_an_old_python_reads_first_is_old_syntax(path: str) -> None:
    """main.py and the package's __init__ are read before the check runs: a 3.8+ construct
    there (a walrus, a match) would be a SyntaxError instead of the line. Python 2.7 to 3.10
    were also run by hand (docs/building.md)."""
    source = (ROOT / path).read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 7))
    assert source.isascii()  # Python 2 refuses non-ASCII source without a coding line
    assert 'f"' not in source and "f'" not in source  # no f-strings (3.6+)
    assert "from __future__ import annotations" not in source  # a SyntaxError before 3.7
