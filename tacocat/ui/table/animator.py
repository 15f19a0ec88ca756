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
from dataclasses import dataclass
from typing import Generic, TypeVar

from tacocat.rules import events as ev
from tacocat.ui.table.deal import DealMoves
from tacocat.ui.table.motion import Animation, Motion
from tacocat.ui.table.play import PlayMoves
from tacocat.ui.table.round_end import EndMoves

E = TypeVar("E", bound=ev.Event)


class Animator(DealMoves, PlayMoves, EndMoves):
    """Plays events into a view model; see :class:`~tacocat.ui.table.motion.Motion`."""

    def animation_for(self, event: ev.Event) -> Animation | None:
        return HANDLERS.get(type(event))


@dataclass(frozen=True, slots=True)
class Shows(Generic[E]):
    """``show``, the animator's method that animates an event of type ``kind`` (mypy checks
    that the method takes that type)."""

    kind: type[E]
    show: Callable[[Animator, E], None]

    def play(self, motion: Motion, event: ev.Event) -> None:
        assert isinstance(motion, Animator) and isinstance(event, self.kind)
        self.show(motion, event)


def shows(kind: type[E], show: Callable[[Animator, E], None]) -> Animation:
    """The animation ``show`` plays for events of type ``kind`` (``E`` is inferred from
    ``kind`` alone, so mypy checks ``show`` takes that type)."""
    return Shows(kind, show)


def _by_kind(*animations: Animation) -> Mapping[type[ev.Event], Animation]:
    return {animation.kind: animation for animation in animations}


#: Event class -> the animation it plays.
HANDLERS: Mapping[type[ev.Event], Animation] = _by_kind(
    # set-up and replacement (deal.py)
    shows(ev.RoundStarted, DealMoves._show_round_started),
    shows(ev.HandDealt, DealMoves._show_hand_dealt),
    shows(ev.ReplacementCommitted, DealMoves._show_replacement_committed),
    shows(ev.ReplacementChosen, DealMoves._show_replacement_chosen),
    shows(ev.Replaced, DealMoves._show_replaced),
    shows(ev.CardsDrawn, DealMoves._show_cards_drawn),
    # the duel and the tricks (play.py)
    shows(ev.DuelCommitted, PlayMoves._show_duel_committed),
    shows(ev.DuelRevealed, PlayMoves._show_duel_revealed),
    shows(ev.Attacked, PlayMoves._show_attacked),
    shows(ev.Defended, PlayMoves._show_defended),
    shows(ev.Sacrificed, PlayMoves._show_sacrificed),
    shows(ev.TrickWon, PlayMoves._show_trick_won),
    # the round's end and the game's (round_end.py)
    shows(ev.ShowdownRevealed, EndMoves._show_showdown_revealed),
    shows(ev.RoundWon, EndMoves._show_round_won),
    shows(ev.RoundTied, EndMoves._show_round_tied),
    shows(ev.TokenMoved, EndMoves._show_token_moved),
    shows(ev.TilePlaced, EndMoves._show_tile_placed),
    shows(ev.GameWon, EndMoves._show_game_won),
)

#: Events shown by no animation of their own (the round log may still word them).
NOT_ANIMATED: frozenset[type[ev.Event]] = frozenset(
    {
        ev.ReplaceTurn,  # whose replacement it is: the prompt and the log say it, nothing moves
        ev.ReplacementSkipped,  # a seat may replace nothing: the log says so, nothing moves
        ev.DuelChosen,  # which card was laid: DuelCommitted's animation takes it off the queue
    }
)
