"""Catching a room up after another server process moved its game on (docs/protocol.md,
"Several server processes"): only the actions the room lacks are read, each is sent to
this process's clients as its update, and a notice for a step already here reads nothing.

"Another process" is played by writing steps straight into the storage, as a second
process would, then delivering its notice the way the PostgreSQL bus does."""

from __future__ import annotations

import asyncio
import json

from tacocat.net import messages as m
from tacocat.net.codec import decode_observation
from tacocat.rules.actions import action_to_dict
from tacocat.server.rooms import new_deals, room_from_row
from tacocat.server.storage.base import Step
from tests.server.conftest import local_server, next_message, start_game


async def _move_elsewhere(storage, load, game: str, count: int) -> list:
    """Store ``count`` more legal actions of ``game`` as another process would; the states
    after each, rebuilt from storage (read with ``load``) independently of the server's room."""
    state = room_from_row(await load(game)).state
    states = []
    for _ in range(count):
        seat = state.to_act[0]
        action = state.legal_actions(seat)[0]
        after, _events = state.apply(action)
        step = Step(
            game, len(after.actions), json.dumps(action_to_dict(action)), new_deals(state, after)
        )
        await storage.append(step, 0.0)
        state = after
        states.append(state)
    return states


def test_a_remote_change_reads_only_the_new_actions_and_sends_each_update(tmp_path):
    async def body():
        async with local_server(tmp_path / "games.sqlite3") as server:
            service = server.game_server
            host, friend, created, _joined = await start_game(server.url)
            for connection in (host, friend):
                await next_message(connection, m.State, started=True)
            storage = service.storage
            reads: list[int] = []
            load = storage.load

            async def spy(game_id, after=0):
                reads.append(after)
                return await load(game_id, after)

            storage.load = spy

            expected = await _move_elsewhere(storage, load, created.game, 3)
            await service.on_remote_change(created.game, 3)
            expected += await _move_elsewhere(storage, load, created.game, 2)
            await service.on_remote_change(created.game, 5)
            await service.on_remote_change(created.game, 4)  # late notice of a step held already
            assert reads == [0, 3]

            room = service.rooms.cached(created.game)
            assert room.state.actions == expected[-1].actions
            for seat, connection in enumerate((host, friend)):
                updates = [await next_message(connection, m.Update) for _ in expected]
                assert [u.seq for u in updates] == [1, 2, 3, 4, 5]
                for update, state in zip(updates, expected, strict=True):
                    assert decode_observation(update.observation) == state.observation(seat)
            for connection in (host, friend):
                await connection.close()

    asyncio.run(asyncio.wait_for(body(), 60))
