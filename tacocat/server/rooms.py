"""A game on the server: its only state, its seats, who is attached, and what each seat is sent.

A :class:`Room` is built from the stored rows (:func:`room_from_row`: the record replayed)
and changed only under its lock, by the game service, after the storage said yes. What a
seat may be sent is built here and nowhere else: its observation and the events
:func:`~tacocat.rules.visible_to` keeps for it, through :mod:`tacocat.net.codec`.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tacocat.net import messages as m
from tacocat.net.codec import encode_event, encode_observation
from tacocat.rules import GameRecord, GameState, Ruleset, visible_to
from tacocat.rules.actions import action_from_dict
from tacocat.rules.events import Event
from tacocat.server.credentials import same_token
from tacocat.server.storage.base import GameRow, ResultRow

if TYPE_CHECKING:
    from tacocat.server.peer import Client


@dataclass
class Room:
    """One game in memory. ``state`` is None until the second player joins."""

    id: str
    ruleset: Ruleset
    seed: int
    names: list[str]
    token_hashes: list[str]
    status: str
    state: GameState | None
    result: ResultRow | None
    updated: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Connections following each seat.
    attached: tuple[set[Client], set[Client]] = field(default_factory=lambda: (set(), set()))
    #: What the other seat has been told of each seat's presence.
    shown: list[bool] = field(default_factory=lambda: [False, False])
    grace: list[asyncio.TimerHandle | None] = field(default_factory=lambda: [None, None])
    #: Other server processes following each seat (PostgreSQL deployments).
    remote: tuple[set[str], set[str]] = field(default_factory=lambda: (set(), set()))

    @property
    def seq(self) -> int:
        return len(self.state.actions) if self.state is not None else 0

    def adopt(self, row: GameRow) -> None:
        """Take the stored rows' seats, status and result (after a join, or another
        process's change). The state is rebuilt only when it does not already stand at the
        row's last action: a row read with ``after=self.seq`` adds nothing to replay."""
        if self.state is None or row.after + len(row.actions) != self.seq:
            if row.after:
                raise ValueError(
                    f"{self.id}: cannot rebuild a game from its actions after {row.after}"
                )
            self.state = room_from_row(row).state
        self.names, self.token_hashes = _seats(row)
        self.status, self.result, self.updated = row.status, row.result, row.updated

    def players(self) -> list[m.Player]:
        return [m.Player(name, self.shown[seat]) for seat, name in enumerate(self.names)]

    def result_message(self) -> m.Result | None:
        if self.result is None:
            return None
        return m.Result(self.result.winner, self.result.reason)  # type: ignore[arg-type]

    def state_message(self, seat: int, request: m.RequestId | None = None) -> m.State:
        # A waiting game is dealt already, but nobody sees it before the friend joins.
        shown = self.state is not None and self.status != "waiting"
        observation = encode_observation(self.state.observation(seat)) if shown else None  # type: ignore[union-attr]
        return m.State(
            game=self.id,
            seat=seat,
            seq=self.seq,
            status=self.status,  # type: ignore[arg-type]
            players=self.players(),
            observation=observation,
            result=self.result_message(),
            id=request,
        )

    def update_message(self, seat: int, events: tuple[Event, ...]) -> m.Update:
        assert self.state is not None
        return m.Update(
            game=self.id,
            seq=self.seq,
            events=[encode_event(e) for e in visible_to(events, seat)],
            observation=encode_observation(self.state.observation(seat)),
        )

    def ended_message(self) -> m.Ended:
        assert self.result is not None
        record = GameRecord.from_state(self.state).to_dict() if self.state is not None else None
        return m.Ended(
            game=self.id,
            seq=self.seq,
            result=self.result_message(),  # type: ignore[arg-type]
            record=record,
        )

    def seat_for(self, token: str) -> int | None:
        """The seat ``token`` holds, or None; both seats are compared, in constant time."""
        matches = [bool(stored) and same_token(token, stored) for stored in self.token_hashes]
        return next((seat for seat, ok in enumerate(matches) if ok), None)

    def everyone(self) -> set[Client]:
        return self.attached[0] | self.attached[1]


def room_from_row(row: GameRow) -> Room:
    """Rebuild a game from its stored rows (its record, replayed with the stored deals)."""
    if row.after:
        raise ValueError(
            f"{row.id}: a game is rebuilt from all its actions, not those after {row.after}"
        )
    ruleset = Ruleset.from_dict(json.loads(row.ruleset))
    state = None
    if row.deals:
        record = GameRecord(
            ruleset,
            row.seed,
            tuple(tuple(json.loads(d)) for d in row.deals),
            tuple(action_from_dict(json.loads(a)) for a in row.actions),
        )
        state = record.replay() if row.actions else _dealt(record)
    names, hashes = _seats(row)
    return Room(
        row.id, ruleset, row.seed, names, hashes, row.status, state, row.result, row.updated
    )


def _seats(row: GameRow) -> tuple[list[str], list[str]]:
    """The seats' names and token hashes, "" for a seat nobody took yet."""
    names = [seat.name for seat in row.seats] + [""] * (2 - len(row.seats))
    hashes = [seat.token_hash for seat in row.seats] + [""] * (2 - len(row.seats))
    return names, hashes


def _dealt(record: GameRecord) -> GameState:
    """The state after the first deal, before any action."""
    return next(iter(record.steps()))[0]


def new_deals(before: GameState, after: GameState) -> tuple[tuple[int, str], ...]:
    """The deals ``after`` made that ``before`` had not: (index, JSON), for storage."""
    return tuple(
        (index, json.dumps(list(after.deals[index])))
        for index in range(len(before.deals), len(after.deals))
    )
