"""The examples the docs show run as written: the README's Python blocks, and every
doctest in the package (python-chess runs its README the same way)."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)
#: The package's modules that hold a doctest (found by their prompt, so a new one is run).
WITH_DOCTESTS = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in (ROOT / "tacocat").rglob("*.py")
    if ">>> " in path.read_text(encoding="utf-8")
)


def test_the_readme_has_python_examples():
    assert PYTHON_BLOCKS


@pytest.mark.parametrize("block", PYTHON_BLOCKS, ids=lambda b: b.splitlines()[0][:40])
def test_each_readme_python_example_runs(block):
    exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})


@pytest.mark.parametrize("name", WITH_DOCTESTS)
def test_the_doctests_hold(name):
    failed, attempted = doctest.testmod(importlib.import_module(name), verbose=False)
    assert attempted > 0 and failed == 0
