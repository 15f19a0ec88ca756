"""The server's storage, every test on SQLite and on PostgreSQL (a throw-away cluster,
tests/server/postgres.py): one transaction per step, a taken step refused, group commit,
the same schema and migrations."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tacocat.server.storage.base import Conflict, GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.schema import LATEST, SchemaTooNew
from tacocat.server.storage.sqlite import SqliteStorage
from tacocat.server.storage.threaded import ThreadedStorage

GAME = "g_abcdefghijklmnop"
NOW = 1_800_000_000.0
#: schema_version after every migration ran once.
EVERY_VERSION = [(version,) for version in range(1, LATEST + 1)]


def _game(game_id: str = GAME) -> GameRow:
    return GameRow(
        game_id,
        '{"name": "standard"}',
        5,
        "waiting",
        0,
        NOW,
        NOW,
        (SeatRow(0, "Ana", "h0"),),
        deals=("[1, 2, 3]",),
    )


async def _playing(
    storage: ThreadedStorage, game_id: str = GAME, invite: str = "ABCDE12345"
) -> None:
    await storage.create(_game(game_id), invite, NOW + 60)
    assert await storage.claim_invite(invite, SeatRow(1, "Ben", "h1"), NOW) is not None


class Database:
    """One test's empty database, SQLite or PostgreSQL: storages on it, and plain SQL."""

    def __init__(self, kind: str, where: Path | str) -> None:
        self.kind = kind
        self.where = where

    def storage(self) -> ThreadedStorage:
        if self.kind == "sqlite":
            return SqliteStorage(Path(self.where))
        from tacocat.server.storage.postgres import PostgresStorage

        return PostgresStorage(str(self.where))

    def execute(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Run one statement in its own transaction; its rows (``?`` placeholders)."""
        if self.kind == "sqlite":
            with contextlib.closing(sqlite3.connect(self.where)) as connection, connection:
                return connection.execute(sql, params).fetchall()
        import psycopg

        with psycopg.connect(str(self.where), autocommit=True) as connection:
            cursor = connection.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description else []


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> Database:
    if request.param == "sqlite":
        return Database("sqlite", tmp_path / "games.sqlite3")
    return Database("postgresql", request.getfixturevalue("postgres_url"))


def run(coroutine_function, db: Database):
    async def main():
        storage = db.storage()
        await storage.open()
        try:
            return await coroutine_function(storage)
        finally:
            await storage.close()

    return asyncio.run(main())


def test_an_invite_is_claimed_once_and_the_first_deal_is_kept(db):
    async def body(storage):
        await storage.create(_game(), "ABCDE12345", NOW + 60)
        assert await storage.open_invites(NOW) == 1
        row = await storage.claim_invite("ABCDE12345", SeatRow(1, "Ben", "h1"), NOW)
        assert row.status == "playing" and [s.name for s in row.seats] == ["Ana", "Ben"]
        assert row.deals == ("[1, 2, 3]",)
        assert await storage.claim_invite("ABCDE12345", SeatRow(1, "Eve", "h2"), NOW) is None
        assert await storage.open_invites(NOW) == 0

    run(body, db)


def test_an_expired_invite_is_refused(db):
    async def body(storage):
        await storage.create(_game(), "ABCDE12345", NOW + 60)
        assert await storage.claim_invite("ABCDE12345", SeatRow(1, "Ben", "h1"), NOW + 61) is None

    run(body, db)


def test_steps_are_stored_in_order_and_a_taken_step_is_a_conflict(db):
    async def body(storage):
        await _playing(storage)
        await storage.append(Step(GAME, 1, '{"n": 1}', deals=((1, "[3, 2, 1]"),)), NOW)
        with pytest.raises(Conflict):
            await storage.append(Step(GAME, 1, '{"n": "again"}'), NOW)
        with pytest.raises(Conflict):  # a gap: step 3 before step 2
            await storage.append(Step(GAME, 3, '{"n": 3}'), NOW)
        row = await storage.load(GAME)
        assert row.seq == 1 and row.actions == ('{"n": 1}',) and len(row.deals) == 2

    run(body, db)


def test_a_load_after_n_steps_reads_only_the_later_actions(db):
    async def body(storage):
        await _playing(storage)
        for seq in (1, 2, 3):
            await storage.append(Step(GAME, seq, f'{{"n": {seq}}}'), NOW)
        row = await storage.load(GAME, after=2)
        assert row.after == 2 and row.actions == ('{"n": 3}',) and row.seq == 3
        assert (await storage.load(GAME, after=3)).actions == ()
        assert (await storage.load(GAME)).actions == ('{"n": 1}', '{"n": 2}', '{"n": 3}')

    run(body, db)


def test_writers_racing_for_one_step_are_batched_and_only_one_wins(db):
    async def body(storage):
        await _playing(storage)
        before = storage.thread.transactions
        outcomes = await asyncio.gather(
            *(storage.append(Step(GAME, 1, f'{{"n": {i}}}'), NOW) for i in range(8)),
            return_exceptions=True,
        )
        assert sum(o is None for o in outcomes) == 1
        assert all(isinstance(o, Conflict) for o in outcomes if o is not None)
        # Group commit: the eight writes needed far fewer than eight transactions.
        assert storage.thread.transactions - before < 8
        assert (await storage.load(GAME)).actions == ('{"n": 0}',)

    run(body, db)


def test_the_last_step_ends_the_game_and_a_finished_game_cannot_end_again(db):
    async def body(storage):
        await _playing(storage)
        await storage.append(Step(GAME, 1, "{}", result=ResultRow(0, "won")), NOW)
        row = await storage.load(GAME)
        assert row.status == "over" and row.result == ResultRow(0, "won")
        assert not await storage.finish(GAME, ResultRow(1, "resigned"), NOW)
        with pytest.raises(Conflict):
            await storage.append(Step(GAME, 2, "{}"), NOW)

    run(body, db)


def test_idle_games_are_listed_oldest_first(db):
    async def body(storage):
        await _playing(storage, "g_aaaaaaaaaaaaaaaa", "AAAAA11111")
        await _playing(storage, "g_bbbbbbbbbbbbbbbb", "BBBBB11111")
        await storage.append(Step("g_bbbbbbbbbbbbbbbb", 1, "{}"), NOW + 100)
        assert await storage.idle_games(NOW + 50, 10) == [("g_aaaaaaaaaaaaaaaa", 0)]
        assert await storage.finish(
            "g_aaaaaaaaaaaaaaaa", ResultRow(None, "expired"), NOW + 60, only_if_seq=0
        )
        assert await storage.idle_games(NOW + 500, 10) == [("g_bbbbbbbbbbbbbbbb", 1)]

    run(body, db)


def test_games_survive_closing_and_the_schema_is_migrated_once(db):
    async def write(storage):
        await _playing(storage)

    async def read(storage):
        return await storage.load(GAME)

    run(write, db)
    assert run(read, db).status == "playing"
    assert db.execute("SELECT version FROM schema_version ORDER BY version") == EVERY_VERSION


def test_a_database_from_a_newer_server_is_refused(db):
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (?)", (LATEST + 1,))
    with pytest.raises(SchemaTooNew):
        run(lambda storage: asyncio.sleep(0), db)


def test_servers_starting_at_once_migrate_the_schema_once(db):
    """Several server processes starting together on an empty database: each waits for the
    one migrating (PostgreSQL: an advisory lock; SQLite: BEGIN IMMEDIATE), nobody fails."""

    def start_one(_: int) -> int:
        return run(lambda storage: storage.open_invites(NOW), db)

    with ThreadPoolExecutor(6) as pool:
        assert list(pool.map(start_one, range(6))) == [0] * 6
    assert db.execute("SELECT version FROM schema_version ORDER BY version") == EVERY_VERSION


def test_two_servers_racing_for_one_step_store_it_once(db):
    """Two storages (two server processes) append the same step: one wins, the other gets
    Conflict, and the game holds the winner's action only."""

    async def main():
        first, second = db.storage(), db.storage()
        await first.open()
        await second.open()
        try:
            await _playing(first)
            outcomes = await asyncio.gather(
                *(
                    s.append(Step(GAME, 1, f'{{"by": {i}}}'), NOW)
                    for i, s in enumerate((first, second))
                ),
                return_exceptions=True,
            )
            winners = [i for i, o in enumerate(outcomes) if o is None]
            assert len(winners) == 1 and isinstance(outcomes[1 - winners[0]], Conflict)
            for storage in (first, second):
                assert (await storage.load(GAME)).actions == (f'{{"by": {winners[0]}}}',)
        finally:
            await first.close()
            await second.close()

    asyncio.run(main())
