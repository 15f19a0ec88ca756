"""The table's drawing stack, built in one place for the game table and the replay viewer.

Both show a game on the same table: text cache, card renderer, board, view model,
animator (events into the view model) and painter (the view model onto the
screen). :func:`table_rig` wires them; each scene then keeps the parts it uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tacocat.rules import events as ev
from tacocat.rules import rounds_to_win
from tacocat.seating import Seating
from tacocat.ui.table.animator import Animator
from tacocat.ui.table.painter import Painter
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer
from tacocat.ui.widgets.style import TextCache

if TYPE_CHECKING:
    from tacocat.rules import Ruleset
    from tacocat.ui.stage.services import App


@dataclass
class TableRig:
    """The parts of one table (see the module docstring)."""

    text: TextCache
    renderer: CardRenderer
    view: TableView
    animator: Animator
    board: BoardView
    painter: Painter


def table_rig(
    app: App,
    ruleset: Ruleset,
    names: Sequence[str],
    bottom: int,
    seats: frozenset[int],
    seating: Seating,
    *,
    speed: Callable[[], float],
    sound: Callable[[str], None],
    narrate: Callable[[ev.Event], None],
    visible_seats: frozenset[int],
    hide_hands_on_deal: bool = False,
    pause_before: Callable[[ev.Event], bool] | None = None,
) -> TableRig:
    """A table for a game of ``ruleset`` between ``names``.

    :param bottom: the seat drawn at the bottom; ``seats``: whose hands show face up.
    :param seating: who plays each seat (the painter's plates follow it).
    :param speed, sound, narrate, visible_seats, hide_hands_on_deal, pause_before:
        the animator's (see :class:`~tacocat.ui.table.motion.Motion`).
    """
    text = TextCache(lambda size, bold: app.assets.font(size, bold=bold))
    renderer = CardRenderer(app.assets)
    view = TableView(ruleset.board, names, bottom, seats, len(ruleset.deck))
    animator = Animator(
        view,
        speed=speed,
        sound=sound,
        narrate=narrate,
        reduced_motion=lambda: app.reduced_motion,
        visible_seats=visible_seats,
        hide_hands_on_deal=hide_hands_on_deal,
        pause_before=pause_before,
    )
    board = BoardView(app.assets, text, ruleset.board, L.BOARD_RECT)
    painter = Painter(
        view, app.assets, text, renderer, board, seating, rounds_to_win(ruleset.board.size)
    )
    return TableRig(text, renderer, view, animator, board, painter)
