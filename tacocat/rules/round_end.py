"""The end of a round, as a pure function: the showdown's outcome, Tacocat's move, the tile.

:func:`showdown` reads the last card of each hand and the board and returns a
:class:`RoundEnd`: who won (or that the round is replayed), where Tacocat goes,
the spaces covered afterwards and the events to report. It touches no state:
:mod:`tacocat.rules.transitions` applies the result to the clone of the state
being changed (and deals the next round), so every change to a state is made
in that one module.
"""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.rules import events as ev
from tacocat.rules.ruleset import Ruleset, Seat


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """What a showdown decides.

    Attributes:
        winner: the seat that won the round, or None for a tie that replays it.
        token: Tacocat's position afterwards (a space, or the winner's goal).
        covered: the spaces under a tile afterwards.
        game_won: True when Tacocat reached ``winner``'s goal.
        events: what happened, in order (from ``ShowdownRevealed`` on).
    """

    winner: Seat | None
    token: int
    covered: frozenset[int]
    game_won: bool
    events: tuple[ev.Event, ...]


def showdown(
    hands: tuple[tuple[int, ...], tuple[int, ...]],
    token: int,
    covered: frozenset[int],
    ruleset: Ruleset,
) -> RoundEnd:
    """Both last cards revealed: the lower wins; a tie replays (or goes to the arrow)."""
    cards = (hands[0][0], hands[1][0])
    out: list[ev.Event] = [ev.ShowdownRevealed(cards)]
    if cards[0] != cards[1]:
        return _round_won(0 if cards[0] < cards[1] else 1, False, token, covered, ruleset, out)
    arrow_seat = ruleset.tied_showdown_winner(token)
    if arrow_seat is not None:
        return _round_won(arrow_seat, True, token, covered, ruleset, out)
    out.append(ev.RoundTied(token))
    return RoundEnd(None, token, covered, False, tuple(out))


def _round_won(
    seat: Seat,
    by_tie_rule: bool,
    start: int,
    covered: frozenset[int],
    ruleset: Ruleset,
    out: list[ev.Event],
) -> RoundEnd:
    """Move Tacocat toward ``seat``'s goal over covered spaces and tile the space it left."""
    out.append(ev.RoundWon(seat, by_tie_rule))
    board = ruleset.board
    step = board.step_of(seat)
    position, skipped = start + step, []
    while 0 <= position < board.size and position in covered:
        skipped.append(position)
        position += step
    out.append(ev.TokenMoved(seat, start, position, tuple(skipped)))
    covered = covered | {start}
    out.append(ev.TilePlaced(start, board.size - len(covered)))
    game_won = position == board.goal_of(seat)
    if game_won:
        out.append(ev.GameWon(seat))
    return RoundEnd(seat, position, covered, game_won, tuple(out))
