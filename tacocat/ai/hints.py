"""Advice for the hint button: the hard level's move, with a reason in plain words.

    hint = suggest(observation, legal, rng)
    hint.action   # one of ``legal``
    hint.reason   # e.g. "Defend with the 9: it keeps your 2 for the showdown"
    hint.chance   # the estimated chance of winning the round after that move

The move is the one :class:`~tacocat.ai.hard.HardBot` would make from the same
observation and random source; the reason names the card(s) it plays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tacocat.ai.hard import HardBot
from tacocat.ai.medium import HIGH
from tacocat.rules import Action, Attack, DuelCard, Observation, Replace, Respond
from tacocat.rules.moves import remove_cards

Hand = tuple[int, ...]

_DEFAULT_BOT: HardBot | None = None


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action, why, and the estimated chance of winning the round after it."""

    action: Action
    reason: str
    chance: float


def suggest(observation: Observation, legal: Sequence[Action], rng: random.Random,
            bot: HardBot | None = None) -> Hint:
    """The hard level's choice among ``legal`` for ``observation``, explained.

    ``bot`` lets the caller set the time budget or sample counts; by default a
    shared :class:`HardBot` with its default budget is used.
    """
    global _DEFAULT_BOT
    if bot is None:
        if _DEFAULT_BOT is None:
            _DEFAULT_BOT = HardBot()
        bot = _DEFAULT_BOT
    analysis = bot.analyse(observation, legal, rng)
    action = analysis.best
    return Hint(action, explain(observation, action), analysis.value_of(action))


def cards_text(cards: Sequence[int]) -> str:
    """'the 12', 'the 11 and 12', 'the 4, 5 and 6'."""
    names = [str(c) for c in cards]
    if len(names) == 1:
        return f"the {names[0]}"
    return f"the {', '.join(names[:-1])} and {names[-1]}"


def explain(observation: Observation, action: Action) -> str:
    """One line on why ``action`` is a good move here; it names the card(s) played."""
    hand = observation.hand
    if isinstance(action, Replace):
        return _explain_replace(hand, action.cards)
    if isinstance(action, DuelCard):
        return _explain_duel(hand, action.card)
    if isinstance(action, Attack):
        return _explain_attack(hand, action.cards)
    return _explain_response(observation, action)


def _explain_replace(hand: Hand, cards: Hand) -> str:
    if not cards:
        if hand[-1] < HIGH:
            return "Keep your hand: it has no high card worth swapping"
        return "Keep your hand: a fresh draw is unlikely to do better than these cards"
    if len(cards) == len(hand):
        return f"Replace all your cards ({cards_text(cards)}): almost any new hand is better"
    kept = remove_cards(hand, cards)
    if min(cards) >= HIGH - 1:
        return f"Replace {cards_text(cards)}: high cards rarely win the showdown"
    return f"Replace {cards_text(cards)}: keep your {kept[0]} and draw for better cards"


def _explain_duel(hand: Hand, card: int) -> str:
    if card == hand[-1]:
        return f"Duel with the {card}: winning the duel lets you attack first and set the pace"
    if card == hand[0]:
        return (f"Duel with the {card}: let them attack first - your high cards are worth "
                "more for defending")
    return (f"Duel with the {card}: high enough to have a chance, and your best cards stay "
            "in your hand")


def _explain_attack(hand: Hand, cards: Hand) -> str:
    rest = remove_cards(hand, cards)
    keep = f"keeps your {rest[0]} for the showdown"
    if len(cards) > 1:
        shape = "set" if cards[0] == cards[-1] else "sequence"
        return (f"Attack with {cards_text(cards)}: a Jumbo {shape} makes them answer "
                f"{len(cards)} cards at once, and it {keep}")
    card = cards[0]
    if card == hand[-1]:
        return f"Attack with the {card}: it is hard to defend, and it {keep}"
    if card == hand[0]:
        return (f"Attack with the {card}: your higher cards are better kept for defending "
                "what comes next")
    return f"Attack with the {card}: it is enough to win the trick, and it {keep}"


def _explain_response(observation: Observation, action: Respond) -> str:
    hand, card = observation.hand, action.card
    targets = observation.attack[len(observation.responses):]
    target = targets[0]
    already_lost = observation.trick_sacrificed
    rest = remove_cards(hand, (card,))
    if card < target:
        defences = [c for c in hand if c >= target]
        if not defences:
            return f"Sacrifice your {card}: no card you hold beats the {target}"
        if already_lost:
            return f"Sacrifice your {card}: the trick is lost already, so keep your high cards"
        return (f"Sacrifice your {card}: defending would spend your {defences[0]}, "
                "which is worth more later than this trick")
    if already_lost:
        return f"Play the {card} on the {target}: the trick is lost already, so shed a high card"
    if rest and card != hand[0]:
        return f"Defend with the {card}: it beats the {target} and keeps your {rest[0]} for the showdown"
    if len(targets) > 1:
        return f"Defend with the {card}: it beats the {target} and keeps the trick within reach"
    return f"Defend with the {card}: it beats the {target}, and then you attack"
