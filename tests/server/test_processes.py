"""Several server processes on one PostgreSQL (docs/protocol.md, "Several server
processes"): the host on process A, the friend on process B, moves and presence carried
between them by LISTEN/NOTIFY. Real processes (``python -m tacocat.server``), real sockets,
a throw-away PostgreSQL (tests/server/postgres.py)."""

from __future__ import annotations

import asyncio
import random
import time

import msgspec
import psycopg
import pytest

from tacocat.net import messages as m
from tacocat.online.client import Connection, SeatPlayer
from tacocat.rules import GameRecord
from tacocat.rules.actions import action_to_dict
from tests.server.conftest import bot_chooser
from tests.server.processes import servers

pytestmark = pytest.mark.slow
FAST = ("--presence-grace", "0.5", "--node-timeout", "1.5")


def run(coroutine, timeout: float = 120.0):
    async def bounded():
        async with asyncio.timeout(timeout):
            return await coroutine

    return asyncio.run(bounded())


async def across(
    host_url: str, friend_url: str
) -> tuple[Connection, Connection, m.Created, m.Joined]:
    """A game created on one process and joined on another."""
    host = await Connection.open(host_url)
    created = await host.request(m.Create(name="Ana", variants=[]))
    friend = await Connection.open(friend_url)
    joined = await friend.request(m.Join(invite=created.invite, name="Ben"))
    return host, friend, created, joined


async def next_of(connection: Connection, kind: type, timeout: float = 15.0):
    async with asyncio.timeout(timeout):
        while True:
            message = await connection.pushes.get()
            if isinstance(message, kind):
                return message


async def until(connection: Connection, kind: type, timeout: float = 15.0) -> list:
    """The messages received up to and including the next ``kind``."""
    seen = []
    async with asyncio.timeout(timeout):
        while not seen or not isinstance(seen[-1], kind):
            seen.append(await connection.pushes.get())
    return seen


def in_order(player: SeatPlayer) -> bool:
    """Every update follows the state or update before it by exactly one step."""
    seq = None
    for message in player.received:
        if isinstance(message, m.State):
            seq = message.seq if seq is None else max(seq, message.seq)
        elif isinstance(message, m.Update):
            if seq is None or message.seq != seq + 1:
                return False
            seq = message.seq
    return seq == player.ended.seq


def stored(url: str, game: str) -> tuple[str, int, int]:
    with psycopg.connect(url) as connection:
        status, seq = connection.execute(
            "SELECT status, seq FROM games WHERE id = %s", (game,)
        ).fetchone()
        (actions,) = connection.execute(
            "SELECT COUNT(*) FROM actions WHERE game = %s", (game,)
        ).fetchone()
    return status, seq, actions


@pytest.mark.parametrize("kinds", [("random", "easy"), ("easy", "random")])
def test_players_on_two_processes_play_a_whole_game(postgres_url, kinds):
    async def body():
        async with servers(postgres_url, 2) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            players = (
                SeatPlayer(host, created.game, 0, bot_chooser(kinds[0]), random.Random(1)),
                SeatPlayer(friend, joined.game, 1, bot_chooser(kinds[1]), random.Random(2)),
            )
            await asyncio.gather(*(p.play(90) for p in players))
            for connection in (host, friend):
                await connection.close()
            return players

    players = run(body())
    ends = [p.ended for p in players]
    assert ends[0] == ends[1] and ends[0].result.reason == "won"
    final = GameRecord.from_dict(ends[0].record).replay()
    assert final.is_over and final.winner == ends[0].result.winner
    assert ends[0].seq == len(final.actions) and all(in_order(p) for p in players)
    assert stored(postgres_url, players[0].game) == ("over", ends[0].seq, ends[0].seq)


def test_a_room_loaded_on_another_process_shows_who_is_connected_there(postgres_url):
    async def body():
        async with servers(postgres_url, 2, *FAST) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            state = await next_of(friend, m.State)  # B loaded the room when the friend joined
            assert [p.connected for p in state.players] == [True, True]
            shown = await next_of(host, m.Presence)
            assert (shown.seat, shown.connected) == (1, True)
            for connection in (host, friend):
                await connection.close()

    run(body())


def test_a_player_leaving_one_process_is_shown_gone_on_the_other_after_the_grace(postgres_url):
    async def body():
        async with servers(postgres_url, 2, *FAST) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            assert (await next_of(host, m.Presence)).connected
            left = time.monotonic()
            await friend.close()
            gone = await next_of(host, m.Presence)
            assert (gone.seat, gone.connected) == (1, False)
            assert time.monotonic() - left >= 0.5  # not before the grace period
            again = await Connection.open(a.url)  # back, on the host's process this time
            state = await again.request(m.Resume(game=joined.game, token=joined.token))
            assert state.seat == 1 and state.players[0].connected
            back = await next_of(host, m.Presence)
            assert (back.seat, back.connected) == (1, True)
            for connection in (host, again):
                await connection.close()

    run(body())


def test_a_killed_process_players_are_shown_gone_and_resume_on_another(postgres_url):
    async def body():
        async with servers(postgres_url, 2, *FAST) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            assert (await next_of(host, m.Presence)).connected
            b.kill()  # kill -9: B says no goodbye; A notices its heartbeat stopped
            killed = time.monotonic()
            gone = await next_of(host, m.Presence)
            assert (gone.seat, gone.connected) == (1, False)
            noticed = time.monotonic() - killed
            assert 1.5 <= noticed < 10, noticed  # node timeout + grace, not before
            again = await Connection.open(a.url)
            state = await again.request(m.Resume(game=joined.game, token=joined.token))
            assert state.seat == 1 and state.observation is not None
            assert (await next_of(host, m.Presence)).connected
            for connection in (host, again):
                await connection.close()

    run(body())


def test_resigning_on_one_process_ends_the_game_on_the_other(postgres_url):
    async def body():
        async with servers(postgres_url, 2) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            await next_of(host, m.State)
            await friend.send(m.Resign(game=joined.game))
            for connection in (host, friend):
                ended = await next_of(connection, m.Ended)
                assert ended.result == m.Result(winner=0, reason="resigned")
            for connection in (host, friend):
                await connection.close()
            return created.game

    assert stored(postgres_url, run(body()))[0] == "over"


async def first_choice(connection: Connection, seat: int) -> tuple[m.State, m.WireAction]:
    """The game's first state on this connection and a legal choice for ``seat``."""
    from tacocat.net.codec import decode_observation

    state = await next_of(connection, m.State)
    while state.observation is None:
        state = await next_of(connection, m.State)
    action = decode_observation(state.observation).legal_actions()[0]
    return state, msgspec.convert(action_to_dict(action), m.WireAction)


async def both_waiting_on_a_lock(url: str, timeout: float = 15.0) -> None:
    """Until two sessions (A's and B's storage) wait for the test's row lock."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as watcher:
        async with asyncio.timeout(timeout):
            while True:
                cursor = await watcher.execute(
                    "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock'"
                )
                if (await cursor.fetchone())[0] >= 2:
                    return
                await asyncio.sleep(0.02)


def test_both_processes_storing_the_same_step_refuses_the_loser_as_stale(postgres_url):
    """Both seats choose at seq 0 (the secret replacement), one on each process; the test
    holds the game's row so that both writes are in flight together: one is stored, the
    other is refused ``stale`` with the winner's update, and the game does not fork."""

    async def body():
        async with servers(postgres_url, 2) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            (_, host_choice), (_, friend_choice) = await asyncio.gather(
                first_choice(host, 0), first_choice(friend, 1)
            )
            async with await psycopg.AsyncConnection.connect(postgres_url) as holder:
                await holder.execute(
                    "SELECT 1 FROM games WHERE id = %s FOR UPDATE", (created.game,)
                )
                await host.send(m.Act(game=created.game, seq=0, action=host_choice, id="host"))
                await friend.send(m.Act(game=joined.game, seq=0, action=friend_choice, id="friend"))
                await both_waiting_on_a_lock(postgres_url)
                await holder.commit()
            seen = await asyncio.gather(until(host, m.Update), until(friend, m.Update))
            assert [s[-1].seq for s in seen] == [1, 1]  # both told of the step stored first
            winner = seen[0][-1].events[0]["seat"]
            loser, again = (host, host_choice) if winner == 1 else (friend, friend_choice)
            refused = await next_of(loser, m.Refused)  # after the winner's update
            assert (refused.code, refused.seq, refused.id) == (
                "stale",
                1,
                "host" if winner else "friend",
            )
            await loser.send(m.Act(game=created.game, seq=1, action=again, id="again"))
            rest = await asyncio.gather(until(host, m.Update), until(friend, m.Update))
            assert [r[-1].seq for r in rest] == [2, 2]
            assert not any(isinstance(x, m.Refused) for x in seen[winner] + rest[winner])
            for connection in (host, friend):
                await connection.close()
            return created.game, winner

    game, winner = run(body())
    with psycopg.connect(postgres_url) as connection:
        actions = [
            row[0]
            for row in connection.execute(
                "SELECT action FROM actions WHERE game = %s ORDER BY seq", (game,)
            )
        ]
    seats = [msgspec.json.decode(a)["seat"] for a in actions]
    assert seats == [winner, 1 - winner]  # one step each, the winner's first: no fork


def test_a_process_that_lost_its_listen_connection_catches_up(postgres_cluster, postgres_url):
    """Both processes lose LISTEN and cannot connect again while the host moves: that
    notification is lost, yet once they are back the friend (on B) gets the update."""
    name = postgres_url.rsplit("/", 1)[1]

    def admin(sql: str) -> list[tuple]:
        with psycopg.connect(postgres_cluster.url(), autocommit=True) as connection:
            cursor = connection.execute(sql)
            return cursor.fetchall() if cursor.description else []

    async def body():
        async with servers(postgres_url, 2) as (a, b):
            host, friend, created, joined = await across(a.url, b.url)
            (_, host_choice), _ = await asyncio.gather(
                first_choice(host, 0), first_choice(friend, 1)
            )
            admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            try:
                assert (
                    len(
                        admin(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                            f"datname = '{name}' AND application_name LIKE 'tacocat-listen-%'"
                        )
                    )
                    == 2
                )
                await host.send(m.Act(game=created.game, seq=0, action=host_choice))
                assert (await next_of(host, m.Update)).seq == 1  # stored while B is deaf
            finally:
                admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            assert (await next_of(friend, m.Update)).seq == 1
            for connection in (host, friend):
                await connection.close()

    run(body())
