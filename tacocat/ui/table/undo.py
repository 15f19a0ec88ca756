"""Taking back a move against the computer (never in hot-seat: the other player saw it).

:func:`undo_point` finds the state to go back to: the one before the player's last
decision in the round being played. A secret choice (a duel card, a centre replacement)
is taken back together with the computer's own choice in the same exchange, which it
made first: the computer chooses again, so the reveal the player saw does not stay
fixed for a second try. A finished round is never taken back - its result stands.

A game in which a move was taken back says so in its record (``"undos"`` in the
History's game description, docs/game-record.md), so a win with undo is told apart.
"""

from __future__ import annotations

from collections.abc import Collection

from tacocat.rules import DuelCard, GameRecord, GameState, Replace


def undo_point(
    state: GameState, human_seats: Collection[int], history: StateHistory | None = None
) -> GameState | None:
    """The state before the player's last decision in this round, or None (nothing to take
    back: no move of theirs yet this round, or the game is over). ``history`` keeps the
    game's earlier states between calls (the table asks once per new state)."""
    if state.is_over:
        return None
    actions = state.actions
    last = next(
        (i for i in range(len(actions) - 1, -1, -1) if actions[i].seat in human_seats), None
    )
    if last is None:
        return None
    states = (history or StateHistory()).states_up_to(state, last)
    before = states[last]
    if before.round_number != state.round_number:
        return None
    start = last
    while start > 0 and _same_secret_exchange(
        states[start - 1], actions[start - 1], actions[last], human_seats
    ):
        start -= 1
    return states[start]


def _same_secret_exchange(
    before: GameState, action: object, mine: object, human_seats: Collection[int]
) -> bool:
    """Whether ``action`` (made in ``before``) is the computer's half of the secret
    choice the player's ``mine`` completed."""
    if getattr(action, "seat", None) in human_seats:
        return False
    same_kind = type(action) is type(mine) and isinstance(action, (DuelCard, Replace))
    return same_kind and before.secret_choice_open


class StateHistory:
    """The game's states before each action, kept between calls: a new state costs the
    actions applied since the last call, not a replay of the whole game (a late round's
    replay took ~20 ms of a frame). Rebuilt from the record when the game is not the one
    it knows (a take-back, a continued game)."""

    def __init__(self) -> None:
        self._states: list[GameState] = []

    def states_up_to(self, state: GameState, index: int) -> list[GameState]:
        """The states before actions ``0..index`` of ``state``'s game."""
        actions = state.actions
        known = self._states
        if (
            not known
            or len(known) > len(actions) + 1
            or known[-1].actions != actions[: len(known) - 1]
        ):
            known = self._states = [step for step, _ in GameRecord.from_state(state).steps()]
            return known[: index + 1]
        while len(known) <= index:
            known.append(known[-1].apply(actions[len(known) - 1])[0])
        return known[: index + 1]
