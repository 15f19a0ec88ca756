"""Nothing lost: the server killed (-9) again and again while games go on, clients that
come back by themselves, a secret choice made just before a drop.

After 100 or more kills at random moments, every game is stored whole and finished, its
record replays under the rules, and every update a client was sent matches the stored
record at that step: no acknowledged action was lost or applied twice.
"""

from __future__ import annotations

import asyncio
import random

import msgspec
import pytest

from tacocat.net import messages as m
from tacocat.net.codec import decode_observation
from tacocat.online.client import Connection, Seat, SeatPlayer, play_seat
from tacocat.rules import GameRecord
from tacocat.rules.actions import action_from_dict, action_to_dict
from tacocat.server.storage.sqlite import SqliteStorage
from tests.server.conftest import bot_chooser, local_server
from tests.server.process import ServerProcess

KILLS = 100
GAMES_AT_ONCE = 3

pytestmark = pytest.mark.slow


async def _host_and_join(url: str) -> tuple[Seat, Seat]:
    host = await Connection.open(url)
    created = await host.request(m.Create(name="Ana"))
    friend = await Connection.open(url)
    joined = await friend.request(m.Join(invite=created.invite, name="Ben"))
    await host.close()
    await friend.close()
    return Seat(url, created.game, 0, created.token), Seat(url, joined.game, 1, joined.token)


async def _killer(
    server: ServerProcess, stop: asyncio.Event, rng: random.Random, players: list[SeatPlayer]
) -> int:
    """Kill at random actions: after 1 to 8 more messages reached the players since the
    last start (so the games always move on, however slow the machine), at a random
    moment within the next few milliseconds."""
    kills = 0
    while not stop.is_set():
        target = sum(len(p.received) for p in players) + rng.randint(1, 8)
        deadline = asyncio.get_running_loop().time() + 5
        while (
            sum(len(p.received) for p in players) < target
            and not stop.is_set()
            and asyncio.get_running_loop().time() < deadline
        ):
            await asyncio.sleep(0.005)
        if stop.is_set():
            break
        await asyncio.sleep(rng.uniform(0, 0.02))
        await asyncio.to_thread(server.kill)
        kills += 1
        await asyncio.to_thread(server.start)
    return kills


async def _round_of_games(
    server: ServerProcess, rng: random.Random, players: list[SeatPlayer]
) -> list[str]:
    seats: list[tuple[Seat, Seat]] = []
    while len(seats) < GAMES_AT_ONCE:  # hosting may meet a kill: try again
        try:
            seats.append(await _host_and_join(server.url))
        except (OSError, ConnectionError, TimeoutError):
            await asyncio.sleep(0.1)
    await asyncio.gather(
        *(
            play_seat(
                seat,
                bot_chooser("random"),
                random.Random(rng.random()),
                timeout=240,
                on_player=players.append,
            )
            for pair in seats
            for seat in pair
        )
    )
    return [pair[0].game for pair in seats]


def _check_game(row, players: list[SeatPlayer]) -> int:
    """The stored game is whole and every update its clients saw is the stored one."""
    record = GameRecord(*_record_parts(row))
    final = record.replay()
    assert row.status == "over" and final.is_over and row.result.winner == final.winner
    steps = [state for state, _ in record.steps()]
    checked = 0
    for player in players:
        for message in player.received:
            if isinstance(message, m.Update | m.State) and message.observation is not None:
                expected = steps[message.seq].observation(player.seat)
                assert decode_observation(message.observation) == expected, (row.id, message.seq)
                checked += 1
    return checked


def _record_parts(row):
    import json

    from tacocat.rules import Ruleset

    ruleset = Ruleset.from_dict(json.loads(row.ruleset))
    return (
        ruleset,
        row.seed,
        tuple(tuple(json.loads(d)) for d in row.deals),
        tuple(action_from_dict(json.loads(a)) for a in row.actions),
    )


def test_kill_9_at_random_moments_loses_no_game_and_no_action(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    server = ServerProcess(db)
    rng = random.Random(2026)

    async def body():
        server.start()
        stop = asyncio.Event()
        players: list[SeatPlayer] = []
        killer = asyncio.create_task(_killer(server, stop, rng, players))
        games: list[str] = []
        try:
            while server.starts - 1 < KILLS:
                games += await _round_of_games(server, rng, players)
        finally:
            stop.set()
            kills = await killer
            server.stop()
        return games, players, kills

    games, players, kills = asyncio.run(body())
    assert kills >= KILLS

    async def load_all():
        storage = SqliteStorage(tmp_path / "games.sqlite3")
        await storage.open()
        try:
            return [await storage.load(game) for game in games]
        finally:
            await storage.close()

    rows = asyncio.run(load_all())
    assert all(row is not None for row in rows), "a game was lost"
    checked = sum(_check_game(row, [p for p in players if p.game == row.id]) for row in rows)
    assert checked > len(games) * 40


def test_a_secret_choice_made_before_a_drop_is_kept_and_not_asked_again(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            seats = await _host_and_join(server.url)
            connection = await Connection.open(server.url)
            reply = await connection.request(m.Resume(game=seats[0].game, token=seats[0].token))
            observation = decode_observation(reply.observation)
            # The first round starts on the centre: both replace in secret.
            assert observation.secret_choice_open and 0 in observation.to_act
            choice = observation.legal_actions()[-1]
            await connection.send(
                m.Act(
                    game=seats[0].game,
                    seq=reply.seq,
                    action=msgspec.convert(action_to_dict(choice), m.WireAction),
                )
            )
            while not isinstance(await asyncio.wait_for(connection.pushes.get(), 10), m.Update):
                pass
            await connection.close()  # the drop, with the friend still choosing
            again = await Connection.open(server.url)
            back = await again.request(m.Resume(game=seats[0].game, token=seats[0].token))
            kept = decode_observation(back.observation)
            assert kept.own_commit == choice.cards and kept.secret_choice_open
            assert 0 not in kept.to_act and not kept.legal_actions()  # not asked again
            await again.close()

    asyncio.run(body())


def test_clients_waiting_on_a_server_that_restarts_come_back_by_themselves(tmp_path):
    server = ServerProcess(str(tmp_path / "games.sqlite3"))

    async def body():
        server.start()
        try:
            seats = await _host_and_join(server.url)
            players: list[SeatPlayer] = []
            games = asyncio.gather(
                *(
                    play_seat(
                        seat,
                        bot_chooser("easy"),
                        random.Random(i),
                        timeout=120,
                        on_player=players.append,
                    )
                    for i, seat in enumerate(seats)
                )
            )
            # Both connected, and the game under way but far from over (a fast machine
            # could finish it in a fixed wait).
            async with asyncio.timeout(30):
                while len(players) < 2 or not all(
                    any(isinstance(x, m.Update) for x in p.received) for p in players
                ):
                    await asyncio.sleep(0.005)
            server.stop()  # a clean restart, with the clients waiting
            await asyncio.sleep(0.5)
            server.start()
            ends = await games
            assert ends[0].result == ends[1].result and ends[0].result.reason == "won"
            assert len(players) >= 4  # each seat came back at least once
        finally:
            server.stop()

    asyncio.run(body())
