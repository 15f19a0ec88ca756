"""The storage thread's transactions when its connection is lost (tacocat/server/storage/
worker.py): a batch that found the connection dead at BEGIN runs again on a new one; a
batch lost once under way is failed and never run twice."""

from __future__ import annotations

import asyncio

import pytest

from tacocat.server.storage.worker import DatabaseThread


class Connection:
    """A connection double: ``cut()`` makes every later statement fail, as a server restart does."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.dead = False

    def execute(self, sql: str) -> None:
        if self.dead:
            raise OSError("server closed the connection unexpectedly")
        self.log.append(sql)

    def close(self) -> None:
        self.dead = True


def _thread(connections: list[Connection], log: list[str]) -> DatabaseThread:
    def connect() -> Connection:
        connections.append(Connection(log))
        return connections[-1]

    return DatabaseThread(connect, "BEGIN", "test-worker", lost=lambda c: c.dead)


def test_a_batch_meeting_a_dead_connection_at_begin_runs_on_a_new_one():
    async def body():
        connections: list[Connection] = []
        runs: list[int] = []
        thread = _thread(connections, [])
        thread.start()
        try:
            assert await thread.run(lambda c: 1) == 1
            connections[0].dead = True
            assert await thread.run(lambda c: runs.append(2) or 2) == 2
            assert len(connections) == 2 and runs == [2]
        finally:
            thread.stop()

    asyncio.run(asyncio.wait_for(body(), 10))


def test_a_batch_lost_under_way_fails_once_and_the_next_reconnects():
    async def body():
        connections: list[Connection] = []
        runs: list[str] = []

        def cut_midway(connection: Connection) -> None:
            runs.append("cut")
            connection.dead = True  # the server went away after this job's statements

        thread = _thread(connections, [])
        thread.start()
        try:
            with pytest.raises(OSError):
                await thread.run(cut_midway)
            assert runs == ["cut"]  # not run again: its COMMIT may have happened
            assert await thread.run(lambda c: "next") == "next"
            assert len(connections) == 2
        finally:
            thread.stop()

    asyncio.run(asyncio.wait_for(body(), 10))
