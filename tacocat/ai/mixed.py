"""The hard level's duel as the simultaneous game it is: a mixed strategy.

Both players pick their duel card in secret. A player who always shows the
card with the best estimated value can be read: a person learns that the
hard level duels, say, its second-highest card, and answers it. So when
several cards are worth about the same, the hard level mixes between them.

Each card's value is already its expected round value against the modelled
opponent's duel card (:mod:`tacocat.ai.duel`: the opponent's likely card in
every sample, the samples weighted by the opponent model,
:mod:`tacocat.ai.model`). The cards within :data:`MARGIN` of the best are
the near-best; one of them is drawn with softmax weights
``exp((value - best) / TEMPERATURE)``, so a card clearly worse is never
played and the expected cost of mixing stays below ``MARGIN``. The draw is
seeded from the observation (:func:`tacocat.ai.seeding.observation_seed`),
so a position always gives the same card: a hint or a review that replays
the choice finds it again. A re-duel after a tie is a new observation (the
tied cards are gone) and is mixed afresh.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tacocat.ai.seeding import observation_seed
from tacocat.rules import Action, Observation

#: Cards worth at most this much less than the best (in round-win chance) are near-best.
MARGIN = 0.03
#: The softmax temperature over the near-best values.
TEMPERATURE = 0.01


def mix_weights(values: Sequence[float]) -> list[float]:
    """Each value's probability of being played (0 unless near-best); they sum to 1."""
    top = max(values)
    raw = [math.exp((v - top) / TEMPERATURE) if v >= top - MARGIN else 0.0 for v in values]
    total = sum(raw)
    return [w / total for w in raw]


def mixed_choice(
    observation: Observation, actions: Sequence[Action], values: Sequence[float]
) -> Action:
    """One of ``actions`` drawn by :func:`mix_weights`, seeded from ``observation``."""
    rng = random.Random(observation_seed(observation))
    return rng.choices(actions, weights=mix_weights(values))[0]
