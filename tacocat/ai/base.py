"""The bot protocol: a seat's observation and legal actions in, one action out.

A bot never receives the game state - only :class:`~tacocat.rules.Observation`,
the seat's legal actions and its own random source - so it can know no more
than a person in that seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tacocat.rules import Action, Observation


class Bot(Protocol):
    """Anything that can play a seat."""

    name: str

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Pick one of ``legal`` (never empty) for ``observation.seat``."""
        ...


class RandomBot:
    """Uniformly random over the legal actions: a baseline, and for tests."""

    name = "random"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[rng.randrange(len(legal))]
