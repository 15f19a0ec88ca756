"""Where the player's data lives: the per-user data folder.

The folder holds ``settings.json``, ``stats.json``, ``autosave.json``, the log
file and crash logs. Its default location follows each platform's convention:

* Windows: ``%APPDATA%\\Tacocat`` (the roaming profile);
* macOS: ``~/Library/Application Support/Tacocat``;
* anything else: ``$XDG_DATA_HOME/tacocat``, or ``~/.local/share/tacocat`` when
  ``XDG_DATA_HOME`` is unset, empty or relative (the XDG spec says to ignore a
  relative value).

``--data-dir`` on the command line overrides it. This module computes the path
itself on purpose: the persistence package must not import pygame.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from tacocat.persistence.errors import PersistenceError

#: Folder name on Windows and macOS, where application folders are capitalised.
APP_FOLDER = "Tacocat"
#: Folder name on Linux and other Unix-likes, where they are lower case.
XDG_APP_FOLDER = "tacocat"


def default_data_dir() -> Path:
    """The platform's per-user data folder for Tacocat (not created here).

    Reads ``sys.platform`` and the environment on each call, so tests can
    monkeypatch both.
    """
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        # APPDATA is always set on a real Windows login; fall back to its usual value.
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
        return base / APP_FOLDER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    xdg = os.environ.get("XDG_DATA_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / XDG_APP_FOLDER


def data_dir(override: Path | None = None) -> Path:
    """Return the data folder, creating it (and its parents) if missing.

    :param override: a folder to use instead of the platform default (the
        ``--data-dir`` option). ``~`` is expanded; a relative path is taken
        relative to the current folder and returned absolute.
    :returns: the absolute path of an existing folder that we can write into.
    :raises PersistenceError: the folder cannot be created, is not a folder, or
        cannot be written into. The message names the folder and suggests
        ``--data-dir``.
    """
    folder = Path(override).expanduser() if override is not None else default_data_dir()
    folder = folder.absolute()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError as error:
        # mkdir(exist_ok=True) still raises this when the path is a file.
        raise PersistenceError(
            f"The data folder {folder} is a file, not a folder. "
            "Move it away or choose another folder with --data-dir."
        ) from error
    except OSError as error:
        raise PersistenceError(
            f"Could not create the data folder {folder}: {_reason(error)}. "
            "Choose another folder with --data-dir."
        ) from error
    _check_writable(folder)
    return folder


def _check_writable(folder: Path) -> None:
    """Raise :class:`PersistenceError` unless a file can be created in ``folder``.

    ``os.access`` is not trusted: it ignores ACLs, read-only mounts on some
    systems, and always says yes to root. Creating a real file answers for sure.
    """
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".tacocat-write-test-"):
            pass
    except OSError as error:
        raise PersistenceError(
            f"Cannot write into the data folder {folder}: {_reason(error)}. "
            "Choose another folder with --data-dir."
        ) from error


def _reason(error: OSError) -> str:
    """The human part of an OSError ("Permission denied"), without the path."""
    return error.strerror or str(error)
