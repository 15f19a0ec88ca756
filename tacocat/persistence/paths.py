"""Where the player's data lives: the per-user data folder.

The folder holds ``settings.json``, ``stats.json``, ``autosave.json``, the log
file and crash logs. Its default location follows each platform's convention,
as computed by the ``platformdirs`` library:

* Windows: ``%APPDATA%\\Tacocat`` (the roaming profile);
* macOS: ``~/Library/Application Support/Tacocat``;
* anything else: ``$XDG_DATA_HOME/tacocat``, or ``~/.local/share/tacocat`` when
  ``XDG_DATA_HOME`` is unset, empty or relative (the XDG spec says to ignore a
  relative value).

``--data-dir`` on the command line overrides it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from platformdirs.api import PlatformDirsABC

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.text import printable

#: Folder name on Windows and macOS, where application folders are capitalised.
APP_FOLDER = "Tacocat"
#: Folder name on Linux and other Unix-likes, where they are lower case.
XDG_APP_FOLDER = "tacocat"


def _platform_dirs() -> PlatformDirsABC:
    """platformdirs' object for the running platform, chosen from ``sys.platform``
    on each call (not at import, as ``platformdirs.PlatformDirs`` is), so tests
    can monkeypatch the platform. ``appauthor=False``: no "author" folder level,
    which keeps the folders the game used before it used the library.
    """
    if sys.platform == "win32":
        from platformdirs.windows import Windows

        return Windows(APP_FOLDER, appauthor=False, roaming=True)
    if sys.platform == "darwin":
        from platformdirs.macos import MacOS

        return MacOS(APP_FOLDER, appauthor=False)
    from platformdirs.unix import Unix

    return Unix(XDG_APP_FOLDER, appauthor=False)


def _macos_data_dir(dirs: PlatformDirsABC) -> str:
    """``dirs.user_data_dir`` on macOS, where ``$XDG_DATA_HOME`` is not obeyed.

    Recent platformdirs lets that variable move macOS folders out of
    ``~/Library``; the game's saves have always been in ``~/Library/Application
    Support/Tacocat``, and a player who sets the variable for other tools must
    not lose them. The library's macOS defaults (the class under its XDG layer)
    answer that; with an older library, which had no XDG layer, the plain
    property does.
    """
    from platformdirs import macos

    defaults = getattr(macos, "_MacOSDefaults", None)
    if defaults is not None:
        return str(defaults.user_data_dir.fget(dirs))
    return dirs.user_data_dir


def default_data_dir() -> Path:
    """The platform's per-user data folder for Tacocat (not created here).

    Reads ``sys.platform`` and the environment on each call, so tests can
    monkeypatch both.
    """
    dirs = _platform_dirs()
    return Path(_macos_data_dir(dirs) if sys.platform == "darwin" else dirs.user_data_dir)


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
            f"The data folder {printable(folder)} is a file, not a folder. "
            "Move it away or choose another folder with --data-dir."
        ) from error
    except OSError as error:
        raise PersistenceError(
            f"Could not create the data folder {printable(folder)}: {_reason(error)}. "
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
            f"Cannot write into the data folder {printable(folder)}: {_reason(error)}. "
            "Choose another folder with --data-dir."
        ) from error


def _reason(error: OSError) -> str:
    """The human part of an OSError ("Permission denied"), without the path."""
    return error.strerror or str(error)


def default_cache_dir() -> Path:
    """The platform's per-user cache folder for Tacocat (not created here):
    for small notes that may be lost, kept outside the data folder."""
    return Path(_platform_dirs().user_cache_dir)
