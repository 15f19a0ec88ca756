"""One copy of the game per data folder: a lock, and the "play without saving" folder.

Two copies writing one folder overwrote each other's autosave (the save
switched games 63 times in one evening) and counted a win twice or not at all.
The first copy now holds an operating-system lock on ``tacocat.lock`` in the
data folder (``filelock``: ``flock`` on POSIX, ``msvcrt.locking`` on Windows).
The system releases it when the process ends in any way - a crash or a kill
leaves no stale lock to clean up, so no PID check is needed.

A lock file that cannot be used as it is (root-owned after a ``sudo`` run,
read-only, a folder, a symbolic link) is repaired; if the folder still cannot
be locked, the copy plays without saving and says so - never a second writer.

A second copy does not wait: :func:`lock_data_folder` answers None at once,
and the copy may play in a scratch folder (:func:`unsaved_copy`) holding a copy
of the settings and statistics, which is deleted at the end. Nothing it does
reaches the first copy's files.

Holding the lock also makes it safe to remove temporary files left by a write
that was killed half-way (:func:`~tacocat.persistence.atomic.remove_stale_temp_files`):
no other copy can be in the middle of writing one.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from tacocat.persistence.atomic import backup_bad_file, remove_stale_temp_files
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem, io_problem, reason
from tacocat.persistence.regular import is_regular_file
from tacocat.persistence.settings import SETTINGS_FILE
from tacocat.persistence.stats import STATS_FILE
from tacocat.persistence.text import printable

log = logging.getLogger(__name__)

LOCK_FILE = "tacocat.lock"
#: Prefix of the scratch folders of copies that play without saving.
UNSAVED_PREFIX = "tacocat-unsaved-"
#: What a scratch folder starts with: the player's names, volumes, language and
#: figures - never the autosave (that game belongs to the other copy).
_COPIED = (SETTINGS_FILE, STATS_FILE)


#: :meth:`DataFolderLock.acquire` outcomes.
HELD = "held"  # this process has the folder
BUSY = "busy"  # another copy of the game has it
BROKEN = "broken"  # it cannot be locked at all, even after a repair: play without saving
#: How long a repair waits for another copy's repair of the same folder (seconds).
_GUARD_WAIT_S = 2.0


class DataFolderLock:
    """The lock held on one data folder for as long as the game runs.

    :ivar path: the lock file (``tacocat.lock``; its content means nothing).
    :ivar problem: after :data:`BROKEN`, why (a :class:`~.problems.Problem`).
    """

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self.problem: Problem | None = None
        # thread_local=False: the lock belongs to the process, not to a thread;
        # fallback_to_soft=False: a lock made of a file's mere existence would
        # outlive a crash and lock the player out. 0600 like every other file.
        self._lock = FileLock(
            self.path, timeout=0, thread_local=False, fallback_to_soft=False, mode=0o600
        )

    def acquire(self) -> str:
        """Take the lock without waiting: :data:`HELD`, :data:`BUSY` or :data:`BROKEN`.

        A lock file that cannot be opened as it is - root-owned after a ``sudo``
        run, read-only, a folder, a symbolic link - is repaired once (see
        :func:`_repair`). If the folder still cannot be locked, the answer is
        :data:`BROKEN` and the caller plays without saving: two copies writing
        one folder overwrite each other's games, so a second writer is never
        allowed just because the lock could not be checked.
        """
        for attempt in range(2):
            unusable: BaseException | None = _unusable(self.path)
            if unusable is None:
                try:
                    self._lock.acquire(timeout=0)
                except Timeout:
                    return BUSY
                except (OSError, NotImplementedError) as error:
                    unusable = error
                else:
                    return HELD
            assert unusable is not None
            log.warning(
                "the lock file %s cannot be used (%s)%s",
                printable(self.path),
                _words(unusable),
                "" if attempt else "; repairing it",
            )
            if attempt or not _repair(self.path):
                self.problem = _broken(self.path, unusable)
                return BROKEN
        raise AssertionError("unreachable")  # pragma: no cover

    def release(self) -> None:
        """Let another copy take the folder (also done by the system at exit)."""
        with contextlib.suppress(OSError):
            self._lock.release(force=True)


def _unusable(path: Path) -> OSError | None:
    """Why the lock file cannot be opened for locking as it is, or None (fine, or absent).

    Checked on the link itself (``lstat``): a symbolic link is never followed,
    so the lock cannot be used to create or lock a file anywhere else.
    """
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        return error
    if stat.S_ISLNK(mode):
        return _WrongKind(errno.ELOOP, "it is a symbolic link", "link")
    if not stat.S_ISREG(mode):
        return _WrongKind(
            errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL,
            "it is not a regular file",
            "not_regular",
        )
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        return error
    os.close(fd)
    return None


class _WrongKind(OSError):
    """The lock's path holds something else than a file (``why``: a reason code)."""

    def __init__(self, number: int, text: str, why: str) -> None:
        super().__init__(number, text)
        self.why = why


def _repair(path: Path) -> bool:
    """Make way for a new lock file; True if the path is free (or fine) now.

    The file has no content, so an empty file or a link is removed; anything
    else (a folder, a file with bytes in it) is set aside as an exact
    ``tacocat.lock.bad-<time>`` copy. Two copies repairing at once are kept in
    turn by a lock on the folder itself, and each looks again once it holds
    it: the second finds the first one's new, working lock and is refused by
    it, never removing it.
    """
    with _folder_guard(path.parent):
        if _unusable(path) is None:
            return True
        try:
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode) or (stat.S_ISREG(info.st_mode) and info.st_size == 0):
                os.unlink(path)
            else:
                backup_bad_file(path)
        except (OSError, PersistenceError) as error:
            log.warning("the lock file %s could not be repaired: %s", printable(path), error)
            return False
    log.info("the lock file %s was repaired", printable(path))
    return True


@contextlib.contextmanager
def _folder_guard(folder: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on the folder itself (POSIX) for a repair; elsewhere, nothing."""
    try:
        import fcntl
    except ImportError:  # Windows: no folder locks; a repair race there is left to chance
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + _GUARD_WAIT_S
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break  # repair anyway: the other repairer's result is checked again
                time.sleep(0.02)
            except OSError:
                break
        yield
    finally:
        os.close(fd)  # drops the flock


def _words(error: BaseException) -> str:
    return printable(getattr(error, "strerror", None) or str(error) or type(error).__name__)


def _broken(path: Path, error: BaseException) -> Problem:
    shown = printable(path)
    if isinstance(error, _WrongKind):
        why = reason(_words(error), error.why)
    elif isinstance(error, OSError):
        why = io_problem(error)
    else:  # NotImplementedError: the system has no locks here
        why = Problem(_words(error), "io.other", detail=_words(error))
    return Problem(
        f"The lock file {shown} cannot be used ({_words(error)}) and could not be "
        "repaired, so this copy plays without saving.",
        "lock_broken",
        path=shown,
        detail=why,
    )


def lock_data_folder(folder: Path) -> DataFolderLock | None:
    """Lock ``folder`` for this process and tidy it; None if it cannot be had
    (another copy holds it, or it cannot be locked at all: see :func:`take_data_folder`)."""
    return take_data_folder(folder)[0]


def take_data_folder(folder: Path) -> tuple[DataFolderLock | None, Problem | None]:
    """Lock ``folder`` for this process and tidy it.

    :returns: ``(lock, None)`` when held; ``(None, None)`` when another copy
        holds it; ``(None, problem)`` when it cannot be locked even after a
        repair (the problem says why; the run must not write the folder).

    Once locked, temporary files of an earlier, interrupted write are removed
    from every folder the game writes (:data:`WRITTEN_FOLDERS`).
    """
    lock = DataFolderLock(folder)
    outcome = lock.acquire()
    if outcome == BUSY:
        log.warning("the data folder %s is in use by another copy of the game", printable(folder))
    if outcome != HELD:
        return None, lock.problem
    removed = sum(remove_stale_temp_files(Path(folder) / sub) for sub in WRITTEN_FOLDERS)
    if removed:
        log.info("removed %d temporary file(s) left by an interrupted save", removed)
    return lock, None


#: Every folder under the data folder that the game writes with atomic writes.
WRITTEN_FOLDERS = (".", "history", "history/games", "exports")


def unsaved_copy(folder: Path) -> Path:
    """A new scratch folder with a copy of ``folder``'s settings and statistics.

    The game plays there "without saving": its autosave, settings and figures
    go to the scratch folder and are deleted with it (:func:`remove_unsaved_copy`).
    """
    scratch = Path(tempfile.mkdtemp(prefix=UNSAVED_PREFIX))
    for name in _COPIED:
        source = Path(folder) / name
        if is_regular_file(source):
            with contextlib.suppress(OSError):
                shutil.copyfile(source, scratch / name)
    return scratch


def remove_unsaved_copy(scratch: Path) -> None:
    """Delete a scratch folder - unless a crash log was written there (its path
    was shown to the player, who may want to send it)."""
    if any(Path(scratch).glob("crash-*.log")):
        log.info("kept %s: it holds a crash log", printable(scratch))
        return
    shutil.rmtree(scratch, ignore_errors=True)


@dataclass(frozen=True)
class Claim:
    """The folder a run of the game writes to.

    :ivar folder: the data folder, or a scratch copy when ``shared``.
    :ivar shared: another copy holds the data folder; this run plays unsaved.
    """

    folder: Path
    shared: bool
    #: Why this run plays unsaved when no other copy holds the folder (a lock that
    #: could not be repaired), or None.
    problem: Problem | None = None


@contextlib.contextmanager
def claim_data_folder(folder: Path) -> Iterator[Claim]:
    """Lock ``folder`` for the run inside the ``with``; or, if another copy of the
    game holds it or it cannot be locked at all (``problem`` says why), give a scratch copy (:func:`unsaved_copy`) for the run to play
    in without saving, deleted afterwards."""
    lock, problem = take_data_folder(folder)
    if lock is not None:
        try:
            yield Claim(Path(folder), shared=False)
        finally:
            lock.release()
        return
    scratch = unsaved_copy(folder)
    try:
        yield Claim(scratch, shared=True, problem=problem)
    finally:
        remove_unsaved_copy(scratch)
