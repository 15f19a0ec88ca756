"""A seed from what one seat knows: the same position, the same random choices.

The analysis behind hints and reviews (:mod:`tacocat.ai.analysis`) samples
from it, and the hard level's mixed duel (:mod:`tacocat.ai.mixed`) draws its
card from it, so both are deterministic for an observation. A stable hash,
not Python's salted ``hash()``.
"""

from __future__ import annotations

import hashlib

from tacocat.rules import Observation


def observation_seed(observation: Observation) -> int:
    """A seed that depends only on what the seat knows (stable across runs)."""
    o = observation
    facts = (
        o.seat,
        o.phase.value,
        o.to_act,
        o.round_number,
        o.token,
        sorted(o.covered),
        o.wins,
        o.tied_rounds,
        o.hand,
        o.opponent_hand_size,
        o.draw_pile_size,
        o.discards,
        o.replace_limit,
        o.replace_secret,
        o.own_commit,
        o.opponent_committed,
        o.duels,
        o.attacker,
        o.attack,
        o.responses,
        o.floors,
        o.ruleset.to_dict(),
    )
    digest = hashlib.sha256(repr(facts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")
