"""The one resource root: where the game's read-only files (assets) live.

Three ways the game runs, one answer each:

* a PyInstaller bundle: its data files are unpacked under ``sys._MEIPASS``,
  which holds ``assets/``;
* an installed wheel (``pip install .``, ``pipx``): the build maps the
  repository's ``assets/`` to ``tacocat/assets/``, so the root is the
  installed ``tacocat`` package folder;
* the source tree: ``assets/`` sits at the top of the repository, the parent
  of the ``tacocat`` package.

Every path is absolute, so the game works whatever the current working
directory is (pygame_gui, for one, would resolve relative paths against the CWD).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_root() -> Path:
    """The absolute folder that holds ``assets/`` (bundle, installed package or repo root)."""
    return _root(getattr(sys, "_MEIPASS", None))


@functools.lru_cache(maxsize=4)
def _root(frozen_root: str | None) -> Path:
    # Resolved once per bundle folder: every translated string asks (Path.resolve
    # costs tens of microseconds of system calls).
    if frozen_root is not None:
        return Path(frozen_root).resolve()
    if (_PACKAGE / "assets").is_dir():  # installed from the wheel
        return _PACKAGE
    return _PACKAGE.parent


def asset_path(*parts: str) -> Path:
    """The absolute path of ``assets/<parts...>``; it need not exist."""
    return resource_root().joinpath("assets", *parts)
