"""PostgreSQL storage, for several server processes sharing the games (docs/server.md).

The same tables and statements as SQLite (tacocat/server/storage/queries.py), on psycopg 3's
synchronous connection in the storage thread. Every change also sends a notification in
the **same transaction** (``pg_notify``), so it is delivered exactly when, and only if, the
change is committed; :class:`PostgresBus` listens on a connection of its own and hands the
other processes' changes to the game service, which catches the room up and tells its
clients. Presence goes the same way. No broker of our own: PostgreSQL's LISTEN/NOTIFY.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
from functools import partial
from typing import Any

import psycopg

from tacocat.server.bus import Listener, PresenceListener
from tacocat.server.storage import queries
from tacocat.server.storage.base import GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.queries import Dialect
from tacocat.server.storage.threaded import ThreadedStorage

log = logging.getLogger(__name__)
CHANNEL = "tacocat_games"
#: Two servers starting at once must not both create the tables.
MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(7216)"


def _notify(connection: Any, payload: str) -> None:
    connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))


class PostgresStorage(ThreadedStorage):
    def __init__(self, url: str) -> None:
        self.url = url
        self.node = uuid.uuid4().hex[:12]  # this process, in notifications
        super().__init__(lambda: psycopg.connect(url, autocommit=True),
                         Dialect("%s", psycopg.errors.IntegrityError, MIGRATION_LOCK),
                         "BEGIN", "tacocat-postgres")
        self.bus = PostgresBus(url, self)

    def _changed(self, job: Any, game_id: str, seq: int, connection: Any) -> Any:
        result = job(connection)
        _notify(connection, f"g:{self.node}:{game_id}:{seq}")
        return result

    async def claim_invite(self, invite: str, seat: SeatRow, now: float) -> GameRow | None:
        def job(connection: Any) -> GameRow | None:
            row = queries.claim_invite(self.dialect, connection, invite, seat, now)
            if row is not None:
                _notify(connection, f"g:{self.node}:{row.id}:{row.seq}")
            return row
        return await self.thread.run(job)

    async def append(self, step: Step, now: float) -> None:
        job = partial(queries.append, self.dialect, step=step, now=now)
        await self.thread.run(partial(self._changed, job, step.game, step.seq))

    async def finish(self, game_id: str, result: ResultRow, now: float,
                     only_if_seq: int | None = None) -> bool:
        def job(connection: Any) -> bool:
            done = queries.finish(self.dialect, connection, game_id, result, now, only_if_seq)
            if done:
                _notify(connection, f"g:{self.node}:{game_id}:-1")
            return done
        return await self.thread.run(job)

    async def presence(self, game_id: str, seat: int, attached: bool) -> None:
        await self.thread.run(partial(_notify, payload=f"p:{self.node}:{game_id}:{seat}:{int(attached)}"))

    async def close(self) -> None:
        self.bus.stop()
        await super().close()


class PostgresBus:
    """Other processes' changes, from LISTEN on a connection of its own (its own thread)."""

    def __init__(self, url: str, storage: PostgresStorage) -> None:
        self.url = url
        self.storage = storage
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    async def publish(self, game_id: str, seq: int) -> None:
        """Nothing to do: every change notifies inside its own transaction."""

    async def listen(self, listener: Listener, presence: PresenceListener | None = None) -> None:
        loop = asyncio.get_running_loop()
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(loop, listener, presence, ready),
                                        name="tacocat-postgres-listen", daemon=True)
        self._thread.start()
        await asyncio.to_thread(ready.wait, 30)

    def _run(self, loop: asyncio.AbstractEventLoop, listener: Listener,
             presence: PresenceListener | None, ready: threading.Event) -> None:
        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f"LISTEN {CHANNEL}")
            ready.set()
            while not self._stop.is_set():
                for note in connection.notifies(timeout=0.5):
                    self._deliver(loop, note.payload, listener, presence)

    def _deliver(self, loop: asyncio.AbstractEventLoop, payload: str, listener: Listener,
                 presence: PresenceListener | None) -> None:
        kind, node, game_id, *rest = payload.split(":")
        if node == self.storage.node:
            return  # this process's own change: already handled
        if kind == "g":
            asyncio.run_coroutine_threadsafe(listener(game_id, int(rest[0])), loop)
        elif kind == "p" and presence is not None:
            loop.call_soon_threadsafe(presence, node, game_id, int(rest[0]), rest[1] == "1")

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
