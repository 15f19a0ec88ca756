"""Marks saying "this autosave belongs to a game that has ended", for when it
cannot be deleted.

A finished game's autosave is deleted, so that Continue does not offer it. When
the data folder has become read-only, full or immutable, the delete fails and
the file on disk is some earlier, unfinished moment of the game: without a
mark, the next Continue would resume a game the player already finished.

A mark names the save by the SHA-256 of its bytes, so it can only ever match
that exact file: a later game's save differs and is never hidden by it. It is
written to the first folder that takes it: the data folder itself (enough when
only the delete failed, e.g. a virus scanner holding the file on Windows),
then the user's cache folder, then the system's temporary folder (both keyed by
the data folder's path). The store also remembers its marks in memory, so the
running game never offers the save again even when no folder took a mark.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from tacocat.persistence.atomic import atomic_write_json
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.regular import read_regular_file

log = logging.getLogger(__name__)

MARK_FORMAT = "tacocat-finished"
#: The mark's name inside the data folder; elsewhere it is prefixed and keyed.
MARK_SUFFIX = ".finished"
_MARK_MAX_BYTES = 4096


def digest(raw: bytes) -> str:
    """The fingerprint a mark stores: the SHA-256 of the save's bytes, in hex."""
    return hashlib.sha256(raw).hexdigest()


def default_mark_folders(data_folder: Path) -> list[Path]:
    """The data folder, then the user's cache folder, then the temporary folder."""
    from tacocat.persistence.paths import default_cache_dir

    return [Path(data_folder), default_cache_dir(), Path(tempfile.gettempdir())]


class FinishedMarks:
    """The "finished" marks of one save file.

    :param save_path: the autosave these marks are about.
    :param folders: where marks may be written, first choice first (default:
        :func:`default_mark_folders`); the first one is the data folder.
    """

    def __init__(self, save_path: Path, folders: Sequence[Path] | None = None) -> None:
        self.save_path = Path(save_path)
        folders = list(folders) if folders is not None else default_mark_folders(save_path.parent)
        key = digest(os.fsencode(os.path.abspath(self.save_path)))[:16]
        self.paths = [folders[0] / (self.save_path.name + MARK_SUFFIX)] + [
            folder / f"tacocat-{key}{MARK_SUFFIX}" for folder in folders[1:]
        ]
        self._remembered: set[str] = set()

    def mark(self, raw: bytes) -> Path | None:
        """Mark the save whose bytes are ``raw`` as finished.

        :returns: where the mark was written, or None if no folder took it (it
            is still remembered for as long as this object lives).
        """
        fingerprint = digest(raw)
        self._remembered.add(fingerprint)
        for path in self.paths:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_json(
                    path, {"format": MARK_FORMAT, "version": 1, "sha256": fingerprint}
                )
            except (OSError, PersistenceError) as error:
                log.info("finished mark not written to %s: %s", path, error)
                continue
            return path
        return None

    def any(self) -> bool:
        """True if there may be a mark (cheap: a few ``stat`` calls, no reading)."""
        return bool(self._remembered) or any(os.path.lexists(path) for path in self.paths)

    def is_marked(self, raw: bytes) -> bool:
        """True if the save whose bytes are ``raw`` belongs to a finished game."""
        fingerprint = digest(raw)
        return fingerprint in self._remembered or any(
            self._read(path) == fingerprint for path in self.paths
        )

    def forget(self) -> None:
        """Remove the marks (the save is gone); marks that cannot be removed stay
        harmless, since they match no other file."""
        self._remembered.clear()
        for path in self.paths:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)

    @staticmethod
    def _read(path: Path) -> str | None:
        """The fingerprint stored at ``path``, or None (missing or unusable mark)."""
        try:
            data = json.loads(read_regular_file(path, _MARK_MAX_BYTES))
        except (OSError, ValueError):
            return None
        if isinstance(data, dict) and data.get("format") == MARK_FORMAT:
            value = data.get("sha256")
            return value if isinstance(value, str) else None
        return None
