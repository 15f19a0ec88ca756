"""What the opponent's duel cards, attacks and answers say about its hand.

Part of the hard level's opponent model (:mod:`tacocat.ai.model`, issue #20).
Every card the opponent revealed after its replacement this round was in its
hand when it chose it, so the hand it chose from is its hand now plus that
card plus every card it revealed since: a guessed hand of now fixes the hand
behind each of its choices, and a sound player's choice from that hand (the
heuristic's rules, :mod:`tacocat.ai.heuristic`, which the hard level's own
moves mostly agree with) makes the guess more or less believable:

* **Duel** - a sound player duels high but not with its lowest card
  (:func:`~tacocat.ai.heuristic.heuristic_duel_card`); the farther the
  revealed card is from that card among the hand's values, the less
  believable the hand.
* **Attack** - it attacks with its highest attack
  (:func:`~tacocat.ai.heuristic.heuristic_attack`): what it chose *not* to
  attack with says it held nothing better.
* **Answer** - it defends with its cheapest card that is high enough
  (:func:`~tacocat.ai.heuristic.heuristic_response`): a defence with a higher
  card than needed says it held nothing in between. A sacrifice is its lowest
  card, a floor the sampling already respects (``Observation.floors``); as a
  choice it says it had nothing high enough to spare.

Each clue's likelihood lies in [:data:`STRAY`, 1] (players are not all sound,
and a model that fits one opponent must not rule out another's hands). Only
the seat's observation is read: the opponent's revealed cards and the attack
cards they answered.
"""

from __future__ import annotations

from dataclasses import dataclass

from tacocat.ai.heuristic import heuristic_attack, heuristic_duel_card, heuristic_response
from tacocat.rules import Observation
from tacocat.rules import events as ev
from tacocat.rules.moves import attack_options

Hand = tuple[int, ...]

#: The likelihood of a hand from which a sound player would have chosen otherwise.
STRAY = 0.25
#: How much a duel card one value-step away from a sound player's card costs.
DUEL_STEP = 0.375


@dataclass(frozen=True, slots=True)
class PlayClue:
    """One choice the opponent made after its replacement.

    ``kind`` is ``"duel"``, ``"attack"`` or ``"answer"``; ``cards`` what it
    revealed (one card but for an attack); ``against`` the attack card it
    answered; ``later`` the cards it revealed after this choice (its hand then
    was its hand now plus ``cards`` plus ``later``).
    """

    kind: str
    cards: Hand
    against: int
    later: Hand


def play_clues(observation: Observation) -> tuple[PlayClue, ...]:
    """The opponent's choices this round after its replacement, oldest first."""
    opponent = observation.opponent
    found: list[tuple[str, Hand, int]] = []
    for event in observation.history:
        if isinstance(event, ev.DuelRevealed):
            found.append(("duel", (event.cards[opponent],), 0))
        elif isinstance(event, ev.Attacked) and event.seat == opponent:
            found.append(("attack", tuple(sorted(event.cards)), 0))
        elif isinstance(event, (ev.Defended, ev.Sacrificed)) and event.seat == opponent:
            found.append(("answer", (event.card,), event.against))
    clues = []
    later: list[int] = []
    for kind, cards, against in reversed(found):
        clues.append(PlayClue(kind, cards, against, tuple(sorted(later))))
        later.extend(cards)
    clues.reverse()
    return tuple(clues)


def clue_likelihood(clue: PlayClue, hand: Hand, stray: float = STRAY) -> float:
    """How believable ``hand`` (the opponent's now) is given one choice (in [``stray``, 1])."""
    before = tuple(sorted(hand + clue.cards + clue.later))
    if clue.kind == "duel":
        values = sorted(set(before))
        expected = heuristic_duel_card(before)
        steps = abs(values.index(clue.cards[0]) - values.index(expected))
        return max(stray, 1.0 - DUEL_STEP * steps)
    if clue.kind == "attack":
        options = attack_options(before)
        if len(options) < 2:
            return 1.0
        return 1.0 if heuristic_attack(before, options) == clue.cards else stray
    return 1.0 if heuristic_response(before, clue.against) == clue.cards[0] else stray


def play_likelihood(clues: tuple[PlayClue, ...], hand: Hand, stray: float = STRAY) -> float:
    """The product of every clue's likelihood for ``hand``."""
    product = 1.0
    for clue in clues:
        product *= clue_likelihood(clue, hand, stray)
    return product
