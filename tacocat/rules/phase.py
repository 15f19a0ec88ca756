"""The phases of a round."""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    """The step of the round that waits for an action.

    A string enum, so a phase also equals (and serialises as) its name:
    ``Phase.DUEL == "duel"``.
    """

    REPLACE = "replace"
    DUEL = "duel"
    ATTACK = "attack"
    DEFEND = "defend"
    OVER = "over"
