"""An abandoned game expires after the set time with a result both seats see: the seat that
owed the move loses; nobody wins when both owed one."""

from __future__ import annotations

import asyncio
import time

import msgspec

from tacocat.net import messages as m
from tacocat.net.codec import decode_observation
from tacocat.rules.actions import action_to_dict
from tests.server.conftest import local_server, next_message, start_game

DAY = 24 * 3600.0


def test_the_seat_that_owed_the_move_loses_an_expired_game(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            host, friend, created, _ = await start_game(server.url)
            state = await next_message(host, m.State, started=True)
            observation = decode_observation(state.observation)
            assert observation.secret_choice_open  # both replace on the centre; the host does
            action = msgspec.convert(action_to_dict(observation.legal_actions()[0]), m.WireAction)
            await host.send(m.Act(game=created.game, seq=state.seq, action=action))
            await next_message(host, m.Update)
            game_server = server.game_server
            game_server.clock = lambda: time.time() + 29 * DAY
            await game_server.sweep()  # not idle long enough yet
            assert (await game_server.storage.load(created.game)).status == "playing"
            game_server.clock = lambda: time.time() + 31 * DAY
            await game_server.sweep()
            for connection in (host, friend):
                ended = await next_message(connection, m.Ended)
                assert ended.result == m.Result(winner=0, reason="expired")
            assert (await game_server.storage.load(created.game)).result.reason == "expired"
            await host.close()
            await friend.close()

    asyncio.run(body())


def test_a_game_nobody_joined_expires_with_no_winner(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            from tacocat.online.client import Connection

            host = await Connection.open(server.url)
            created = await host.request(m.Create(name="Ana"))
            server.game_server.clock = lambda: time.time() + 31 * DAY
            await server.game_server.sweep()
            ended = await next_message(host, m.Ended)
            assert ended.result == m.Result(winner=None, reason="expired")
            assert (await server.game_server.storage.load(created.game)).status == "over"
            await host.close()

    asyncio.run(body())
