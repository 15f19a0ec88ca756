"""The mouse on the table: where it is, what card is under it, and whether it rests.

:class:`Pointer` answers the hit tests the controls need (your topmost card under
the mouse, any card under it) and how long the mouse has rested, which the
tooltips on the table's furniture wait for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tacocat.ui.table.table_input import TableInput
    from tacocat.ui.widgets.button import Button
    from tacocat.ui.widgets.cards import CardSprite

#: Seconds the mouse rests on the board or a pile before its tooltip shows.
TOOLTIP_DELAY = 0.35


class Pointer:
    """The mouse over one table (see the module docstring).

    :param table: the cards on screen and where each one is.
    """

    def __init__(self, table: TableInput) -> None:
        self.table = table
        self.pos: tuple[int, int] | None = None
        #: Seconds the mouse has rested at :attr:`pos`.
        self.still = 0.0
        #: Your card under the mouse (it lifts), or None.
        self.hovered: CardSprite | None = None

    def move(self, pos: tuple[int, int]) -> None:
        self.pos, self.still = pos, 0.0
        self.hovered = self.card_at(pos)

    def rest(self, dt: float) -> None:
        self.still += dt

    def resting_on_table(self, buttons: Iterable[Button]) -> tuple[int, int] | None:
        """The resting pointer, when it is over the table's furniture (not a card or button)."""
        pos = self.pos
        if pos is None or self.still < TOOLTIP_DELAY or self.hovered is not None:
            return None
        if any(button.contains(pos) for button in buttons):
            return None
        return pos

    def card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """Your card under the mouse (the topmost one)."""
        for sprite in reversed(self.table.my_hand()):
            if sprite.z <= 0 and self.table.card_rect(sprite).collidepoint(pos):
                return sprite
        return None

    def any_card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """Any card under the mouse (the topmost one), whoever's it is."""
        for sprite in reversed(self.table.view.all_sprites()):
            if self.table.card_rect(sprite).collidepoint(pos):
                return sprite
        return None
