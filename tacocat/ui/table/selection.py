"""Which of the player's cards are picked for the decision on screen.

:class:`Selection` keeps the picked cards and changes them the way the phase asks:
the replacement and the attack toggle any number of cards; the duel and the answer
pick exactly one. A pick the rules would refuse is refused here, before anything
is played: the engine's reason comes back, and the controls word it and say it.
:meth:`Selection.action` is the action the picked cards make, which the controls submit.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING

from tacocat.rules import Action, Attack, DuelCard, Phase, Replace, Respond

if TYPE_CHECKING:
    from tacocat.ui.table.session import TableSession
    from tacocat.ui.table.table_input import TableInput
    from tacocat.ui.widgets.cards import CardSprite


class Pick(Enum):
    """What a click on a card did to the selection (a refusal comes back as its reason)."""

    PICKED = "picked"
    DROPPED = "dropped"
    NOTHING = "nothing"


class Selection:
    """The picked cards of the acting seat (see the module docstring).

    :param table: the acting seat and the hand on screen.
    :param session: the game that judges whether a pick is legal.
    """

    def __init__(self, table: TableInput, session: TableSession) -> None:
        self.table = table
        self.session = session
        #: The picked cards, in the order they were picked.
        self.cards: list[CardSprite] = []

    def values(self) -> tuple[int, ...]:
        """The picked cards' values, sorted (as an action names them)."""
        return tuple(sorted(s.value for s in self.cards if s.value is not None))

    def clear(self) -> None:
        for sprite in self.cards:
            sprite.selected = False
        self.cards = []

    def pick(self, sprite: CardSprite) -> Pick | str:
        """A click (or Space) on one of the acting seat's cards: toggle it, or in the duel
        and the answer make it the one card. A refusal comes back as the engine's reason."""
        phase = self.session.public.phase
        if phase in (Phase.DUEL, Phase.DEFEND):
            return self._pick_one(sprite)
        if phase in (Phase.REPLACE, Phase.ATTACK):
            return self._toggle(sprite)
        return Pick.NOTHING

    def action(self, seat: int) -> Action | None:
        """What the picked cards say in this phase: the replacement, the attack, or the
        one card of the duel or the answer (None: no such card picked yet)."""
        phase = self.session.public.phase
        if phase is Phase.REPLACE:
            return Replace(seat, self.values())
        if phase is Phase.ATTACK:
            return Attack(seat, self.values())
        if phase not in (Phase.DUEL, Phase.DEFEND) or len(self.cards) != 1:
            return None
        value = self.cards[0].value
        if value is None:
            return None
        return DuelCard(seat, value) if phase is Phase.DUEL else Respond(seat, value)

    def choose(self, values: Iterable[int]) -> None:
        """Pick the hand's cards of ``values`` (a hint's advice), and only those."""
        self.clear()
        remaining = list(values)
        for sprite in self.table.my_hand():
            if sprite.value in remaining:
                remaining.remove(sprite.value)
                sprite.selected = True
                self.cards.append(sprite)

    def _toggle(self, sprite: CardSprite) -> Pick | str:
        seat = self.table.acting_seat()
        # A card is chosen by its value: one whose face this seat does not know is not its own.
        if seat is None or sprite.owner != seat or sprite.zone != "hand" or sprite.value is None:
            return Pick.NOTHING
        if sprite.selected:
            sprite.selected = False
            self.cards.remove(sprite)
            return Pick.DROPPED
        if self.session.public.phase is Phase.REPLACE:
            trial = tuple(sorted(self.values() + (sprite.value,)))
            problem = self.session.problem(Replace(seat, trial))
            if problem is not None:
                return problem
        elif len(self.cards) + 1 >= len(self.table.my_hand()):
            # An attack keeps at least one card back: the engine says so in its words.
            return (
                self.session.problem(
                    Attack(
                        seat,
                        tuple(sorted(s.value for s in self.table.my_hand() if s.value is not None)),
                    )
                )
                or ""
            )
        sprite.selected = True
        self.cards.append(sprite)
        return Pick.PICKED

    def _pick_one(self, sprite: CardSprite) -> Pick | str:
        """Duel and defence: make ``sprite`` the one picked card (picking it again drops it);
        an answer the rules refuse is refused here, before anything is played."""
        seat = self.table.acting_seat()
        if seat is None or sprite.value is None:  # (an unknown face is not this seat's card)
            return Pick.NOTHING
        if sprite.selected:
            sprite.selected = False
            self.cards = []
            return Pick.DROPPED
        if self.session.public.phase is Phase.DEFEND:
            problem = self.session.problem(Respond(seat, sprite.value))
            if problem is not None:
                return problem
        for other in self.cards:
            other.selected = False
        sprite.selected = True
        self.cards = [sprite]
        return Pick.PICKED
