"""The server's storage (SQLite here; tests/server/test_postgres.py runs the same on
PostgreSQL): one transaction per step, a taken step refused, group commit."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from tacocat.server.storage.base import Conflict, GameRow, ResultRow, SeatRow, Step
from tacocat.server.storage.schema import LATEST, SchemaTooNew
from tacocat.server.storage.sqlite import SqliteStorage

GAME = "g_abcdefghijklmnop"
NOW = 1_800_000_000.0


def _game(game_id: str = GAME) -> GameRow:
    return GameRow(game_id, '{"name": "standard"}', 5, "waiting", 0, NOW, NOW, (SeatRow(0, "Ana", "h0"),),
                   deals=("[1, 2, 3]",))


async def _playing(storage: SqliteStorage, game_id: str = GAME, invite: str = "ABCDE12345") -> None:
    await storage.create(_game(game_id), invite, NOW + 60)
    assert await storage.claim_invite(invite, SeatRow(1, "Ben", "h1"), NOW) is not None


def run(coroutine_function, path: Path):
    async def main():
        storage = SqliteStorage(path / "games.sqlite3")
        await storage.open()
        try:
            return await coroutine_function(storage)
        finally:
            await storage.close()
    return asyncio.run(main())


def test_an_invite_is_claimed_once_and_the_first_deal_is_kept(tmp_path):
    async def body(storage):
        await storage.create(_game(), "ABCDE12345", NOW + 60)
        assert await storage.open_invites(NOW) == 1
        row = await storage.claim_invite("ABCDE12345", SeatRow(1, "Ben", "h1"), NOW)
        assert row.status == "playing" and [s.name for s in row.seats] == ["Ana", "Ben"]
        assert row.deals == ("[1, 2, 3]",)
        assert await storage.claim_invite("ABCDE12345", SeatRow(1, "Eve", "h2"), NOW) is None
        assert await storage.open_invites(NOW) == 0
    run(body, tmp_path)


def test_an_expired_invite_is_refused(tmp_path):
    async def body(storage):
        await storage.create(_game(), "ABCDE12345", NOW + 60)
        assert await storage.claim_invite("ABCDE12345", SeatRow(1, "Ben", "h1"), NOW + 61) is None
    run(body, tmp_path)


def test_steps_are_stored_in_order_and_a_taken_step_is_a_conflict(tmp_path):
    async def body(storage):
        await _playing(storage)
        await storage.append(Step(GAME, 1, '{"n": 1}', deals=((1, "[3, 2, 1]"),)), NOW)
        with pytest.raises(Conflict):
            await storage.append(Step(GAME, 1, '{"n": "again"}'), NOW)
        with pytest.raises(Conflict):  # a gap: step 3 before step 2
            await storage.append(Step(GAME, 3, '{"n": 3}'), NOW)
        row = await storage.load(GAME)
        assert row.seq == 1 and row.actions == ('{"n": 1}',) and len(row.deals) == 2
    run(body, tmp_path)


def test_writers_racing_for_one_step_are_batched_and_only_one_wins(tmp_path):
    async def body(storage):
        await _playing(storage)
        before = storage.thread.transactions
        outcomes = await asyncio.gather(*(storage.append(Step(GAME, 1, f'{{"n": {i}}}'), NOW)
                                          for i in range(8)), return_exceptions=True)
        assert sum(o is None for o in outcomes) == 1
        assert all(isinstance(o, Conflict) for o in outcomes if o is not None)
        # Group commit: the eight writes needed far fewer than eight transactions.
        assert storage.thread.transactions - before < 8
        assert (await storage.load(GAME)).actions == ('{"n": 0}',)
    run(body, tmp_path)


def test_the_last_step_ends_the_game_and_a_finished_game_cannot_end_again(tmp_path):
    async def body(storage):
        await _playing(storage)
        await storage.append(Step(GAME, 1, "{}", result=ResultRow(0, "won")), NOW)
        row = await storage.load(GAME)
        assert row.status == "over" and row.result == ResultRow(0, "won")
        assert not await storage.finish(GAME, ResultRow(1, "resigned"), NOW)
        with pytest.raises(Conflict):
            await storage.append(Step(GAME, 2, "{}"), NOW)
    run(body, tmp_path)


def test_idle_games_are_listed_oldest_first(tmp_path):
    async def body(storage):
        await _playing(storage, "g_aaaaaaaaaaaaaaaa", "AAAAA11111")
        await _playing(storage, "g_bbbbbbbbbbbbbbbb", "BBBBB11111")
        await storage.append(Step("g_bbbbbbbbbbbbbbbb", 1, "{}"), NOW + 100)
        assert await storage.idle_games(NOW + 50, 10) == [("g_aaaaaaaaaaaaaaaa", 0)]
        assert await storage.finish("g_aaaaaaaaaaaaaaaa", ResultRow(None, "expired"), NOW + 60, only_if_seq=0)
        assert await storage.idle_games(NOW + 500, 10) == [("g_bbbbbbbbbbbbbbbb", 1)]
    run(body, tmp_path)


def test_games_survive_closing_and_the_schema_is_migrated_once(tmp_path):
    async def write(storage):
        await _playing(storage)
    async def read(storage):
        return await storage.load(GAME)
    run(write, tmp_path)
    assert run(read, tmp_path).status == "playing"
    versions = sqlite3.connect(tmp_path / "games.sqlite3").execute(
        "SELECT version FROM schema_version").fetchall()
    assert versions == [(LATEST,)]


def test_a_database_from_a_newer_server_is_refused(tmp_path):
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (?)", (LATEST + 1,))
    db.commit()
    db.close()
    with pytest.raises(SchemaTooNew):
        run(lambda storage: asyncio.sleep(0), tmp_path)
