"""The heuristic bot: a sound player's rules of thumb, and the yardstick.

It is the level every other level is measured against (``bench/ai_tournament.py``)
and the opponent model of the hard level, so its four rules are written as
small pure functions of a hand:

* **Replace** - keep the lowest card and every card of ``HIGH`` (9) or more;
  discard the middle cards, those closest to 7 first (the lowest card too
  when it is above ``LOW`` (3)), up to the limit.
* **Duel** - the card three quarters of the way up the sorted hand, never the
  lowest.
* **Attack** - the attack whose lowest card is highest, bigger Jumbo first,
  never spending the lowest card while another attack exists.
* **Answer** - the cheapest card at least the attack card that is not the
  lowest card, else sacrifice the lowest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond

Hand = tuple[int, ...]

#: Cards at least this high are weapons: kept for attacking and defending.
HIGH = 9
#: A lowest card at most this low is a showdown card: kept.
LOW = 3
#: The middle card most worth throwing away (farthest from both ends' uses).
MIDDLE = 7


def heuristic_discards(hand: Hand, limit: int | None) -> Hand:
    """The cards to replace: middle cards (above ``LOW``, below ``HIGH``),
    closest to 7 first (the higher of two equally close first), at most ``limit``."""
    middle = [card for card in hand if LOW < card < HIGH]
    middle.sort(key=lambda card: (abs(card - MIDDLE), -card))
    cap = len(middle) if limit is None else limit
    return tuple(sorted(middle[:cap]))


def heuristic_duel_card(hand: Hand) -> int:
    """The card three quarters of the way up ``hand`` (sorted), never the lowest
    unless every card is the lowest."""
    index = min(len(hand) - 1, max(1, int(0.75 * (len(hand) - 1) + 0.5)))
    card = hand[index] if len(hand) > 1 else hand[0]
    if card == hand[0]:
        card = next((c for c in hand if c > hand[0]), hand[0])
    return card


def spends_lowest(hand: Hand, cards: Hand) -> bool:
    """Whether attacking with ``cards`` leaves no copy of ``hand``'s lowest card."""
    low = hand[0]
    return cards.count(low) >= hand.count(low)


def heuristic_attack(hand: Hand, options: Sequence[Hand]) -> Hand:
    """The attack whose lowest card is highest, the bigger Jumbo first, never
    spending the lowest card while another attack exists."""
    keep_low = [cards for cards in options if not spends_lowest(hand, cards)]
    pool = keep_low or list(options)
    return max(pool, key=lambda cards: (cards[0], len(cards)))


def heuristic_response(hand: Hand, target: int) -> int:
    """The cheapest card at least ``target`` that is not the lowest card, else
    the lowest card (a sacrifice, or a defence when it is high enough)."""
    return min((card for card in hand[1:] if card >= target), default=hand[0])


class HeuristicBot:
    """Plays the four rules of thumb above (deterministic: ignores ``rng``)."""

    name = "heuristic"

    def choose(
        self, observation: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        action = heuristic_action(observation, legal)
        return action if action in legal else legal[0]


def heuristic_action(observation: Observation, legal: Sequence[Action]) -> Action:
    """The heuristic's move for ``observation`` (of the kind of ``legal``)."""
    seat, hand = observation.seat, observation.hand
    kind = type(legal[0])
    if kind is Replace:
        return Replace(seat, heuristic_discards(hand, observation.replace_limit))
    if kind is DuelCard:
        return DuelCard(seat, heuristic_duel_card(hand))
    if kind is Attack:
        return Attack(
            seat, heuristic_attack(hand, [a.cards for a in legal if isinstance(a, Attack)])
        )
    target = observation.pending_target
    return Respond(seat, heuristic_response(hand, hand[0] if target is None else target))
