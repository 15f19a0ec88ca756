"""Events become animations: the game's events played, one at a time, into the view model.

:class:`Animator` takes the events the session emits, in order, and updates the
:class:`~tacocat.ui.table.view.TableView` as each one's animation starts, so the
screen is never ahead of the animation. It starts the next event only when the
previous one's motion is done, which is also what "input waits" means for the
table (:attr:`Animator.idle`); :meth:`Animator.skip` finishes what is playing.

The machinery is in :mod:`.motion`; what each event looks like is in
:mod:`.deal` (set-up and replacement), :mod:`.play` (duel and tricks) and
:mod:`.round_end` (showdown, Tacocat, tiles, the game won).
"""

from __future__ import annotations

from tacocat.ui.table.deal import DealMoves
from tacocat.ui.table.play import PlayMoves
from tacocat.ui.table.round_end import EndMoves


class Animator(DealMoves, PlayMoves, EndMoves):
    """Plays events into a view model; see :class:`~tacocat.ui.table.motion.Motion`."""
