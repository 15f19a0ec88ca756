"""A round played out to the end by two heuristic players: a cheap estimate.

The hard level screens many candidate replacements with it before valuing
the most promising ones exactly (:mod:`tacocat.ai.replacement`): a playout
costs tens of microseconds, an exact duel and play solve about a millisecond.
"""

from __future__ import annotations

from tacocat.ai.heuristic import heuristic_attack, heuristic_duel_card, heuristic_response
from tacocat.ai.solver import showdown_value
from tacocat.rules.moves import attack_options

Hand = tuple[int, ...]


#: Entries a memo below may hold before it is emptied (a memory cap; the
#: memos only ever hold facts about hands, so emptying changes no answer).
MEMO_LIMIT = 100_000

# Each heuristic choice is a pure function of a hand: worked out once per hand
# (a replacement screens thousands of playouts over few distinct hands).
_DUELS: dict[Hand, tuple[int, Hand]] = {}
_ATTACKS: dict[Hand, tuple[Hand, Hand]] = {}
_ANSWERS: dict[tuple[Hand, int], tuple[int, Hand]] = {}


def _without(hand: Hand, cards: Hand) -> Hand:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _duel(hand: Hand) -> tuple[int, Hand]:
    """The heuristic duel card of ``hand`` and the hand left."""
    found = _DUELS.get(hand)
    if found is None:
        if len(_DUELS) > MEMO_LIMIT:
            _DUELS.clear()
        card = heuristic_duel_card(hand)
        found = _DUELS[hand] = (card, _without(hand, (card,)))
    return found


def _attack(hand: Hand) -> tuple[Hand, Hand]:
    found = _ATTACKS.get(hand)
    if found is None:
        if len(_ATTACKS) > MEMO_LIMIT:
            _ATTACKS.clear()
        cards = heuristic_attack(hand, attack_options(hand))
        found = _ATTACKS[hand] = (cards, _without(hand, cards))
    return found


def _answer(hand: Hand, target: int) -> tuple[int, Hand]:
    key = (hand, target)
    found = _ANSWERS.get(key)
    if found is None:
        if len(_ANSWERS) > MEMO_LIMIT:
            _ANSWERS.clear()
        card = heuristic_response(hand, target)
        found = _ANSWERS[key] = (card, _without(hand, (card,)))
    return found


def _trick(att: Hand, dfd: Hand) -> tuple[Hand, Hand, bool]:
    """One heuristic trick: the hands left and whether the defender held it."""
    cards, att = _attack(att)
    held = True
    for target in cards:
        answer, dfd = _answer(dfd, target)
        held = held and answer >= target
    return att, dfd, held


def playout_value(mine: Hand, theirs: Hand, tie: float) -> float:
    """The round's result for ``mine`` when both seats play the heuristic
    from the duel on (1 won, 0 lost, ``tie`` tied)."""
    attacker_is_me: bool | None = None
    while attacker_is_me is None:  # duel, again after a tie
        if len(mine) == 1:
            return showdown_value(mine[0], theirs[0], tie)
        (a, mine), (b, theirs) = _duel(mine), _duel(theirs)
        attacker_is_me = None if a == b else a > b
    while len(mine) > 1:
        if attacker_is_me:
            mine, theirs, held = _trick(mine, theirs)
        else:
            theirs, mine, held = _trick(theirs, mine)
        attacker_is_me = attacker_is_me != held
    return showdown_value(mine[0], theirs[0], tie)
