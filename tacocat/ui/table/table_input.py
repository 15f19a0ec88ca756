"""What the table's controls may ask of the table: the :class:`TableInput` protocol.

:class:`~tacocat.ui.table.controls.Controls` turns clicks and keys into actions.
It is handed this protocol, not the scene, so it depends on the few things it
uses (who may act, the hand on screen, the animation's state, a sound, the
table's verbs) and the scene may change its insides freely; tests may pass a
stand-in. :class:`~tacocat.ui.table.scene.TableScene` implements it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from tacocat.ui.stage.services import App
    from tacocat.ui.table.view import TableView
    from tacocat.ui.widgets.cards import CardSprite
    from tacocat.ui.widgets.style import TextCache


class TableInput(Protocol):
    """The table as its controls see it."""

    @property
    def app(self) -> App:
        """The app's services (keys, input kind, focus narration, the menu)."""

    @property
    def view(self) -> TableView:
        """What the table shows now (the controls lift cards and read the focus ring)."""

    @property
    def viewer(self) -> int | None:
        """The seat looking at the screen (None: nobody yet, or a spectator)."""

    @property
    def text(self) -> TextCache:
        """The fonts the buttons are drawn with."""

    def acting_seat(self) -> int | None:
        """The human seat whose input is accepted now, or None."""

    def my_hand(self) -> list[CardSprite]:
        """The viewer's cards, left to right."""

    def card_rect(self, sprite: CardSprite) -> pygame.Rect:
        """Where ``sprite`` is on screen now."""

    def sound(self, name: str) -> None:
        """Play a named effect."""

    def click(self) -> None:
        """The click of a pressed button or a picked card (:meth:`tacocat.ui.stage.scene.Scene.click`)."""

    def is_busy(self) -> bool:
        """An event is being shown (or waits to be): the table is not the player's yet."""

    def is_held(self) -> bool:
        """The events wait behind a dialog (the round result)."""

    def is_moving(self) -> bool:
        """Something is in flight that a click or a key may land at once."""

    def skip_motion(self) -> None:
        """Land what is in flight (and the events queued behind it)."""

    def instant_motion(self) -> bool:
        """Cards jump instead of gliding (instant speed, or reduced motion)."""

    def open_discards(self) -> None:
        """Show the discard pile's counts."""

    def take_back(self) -> bool:
        """Undo the player's last decision; False when there is none."""

    def read_hand(self) -> None:
        """Say the viewer's cards (narration)."""
