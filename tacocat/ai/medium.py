"""The medium level: a decent club player.

It replaces and duels by the heuristic player's rules of thumb
(:mod:`tacocat.ai.heuristic`) and plays the tricks with a light lookahead:
the exact play-phase solver over a few samples of the hidden cards, under a
short deadline (:class:`~tacocat.ai.hard.HardBot`'s play analysis). So it is
at least as strong as the heuristic, and well below the hard level, whose
edge is in replacement and the duel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.hard import HardBot
from tacocat.ai.heuristic import heuristic_action
from tacocat.rules import Action, Attack, Observation, Respond

#: Samples per play decision, and a safety deadline in seconds (rarely reached,
#: so a game against medium replays the same under a seed).
PLAY_SAMPLES = 2
TIME_BUDGET = 0.5


class MediumBot:
    """Heuristic replacement and duel, sampled exact play (see the module's docstring)."""

    name = "medium"

    def __init__(
        self, play_samples: int = PLAY_SAMPLES, time_budget: float | None = TIME_BUDGET
    ) -> None:
        # Without the opponent model: its two deals are too few for the weights to matter
        # (measured, docs/ai.md), and the levels keep their spacing.
        self._search = HardBot(time_budget=time_budget, play_samples=play_samples, model=False)

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) > 1 and isinstance(legal[0], (Attack, Respond)):
            return self._search.analyse(observation, legal, rng).best
        action = heuristic_action(observation, legal)
        return action if action in legal else legal[0]
