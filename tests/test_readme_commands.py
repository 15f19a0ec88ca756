"""The README's set-up commands: CI runs the test command word for word, and the Windows
lines parse in cmd and in Windows PowerShell 5.1 alike."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return [block.strip() for block in re.findall(rf"```{language}\n(.*?)```", README, re.S)]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    command = next(
        line
        for line in _blocks("sh")
        if "requirements-dev.txt" in line and line.endswith("-m pytest")
    )
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci_lines


def test_windows_commands_leave_and_and_to_cmd() -> None:
    """Windows PowerShell 5.1 (the one in Windows 10 and 11) rejects `&&`: a chain must be
    one cmd /c "..." argument, which cmd and every PowerShell pass on unchanged."""
    windows = _blocks("bat")
    assert len(windows) >= 2  # play and test
    for block in windows:
        for line in block.splitlines():
            outside = re.sub(r'^cmd /c "[^"]*"$', "", line)
            assert "&&" not in outside, line
    play = next(block for block in windows if "main.py" in block)
    assert play == (
        'cmd /c "py -m venv .venv && .venv\\Scripts\\python -m pip install -r '
        'requirements.txt && .venv\\Scripts\\python main.py"'
    )
