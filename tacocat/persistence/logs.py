"""Logging to the console and to a rotating file, and crash logs.

* :func:`setup_logging` - the root logger writes to stderr at the chosen level
  and to ``tacocat.log`` in the data folder (rotated at about 1 MB, three old
  files kept), so a player can attach the log to a bug report.
* :func:`write_crash_log` - one file ``crash-YYYYmmdd-HHMMSS.log`` per
  unexpected exception, with the traceback; the app calls it when its loop dies.
* :func:`install_excepthook` - does the same for exceptions nobody caught.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import logging.handlers
import os
import platform
import sys
import tempfile
import threading
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType

from tacocat import __version__
from tacocat.persistence.atomic import STAMP_FORMAT, unique_names
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.regular import NotARegularFile, is_regular_file
from tacocat.persistence.text import printable

LOG_FILE = "tacocat.log"
LOG_MAX_BYTES = 1024 * 1024
LOG_BACKUPS = 3
CRASH_PREFIX = "crash-"
CRASH_SUFFIX = ".log"
#: Crash logs kept; older ones are deleted so a crash at every start cannot fill the disk.
CRASH_LOGS_KEPT = 10
#: The log file records at least this much detail whatever the console shows:
#: a bug report is worth little with warnings only.
FILE_LEVEL = logging.INFO
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_CONSOLE_FORMAT = "%(levelname)s %(name)s: %(message)s"

#: Never follow a link when opening a log (missing on Windows, which has no such links here).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

log = logging.getLogger(__name__)


def setup_logging(directory: Path, level: str) -> Path | None:
    """Send log records to stderr at ``level`` and to ``tacocat.log`` in ``directory``.

    Replaces the root logger's handlers (as ``logging.basicConfig(force=True)``
    does), so calling it after ``basicConfig`` or twice does not print every
    line twice. The console handler is skipped when there is no stderr (a
    windowed build on Windows).

    :param level: a level name such as ``"WARNING"`` or ``"debug"``.
    :returns: the log file's path, or ``None`` if it could not be opened - then
        only the console is used and a warning says why (logging must never
        stop the game from starting).
    :raises ValueError: ``level`` is not a logging level name.
    """
    console_level = logging.getLevelName(level.upper())
    if not isinstance(console_level, int):
        raise ValueError(f"unknown log level {level!r}")
    root = logging.getLogger()
    for old in root.handlers[:]:
        root.removeHandler(old)
        old.close()
    if sys.stderr is not None:
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(console_level)
        console.setFormatter(logging.Formatter(_CONSOLE_FORMAT))
        root.addHandler(console)
    path = Path(directory) / LOG_FILE
    file_level = min(console_level, FILE_LEVEL)
    try:
        if os.path.islink(path):
            # Appending through a link would write log lines outside the data folder.
            raise NotARegularFile(errno.ELOOP, "it is a symbolic link")
        if os.path.lexists(path) and not is_regular_file(path):
            # Opening a FIFO for writing would wait for a reader forever.
            raise NotARegularFile(errno.EINVAL, "not a regular file")
        handler = QuietFileHandler(path)
    except OSError as error:
        root.setLevel(console_level)
        log.warning("Could not open the log file %s: %s", printable(path), error.strerror or error)
        return None
    handler.setLevel(file_level)
    handler.setFormatter(logging.Formatter(_FORMAT))
    root.addHandler(handler)
    root.setLevel(file_level)
    return path


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """``tacocat.log``, rotated, that gives up quietly when it cannot be written.

    The standard handler prints a "--- Logging error ---" traceback to stderr
    for *every* record it fails to write: on a full disk, some 600 of them a
    game. This one prints a single line the first time and then stops writing
    to the file (the console handler carries on). Text that cannot be encoded
    (a path with non-UTF-8 bytes) is written with backslash escapes, not lost.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(
            path,
            maxBytes=LOG_MAX_BYTES,
            backupCount=LOG_BACKUPS,
            encoding="utf-8",
            errors="backslashreplace",
        )
        self.failed = False

    def _open(self):  # type: ignore[no-untyped-def]  # logging's own signature
        """The log file, opened without following a link (a link swapped in since the
        check is refused by the system) and readable by its owner only, like the
        JSON files: it holds names and paths."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.baseFilename, flags, 0o600)
        if hasattr(os, "fchmod"):
            with contextlib.suppress(OSError):
                os.fchmod(fd, 0o600)  # a log an older version made readable to all
        return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)

    def emit(self, record: logging.LogRecord) -> None:
        if not self.failed:
            super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        reason = getattr(error, "strerror", None) or error
        stream = sys.stderr or sys.__stderr__
        if stream is not None:
            with contextlib.suppress(Exception):
                print(
                    f"tacocat: the log file {printable(self.baseFilename)} can no longer be "
                    f"written ({reason}); logging to it stops",
                    file=stream,
                    flush=True,
                )
        with contextlib.suppress(Exception):
            self.close()


def write_crash_log(directory: Path, exc: BaseException) -> Path:
    """Write ``exc`` and its traceback to a new ``crash-YYYYmmdd-HHMMSS.log``.

    Never overwrites an earlier crash log (a ``-1``, ``-2``... suffix is added)
    and deletes the oldest beyond :data:`CRASH_LOGS_KEPT`. If ``directory``
    cannot be written, the system's temporary folder is used instead (named
    ``tacocat-crash-...``, never pruned there: the folder is shared): the
    caller is already handling a failure and needs a path to show.

    :returns: the path of the crash log.
    :raises PersistenceError: neither folder could be written.
    """
    report = _crash_report(exc)
    stem = CRASH_PREFIX + datetime.now().strftime(STAMP_FORMAT)
    try:
        path = _create_unique(Path(directory), stem, report)
    except OSError as error:
        try:
            path = _create_unique(Path(tempfile.gettempdir()), "tacocat-" + stem, report)
        except OSError:
            raise PersistenceError(
                f"Could not write a crash log in {directory}: {error.strerror or error}."
            ) from error
    else:
        _prune_crash_logs(Path(directory))
    log.critical("Unexpected error; details written to %s", path)
    return path


def install_excepthook(directory: Path) -> None:
    """Write a crash log for every exception that nobody caught, then report it as before.

    Covers the main thread (:data:`sys.excepthook`) and other threads
    (:data:`threading.excepthook`). Ctrl+C (:class:`KeyboardInterrupt`) is
    not a crash and is passed on untouched.
    """
    previous_hook = sys.excepthook
    previous_thread_hook = threading.excepthook

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            _write_quietly(directory, exc)
        previous_hook(kind, exc, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and not issubclass(args.exc_type, KeyboardInterrupt):
            _write_quietly(directory, args.exc_value)
        previous_thread_hook(args)

    sys.excepthook = hook
    threading.excepthook = thread_hook


def _write_quietly(directory: Path, exc: BaseException) -> None:
    """:func:`write_crash_log` that cannot raise: a failing hook would hide the real error."""
    try:
        write_crash_log(directory, exc)
    except Exception as error:  # anything raised here would mask the crash itself
        print(f"tacocat: could not write a crash log: {error}", file=sys.stderr or sys.__stderr__)


def _crash_report(exc: BaseException) -> str:
    """The crash log's text: what ran where, then the full traceback."""
    header = [
        f"Tacocat {__version__} crashed at {datetime.now().isoformat(timespec='seconds')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        "",
    ]
    trace = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "\n".join(header) + "".join(trace)


def _create_unique(folder: Path, stem: str, text: str) -> Path:
    """Create ``folder/stem[-n].log`` exclusively (never overwriting) and write ``text``."""
    for path in unique_names(folder, stem, CRASH_SUFFIX):
        try:
            # Exclusive, never through a link, owner-only: a traceback holds paths and names.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(text)
        return path
    raise AssertionError("unreachable: unique_names never ends")  # pragma: no cover


def _prune_crash_logs(folder: Path) -> None:
    """Delete all but the newest :data:`CRASH_LOGS_KEPT` crash logs (names sort by time)."""
    logs = sorted(folder.glob(f"{CRASH_PREFIX}*{CRASH_SUFFIX}"), key=_crash_sort_key)
    for old in logs[:-CRASH_LOGS_KEPT]:
        with contextlib.suppress(OSError):
            old.unlink()


def _crash_sort_key(path: Path) -> tuple[str, int]:
    """Sort ``crash-STAMP.log`` before ``crash-STAMP-1.log`` before ``crash-STAMP-2.log``."""
    parts = path.name[len(CRASH_PREFIX) : -len(CRASH_SUFFIX)].split("-")
    counter = parts[2] if len(parts) > 2 else ""
    return ("-".join(parts[:2]), int(counter) if counter.isdigit() else 0)
