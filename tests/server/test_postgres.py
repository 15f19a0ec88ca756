"""What only the PostgreSQL storage does (the rest runs on both in test_storage.py): a change
is announced to the other processes exactly when it commits, and presence across processes
(rows per process, a clean goodbye, a dead process's seats cleared)."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest

from tacocat.server.storage.base import Conflict, Step
from tacocat.server.storage.postgres import PostgresBus, PostgresStorage
from tacocat.server.storage.presence import reap
from tests.server.test_storage import GAME, NOW, _playing


class Heard:
    """What a bus delivered: changes and presence, each awaitable."""

    def __init__(self) -> None:
        self.changes: asyncio.Queue[tuple[str, int]] = asyncio.Queue()
        self.presence: asyncio.Queue[str] = asyncio.Queue()

    async def change(self, game_id: str, seq: int) -> None:
        await self.changes.put((game_id, seq))


async def _two(url: str) -> tuple[PostgresStorage, PostgresStorage, Heard]:
    """Two storages (two processes); the second listens."""
    first, second = PostgresStorage(url), PostgresStorage(url)
    heard = Heard()
    for storage in (first, second):
        await storage.open()
    await second.bus.listen(heard.change, heard.presence.put_nowait)
    return first, second, heard


def test_a_change_is_announced_once_committed_and_a_refused_one_never(postgres_url):
    async def body():
        first, second, heard = await _two(postgres_url)
        try:
            await _playing(first)
            assert await asyncio.wait_for(heard.changes.get(), 10) == (GAME, 0)  # the join
            await first.append(Step(GAME, 1, "{}"), NOW)
            with pytest.raises(Conflict):
                await first.append(Step(GAME, 1, '{"again": 1}'), NOW)
            await first.append(Step(GAME, 2, "{}"), NOW)
            got = [await asyncio.wait_for(heard.changes.get(), 10) for _ in range(2)]
            assert got == [(GAME, 1), (GAME, 2)]  # nothing for the refused step
            await second.append(Step(GAME, 3, "{}"), NOW)  # its own change: not delivered to it
            await first.append(Step(GAME, 4, "{}"), NOW)
            assert await asyncio.wait_for(heard.changes.get(), 10) == (GAME, 4)
        finally:
            await first.close()
            await second.close()

    asyncio.run(body())


def test_a_seat_attached_in_one_process_is_seen_from_the_other_until_it_stops(postgres_url):
    async def body():
        first, second, heard = await _two(postgres_url)
        try:
            await _playing(first)
            await first.presence(GAME, 0, True)
            assert await asyncio.wait_for(heard.presence.get(), 10) == GAME
            assert await second.remote_presence(GAME) == [(first.node, 0)]
            assert await first.remote_presence(GAME) == []  # its own seats are not "remote"
            await first.close()  # a clean stop takes its seats out and says so
            assert await asyncio.wait_for(heard.presence.get(), 10) == GAME
            assert await second.remote_presence(GAME) == []
        finally:
            await second.close()

    asyncio.run(body())


def test_a_silent_process_seats_are_cleared_and_come_back_when_it_beats_again(postgres_url):
    async def body():
        first, second, heard = await _two(postgres_url)
        try:
            await _playing(first)
            await first.presence(GAME, 1, True)
            await asyncio.wait_for(heard.presence.get(), 10)
            with psycopg.connect(postgres_url, autocommit=True) as connection:
                connection.execute("UPDATE nodes SET seen = 0 WHERE node = %s", (first.node,))
                assert reap(first.dialect, connection, time.time() - 30) == [(first.node, GAME)]
            assert await second.remote_presence(GAME) == []
            with psycopg.connect(postgres_url, autocommit=True) as connection:
                PostgresBus(postgres_url, first)._beat(connection, strict=True)  # it was alive
            assert await asyncio.wait_for(heard.presence.get(), 10) == GAME
            assert await second.remote_presence(GAME) == [(first.node, 1)]
        finally:
            await first.close()
            await second.close()

    asyncio.run(body())


def test_the_storage_connects_again_after_losing_its_connection(
    postgres_cluster, postgres_url, monkeypatch
):
    """PostgreSQL restarted under a running server: the next move is stored on a new
    connection; while the database refuses connections moves fail, and work once it is back."""
    monkeypatch.setattr("tacocat.server.storage.worker.RECONNECT_EVERY", 0.1)
    name = postgres_url.rsplit("/", 1)[1]

    def admin(sql: str) -> int:
        with psycopg.connect(postgres_cluster.url(), autocommit=True) as connection:
            cursor = connection.execute(sql)
            return len(cursor.fetchall()) if cursor.description else 0

    async def body():
        storage = PostgresStorage(postgres_url)
        await storage.open()
        cut = (
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
            f"application_name = 'tacocat-{storage.node}'"
        )
        try:
            await _playing(storage)
            await storage.append(Step(GAME, 1, "{}"), NOW)
            assert admin(cut) == 1
            await storage.append(Step(GAME, 2, "{}"), NOW)  # seamless: BEGIN found it dead
            admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            try:
                assert admin(cut) == 1
                for seq in (3, 3):  # the lost connection, then the refused reconnection
                    with pytest.raises((psycopg.OperationalError, ConnectionError)):
                        await storage.append(Step(GAME, seq, "{}"), NOW)
            finally:
                admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            await asyncio.sleep(0.15)
            await storage.append(Step(GAME, 3, "{}"), NOW)
            assert (await storage.load(GAME)).actions == ("{}",) * 3
        finally:
            await storage.close()

    asyncio.run(asyncio.wait_for(body(), 60))
