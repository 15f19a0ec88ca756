"""A real server on loopback for the server's tests: in this process (``server``), or as a
child process that a test may kill -9 (``tests/server/test_faults.py``); and a throw-away
PostgreSQL (``postgres_url``: a fresh database on a cluster made once per session)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tacocat.ai import make_bot
from tacocat.net import messages as m
from tacocat.online.client import Connection, SeatPlayer
from tacocat.server.app import Listen, running
from tacocat.server.config import Settings
from tacocat.server.service import GameServer
from tacocat.server.storage.sqlite import SqliteStorage
from tests.server import postgres


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[postgres.Cluster]:
    with postgres.cluster() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_cluster: postgres.Cluster) -> str:
    """A new, empty database on the session's PostgreSQL."""
    return postgres_cluster.database()


@dataclass
class Running:
    game_server: GameServer
    url: str


@contextlib.asynccontextmanager
async def local_server(db: Path, settings: Settings | None = None) -> AsyncIterator[Running]:
    """A server on 127.0.0.1 and a free port, its games in ``db``."""
    async with running(SqliteStorage(db, "normal"), Listen("127.0.0.1", 0), settings) as (
        game_server,
        server,
    ):
        port = server.sockets[0].getsockname()[1]
        yield Running(game_server, f"ws://127.0.0.1:{port}/")


async def next_message(
    connection: Connection, kind: type, started: bool = False, timeout: float = 10.0
):
    """The next push of type ``kind`` (bounded); ``started``: a ``state`` of a game that has
    begun (one with an observation), skipping the waiting room's."""
    while True:
        message = await asyncio.wait_for(connection.pushes.get(), timeout)
        if isinstance(message, kind) and not (
            started and getattr(message, "observation", 1) is None
        ):
            return message


def bot_chooser(kind: str):
    bot = make_bot(kind)
    return bot.choose


async def start_game(
    url: str, variants: list[str] | None = None
) -> tuple[Connection, Connection, m.Created, m.Joined]:
    """Two connections: a host that creates a game and a friend who joins it."""
    host = await Connection.open(url)
    created = await host.request(m.Create(name="Ana", variants=variants or []))
    friend = await Connection.open(url)
    joined = await friend.request(m.Join(invite=created.invite, name="Ben"))
    return host, friend, created, joined


async def play_through(
    url: str, kinds: tuple[str, str] = ("random", "random"), seed: int = 0, timeout: float = 120.0
) -> tuple[SeatPlayer, SeatPlayer]:
    """A whole game between two bots, each on its own connection, through the server."""
    host, friend, created, joined = await start_game(url)
    players = (
        SeatPlayer(host, created.game, 0, bot_chooser(kinds[0]), random.Random(seed)),
        SeatPlayer(friend, joined.game, 1, bot_chooser(kinds[1]), random.Random(seed + 1)),
    )
    try:
        await asyncio.gather(*(p.play(timeout) for p in players))
    finally:
        await host.close()
        await friend.close()
    return players
