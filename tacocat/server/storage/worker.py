"""One database connection on a thread of its own, with group commit.

The event loop never waits on the disk: a storage call becomes a job for this thread and
the caller awaits its result. The thread takes every job that is waiting, runs them in
**one transaction**, each inside a savepoint (a job that fails - a taken ``seq`` - rolls
back alone and gets its error), commits once, and only then answers the callers. Under
load one COMMIT (one fsync) serves many moves; alone, a move waits for nothing else.
The same worker serves SQLite and PostgreSQL (psycopg's synchronous connection), both
in autocommit mode with explicit BEGIN and COMMIT.

A connection can be lost (PostgreSQL restarted, a network cut): the thread then connects
again before its next transaction, at most once every :data:`RECONNECT_EVERY` seconds,
and fails the waiting jobs meanwhile (their players get ``server_error`` and try again).
A batch whose BEGIN met a dead connection sent nothing, so it is run again on the new
one; a batch lost after that is failed, never retried blind: its COMMIT may have been
done, and the game's ``seq`` key turns any replay of it into a conflict anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
#: The most jobs one transaction takes (a bound on how long its callers wait).
BATCH = 256
#: Seconds between attempts to connect again after the connection was lost.
RECONNECT_EVERY = 1.0
_STOP = object()


def never_lost(_connection: Any) -> bool:
    """A connection that cannot be lost (SQLite's file)."""
    return False


class DatabaseThread:
    """Runs ``job(connection)`` calls on one thread, in batched transactions."""

    def __init__(
        self,
        connect: Callable[[], Any],
        begin: str,
        name: str,
        lost: Callable[[Any], bool] = never_lost,
    ) -> None:
        self._connect = connect
        self._begin = begin
        self._lost = lost
        self._retry_at = 0.0  # monotonic time of the next reconnection attempt allowed
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self.transactions = 0  # for the load bench: commits made

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed

    async def run(self, job: Callable[[Any], T]) -> T:
        """Run ``job(connection)`` in the next transaction; its result or its error."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((job, future, loop))
        return await future

    def stop(self) -> None:
        self._jobs.put(_STOP)
        self._thread.join(timeout=30)

    def _main(self) -> None:
        try:
            connection = self._connect()
        except BaseException as error:  # reported to start()
            self._failed = error
            self._ready.set()
            return
        self._ready.set()
        try:
            while (batch := self._next_batch()) is not None:
                connection = self._serve(connection, batch)
        finally:
            if connection is not None:
                connection.close()

    def _next_batch(self) -> list[Any] | None:
        """Every job waiting (at least one, at most :data:`BATCH`); None once stopped."""
        first = self._jobs.get()
        if first is _STOP:
            return None
        batch = [first]
        while len(batch) < BATCH:
            try:
                item = self._jobs.get_nowait()
            except queue.Empty:
                break
            if item is _STOP:
                self._jobs.put(_STOP)
                break
            batch.append(item)
        return batch

    def _serve(self, connection: Any | None, batch: list[Any]) -> Any | None:
        """Run ``batch`` in one transaction, on a new connection if this one is lost;
        returns the connection to use next (None while the database cannot be reached)."""
        for _attempt in range(2):
            if connection is None or self._lost(connection):
                connection = self._reconnect(connection, batch)
                if connection is None:
                    return None
            if self._transaction(connection, batch):
                return connection
        _fail(batch, ConnectionError("the database connection was lost twice in a row"))
        return connection

    def _reconnect(self, old: Any | None, batch: list[Any]) -> Any | None:
        """A new connection, or None (the batch failed) when it cannot be had yet."""
        if old is not None:
            log.error("lost the database connection: connecting again")
            with contextlib.suppress(Exception):  # it is gone either way
                old.close()
        if time.monotonic() < self._retry_at:
            _fail(batch, ConnectionError("the database cannot be reached (retrying)"))
            return None
        try:
            connection = self._connect()
        except Exception as error:
            self._retry_at = time.monotonic() + RECONNECT_EVERY
            log.warning("cannot reach the database: %s", error)
            _fail(batch, error)
            return None
        log.warning("connected to the database again")
        return connection

    def _transaction(self, connection: Any, batch: list[Any]) -> bool:
        """Run and settle the batch; False (nothing settled, nothing sent) when BEGIN found
        the connection lost, so that the batch can run on a new one."""
        outcomes: list[tuple[bool, Any]] = []
        try:
            connection.execute(self._begin)
        except Exception as error:
            if self._lost(connection):
                return False
            log.exception("could not begin a database transaction")
            _fail(batch, error)
            return True
        try:
            for index, (job, _, _) in enumerate(batch):
                connection.execute(f"SAVEPOINT job{index}")
                try:
                    outcomes.append((True, job(connection)))
                    connection.execute(f"RELEASE SAVEPOINT job{index}")
                except Exception as error:  # the job's own failure: only it is undone
                    connection.execute(f"ROLLBACK TO SAVEPOINT job{index}")
                    connection.execute(f"RELEASE SAVEPOINT job{index}")
                    outcomes.append((False, error))
            connection.execute("COMMIT")
            self.transactions += 1
        except Exception as error:  # the commit itself failed: nobody's job happened
            log.exception("a database transaction failed")
            try:
                connection.execute("ROLLBACK")
            except Exception:
                log.exception("and its rollback too")
            outcomes = [(False, error)] * len(batch)
        for (_, future, loop), (ok, value) in zip(batch, outcomes, strict=True):
            loop.call_soon_threadsafe(_settle, future, ok, value)
        return True


def _fail(batch: list[Any], error: BaseException) -> None:
    for _, future, loop in batch:
        loop.call_soon_threadsafe(_settle, future, False, error)


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
