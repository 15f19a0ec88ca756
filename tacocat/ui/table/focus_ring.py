"""Keyboard focus on the table: the player's cards, then the table's buttons.

:class:`FocusRing` walks what the keys can land on: Tab goes through everything, the
arrows stay in their group (round the hand, or round the buttons), ↑/↓ cross from
one group to the other and back. Each move tells the app's focus listeners (e.g.
narration) what the focus is on now. The ring is the table's own, not the app's
:mod:`tacocat.ui.focus` manager: its cards come and go with every trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat.ui.table.view import Focusable
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.cards import CardSprite

if TYPE_CHECKING:
    from tacocat.ui.table.table_input import TableInput

#: The buttons in the ring's order, after the cards (a hidden one is skipped).
BUTTON_ORDER = ("primary", "secondary", "undo", "hint", "discards", "menu")


class FocusRing:
    """The table's keyboard focus (see the module docstring).

    :param table: the hand on screen and the app's focus listeners.
    :param buttons: the table's buttons, by key.
    """

    def __init__(self, table: TableInput, buttons: dict[str, Button]) -> None:
        self.table = table
        self.buttons = buttons
        #: Where the focus is in :meth:`items` (None: nowhere yet).
        self.index: int | None = None
        #: The player is using the keys: the ring shows (a click hides it).
        self.active = False
        #: The card the focus was on when ↓ took it to the buttons (↑ goes back to it).
        self._card_left = 0

    def items(self) -> list[Focusable]:
        """What keyboard focus can land on: your cards, then the visible buttons."""
        items: list[Focusable] = [s for s in self.table.my_hand() if s.zone == "hand"]
        items.extend(self.buttons[key] for key in BUTTON_ORDER if self.buttons[key].visible)
        return items

    def focused(self) -> Focusable | None:
        items = self.items()
        if self.index is None or not items:
            return None
        return items[self.index % len(items)]

    def restart(self) -> None:
        """A new decision: the focus starts on the first card again (if the keys are in use)."""
        self.index = 0 if self.active else None

    def move(self, step: int, *, within_group: bool = False) -> None:
        """Tab: through cards and buttons. Arrows (``within_group``): round the hand, or
        round the buttons, never from one to the other (← on the first card wraps)."""
        items = self.items()
        if not items:
            return
        self.active = True
        current = self.index % len(items) if self.index is not None else None
        if current is None:
            self.index = 0 if step > 0 else len(items) - 1
        elif not within_group:
            self.index = (current + step) % len(items)
        else:
            cards = sum(1 for item in items if isinstance(item, CardSprite))
            start, size = (0, cards) if current < cards else (cards, len(items) - cards)
            self.index = start + (current - start + step) % max(1, size)
        self.announce()

    def switch_group(self) -> None:
        """↑/↓: from the hand to the buttons beside it (the first one) and back (to the
        card the focus left)."""
        items = self.items()
        cards = sum(1 for item in items if isinstance(item, CardSprite))
        if not items:
            return
        if not self.active or self.index is None:
            self.move(1, within_group=True)
            return
        current = self.index % len(items)
        if current < cards and cards < len(items):
            self._card_left = current
            self.index = cards
        elif current >= cards and cards:
            self.index = min(self._card_left, cards - 1)
        self.announce()

    def focus_button(self, key: str) -> None:
        """Put the focus on button ``key`` (if the keys are in use and it is in the ring)."""
        if self.active:
            for i, item in enumerate(self.items()):
                if isinstance(item, Button) and item.key == key:
                    self.index = i

    def announce(self) -> None:
        """Tell the app's focus listeners (e.g. narration) what the focus is on now:
        a button's label, or a card's value and whether it is selected."""
        item = self.focused()
        if isinstance(item, Button):
            self.table.app.focus.announce(item.label, "" if item.enabled else "disabled")
        elif isinstance(item, CardSprite) and item.value is not None:
            self.table.app.focus.announce(str(item.value), "selected" if item.selected else "")
