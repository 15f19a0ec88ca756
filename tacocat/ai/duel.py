"""The hard level's duel: the best card against a believable opponent.

The duel is a secret, simultaneous choice. Against an opponent who saw my
hand every mixed card scores alike, so that is not the model: in each sample
of the hidden cards the opponent plays a mix of

* the heuristic player's card (:func:`tacocat.ai.heuristic.heuristic_duel_card`),
  weight :data:`HEURISTIC_WEIGHT`, and
* its best reply to *my* heuristic card (a player who reads me as a sound
  player), the rest of the weight,

and each of my cards is valued against that mix, the round finished by the
exact solver (:meth:`tacocat.ai.solver.Solver.duel_outcome`; a tie replays the
duel, valued as that matrix game). A re-duel after a tie is the same decision
with the tied cards gone: the sample already lacks them.
"""

from __future__ import annotations

from tacocat.ai.heuristic import heuristic_duel_card
from tacocat.ai.solver import Solver

Hand = tuple[int, ...]

#: How often the modelled opponent plays the heuristic card (else its best reply to mine).
HEURISTIC_WEIGHT = 0.6


def opponent_mix(
    solver: Solver,
    mine: Hand,
    theirs: Hand,
    tie: float,
    outcomes: dict[tuple[int, int], float] | None = None,
    heuristic_weight: float = HEURISTIC_WEIGHT,
) -> dict[int, float]:
    """The modelled opponent's duel cards and their weights, in one sample.

    ``outcomes`` (my card, their card) -> my value, if given, keeps the values
    worked out here for the caller to reuse.
    """
    mix = {heuristic_duel_card(theirs): heuristic_weight}
    expected = heuristic_duel_card(mine)
    known = {} if outcomes is None else outcomes
    for c in sorted(set(theirs)):
        known[(expected, c)] = solver.duel_outcome(mine, theirs, expected, c, tie)
    # The opponent minimises my value, on the assumption that I play my heuristic card.
    reply = min(sorted(set(theirs)), key=lambda c: known[(expected, c)])
    mix[reply] = mix.get(reply, 0.0) + 1.0 - heuristic_weight
    return mix


def duel_values(
    solver: Solver,
    mine: Hand,
    theirs: Hand,
    cards: list[int],
    tie: float,
    heuristic_weight: float = HEURISTIC_WEIGHT,
) -> list[float]:
    """My value of dueling with each of ``cards`` against the modelled opponent."""
    outcomes: dict[tuple[int, int], float] = {}
    mix = opponent_mix(solver, mine, theirs, tie, outcomes, heuristic_weight)
    values = []
    for card in cards:
        total = 0.0
        for c, w in mix.items():
            value = outcomes.get((card, c))
            if value is None:
                value = outcomes[(card, c)] = solver.duel_outcome(mine, theirs, card, c, tie)
            total += w * value
        values.append(total)
    return values
