"""Pure helpers over hands: which attacks, responses and replacements exist.

A *hand* is a sorted tuple of card values. These functions know the shapes
the rules allow and nothing about whose turn it is; :class:`GameState` and the
AI's solver both build on them, so the shapes are defined in one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import prod
from typing import overload

from tacocat.rules.actions import Action, Attack, DuelCard, Replace, Respond
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import Seat


def remove_cards(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """``hand`` without ``cards`` (a multiset difference), or None if it lacks one."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def take(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """``hand`` without ``cards``, which the caller has proved it holds (validation did)."""
    rest = remove_cards(hand, cards)
    assert rest is not None
    return rest


def attack_options(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every attack ``hand`` may make: singles, sets and sequences.

    An attack never uses the last card, so from a hand of ``n`` cards it holds
    at most ``n - 1``. A hand of one card has no attack.
    """
    most = len(hand) - 1
    if most < 1:
        return []
    counts = Counter(hand)
    values = sorted(counts)
    options: list[tuple[int, ...]] = [(v,) for v in values]
    for value in values:
        for size in range(2, min(counts[value], most) + 1):
            options.append((value,) * size)
    for start in range(len(values)):
        run = [values[start]]
        for value in values[start + 1 :]:
            if value != run[-1] + 1 or len(run) >= most:
                break
            run.append(value)
            if len(run) >= 3:
                options.append(tuple(run))
    return options


def response_options(hand: tuple[int, ...], target: int) -> list[int]:
    """Cards that may answer attack card ``target``: any >= it, or the lowest card."""
    options = sorted({card for card in hand if card >= target})
    if hand and hand[0] < target:
        options.insert(0, hand[0])
    return options


def replacement_options(hand: tuple[int, ...], limit: int | None) -> list[tuple[int, ...]]:
    """Every distinct set of discards of at most ``limit`` cards (None: any)."""
    cap = len(hand) if limit is None else limit
    options: list[tuple[int, ...]] = [()]
    for value, count in sorted(Counter(hand).items()):
        copies = [(value,) * k for k in range(count + 1)]
        options = [
            prefix + extra
            for prefix in options
            for extra in copies
            if len(prefix) + len(extra) <= cap
        ]
    return options


class AllReplacements(Sequence[tuple[int, ...]]):
    """Every distinct discard set of a hand, without listing them up front.

    A hand of seven different cards has 128 discard sets; a random player only
    needs one of them. This sequence has the same items, in the same order, as
    ``replacement_options(hand, None)``, and decodes item ``i`` on demand (a
    mixed-radix number whose digits are the copies of each value discarded).
    """

    __slots__ = ("_counts", "_len")

    def __init__(self, hand: tuple[int, ...]):
        self._counts = sorted(Counter(hand).items())
        self._len = prod(count + 1 for _, count in self._counts)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, ...]]: ...

    def __getitem__(self, index: int | slice) -> tuple[int, ...] | list[tuple[int, ...]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        cards: tuple[int, ...] = ()
        # The last value varies fastest, matching replacement_options' order.
        for value, count in reversed(self._counts):
            index, copies = divmod(index, count + 1)
            cards = (value,) * copies + cards
        return cards

    def __contains__(self, cards: object) -> bool:
        if not isinstance(cards, tuple):
            return False
        counts = dict(self._counts)
        return list(cards) == sorted(cards) and all(
            cards.count(v) <= counts.get(v, 0) for v in set(cards)
        )


class ReplaceActions(Sequence[Replace]):
    """The legal :class:`Replace` actions of one seat, built on demand."""

    __slots__ = ("_seat", "_options")

    def __init__(self, seat: Seat, options: Sequence[tuple[int, ...]]):
        self._seat = seat
        self._options = options

    def __len__(self) -> int:
        return len(self._options)

    @overload
    def __getitem__(self, index: int) -> Replace: ...

    @overload
    def __getitem__(self, index: slice) -> list[Replace]: ...

    def __getitem__(self, index: int | slice) -> Replace | list[Replace]:
        if isinstance(index, slice):
            return [Replace(self._seat, cards) for cards in self._options[index]]
        return Replace(self._seat, self._options[index])

    def __contains__(self, action: object) -> bool:
        return (
            type(action) is Replace and action.seat == self._seat and action.cards in self._options
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"<{len(self)} replacements for seat {self._seat}>"


def legal_actions(
    seat: Seat,
    to_act: tuple[Seat, ...],
    phase: Phase,
    hand: tuple[int, ...],
    replace_limit: int | None,
    pending_target: int | None,
) -> Sequence[Action]:
    """Every action ``seat`` may take (empty when it owes none), from what that seat knows.

    The one definition of legal moves: :meth:`GameState.legal_actions` and
    :meth:`Observation.legal_actions` both call it, so a client that holds only its
    observation (an online game) offers exactly the moves the server will accept.
    Replacements are decoded on demand (a hand of seven has 128 of them).
    """
    if seat not in to_act:
        return []
    if phase is Phase.REPLACE:
        if replace_limit is None or replace_limit >= len(hand):
            return ReplaceActions(seat, AllReplacements(hand))
        return ReplaceActions(seat, replacement_options(hand, replace_limit))
    if phase is Phase.DUEL:
        return [DuelCard(seat, card) for card in sorted(set(hand))]
    if phase is Phase.ATTACK:
        return [Attack(seat, cards) for cards in attack_options(hand)]
    assert pending_target is not None  # DEFEND always has an attack card to answer
    return [Respond(seat, card) for card in response_options(hand, pending_target)]
