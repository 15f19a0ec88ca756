"""Where each card comes to rest: one answer for the animation and for a laid-out game.

A card at rest lies where the list it is in puts it: its seat's hand (a slot among that
hand's cards), the duel mat (its seat's slot, the showdown's too), the attack or the
answers (slots on the attacker's side of the mat), or a pile. The animator flies each
card to its :class:`Place` from here, and :func:`settle` puts every card there at once
(a saved game laid out by :mod:`.resume`, the bottom seat changed at a hand-over), so
the two cannot disagree about where a card ends up (a test plays games both ways).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tacocat.ui.table.view import TableView
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.cards import CardSprite


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card rests: its centre on the 1280x720 table and its drawing scale."""

    pos: tuple[float, float]
    scale: float

    def shifted(self, dx: float, dy: float) -> Place:
        """This place moved by ``(dx, dy)`` (the discard pile's scatter)."""
        return Place((self.pos[0] + dx, self.pos[1] + dy), self.scale)


#: The deck, where cards are dealt from and gathered back to.
DRAW_PILE = Place(L.DRAW_POS, L.PILE_SCALE)
#: The discard pile (each card lands a little scattered about it).
DISCARD_PILE = Place(L.DISCARD_POS, L.PILE_SCALE)


def hand(side: str, index: int, count: int) -> Place:
    """Card ``index`` of a hand of ``count`` on the ``side`` ("bottom" or "top")."""
    return Place(L.hand_slots(side, count)[index], L.HAND_SCALE[side])


def duel(seat: int) -> Place:
    """``seat``'s card on the duel mat (the duel's and the showdown's)."""
    return Place(L.DUEL_POS[seat], L.TABLE_SCALE)


def attack(side: str, index: int, count: int) -> Place:
    """Card ``index`` of an attack of ``count`` by the seat on ``side``."""
    return Place(L.play_slot(side, index, count), L.TABLE_SCALE)


def answer(attacker_side: str, index: int, attack_count: int) -> Place:
    """Answer ``index`` to an attack of ``attack_count`` by the seat on ``attacker_side``."""
    return Place(L.response_slot(attacker_side, index, max(1, attack_count)), L.TABLE_SCALE)


def hand_places(view: TableView, seat: int) -> list[Place]:
    """Where each card of ``seat``'s hand rests, in the hand's order."""
    side, count = view.side(seat), len(view.hands[seat])
    return [hand(side, i, count) for i in range(count)]


def resting_places(view: TableView) -> Iterator[tuple[CardSprite, Place]]:
    """Every card in a hand, on the duel mat or in the trick, with where it rests.

    The piles are left out: a card on a pile keeps its scatter, and only the top few
    are drawn at all.
    """
    for seat in (0, 1):
        yield from zip(view.hands[seat], hand_places(view, seat), strict=True)
        for sprite in (view.duel[seat], view.showdown[seat]):
            if sprite is not None:
                yield sprite, duel(seat)
    if view.attacker is None:
        return
    side, count = view.side(view.attacker), len(view.attack)
    for i, sprite in enumerate(view.attack):
        yield sprite, attack(side, i, count)
    for i, sprite in enumerate(view.responses):
        yield sprite, answer(side, i, count)


def settle(view: TableView) -> None:
    """Put every card of :func:`resting_places` where it rests, at once."""
    for sprite, place in resting_places(view):
        sprite.pos, sprite.scale = place.pos, place.scale
