"""A trace for crashes Python cannot catch: a fatal signal in SDL or another C library.

:func:`enable_native_crash_log` points :mod:`faulthandler` at ``native-crash.log``
in the data folder, so a segmentation fault, an abort or an illegal instruction
leaves the Python stack of every thread there before the process dies (on
Windows, fatal exceptions too). The file is opened in advance because nothing
can be opened once the process is dying; it stays empty in a run that does not
crash and is removed at a normal exit.

At the next start a non-empty ``native-crash.log`` becomes an ordinary crash
log (``crash-YYYYmmdd-HHMMSS.log`` named after the crash's time, with a header
saying what it is), so it is kept, pruned and reported like any other crash.
"""

from __future__ import annotations

import atexit
import contextlib
import faulthandler
import logging
import os
from datetime import datetime
from pathlib import Path
from typing import IO

from tacocat import __version__
from tacocat.persistence.atomic import STAMP_FORMAT, unique_names

NATIVE_CRASH_FILE = "native-crash.log"

log = logging.getLogger(__name__)

#: The open file faulthandler writes to: it must stay open (and referenced) all run long.
_handle: IO[str] | None = None


def enable_native_crash_log(directory: Path) -> Path | None:
    """Adopt an earlier run's native crash trace, then catch this run's; returns the file.

    Never raises: a data folder that cannot be written leaves faulthandler off
    (logged once), and the game starts all the same. When faulthandler is already
    on (``PYTHONFAULTHANDLER``, ``python -X faulthandler``, pytest), it is left
    writing where it was asked to, and None is returned.
    """
    global _handle
    path = Path(directory) / NATIVE_CRASH_FILE
    try:
        adopted = adopt_native_crash(Path(directory))
        if adopted is not None:
            log.warning("The last run crashed in native code; its trace is in %s", adopted)
        if faulthandler.is_enabled() and _handle is None:
            return None
        handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - open for the whole run
    except OSError as error:
        log.warning("No native crash log in %s: %s", directory, error.strerror or error)
        return None
    faulthandler.enable(file=handle, all_threads=True)
    previous, _handle = _handle, handle
    if previous is not None:  # a second start in the same process (tests)
        _close(previous)
    atexit.register(_remove_if_empty, handle, path)
    return path


def adopt_native_crash(directory: Path) -> Path | None:
    """Turn a non-empty ``native-crash.log`` into a crash log; returns its path, or None."""
    path = directory / NATIVE_CRASH_FILE
    try:
        trace = path.read_text(encoding="utf-8", errors="replace")
        when = datetime.fromtimestamp(path.stat().st_mtime)
    except FileNotFoundError:
        return None
    if not trace.strip():
        return None
    header = (
        f"Tacocat {__version__} crashed in native code (a fatal signal) at "
        f"{when.isoformat(timespec='seconds')}\nfaulthandler's trace of every thread:\n\n"
    )
    for target in unique_names(directory, "crash-" + when.strftime(STAMP_FORMAT), ".log"):
        try:
            with open(target, "x", encoding="utf-8") as handle:
                handle.write(header + trace)
        except FileExistsError:
            continue
        break
    path.unlink()
    return target


def _remove_if_empty(handle: IO[str], path: Path) -> None:
    """At a normal exit: stop faulthandler and remove the (empty) file."""
    if handle is not _handle:
        return
    with contextlib.suppress(Exception):
        faulthandler.disable()
    _close(handle)
    with contextlib.suppress(OSError):
        if os.path.getsize(path) == 0:
            path.unlink()


def _close(handle: IO[str]) -> None:
    with contextlib.suppress(OSError):
        handle.close()
