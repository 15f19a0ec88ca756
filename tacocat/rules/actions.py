"""Actions: what a seat can do. Immutable values, compared by value.

Cards are plain ``int`` values (1-12 in the standard deck): two cards of the
same value are interchangeable, so an action names values, never card copies.
Card tuples inside actions are always sorted ascending. Every action answers
:attr:`values`: the card values it plays or discards, whatever its kind (the
one place that knows ``Replace``/``Attack`` hold ``cards`` and the others one
``card``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tacocat.rules.errors import RecordError
from tacocat.rules.ruleset import Seat


@dataclass(frozen=True, slots=True)
class Replace:
    """Discard ``cards`` face up and draw as many (``()`` keeps the hand)."""

    seat: Seat
    cards: tuple[int, ...]

    @property
    def values(self) -> tuple[int, ...]:
        """The cards discarded (sorted; ``()`` keeps the hand)."""
        return self.cards


@dataclass(frozen=True, slots=True)
class DuelCard:
    """Pick ``card`` in secret for the duel."""

    seat: Seat
    card: int

    @property
    def values(self) -> tuple[int, ...]:
        """The one card picked."""
        return (self.card,)


@dataclass(frozen=True, slots=True)
class Attack:
    """Play one card, or a Jumbo Attack (a set or a sequence)."""

    seat: Seat
    cards: tuple[int, ...]

    @property
    def values(self) -> tuple[int, ...]:
        """The cards played (sorted)."""
        return self.cards


@dataclass(frozen=True, slots=True)
class Respond:
    """Answer the next attack card with ``card``.

    It is a *defence* when ``card`` is at least the attack card's value, and a
    *sacrifice* otherwise (only allowed with the lowest card in hand).
    """

    seat: Seat
    card: int

    @property
    def values(self) -> tuple[int, ...]:
        """The one card answered with."""
        return (self.card,)


Action = Replace | DuelCard | Attack | Respond


def classify_attack(cards: tuple[int, ...]) -> str | None:
    """Name the shape of an attack: ``"single"``, ``"set"``, ``"sequence"``, or None.

    ``cards`` must be sorted. A set is two or more cards of one value; a
    sequence is three or more consecutive values.
    """
    if len(cards) == 1:
        return "single"
    if len(cards) >= 2 and cards[0] == cards[-1]:
        return "set"
    if len(cards) >= 3 and all(b == a + 1 for a, b in zip(cards, cards[1:], strict=False)):
        return "sequence"
    return None


def attack_shape_problem(cards: tuple[int, ...]) -> str | None:
    """Why ``cards`` (sorted) is not a valid attack shape, as a reason code, or None.

    The codes are :class:`~tacocat.rules.errors.IllegalAction` reasons.
    """
    if not cards:
        return "attack_empty"
    if classify_attack(cards) is not None:
        return None
    if len(cards) == 2:
        return "attack_pair_mismatch"  # two different cards are no set
    if len(set(cards)) != len(cards):
        return "attack_mixed"  # a set repeats one value; a sequence repeats none
    return "attack_not_sequence"


# --- JSON form (used by game records) ------------------------------------

_KINDS = {"replace": Replace, "duel": DuelCard, "attack": Attack, "respond": Respond}


def action_to_dict(action: Action) -> dict[str, Any]:
    """The JSON form of an action, e.g. ``{"type": "attack", "seat": 0, "cards": [4, 5, 6]}``."""
    if isinstance(action, Replace):
        return {"type": "replace", "seat": action.seat, "cards": list(action.cards)}
    if isinstance(action, DuelCard):
        return {"type": "duel", "seat": action.seat, "card": action.card}
    if isinstance(action, Attack):
        return {"type": "attack", "seat": action.seat, "cards": list(action.cards)}
    return {"type": "respond", "seat": action.seat, "card": action.card}


def action_from_dict(data: Any) -> Action:
    """Inverse of :func:`action_to_dict`; raises :class:`RecordError` on bad data."""
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("type"), str)
        or data["type"] not in _KINDS
    ):
        raise RecordError(f"not an action: {data!r:.80}")
    seat = data.get("seat")
    if type(seat) is not int or seat not in (0, 1):
        raise RecordError(f"an action's seat must be 0 or 1: {data!r:.80}")
    kind = _KINDS[data["type"]]
    if kind in (Replace, Attack):
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(type(c) is int for c in cards):
            raise RecordError(f"an action's cards must be a list of whole numbers: {data!r:.80}")
        made: Action = kind(seat, tuple(sorted(cards)))
        return made
    card = data.get("card")
    if type(card) is not int:
        raise RecordError(f"an action's card must be a whole number: {data!r:.80}")
    action: Action = kind(seat, card)
    return action
