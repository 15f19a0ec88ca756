"""Who looks at the screen, and the hot-seat hand-over between the people sharing it.

:func:`seats_on_screen` says at the start whose hands show; :class:`HandOver`, a part
of :class:`~tacocat.ui.table.scene.TableScene`, hides both hands whenever the other
person is to act and shows theirs once they say they hold the device (the
pass-the-device screen). Against the computer and in a demo nothing changes hands.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from tacocat.ui.table import resting

if TYPE_CHECKING:
    from tacocat.seating import Seating
    from tacocat.ui.stage.services import App
    from tacocat.ui.table.animator import Animator
    from tacocat.ui.table.controls import Controls
    from tacocat.ui.table.session import TableSession
    from tacocat.ui.table.view import TableView


class HandOver:
    """The pass-the-device screen between two people on one screen (a part of the table)."""

    app: App
    session: TableSession | None
    view: TableView
    animator: Animator
    controls: Controls
    #: The seat whose hand shows at the bottom (None: nobody's yet, or a spectator).
    viewer: int | None
    #: True while the pass-the-device screen waits for the next player.
    _passing: bool

    def _maybe_pass_device(self) -> None:
        session = self.session
        assert session is not None
        if not session.seating.shares_screen or self._passing:
            return
        seat = session.human_to_act()
        if seat is None or (seat == self.viewer and seat in self.view.face_up_seats):
            return
        # Nobody's hand shows until the right player says they hold the device.
        self.viewer = None
        self.view.set_viewer(())
        self.controls.clear_selection()
        self._passing = True
        self.app.pass_device(
            session.name(seat),
            functools.partial(self._device_taken, seat),
            seat=seat,
            other=session.name(1 - seat),
        )

    def _device_taken(self, seat: int) -> None:
        self._passing = False
        view = self.view
        self.viewer = seat
        view.set_viewer({seat}, bottom_seat=seat)
        resting.settle(view)
        self.animator.open_hand(seat)


def seats_on_screen(seating: Seating) -> tuple[int | None, frozenset[int]]:
    """Who looks at the screen (None: nobody yet, or a spectator) and whose hands show:
    the one person's against the computer; both for a spectator of the computer's game;
    none while people sharing the screen have not yet said who holds the device."""
    if seating.person is not None:
        return seating.person, frozenset({seating.person})
    if not seating.people:
        return None, frozenset({0, 1})
    return None, frozenset()
