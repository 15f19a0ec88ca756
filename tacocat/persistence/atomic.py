"""Crash-safe file writes, and moving a bad file aside.

An atomic write never leaves a half-written file behind: the text goes to a
temporary file in the same folder (so that the final rename stays on one file
system), is flushed and fsynced, and only then replaces the target with
:func:`os.replace`, which is atomic on POSIX and on Windows. A power cut or a
crash at any moment leaves either the old file or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.text import printable

#: Prefix and suffix of temporary files, so that a leftover one is easy to spot.
TEMP_PREFIX = ".tmp-"
TEMP_SUFFIX = ".part"
#: Timestamp used in backup and crash log names: sortable, no characters
#: that Windows forbids in file names.
STAMP_FORMAT = "%Y%m%d-%H%M%S"

# On Windows a virus scanner or indexer may hold the target open for a moment,
# which makes os.replace fail with PermissionError; a few short retries ride it out.
_REPLACE_ATTEMPTS = 5 if sys.platform == "win32" else 1
_REPLACE_RETRY_DELAY = 0.02


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8, ``\\n`` line ends), atomically.

    :param path: the target file; its folder must exist.
    :param text: the whole new content.
    :param durable: fsync the file and its folder so the new content survives a
        power cut, not only a crash of the program. Leave it on: the cost is
        what keeps a finished write on disk (see the autosave benchmark).
    :raises PersistenceError: the file could not be written. The old file, if
        any, is untouched and no temporary file is left behind.
    """
    path = Path(path)
    folder = path.parent
    tmp_name: str | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(
            prefix=TEMP_PREFIX + path.name + ".", suffix=TEMP_SUFFIX, dir=folder
        )
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        _replace(tmp_name, path)
        tmp_name = None  # it is the target now: nothing to clean up
    except OSError as error:
        raise PersistenceError(
            f"Could not save {printable(path)}: {error.strerror or error}.", path=path, cause=error
        ) from error
    finally:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
    if durable:
        fsync_folder(folder)


def atomic_write_json(path: Path, obj: Any, *, compact: bool = False, durable: bool = True) -> None:
    """Serialise ``obj`` as JSON and write it with :func:`atomic_write_text`.

    The JSON is produced before any file is touched, so an object that cannot be
    serialised (a set, NaN, a cycle) raises without disturbing the old file.

    :param compact: no indentation or spaces - smaller and faster, for files
        written often (the autosave); otherwise indented and key-sorted, so a
        player can read and diff it.
    :raises ValueError: or :class:`TypeError` when ``obj`` is not JSON data
        (NaN and infinities are refused: they are not JSON).
    :raises PersistenceError: the file could not be written.
    """
    if compact:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    else:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False, indent=2, sort_keys=True)
    atomic_write_text(path, text + "\n", durable=durable)


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename) to disk, where the platform allows it.

    POSIX needs this for a rename to survive a power cut. Windows cannot open a
    folder for fsync and some file systems refuse it; both are silently skipped,
    since the data itself is already safe and only the rename may be lost.
    """
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup_bad_file(path: Path, *, now: Callable[[], datetime] = datetime.now) -> Path:
    """Move a bad file aside as ``<name>.bad-YYYYmmdd-HHMMSS`` and return the new path.

    If a backup of that name already exists (two bad files in one second), the
    name gets ``-1``, ``-2``, ... : an older backup is never overwritten. The
    backup stays in the same folder, where the player can find it.

    :param path: the bad file; it must exist.
    :param now: the clock (local time), replaceable in tests.
    :raises PersistenceError: the file could not be moved.
    """
    path = Path(path)
    stem = f"{path.name}.bad-{now().strftime(STAMP_FORMAT)}"
    try:
        for candidate in unique_names(path.parent, stem):
            if _move_no_replace(path, candidate):
                return candidate
    except OSError as error:
        raise PersistenceError(
            f"Could not move the bad file {printable(path)} aside: {error.strerror or error}.",
            path=path,
            cause=error,
        ) from error
    raise AssertionError("unreachable: unique_names never ends")  # pragma: no cover


def unique_names(folder: Path, stem: str, suffix: str = "") -> Iterator[Path]:
    """Yield ``stem+suffix``, then ``stem-1+suffix``, ``stem-2+suffix``, ... in ``folder``.

    The caller tries each in turn with an operation that refuses to overwrite.
    """
    yield folder / f"{stem}{suffix}"
    n = 1
    while True:
        yield folder / f"{stem}-{n}{suffix}"
        n += 1


def _move_no_replace(source: Path, target: Path) -> bool:
    """Rename ``source`` to ``target`` unless ``target`` exists; True if moved.

    POSIX ``rename`` silently replaces its target, so a hard link (which fails
    when the target exists) followed by removing the source does the move. File
    systems without hard links (FAT, some network shares) and folders fall back
    to a checked rename; on Windows ``os.rename`` itself refuses to replace.
    """
    try:
        os.link(source, target)
    except FileExistsError:
        return False
    except OSError:
        if target.exists() or target.is_symlink():
            return False
        try:
            os.rename(source, target)
        except FileExistsError:
            return False
        return True
    os.unlink(source)
    return True


def _replace(source: str, target: Path) -> None:
    """:func:`os.replace`, retried briefly on Windows sharing violations."""
    for attempt in range(_REPLACE_ATTEMPTS):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt + 1 == _REPLACE_ATTEMPTS:
                raise
            time.sleep(_REPLACE_RETRY_DELAY)


def remove_stale_temp_files(folder: Path) -> int:
    """Delete the temporary files (``.tmp-*.part``) an interrupted write left in ``folder``.

    A write killed between creating its temporary file and the rename leaves
    one behind; nothing ever reads it. Call this only while no other process
    may be writing in the folder (the data folder lock), since a live write's
    temporary file looks the same. Only regular files are removed.

    :returns: how many were removed.
    """
    removed = 0
    with contextlib.suppress(OSError):
        for path in Path(folder).glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"):
            if path.is_file() and not path.is_symlink():
                with contextlib.suppress(OSError):
                    path.unlink()
                    removed += 1
    return removed
