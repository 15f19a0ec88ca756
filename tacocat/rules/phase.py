"""The phases of a round."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """The step of the round that waits for an action."""

    REPLACE = "replace"
    DUEL = "duel"
    ATTACK = "attack"
    DEFEND = "defend"
    OVER = "over"
