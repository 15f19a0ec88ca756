"""What the server keeps, and the interface every storage (SQLite, PostgreSQL) offers.

A game is its rows: the game (rules, seed, status, result, ``seq``), its two seats (name and
the SHA-256 of the seat's token), its deals (deck orders, in order) and its actions (in
order). That is exactly a :class:`~tacocat.rules.GameRecord` plus who sits where, so a
game is rebuilt by replaying its record after any restart. :meth:`Storage.append` writes
one action and what came with it (new deals, the end of the game) in **one transaction**,
and only its success lets the server tell anyone the action happened. The key (game, seq)
makes a second writer of the same step fail with :class:`Conflict` instead of forking the
game (two server processes on PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol


class Conflict(Exception):
    """Another writer already stored this game's step ``seq`` (or took this seat)."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    name: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class ResultRow:
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game as stored: enough to rebuild its state by replay."""

    id: str
    ruleset: str  # JSON (Ruleset.to_dict)
    seed: int
    status: str  # "waiting", "playing" or "over"
    seq: int
    created: float
    updated: float
    seats: tuple[SeatRow, ...]
    result: ResultRow | None = None
    deals: tuple[str, ...] = ()  # JSON lists, deal 0 first
    actions: tuple[str, ...] = ()  # JSON objects (action_to_dict), action ``after + 1`` first
    #: How many actions were left out at the start (``load(game, after=n)``: the caller has them).
    after: int = 0


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action and what it brought: ``deals`` (index, JSON) dealt by it, and
    the result when it ended the game."""

    game: str
    seq: int  # the game's seq after this action (the action is number ``seq``)
    action: str
    deals: Sequence[tuple[int, str]] = field(default_factory=tuple)
    result: ResultRow | None = None


class Storage(Protocol):
    """The server's storage: every method is one transaction, or none."""

    async def open(self) -> None:
        """Connect, and bring the schema up to date (tacocat/server/storage/schema.py)."""
        ...

    async def close(self) -> None: ...

    async def create(self, game: GameRow, invite: str, invite_expires: float) -> None:
        """A new game waiting for its second player (``game.seats`` holds the host,
        ``game.deals`` the first deal, dealt now but shown to nobody until the game starts)."""
        ...

    async def claim_invite(self, invite: str, seat: SeatRow, now: float) -> GameRow | None:
        """Take the invite's free seat and set the game playing; the invite is used up.
        None when no open game has this invite (or it expired)."""
        ...

    async def load(self, game_id: str, after: int = 0) -> GameRow | None:
        """The game with its deals and its actions after the first ``after`` (all by
        default: a caller that holds the first ``after`` reads only what is new), or None."""
        ...

    async def append(self, step: Step, now: float) -> None:
        """Store one action (raises :class:`Conflict` when step.seq is taken)."""
        ...

    async def finish(
        self, game_id: str, result: ResultRow, now: float, only_if_seq: int | None = None
    ) -> bool:
        """End a game that is not over (resigned, expired); False when it already was (or
        its seq moved on from ``only_if_seq``)."""
        ...

    async def idle_games(self, before: float, limit: int) -> list[tuple[str, int]]:
        """Games not over whose last change is older than ``before``: (id, seq)."""
        ...

    async def open_invites(self, now: float) -> int:
        """How many invites are waiting and not expired."""
        ...
