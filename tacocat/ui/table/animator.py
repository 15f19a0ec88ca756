"""Events become animations: the game's events played, one at a time, into the view model.

:class:`Animator` takes the events the session emits, in order, and updates the
:class:`~tacocat.ui.table.view.TableView` as each one's animation starts, so the
screen is never ahead of the animation. It starts the next event only when the
previous one's motion is done, which is also what "input waits" means for the
table (:attr:`Animator.idle`); :meth:`Animator.skip` finishes what is playing.

The machinery is in :mod:`.motion`; what each event looks like is in
:mod:`.deal` (set-up and replacement), :mod:`.play` (duel and tricks) and
:mod:`.round_end` (showdown, Tacocat, tiles, the game won). Which event plays
which animation is the table :data:`HANDLERS` below; the events with no
animation of their own are :data:`NOT_ANIMATED`. Every concrete event of
:mod:`tacocat.rules.events` is in exactly one of the two (a test checks), so a
renamed or new event cannot lose its animation silently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tacocat.rules import events as ev
from tacocat.ui.table.deal import DealMoves
from tacocat.ui.table.play import PlayMoves
from tacocat.ui.table.round_end import EndMoves

#: An event's animation: called with the animator and the event as it starts.
Handler = Callable[[Any, Any], None]


class Animator(DealMoves, PlayMoves, EndMoves):
    """Plays events into a view model; see :class:`~tacocat.ui.table.motion.Motion`."""

    def handler_for(self, event: ev.Event) -> Handler | None:
        return HANDLERS.get(type(event))


#: Event class -> the animation it plays.
HANDLERS: Mapping[type[ev.Event], Handler] = {
    # set-up and replacement (deal.py)
    ev.RoundStarted: DealMoves._show_round_started,
    ev.HandDealt: DealMoves._show_hand_dealt,
    ev.ReplacementCommitted: DealMoves._show_replacement_committed,
    ev.ReplacementChosen: DealMoves._show_replacement_chosen,
    ev.Replaced: DealMoves._show_replaced,
    ev.CardsDrawn: DealMoves._show_cards_drawn,
    # the duel and the tricks (play.py)
    ev.DuelCommitted: PlayMoves._show_duel_committed,
    ev.DuelRevealed: PlayMoves._show_duel_revealed,
    ev.Attacked: PlayMoves._show_attacked,
    ev.Defended: PlayMoves._show_defended,
    ev.Sacrificed: PlayMoves._show_sacrificed,
    ev.TrickWon: PlayMoves._show_trick_won,
    # the round's end and the game's (round_end.py)
    ev.ShowdownRevealed: EndMoves._show_showdown_revealed,
    ev.RoundWon: EndMoves._show_round_won,
    ev.RoundTied: EndMoves._show_round_tied,
    ev.TokenMoved: EndMoves._show_token_moved,
    ev.TilePlaced: EndMoves._show_tile_placed,
    ev.GameWon: EndMoves._show_game_won,
}

#: Events shown by no animation of their own (the round log may still word them).
NOT_ANIMATED: frozenset[type[ev.Event]] = frozenset({
    ev.ReplaceTurn,  # whose replacement it is: the prompt and the log say it, nothing moves
    ev.ReplacementSkipped,  # a seat may replace nothing: the log says so, nothing moves
    ev.DuelChosen,  # which card was laid: DuelCommitted's animation takes it off the queue
})
