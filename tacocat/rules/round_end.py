"""The end of a round: the showdown, moving Tacocat, the tile, and the next deal.

Transitions of :class:`~tacocat.rules.state.GameState` kept in their own module
so the state module stays small. Like every transition they mutate a fresh
clone that :meth:`GameState.apply` made, never a state anyone else holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tacocat.rules import events as ev
from tacocat.rules.phase import Phase
from tacocat.rules.ruleset import Seat

if TYPE_CHECKING:
    from tacocat.rules.state import GameState


def showdown(state: GameState, out: list[ev.Event]) -> None:
    """Both last cards revealed: the lower wins; a tie replays (or goes to the arrow)."""
    cards = (state.hands[0][0], state.hands[1][0])
    out.append(ev.ShowdownRevealed(cards))
    state.attacker, state.attack, state.responses = None, (), ()
    space = state.ruleset.board.spaces[state.token]
    if cards[0] != cards[1]:
        _round_won(state, 0 if cards[0] < cards[1] else 1, False, out)
    elif state.ruleset.tie_goes_to_arrow and not space.is_two_arrow:
        (arrow_seat,) = space.arrows
        _round_won(state, arrow_seat, True, out)
    else:
        state.tied_rounds += 1
        out.append(ev.RoundTied(state.token))
        state._deal(out)


def _round_won(state: GameState, seat: Seat, by_tie_rule: bool, out: list[ev.Event]) -> None:
    """Move Tacocat toward ``seat``'s goal over covered spaces and tile the space it left."""
    wins = list(state.wins)
    wins[seat] += 1
    state.wins = (wins[0], wins[1])
    state.last_round_winner = seat
    out.append(ev.RoundWon(seat, by_tie_rule))
    board = state.ruleset.board
    step, start = board.step_of(seat), state.token
    position, skipped = start + step, []
    while 0 <= position < board.size and position in state.covered:
        skipped.append(position)
        position += step
    out.append(ev.TokenMoved(seat, start, position, tuple(skipped)))
    state.covered = state.covered | {start}
    state.token = position
    out.append(ev.TilePlaced(start, board.size - len(state.covered)))
    if position == board.goal_of(seat):
        state.winner = seat
        state.phase = Phase.OVER
        out.append(ev.GameWon(seat))
    else:
        state._deal(out)
