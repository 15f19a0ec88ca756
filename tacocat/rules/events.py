"""Events: what happened, in the order it happened, for the UI, logs and AI.

:meth:`GameState.apply` returns the events an action caused. Each event has an
``audience``: ``None`` when both players saw it (it is public), or the one seat
that saw it (its own dealt or drawn cards, its own secret choice). Use
:func:`visible_to` to keep what one seat may see - the UI animates exactly
that for the seat looking at the screen, so it never leaks a secret.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tacocat.rules.ruleset import Seat


class Event:
    """Base class. ``audience`` is None for public events."""

    __slots__ = ()
    audience: Seat | None = None


class PrivateEvent(Event):
    """An event only its ``seat`` saw (subclasses have a ``seat`` field)."""

    __slots__ = ()

    @property
    def audience(self) -> Seat:  # type: ignore[override]
        return self.seat  # type: ignore[attr-defined, no-any-return]


# --- setup ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round begins: the whole deck is shuffled and dealt ``hand_size`` each."""

    round_number: int
    space: int
    hand_size: int
    deal_index: int
    arrows: frozenset[Seat]


@dataclass(frozen=True, slots=True)
class HandDealt(PrivateEvent):
    """Private: the cards ``seat`` was dealt (sorted)."""

    seat: Seat
    cards: tuple[int, ...]


# --- replacement ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReplaceTurn(Event):
    """``seat`` must now replace, at most ``limit`` cards (None: any number).

    ``secret`` is True on a two-arrow space, where both choose at once.
    """

    seat: Seat
    limit: int | None
    secret: bool


@dataclass(frozen=True, slots=True)
class ReplacementCommitted(Event):
    """On a two-arrow space ``seat`` has chosen (the choice stays hidden)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ReplacementChosen(PrivateEvent):
    """Private: the discards ``seat`` chose in secret, before the reveal."""

    seat: Seat
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Replaced(Event):
    """``seat`` discarded ``discarded`` face up and drew as many."""

    seat: Seat
    discarded: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn(PrivateEvent):
    """Private: the cards ``seat`` drew (in draw order)."""

    seat: Seat
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReplacementSkipped(Event):
    """``seat`` may replace no card (its limit is 0): the game moves on without asking."""

    seat: Seat


# --- duel ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DuelCommitted(Event):
    """``seat`` has laid its duel card face down."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class DuelChosen(PrivateEvent):
    """Private: the card ``seat`` laid face down."""

    seat: Seat
    card: int


@dataclass(frozen=True, slots=True)
class DuelRevealed(Event):
    """Both duel cards flip together; ``attacker`` is None on a tie."""

    cards: tuple[int, int]
    attacker: Seat | None


# --- play ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """``seat`` attacks with ``cards``; ``shape`` is single, set or sequence."""

    seat: Seat
    cards: tuple[int, ...]
    shape: str


@dataclass(frozen=True, slots=True)
class Defended(Event):
    """``seat`` answered attack card ``against`` with ``card`` (>= it)."""

    seat: Seat
    card: int
    against: int


@dataclass(frozen=True, slots=True)
class Sacrificed(Event):
    """``seat`` gave up its lowest card ``card`` against ``against``."""

    seat: Seat
    card: int
    against: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won the trick and attacks next."""

    seat: Seat
    by_defence: bool


# --- end of round --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShowdownRevealed(Event):
    """Both last cards flip together (indexed by seat)."""

    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class RoundWon(Event):
    """``seat`` won the round; ``by_tie_rule`` when the tie variant decided it."""

    seat: Seat
    by_tie_rule: bool = False


@dataclass(frozen=True, slots=True)
class RoundTied(Event):
    """The showdown cards were equal: the round is replayed from the same space."""

    space: int


@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """Tacocat moved from ``start`` to ``end`` for ``seat``, hopping over ``skipped``.

    ``end`` is a goal position (``-1`` or the board size) when it entered a goal.
    """

    seat: Seat
    start: int
    end: int
    skipped: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """A tile now covers ``space``; ``tiles_left`` remain in the stack."""

    space: int
    tiles_left: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """``seat`` brought Tacocat into its goal and wins the game."""

    seat: Seat


def visible_to(events: Iterable[Event], seat: Seat) -> tuple[Event, ...]:
    """The events ``seat`` saw: every public one and its own private ones."""
    return tuple(e for e in events if e.audience is None or e.audience == seat)
