"""PostgreSQL storage, for several server processes sharing the games (docs/server.md).

The same tables and statements as SQLite (tacocat/server/storage/queries.py), on psycopg 3's
synchronous connection in the storage thread. Every change also sends a notification in
the **same transaction** (``pg_notify``), so it is delivered exactly when, and only if, the
change is committed; :class:`PostgresBus` listens on a connection of its own and hands the
other processes' changes to the game service, which catches the room up and tells its
clients. Presence is kept in the ``presence`` table (tacocat/server/storage/presence.py)
and announced the same way. No broker of our own: PostgreSQL's LISTEN/NOTIFY.

Notifications on the channel ``tacocat_games``: ``g:<node>:<game>:<seq>`` (a game moved on;
seq -1 when it ended) and ``p:<node>:<game>`` (its presence changed: read it again).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from functools import partial
from typing import Any

import psycopg

from tacocat.server.bus import Listener, PresenceListener
from tacocat.server.storage import presence, queries
from tacocat.server.storage.base import GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.presence import NODE_TIMEOUT
from tacocat.server.storage.queries import Dialect
from tacocat.server.storage.threaded import ThreadedStorage

log = logging.getLogger(__name__)
CHANNEL = "tacocat_games"
#: Seconds between attempts to listen again after the LISTEN connection was lost.
RECONNECT_EVERY = 1.0
#: Two servers starting at once must not both create the tables.
MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(7216)"


def _lost(connection: Any) -> bool:
    return bool(connection.broken or connection.closed)


def _notify(connection: Any, payload: str) -> None:
    connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))


class PostgresStorage(ThreadedStorage):
    def __init__(self, url: str, node_timeout: float = NODE_TIMEOUT) -> None:
        self.url = url
        self.node = uuid.uuid4().hex[:12]  # this process, in notifications and presence rows
        self.node_timeout = node_timeout
        super().__init__(
            lambda: psycopg.connect(
                url, autocommit=True, connect_timeout=10, application_name=f"tacocat-{self.node}"
            ),
            Dialect("%s", psycopg.errors.IntegrityError, MIGRATION_LOCK, _lost),
            "BEGIN",
            "tacocat-postgres",
        )
        self._mine: set[tuple[str, int]] = set()  # the seats attached here: (game, seat)
        self._mine_lock = threading.Lock()
        self._closing = False
        self.bus = PostgresBus(url, self)

    async def open(self) -> None:
        """Connect, migrate, and enter this process in ``nodes`` (its heartbeat row)."""
        await super().open()
        await self.thread.run(
            partial(presence.beat, self.dialect, node=self.node, now=time.time(), mine=())
        )

    def mine(self) -> list[tuple[str, int]]:
        with self._mine_lock:
            return sorted(self._mine)

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

    async def finish(
        self, game_id: str, result: ResultRow, now: float, only_if_seq: int | None = None
    ) -> bool:
        def job(connection: Any) -> bool:
            done = queries.finish(self.dialect, connection, game_id, result, now, only_if_seq)
            if done:
                _notify(connection, f"g:{self.node}:{game_id}:-1")
            return done

        return await self.thread.run(job)

    async def presence(self, game_id: str, seat: int, attached: bool) -> None:
        """This process now has (or no longer has) ``seat`` of the game attached."""
        if self._closing:
            return
        with self._mine_lock:
            (self._mine.add if attached else self._mine.discard)((game_id, seat))

        def job(connection: Any) -> None:
            presence.set_seat(self.dialect, connection, self.node, game_id, seat, attached)
            _notify(connection, f"p:{self.node}:{game_id}")

        await self.thread.run(job)

    async def remote_presence(self, game_id: str) -> list[tuple[str, int]]:
        """The (process, seat) pairs other processes have attached in this game."""
        return await self.thread.run(
            partial(presence.others, self.dialect, node=self.node, game_id=game_id)
        )

    def _goodbye(self, connection: Any) -> None:
        for game_id in presence.forget(self.dialect, connection, self.node):
            _notify(connection, f"p:{self.node}:{game_id}")

    async def close(self) -> None:
        """Stop listening, take this process's seats out of ``presence`` (the others show
        them gone after the grace period), then close."""
        self._closing = True
        self.bus.stop()
        try:
            await asyncio.wait_for(self.thread.run(self._goodbye), 10)
        except Exception:
            log.exception("could not remove this process's presence (the others time it out)")
        await super().close()


class PostgresBus:
    """Other processes' changes, from LISTEN on a connection of its own (its own thread),
    which also beats this process's heartbeat and clears dead processes' seats."""

    def __init__(self, url: str, storage: PostgresStorage) -> None:
        self.url = url
        self.storage = storage
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._failed: BaseException | None = None

    async def publish(self, game_id: str, seq: int) -> None:
        """Nothing to do: every change notifies inside its own transaction."""

    async def listen(self, listener: Listener, presence: PresenceListener | None = None) -> None:
        loop = asyncio.get_running_loop()
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._run,
            args=(loop, listener, presence, ready),
            name="tacocat-postgres-listen",
            daemon=True,
        )
        self._thread.start()
        if not await asyncio.to_thread(ready.wait, 30):
            raise TimeoutError("PostgreSQL: LISTEN did not start in 30 s")
        if self._failed is not None:
            raise self._failed

    def _connect(self) -> Any:
        connection = psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=10,
            application_name=f"tacocat-listen-{self.storage.node}",
        )
        try:
            connection.execute(f"LISTEN {CHANNEL}")
            self._beat(connection, strict=True)
        except BaseException:
            connection.close()
            raise
        return connection

    def _run(
        self,
        loop: asyncio.AbstractEventLoop,
        listener: Listener,
        presence: PresenceListener | None,
        ready: threading.Event,
    ) -> None:
        try:
            connection = self._connect()
        except BaseException as error:  # reported to listen()
            self._failed = error
            return
        finally:
            ready.set()
        while connection is not None:
            with connection:
                try:
                    self._listen(connection, loop, listener, presence)
                except psycopg.Error:
                    log.error("lost PostgreSQL's LISTEN connection: reconnecting", exc_info=True)
            connection = self._reconnect()
            if connection is not None:
                self._resync(loop, listener, presence)

    def _reconnect(self) -> Any | None:
        """A new LISTEN connection, tried every second until it works or the bus stops."""
        while not self._stop.wait(RECONNECT_EVERY):
            try:
                connection = self._connect()
            except psycopg.Error as error:
                log.debug("LISTEN: still cannot connect (%s)", error)
                continue
            log.warning("LISTEN again: catching up the games followed here")
            return connection
        return None

    def _resync(
        self, loop: asyncio.AbstractEventLoop, listener: Listener, presence: PresenceListener | None
    ) -> None:
        """Notifications sent while this process was not listening are lost: every game a
        client here follows is caught up from storage, and its presence read again."""
        for game_id in sorted({game_id for game_id, _ in self.storage.mine()}):
            asyncio.run_coroutine_threadsafe(listener(game_id, -1), loop)
            if presence is not None:
                loop.call_soon_threadsafe(presence, game_id)

    def _listen(
        self,
        connection: Any,
        loop: asyncio.AbstractEventLoop,
        listener: Listener,
        presence: PresenceListener | None,
    ) -> None:
        period = self.storage.node_timeout / 3
        next_beat = time.monotonic() + period
        while not self._stop.is_set():
            for note in connection.notifies(timeout=min(0.5, period)):
                self._deliver(loop, note.payload, listener, presence)
            if time.monotonic() >= next_beat:
                next_beat = time.monotonic() + period
                self._beat(connection)

    def _beat(self, connection: Any, strict: bool = False) -> None:
        """Refresh this process's heartbeat; forget the processes whose heartbeat stopped."""
        dialect, node, now = self.storage.dialect, self.storage.node, time.time()
        try:
            with connection.transaction():
                mine = self.storage.mine()
                if presence.beat(dialect, connection, node, now, mine) and mine:
                    log.warning("this process had been taken for dead: its seats are written again")
                    for game_id in sorted({game_id for game_id, _ in mine}):
                        _notify(connection, f"p:{node}:{game_id}")
                for dead, game_id in presence.reap(
                    dialect, connection, now - self.storage.node_timeout
                ):
                    _notify(connection, f"p:{dead}:{game_id}")
        except psycopg.errors.DatabaseError:  # a deadlock with another reaper: next time
            if strict:
                raise
            log.warning("heartbeat failed (tried again)", exc_info=True)

    def _deliver(
        self,
        loop: asyncio.AbstractEventLoop,
        payload: str,
        listener: Listener,
        presence: PresenceListener | None,
    ) -> None:
        kind, node, game_id, *rest = payload.split(":")
        if node == self.storage.node:
            return  # this process's own change: already handled
        if kind == "g":
            asyncio.run_coroutine_threadsafe(listener(game_id, int(rest[0])), loop)
        elif kind == "p" and presence is not None:
            loop.call_soon_threadsafe(presence, game_id)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
