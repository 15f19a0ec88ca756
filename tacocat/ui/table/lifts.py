"""Cards in your hand rise: selected ones most, a committed choice, the one under the
mouse or the keyboard focus a little (the hover lift). No pygame.

Under reduced motion (and at instant speed) a card jumps to its height instead
of gliding there, so nothing on the table moves on its own when the pointer does.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tacocat.ui.table.view import TableView
    from tacocat.ui.widgets.cards import CardSprite

#: Lift (pixels) of a selected / committed / hovered or focused card in your hand.
SELECTED_LIFT = 24.0
COMMITTED_LIFT = 20.0
HOVER_LIFT = 12.0
#: How fast a lift closes the gap (per second, as a fraction of it).
RATE = 16.0


def target(sprite: CardSprite, pointed: Collection[object]) -> float:
    """How high ``sprite`` should sit."""
    if sprite.selected:
        return SELECTED_LIFT
    if sprite.committed:
        return COMMITTED_LIFT
    if any(sprite is item for item in pointed):
        return HOVER_LIFT
    return 0.0


def update(
    view: TableView, viewer: int | None, pointed: Collection[object], dt: float, snap: bool
) -> bool:
    """Move every hand card toward its lift; returns True while any is still moving.

    :param viewer: the seat looking at its own hand (only its cards rise).
    :param pointed: the hovered and the focused card (empty when you may not act).
    :param snap: jump at once (reduced motion, instant speed).
    """
    moving = False
    rate = 1.0 if snap else min(1.0, dt * RATE)
    for seat in (0, 1):
        own = seat == viewer and seat in view.face_up_seats
        for sprite in view.hands[seat]:
            goal = target(sprite, pointed) if own else 0.0
            if abs(sprite.lift - goal) > 0.3:
                sprite.lift += (goal - sprite.lift) * rate
                moving = moving or abs(sprite.lift - goal) > 0.3
            else:
                sprite.lift = goal
    return moving
