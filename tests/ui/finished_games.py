"""A game saved one action before its end, to finish on the real table (stats, history tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tacocat.persistence.saves import SaveStore
from tacocat.rules import GameRecord, GameState, new_game


def before_the_last_action(seed: int) -> tuple[GameState, Any, GameState]:
    """The game ``seed`` (first legal moves) one action before its end, that action, the end."""
    state, _ = new_game(seed)
    while True:
        action = state.legal_actions(state.to_act[0])[0]
        after, _ = state.apply(action)
        if after.is_over:
            assert state.to_act == (action.seat,)
            return state, action, after
        state = after


def save_one_action_before_the_end(
    folder: Path, mode: str, seed: int
) -> tuple[Any, GameState, list[str]]:
    """Autosave game ``seed`` in ``folder`` as a ``mode`` game one action before its end.

    :returns: the last action (the human's, in a vs-AI game), the finished state, the names.
    """
    state, last, final = before_the_last_action(seed)
    names = ["Ana", "Computer"] if mode == "vs_ai" else ["Ana", "Ben"]
    config = {
        "mode": mode,
        "level": "easy" if mode == "vs_ai" else None,
        "human_seat": last.seat if mode == "vs_ai" else None,
        "names": names,
    }
    SaveStore(folder).write_autosave(config, GameRecord.from_state(state))
    return last, final, names
