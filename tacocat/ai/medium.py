"""The medium level: the sound rules of thumb of a casual human player.

* Replace high cards (``HIGH`` and above) when allowed, highest first.
* Duel with the highest card: it is shed, and a win sets the pace.
* Attack with high cards - a Jumbo Attack of high cards when there is one,
  else the highest single card - and never with the lowest card, which is
  kept for the showdown.
* Defend cheaply: the lowest card that defends, never the lowest card in hand
  while another will do. When the trick cannot be held (a sacrifice already
  made, or not enough cards to cover every attack card), spend the highest
  card that may answer, keeping the low ones: a sacrifice only when no card
  may defend.

Each rule is a small pure function of a hand, so the hard level can use them
to guess what a casual opponent would discard.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

Hand = tuple[int, ...]

#: Cards at least this high are "high": replaced when allowed.
HIGH = 9
#: A Jumbo Attack counts as "of high cards" when its lowest card reaches this.
JUMBO_FLOOR = 7


def high_cards_to_replace(hand: Hand, limit: int | None, high: int = HIGH) -> Hand:
    """The high cards of ``hand`` (``high`` and up), highest first, at most ``limit``."""
    cap = len(hand) if limit is None else limit
    picked = sorted((c for c in hand if c >= high), reverse=True)[:cap]
    return tuple(sorted(picked))


def pick_attack(hand: Hand, options: Sequence[Hand]) -> Hand:
    """A Jumbo Attack of high cards if any, else the highest single card;
    never the lowest card while anything else is possible."""
    keep_low = [a for a in options if hand[0] not in a or hand.count(hand[0]) > a.count(hand[0])]
    pool = keep_low or list(options)
    jumbos = [a for a in pool if len(a) > 1 and a[0] >= JUMBO_FLOOR]
    if jumbos:
        return max(jumbos, key=lambda a: (len(a), a[-1]))
    singles = [a for a in pool if len(a) == 1] or pool
    return max(singles, key=lambda a: a[-1])


def can_cover(cards: Hand, targets: Sequence[int]) -> list[int] | None:
    """Cheapest cards of ``cards`` that answer every target (ascending) with
    an equal or higher card, or None when they cannot."""
    left = list(cards)
    used = []
    for target in targets:
        pick = next((c for c in left if c >= target), None)
        if pick is None:
            return None
        left.remove(pick)
        used.append(pick)
    return used


def pick_response(hand: Hand, targets: Sequence[int], sacrificed: bool, options: Sequence[int]) -> int:
    """Answer ``targets[0]`` (``targets``: the attack cards still to answer)."""
    if not sacrificed:
        cover = can_cover(hand[1:], targets)
        if cover is not None:
            return cover[0]
    # The trick is lost: shed the highest card that may answer.
    return max(options)


class MediumBot:
    """Heuristic play: see the module's docstring."""

    name = "medium"

    def __init__(self, high: int = HIGH) -> None:
        self.high = high

    def choose(self, observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        seat, hand = observation.seat, observation.hand
        kind = type(legal[0])
        if kind is Replace:
            cards = high_cards_to_replace(hand, observation.replace_limit, self.high)
            action = Replace(seat, cards)
        elif kind is DuelCard:
            action = DuelCard(seat, hand[-1])
        elif kind is Attack:
            action = Attack(seat, pick_attack(hand, [a.cards for a in legal]))
        else:
            targets = observation.attack[len(observation.responses):]
            sacrificed = observation.trick_sacrificed
            card = pick_response(hand, targets, sacrificed, [a.card for a in legal])
            action = Respond(seat, card)
        return action if action in legal else legal[0]

