"""A round played out to the end by two heuristic players: a cheap estimate.

The hard level screens many candidate replacements with it before valuing
the most promising ones exactly (:mod:`tacocat.ai.replacement`): a playout
costs tens of microseconds, an exact duel and play solve about a millisecond.
"""

from __future__ import annotations

from tacocat.rules.moves import attack_options

from .heuristic import heuristic_attack, heuristic_duel_card, heuristic_response
from .solver import showdown_value

Hand = tuple[int, ...]


def _without(hand: Hand, cards: Hand) -> Hand:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _trick(att: Hand, dfd: Hand) -> tuple[Hand, Hand, bool]:
    """One heuristic trick: the hands left and whether the defender held it."""
    cards = heuristic_attack(att, attack_options(att))
    att = _without(att, cards)
    held = True
    for target in cards:
        answer = heuristic_response(dfd, target)
        held = held and answer >= target
        dfd = _without(dfd, (answer,))
    return att, dfd, held


def playout_value(mine: Hand, theirs: Hand, tie: float) -> float:
    """The round's result for ``mine`` when both seats play the heuristic
    from the duel on (1 won, 0 lost, ``tie`` tied)."""
    attacker_is_me: bool | None = None
    while attacker_is_me is None:  # duel, again after a tie
        if len(mine) == 1:
            return showdown_value(mine[0], theirs[0], tie)
        a, b = heuristic_duel_card(mine), heuristic_duel_card(theirs)
        mine, theirs = _without(mine, (a,)), _without(theirs, (b,))
        attacker_is_me = None if a == b else a > b
    while len(mine) > 1:
        if attacker_is_me:
            mine, theirs, held = _trick(mine, theirs)
        else:
            theirs, mine, held = _trick(theirs, mine)
        attacker_is_me = attacker_is_me != held
    return showdown_value(mine[0], theirs[0], tie)
