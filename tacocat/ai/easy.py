"""The easy level: legal, plausible moves with mistakes a child can exploit.

Each decision is either a casual player's move (:mod:`tacocat.ai.medium`) or,
often, one of these habits:

* Replacement: keeps the whole hand (high cards and all), or replaces a
  random handful.
* Duel: a random card (it may throw away its best showdown card).
* Attack: the lowest single card - keeping the high cards to the end, which
  rarely wins a showdown.
* Answer: the lowest card that defends (which spends its showdown card
  whenever that one defends), else a sacrifice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.medium import MediumBot
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace

#: How often each habit replaces the casual player's move.
REPLACE_MISTAKE = 0.7
DUEL_MISTAKE = 0.6
ATTACK_MISTAKE = 0.5
ANSWER_MISTAKE = 0.5


class EasyBot:
    """Plays legal, plausible moves with exploitable habits (see the module's docstring)."""

    name = "easy"

    def __init__(self) -> None:
        self._casual = MediumBot()

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        kind = type(legal[0])
        roll = rng.random()
        if kind is Replace:
            if roll < REPLACE_MISTAKE / 2:
                return min(legal, key=lambda a: len(a.cards))
            if roll < REPLACE_MISTAKE:
                return legal[rng.randrange(len(legal))]
        elif kind is DuelCard:
            if roll < DUEL_MISTAKE:
                return legal[rng.randrange(len(legal))]
        elif kind is Attack:
            if roll < ATTACK_MISTAKE:
                return min(legal, key=lambda a: (len(a.cards) > 1, a.cards[0]))
        elif roll < ANSWER_MISTAKE:
            target = observation.pending_target
            defences = [a for a in legal if a.card >= target]
            return min(defences or legal, key=lambda a: a.card)
        return self._casual.choose(observation, legal, rng)
