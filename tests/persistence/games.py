"""Random but reproducible games from the real rules engine, for the autosave tests."""

from __future__ import annotations

import random

from tacocat.rules import GameState, Ruleset, new_game

#: The app config that matches a game made by :func:`play` with ``tie=False``.
VS_AI_CONFIG = {
    "mode": "vs_ai",
    "level": "medium",
    "human_seat": 0,
    "names": ["Ana", "Computer"],
}


def play(seed: int, actions: int | None = None, *, tie: bool = False) -> GameState:
    """Play random legal actions from a new game under ``seed``.

    :param actions: stop after this many (or earlier if the game ends);
        ``None`` plays to the end.
    :param tie: use the tie-goes-to-the-arrow variant.
    """
    rng = random.Random(seed)
    state, _ = new_game(seed, Ruleset(tie_goes_to_arrow=tie))
    done = 0
    while not state.is_over and (actions is None or done < actions):
        seat = rng.choice(state.to_act)
        state, _ = state.apply(rng.choice(state.legal_actions(seat)))
        done += 1
    return state


def play_unfinished(seed: int, *, tie: bool = False) -> GameState:
    """A game stopped somewhere in its middle (never finished)."""
    full = play(seed, tie=tie)
    length = len(full.actions)
    return play(seed, random.Random(seed).randrange(1, length), tie=tie)
