"""The easy level: legal, sensible-looking moves with a beginner's habits.

Each decision is the heuristic player's move (:mod:`tacocat.ai.heuristic`)
or, often, one of the mistakes beginners make:

* Replacement: throws away every high card (9 and up) - "high cards lose the
  showdown" - keeping the middle cards, or keeps the whole hand.
* Duel: its highest card, to be sure to attack first.
* Attack: its highest single card, never a Jumbo Attack.
* Answer: the lowest card that defends, even its showdown card; a sacrifice
  only when nothing defends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.ai.heuristic import HIGH, heuristic_action
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

#: How often a habit replaces the heuristic's move, per kind of decision.
MISTAKE_RATE = {Replace: 0.7, DuelCard: 0.6, Attack: 0.5, Respond: 0.5}


def beginner_action(
    observation: Observation, legal: Sequence[Action], rng: random.Random
) -> Action:
    """One of the beginner's habits (see the module's docstring)."""
    seat, hand = observation.seat, observation.hand
    first = legal[0]
    if isinstance(first, Replace):
        limit = len(hand) if observation.replace_limit is None else observation.replace_limit
        high = tuple(c for c in hand if c >= HIGH)[-limit:] if limit else ()
        return Replace(seat, high if rng.random() < 0.7 else ())
    if isinstance(first, DuelCard):
        return DuelCard(seat, hand[-1])
    if isinstance(first, Attack):
        return Attack(seat, (max(hand[1:]),))
    target = observation.pending_target or 0
    return Respond(seat, min((c for c in hand if c >= target), default=hand[0]))


class EasyBot:
    """A beginner: the heuristic's move, or a habit (see the module's docstring)."""

    name = "easy"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if rng.random() < MISTAKE_RATE[type(legal[0])]:
            action = beginner_action(observation, legal, rng)
        else:
            action = heuristic_action(observation, legal)
        return action if action in legal else legal[0]
