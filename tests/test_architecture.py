"""The shape of the house, checked by tools: layers (import-linter), types (mypy over the
whole package, --strict on the rules, the AI, the tutorial and persistence; plain mypy over
the tools and the benchmarks), and size (no module over 500 lines, no function over 50, in
the game, its tools and its benchmarks alike)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tacocat"
#: Where the size limits apply: the game, and the code that makes its assets and measures it.
SIZED = ("tacocat", "tools", "bench")
#: Where ruff format's layout is checked (the frozen yardstick is excluded in pyproject.toml).
FORMATTED = ("tacocat", "tests", "tools", "bench", "main.py", "setup.py")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 50


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def long_modules(root: Path = PACKAGE) -> list[str]:
    """Modules under ``root`` longer than the limit, as ``path: lines``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text("utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            found.append(f"{path.relative_to(ROOT)}: {lines}")
    return found


def long_functions(root: Path = PACKAGE) -> list[str]:
    """Functions and methods longer than the limit (``def`` line to the body's last line)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {lines}")
    return found


@pytest.mark.parametrize("folder", SIZED)
def test_no_module_is_over_500_lines(folder: str) -> None:
    assert long_modules(ROOT / folder) == []


@pytest.mark.parametrize("folder", SIZED)
def test_no_function_is_over_50_lines(folder: str) -> None:
    assert long_functions(ROOT / folder) == []


def test_the_shape_checks_find_a_long_function_and_module(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    (tmp_path / "big.py").write_text("def f():\n" + body + "\n" + "\n" * 500)
    assert long_functions(tmp_path) == ["big.py:1 f: 61"]
    assert long_modules(tmp_path) == ["big.py: 561"]


@pytest.mark.slow
def test_import_layers_hold():
    """The contracts in pyproject.toml ([tool.importlinter]), checked by import-linter."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from importlinter.cli import lint_imports_command; "
            "sys.exit(lint_imports_command())",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


@pytest.mark.slow
def test_the_whole_package_passes_mypy_strict():
    """Every module, the UI included, in strict mode (pyproject.toml's [tool.mypy] names the
    untyped libraries); scenes are typed against ``tacocat.ui.stage.services.App``. One
    strict check is left out: pygame_gui's methods (select, disable, kill, ...) carry no
    annotations, so calling them is allowed (``--allow-untyped-calls``)."""
    result = _run("mypy", "--strict", "--allow-untyped-calls", "tacocat")
    assert result.returncode == 0, result.stdout[-6000:]


@pytest.mark.slow
def test_the_tools_pass_mypy():
    """What builds, packages and checks the game (tools/) is typed as the game is: a tool
    that drives the app reaches a scene by its class, never an untyped attribute."""
    result = _run("mypy", "tools")
    assert result.returncode == 0, result.stdout[-6000:]


@pytest.mark.slow
def test_the_benches_pass_mypy():
    """What measures the game (bench/, a package: ``python -m bench.NAME``) is typed too, so
    a bench cannot misread what it measures; psutil's types come from types-psutil
    (requirements-dev.in)."""
    result = _run("mypy", "bench")
    assert result.returncode == 0, result.stdout[-6000:]


def test_the_code_is_formatted():
    """ruff format (pyproject.toml's [tool.ruff.format]) owns the layout: code that is not
    formatted fails here (pre-commit formats it before each commit)."""
    result = _run("ruff", "format", "--check", *FORMATTED)
    assert result.returncode == 0, result.stdout[-6000:]


def test_the_linter_passes_everywhere_code_is_kept():
    """ruff (pyproject.toml's [tool.ruff]) over the game, its tests, tools and benches: lint
    is a gate, not something fixed in a later commit."""
    result = _run("ruff", "check", "tacocat", "tests", "tools", "bench")
    assert result.returncode == 0, result.stdout[-6000:]


def test_the_pre_commit_hooks_are_a_valid_configuration():
    """.pre-commit-config.yaml runs these gates before a commit: pre-commit must accept it."""
    result = _run("pre_commit", "validate-config", ".pre-commit-config.yaml")
    assert result.returncode == 0, result.stdout[-2000:]


@pytest.mark.slow
def test_rules_ai_tutorial_and_persistence_pass_mypy_strict():
    result = _run(
        "mypy", "--strict", "tacocat/rules", "tacocat/ai", "tacocat/tutorial", "tacocat/persistence"
    )
    assert result.returncode == 0, result.stdout[-6000:]
