"""Running ``main.py`` as a separate process, headless, for end-to-end tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
MAIN = REPO / "main.py"


def headless_env(**extra: str) -> dict[str, str]:
    """The environment for a game process with no screen or sound card."""
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(REPO),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    env.update(extra)
    return env


def run_main(
    args: list[Any], cwd: Path, timeout: float = 90, **env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``python main.py ARGS`` to its end; stdout and stderr are captured as text."""
    return subprocess.run(
        [sys.executable, str(MAIN), *map(os.fsdecode, args)],
        cwd=cwd,
        env=headless_env(**env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def start_main(args: list[Any], cwd: Path, **env: str) -> subprocess.Popen[str]:
    """Start ``python main.py ARGS`` in the background (stderr piped, stdout dropped)."""
    return subprocess.Popen(
        [sys.executable, str(MAIN), *map(os.fsdecode, args)],
        cwd=cwd,
        env=headless_env(**env),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
