"""One copy of the game per data folder: a lock, and the "play without saving" folder.

Two copies writing one folder overwrote each other's autosave (the save
switched games 63 times in one evening) and counted a win twice or not at all.
The first copy now holds an operating-system lock on ``tacocat.lock`` in the
data folder (``filelock``: ``flock`` on POSIX, ``msvcrt.locking`` on Windows).
The system releases it when the process ends in any way - a crash or a kill
leaves no stale lock to clean up, so no PID check is needed.

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
import logging
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from tacocat.persistence.atomic import remove_stale_temp_files
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


class DataFolderLock:
    """The lock held on one data folder for as long as the game runs.

    :ivar path: the lock file (``tacocat.lock``; its content means nothing).
    """

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        # thread_local=False: the lock belongs to the process, not to a thread;
        # fallback_to_soft=False: a lock made of a file's mere existence would
        # outlive a crash and lock the player out.
        self._lock = FileLock(self.path, timeout=0, thread_local=False, fallback_to_soft=False)

    def acquire(self) -> bool:
        """Take the lock without waiting; False if another process holds it.

        A folder that cannot be locked at all (a file system without locks) is
        not held against the player: the game runs, as it did before locks.
        """
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            return False
        except (OSError, NotImplementedError) as error:
            log.warning("could not lock the data folder (%s); two copies of the game "
                        "must not be run on it at once", error)
        return True

    def release(self) -> None:
        """Let another copy take the folder (also done by the system at exit)."""
        with contextlib.suppress(OSError):
            self._lock.release(force=True)


def lock_data_folder(folder: Path) -> DataFolderLock | None:
    """Lock ``folder`` for this process and tidy it; None if another copy has it.

    Once locked, temporary files of an earlier, interrupted write are removed.
    """
    lock = DataFolderLock(folder)
    if not lock.acquire():
        log.warning("the data folder %s is in use by another copy of the game", printable(folder))
        return None
    removed = remove_stale_temp_files(Path(folder))
    if removed:
        log.info("removed %d temporary file(s) left by an interrupted save", removed)
    return lock


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


@contextlib.contextmanager
def claim_data_folder(folder: Path) -> Iterator[Claim]:
    """Lock ``folder`` for the run inside the ``with``; or, if another copy of the
    game holds it, give a scratch copy (:func:`unsaved_copy`) for the run to play
    in without saving, deleted afterwards."""
    lock = lock_data_folder(folder)
    if lock is not None:
        try:
            yield Claim(Path(folder), shared=False)
        finally:
            lock.release()
        return
    scratch = unsaved_copy(folder)
    try:
        yield Claim(scratch, shared=True)
    finally:
        remove_unsaved_copy(scratch)
