"""One database connection on a thread of its own, with group commit.

The event loop never waits on the disk: a storage call becomes a job for this thread and
the caller awaits its result. The thread takes every job that is waiting, runs them in
**one transaction**, each inside a savepoint (a job that fails - a taken ``seq`` - rolls
back alone and gets its error), commits once, and only then answers the callers. Under
load one COMMIT (one fsync) serves many moves; alone, a move waits for nothing else.
The same worker serves SQLite and PostgreSQL (psycopg's synchronous connection), both
in autocommit mode with explicit BEGIN and COMMIT.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
#: The most jobs one transaction takes (a bound on how long its callers wait).
BATCH = 256
_STOP = object()


class DatabaseThread:
    """Runs ``job(connection)`` calls on one thread, in batched transactions."""

    def __init__(self, connect: Callable[[], Any], begin: str, name: str) -> None:
        self._connect = connect
        self._begin = begin
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
            while True:
                first = self._jobs.get()
                if first is _STOP:
                    return
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
                self._transaction(connection, batch)
        finally:
            connection.close()

    def _transaction(self, connection: Any, batch: list[Any]) -> None:
        outcomes: list[tuple[bool, Any]] = []
        try:
            connection.execute(self._begin)
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


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
