"""SQLite storage: one file, the default (the user data folder's ``server.sqlite3``).

WAL mode with ``synchronous=FULL`` by default: a committed move survives a crash of the
server and of the machine (``normal`` survives the server's crash only, and is faster).
Automatic checkpoints are off: run inside a commit they stalled every game for 100-250 ms
here (docs/server.md); a checkpointer thread of its own does them instead, on its own
connection, every few seconds.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from tacocat.server.storage.queries import Dialect
from tacocat.server.storage.threaded import ThreadedStorage

log = logging.getLogger(__name__)
CHECKPOINT_EVERY = 5.0  # seconds
SYNC_MODES = ("full", "normal")


def _connect(path: Path, synchronous: str) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(f"PRAGMA synchronous={synchronous.upper()}")
    connection.execute("PRAGMA wal_autocheckpoint=0")
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


class SqliteStorage(ThreadedStorage):
    def __init__(self, path: Path, synchronous: str = "full") -> None:
        if synchronous not in SYNC_MODES:
            raise ValueError(f"synchronous must be one of {SYNC_MODES}")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        super().__init__(
            lambda: _connect(path, synchronous),
            Dialect("?", sqlite3.IntegrityError),
            "BEGIN IMMEDIATE",
            "tacocat-sqlite",
        )
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint_loop, name="tacocat-sqlite-checkpoint", daemon=True
        )

    async def open(self) -> None:
        await super().open()
        self._checkpointer.start()

    async def close(self) -> None:
        self._stop.set()
        if self._checkpointer.is_alive():
            self._checkpointer.join(timeout=30)
        await super().close()

    def _checkpoint_loop(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        try:
            while not self._stop.wait(CHECKPOINT_EVERY):
                try:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    log.exception("WAL checkpoint failed (retried later)")
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()
