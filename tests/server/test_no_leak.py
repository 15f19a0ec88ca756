"""No leak, checked on the bytes: over 500 random games played through the server, no frame
sent to a seat names a card that seat has not been shown by the rules.

The games use a deck of 38 *different* cards numbered 601-638, so a number in a frame is a
card and one card only, and no other number the protocol sends (seq, rounds, spaces, hand
sizes) can be mistaken for one. Every frame the server sends a seat is parsed back from its
bytes; every number in it that is a card must be a card that seat saw in an event the rules
let it see (its own deals and draws, its own secret choices, and every public card) by the
time the frame was sent. The only exceptions are the deck list of the rules (public: every
player knows what the deck holds) and the ``ended`` message, which by design carries the
whole record once the game is over.
"""

from __future__ import annotations

import asyncio
import json
import random

from tacocat.ai.base import RandomBot
from tacocat.net import messages as m
from tacocat.online.client import SeatPlayer
from tacocat.rules import Ruleset, visible_to
from tacocat.server.config import Settings
from tacocat.server.rooms import Room
from tacocat.server.service import GameServer
from tacocat.server.storage.sqlite import SqliteStorage
from tests.server.memory import connect

DECK = tuple(range(601, 639))
GAMES = 500


def cards_in(value: object) -> set[int]:
    """Every card number anywhere in a decoded frame, the rules' deck list left out."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for k, v in value.items() if k != "ruleset"), set())
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value), set())
    return {value} if type(value) is int and value in DECK else set()


def seen_by(events: object, seat: int) -> set[int]:
    """The cards named in the events ``seat`` was allowed to see."""
    from tacocat.net.codec import encode_event

    return cards_in([encode_event(event) for event in visible_to(events, seat)])


class Watch:
    """Checks each frame to a seat, as it is sent, against what the rules showed that seat:
    this round's events it saw, and the events of the action the frame reports."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.frames = 0
        self.leaks: list[str] = []  # kept, not raised: the server's writer calls check()
        self.cards_seen = 0  # card numbers checked: proof the games used the tagged deck
        self.last_events: dict[str, tuple] = {}
        original = Room.update_message

        def update_message(room: Room, seat: int, events: tuple) -> m.Update:
            self.last_events[room.id] = events
            return original(room, seat, events)

        Room.update_message = update_message  # type: ignore[method-assign]

    def check(self, game_id: str, seat: int, frame: bytes) -> None:
        data = json.loads(frame)
        room = self.server.rooms.cached(game_id)
        if data.get("type") == "ended":
            if room is None or room.status != "over":
                self.leaks.append(f"seat {seat} was sent the record before the end")
            return
        allowed: set[int] = set()
        if room is not None and room.state is not None:
            allowed = seen_by(room.state.seen_this_round(seat), seat)
            allowed |= seen_by(self.last_events.get(game_id, ()), seat)
        leaked = cards_in(data) - allowed
        if leaked:
            self.leaks.append(
                f"seat {seat} was sent {sorted(leaked)} in {data.get('type')}: {frame[:300]!r}"
            )
        self.frames += 1
        self.cards_seen += len(cards_in(data))


class Checked(list):
    """A frame list that checks each frame as the server appends it."""

    def __init__(self, watch: Watch, seat: int) -> None:
        super().__init__()
        self.watch, self.seat, self.game = watch, seat, None

    def append(self, frame: bytes) -> None:  # type: ignore[override]
        super().append(frame)
        if self.game is None:
            self.game = json.loads(frame).get("game")
        if self.game is not None:
            self.watch.check(self.game, self.seat, frame)


async def one_game(server: GameServer, watch: Watch, seed: int) -> None:
    frames = (Checked(watch, 0), Checked(watch, 1))
    host, host_task = await connect(server, frames[0])
    created = await host.reply(m.Create(name="Ana"), m.Created)
    friend, friend_task = await connect(server, frames[1])
    joined = await friend.reply(m.Join(invite=created.invite, name="Ben"), m.Joined)
    rng = random.Random(seed)
    players = [
        SeatPlayer(host, created.game, 0, RandomBot().choose, random.Random(rng.random())),  # type: ignore[arg-type]
        SeatPlayer(friend, joined.game, 1, RandomBot().choose, random.Random(rng.random())),
    ]  # type: ignore[arg-type]
    await asyncio.gather(*(p.play(60) for p in players))
    for connection in (host, friend):
        await connection.close()
    await asyncio.gather(host_task, friend_task)


def test_no_frame_names_a_card_its_seat_was_not_shown(tmp_path):
    async def body():
        storage = SqliteStorage(tmp_path / "games.sqlite3", "normal")
        await storage.open()
        server = GameServer(
            storage, Settings(message_rate=1e6, message_burst=1e6, room_rate_per_minute=1e6)
        )
        server.rules = lambda variants: Ruleset(deck=DECK)
        watch = Watch(server)
        original = Room.update_message
        try:
            for seed in range(GAMES):
                await one_game(server, watch, seed)
                assert not watch.leaks, f"game {seed}: {watch.leaks[:3]}"
        finally:
            Room.update_message = original  # type: ignore[method-assign]
            await storage.close()
        return watch

    watch = asyncio.run(body())
    assert watch.frames > GAMES * 50  # every game sent each seat its whole course
    assert watch.cards_seen > watch.frames  # and its cards were the tagged deck's
