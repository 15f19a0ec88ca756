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

from tacocat.rules import DuelCard, GameRecord, GameState, Phase, Replace


def undo_point(state: GameState, human_seats: Collection[int]) -> GameState | None:
    """The state before the player's last decision in this round, or None (nothing to take
    back: no move of theirs yet this round, or the game is over)."""
    if state.is_over:
        return None
    actions = state.actions
    last = next((i for i in range(len(actions) - 1, -1, -1)
                 if actions[i].seat in human_seats), None)
    if last is None:
        return None
    states = _states_up_to(state, last)
    before = states[last]
    if before.round_number != state.round_number:
        return None
    start = last
    while start > 0 and _same_secret_exchange(states[start - 1], actions[start - 1],
                                              actions[last], human_seats):
        start -= 1
    return states[start]


def _same_secret_exchange(before: GameState, action: object, mine: object,
                          human_seats: Collection[int]) -> bool:
    """Whether ``action`` (made in ``before``) is the computer's half of the secret
    choice the player's ``mine`` completed."""
    if getattr(action, "seat", None) in human_seats:
        return False
    if isinstance(action, DuelCard) and isinstance(mine, DuelCard):
        return before.phase is Phase.DUEL
    if isinstance(action, Replace) and isinstance(mine, Replace):
        return before.phase is Phase.REPLACE and before.replace_secret
    return False


def _states_up_to(state: GameState, index: int) -> list[GameState]:
    """The game's states before each action up to ``index`` (replayed from its record)."""
    states: list[GameState] = []
    for position, (step, _) in enumerate(GameRecord.from_state(state).steps()):
        states.append(step)
        if position >= index:
            break
    return states
