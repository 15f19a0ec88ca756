"""Fuzz: over 10 000 malformed and hostile messages (tests/server/fuzzing.py) against a real
server on loopback, from several connections at once, while two bots play a game beside them.

Passes when the server never fails (no ``server_error``, nothing logged at ERROR: an
incident), never hangs (every batch is answered within a bounded time), every reply is a
well-formed server message with a documented code, the frames that must end a connection end
it with their close code, and the game beside finishes as if nothing happened.
``TACOCAT_FUZZ_SEED`` replays a run.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import time
from collections import Counter
from typing import Any

from tacocat.net import messages as m
from tacocat.online.client import SeatPlayer
from tacocat.server.config import Settings
from tests.server.conftest import bot_chooser, local_server, start_game
from tests.server.fuzzing import Target, hostile, killer
from tests.server.hostile import HELLO, raw, recv, send, until_closed, wait_until

SEED = int(os.environ.get("TACOCAT_FUZZ_SEED", "20240242"))
CONNECTIONS, PER_CONNECTION, BATCH = 4, 2_600, 50
KILLERS, HANDSHAKES = 60, 200
#: Limits opened wide, so that the frames reach the parser and the game code instead of
#: being rate-limited (the limits themselves: tests/server/test_hostile.py).
SETTINGS = Settings(
    message_rate=1e6,
    message_burst=1e6,
    strikes=10**9,
    room_rate_per_minute=1e6,
    connections_per_address=1_000,
)
CODES = {
    "bad_message",
    "no_such_game",
    "no_such_invite",
    "too_many_games",
    "bad_name",
    "bad_variants",
}
SYNC = {
    "type": "act",
    "game": "g_SYNC000000000000",
    "seq": 0,
    "action": {"type": "duel", "seat": 0, "card": 1},
}


class Fuzzer:
    """One connection sending hostile frames, reading everything it is sent."""

    def __init__(self, ws: Any, target: Target) -> None:
        self.ws, self.target = ws, target
        self.replies: Counter[str] = Counter()
        self.wrong: list[Any] = []
        self.synced = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            message = m.parse_server(frame)  # every reply is a well-formed server message
            code = getattr(message, "code", None)
            self.replies[
                f"{message.type if hasattr(message, 'type') else type(message).__name__}:{code}"
            ] += 1
            if isinstance(message, m.Error) and code not in CODES:
                self.wrong.append(json.loads(frame))
            if isinstance(message, m.Created | m.Joined):
                self.target.own.append((message.game, message.token))
            if isinstance(message, m.Created):
                self.target.invites.append(message.invite)
            if isinstance(message, m.State | m.Update) and message.observation is not None:
                seen = message.observation
                self.target.seen[message.game] = (message.seq, seen["seat"], seen["hand"])
            if getattr(message, "id", None) == f"sync-{self.synced + 1}":
                self.synced += 1

    async def run(self, rng: random.Random, count: int) -> Counter[str]:
        """Send ``count`` frames; after each batch, wait (bounded) until all were handled."""
        kinds: Counter[str] = Counter()
        for i in range(count):
            kind, frame = hostile(rng, self.target)
            kinds[kind] += 1
            await send(self.ws, frame)
            if i % BATCH == BATCH - 1 or i == count - 1:
                await self.sync()
        return kinds

    async def sync(self) -> None:
        """A request after the batch; its answer means the server handled all of it (one
        connection's frames are handled in order). A hang fails here, bounded."""
        wanted = self.synced + 1
        await send(self.ws, {**SYNC, "id": f"sync-{wanted}"})
        await wait_until(lambda: self.synced == wanted or self.reader.done(), timeout=15)
        assert not self.reader.done(), f"the server closed a fuzzing connection (seed {SEED})"


def bystander(players: list[SeatPlayer]) -> asyncio.Future[Any]:
    return asyncio.gather(*(p.play(90) for p in players))


async def _fuzzers(url: str, foreign: str) -> list[Fuzzer]:
    """Connections holding a game of their own (two seats), knowing a game they must not touch."""
    fuzzers = [Fuzzer(await raw(url), Target(foreign=[foreign])) for _ in range(CONNECTIONS)]
    for host, friend in zip(fuzzers[::2], fuzzers[1::2], strict=True):
        await send(host.ws, {"type": "create", "name": "Fuzz", "id": "c"})
        await wait_until(lambda h=host: bool(h.target.invites))
        await send(
            friend.ws, {"type": "join", "invite": host.target.invites[0], "name": "Zz", "id": "j"}
        )
        await wait_until(lambda f=friend: bool(f.target.own))
    return fuzzers


async def _killers(url: str, rng: random.Random) -> Counter[int]:
    """Frames that must end their connection: each on a connection of its own."""
    closes: Counter[int] = Counter()
    for _ in range(KILLERS):
        payload, text, expected = killer(rng)
        ws = await raw(url)
        await ws.send(payload, text=text)
        _, code = await until_closed(ws)
        assert code == expected, (payload[:40], code, SEED)
        closes[code] += 1
    return closes


async def _first_answer(ws: Any) -> tuple[list[str], int | None]:
    """The codes (or types) the server answers a first message with, and its close code."""
    first = await recv(ws)
    if first["type"] == "welcome":
        await ws.close()
        return ["welcome"], None
    rest, code = await until_closed(ws)
    return [r.get("code", r["type"]) for r in [first, *rest]], code


async def _handshakes(url: str, rng: random.Random) -> Counter[str]:
    """A hostile first message: welcome (it was a hello), bad_message + 1008, or
    update_required + 4000 (every tenth, a hello of another protocol)."""
    seen: Counter[str] = Counter()
    for i in range(HANDSHAKES):
        frame = (
            hostile(rng, Target())[1]
            if i % 10
            else json.dumps({**HELLO, "protocol": rng.choice([0, 2, 99])})
        )
        ws = await raw(url, hello=False)
        await send(ws, frame)
        answer = await _first_answer(ws)
        assert answer in (
            (["welcome"], None),
            (["bad_message"], 1008),
            (["update_required"], 4000),
        ), (frame, answer, SEED)
        seen[f"{answer[0][0]} {answer[1]}"] += 1
    return seen


def test_ten_thousand_hostile_messages_crash_nothing_and_the_game_beside_finishes(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="tacocat.server")
    rng = random.Random(SEED)
    stats: dict[str, Any] = {}

    async def body() -> None:
        async with local_server(tmp_path / "games.sqlite3", SETTINGS) as server:
            host, friend, created, joined = await start_game(server.url)
            players = [
                SeatPlayer(host, created.game, 0, bot_chooser("random"), random.Random(SEED)),
                SeatPlayer(friend, joined.game, 1, bot_chooser("random"), random.Random(SEED + 1)),
            ]
            game = bystander(players)
            started = time.monotonic()
            fuzzers = await _fuzzers(server.url, created.game)
            rngs = [random.Random(rng.random()) for _ in fuzzers]
            kinds = await asyncio.gather(
                *(f.run(r, PER_CONNECTION) for f, r in zip(fuzzers, rngs, strict=True))
            )
            stats["closes"] = await _killers(server.url, rng)
            stats["handshakes"] = await _handshakes(server.url, rng)
            stats["seconds"] = round(time.monotonic() - started, 1)
            stats["kinds"] = sum(kinds, Counter())
            stats["replies"] = sum((f.replies for f in fuzzers), Counter())
            assert [f.wrong for f in fuzzers] == [[]] * CONNECTIONS, SEED
            await asyncio.wait_for(game, 90)
            assert players[0].ended == players[1].ended and players[0].ended.result.reason == "won"
            # Nothing but the refusal a secret choice brings (docs/protocol.md, "Act": the
            # second choice is stale, and sent again once).
            assert {r.code for p in players for r in p.refusals} <= {"stale"}
            for fuzzer in fuzzers:
                await fuzzer.ws.close()
            await host.close()
            await friend.close()
            await wait_until(lambda: not server.game_server.clients)

    asyncio.run(asyncio.wait_for(body(), 240))
    print(f"fuzz (seed {SEED}): {stats}")
    assert sum(stats["kinds"].values()) == CONNECTIONS * PER_CONNECTION >= 10_000
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [], SEED
