"""The one resource root: where the game's read-only files (assets) live.

When the game runs from a PyInstaller bundle, its data files are unpacked
under ``sys._MEIPASS``; otherwise they sit in the source tree, whose root is
the parent of the ``tacocat`` package. Every path is absolute, so the game
works whatever the current working directory is (pygame_gui, for one, would
resolve relative paths against the CWD).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path


def resource_root() -> Path:
    """The absolute folder that holds ``assets/`` (the bundle or the repo root)."""
    return _root(getattr(sys, "_MEIPASS", None))


@functools.lru_cache(maxsize=4)
def _root(frozen_root: str | None) -> Path:
    # Resolved once per bundle folder: every translated string asks (Path.resolve
    # costs tens of microseconds of system calls).
    if frozen_root is not None:
        return Path(frozen_root).resolve()
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """The absolute path of ``assets/<parts...>``; it need not exist."""
    return resource_root().joinpath("assets", *parts)
