"""How a searching player replaces: a table learnt from the hard levels' own replacements.

A lab experiment (player ``hard-searcher``, :mod:`bench.lab.hard`): measured, no
gain in games (docs/ai.md, "History"). The opponent model (:mod:`tacocat.ai.model`) believes a sound player replaces by
the heuristic's rule. A searching player (the hard levels) does so only in
57-65 % of its replacements, and the rule then calls its real hand all but
impossible. This is the other half of a mixture: each card of the hand
before the replacement is thrown away with the share its kind was in the
recorded replacements of searching players (:mod:`bench.lab.searcher_table`,
fitted by ``bench/searcher_replace.py``), independently of the others; the
likelihood of a discard is that product, normalised over the discards the
limit allowed. A card's kind is its value, whether it is the hand's lowest or
highest card, and whether the replacement was capped.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations

from bench.lab.searcher_table import SHARES
from tacocat.ai.model import ReplaceClue, likelihood

Hand = tuple[int, ...]

#: The share used for a kind the table never saw (a card kind no recorded hand held).
UNSEEN = 0.5


def card_kind(hand: Hand, index: int, limit: int | None) -> str:
    """The kind of ``hand[index]`` (``hand`` sorted): ``"VALUE:ROLE:CAP"``."""
    role = "low" if index == 0 else "top" if index == len(hand) - 1 else "mid"
    return f"{hand[index]}:{role}:{'free' if limit is None else 'capped'}"


def discard_likelihood(
    hand: Hand, limit: int | None, discarded: Hand, shares: Mapping[str, float] = SHARES
) -> float:
    """The chance that a searching player holding ``hand`` throws away ``discarded``.

    ``hand`` and ``discarded`` are sorted values; ``limit`` the most it may
    replace (None: any number). In (0, 1]; the chances of every discard the
    limit allows add up to 1.
    """
    if shares is SHARES:
        return _table_likelihood(hand, limit, discarded)
    return _likelihood(hand, limit, discarded, shares)


def _likelihood(
    hand: Hand, limit: int | None, discarded: Hand, shares: Mapping[str, float]
) -> float:
    odds = [shares.get(card_kind(hand, i, limit), UNSEEN) for i in range(len(hand))]
    cap = len(hand) if limit is None else min(limit, len(hand))
    # by_size[k]: the chance of throwing away exactly k cards, any k of them
    by_size = [1.0] + [0.0] * cap
    for share in odds:
        for k in range(cap, 0, -1):
            by_size[k] = by_size[k] * (1.0 - share) + by_size[k - 1] * share
        by_size[0] *= 1.0 - share
    total = sum(by_size)
    chance = 0.0
    for chosen in combinations(range(len(hand)), len(discarded)):
        if tuple(hand[i] for i in chosen) != discarded:
            continue
        term = 1.0
        for i, share in enumerate(odds):
            term *= share if i in chosen else 1.0 - share
        chance += term
    return chance / total


@lru_cache(maxsize=1 << 16)
def _table_likelihood(hand: Hand, limit: int | None, discarded: Hand) -> float:
    return _likelihood(hand, limit, discarded, SHARES)


def searched_likelihood(clue: ReplaceClue, hand: Hand) -> float:
    """:func:`discard_likelihood` averaged over the splits of ``hand`` that
    :func:`tacocat.ai.model.likelihood` averages over (1 without a split)."""
    after = tuple(sorted(hand + clue.played_since))
    total, searched = 0, 0.0
    for drawn in combinations(range(len(after)), len(clue.discarded)):
        kept = [card for i, card in enumerate(after) if i not in drawn]
        total += 1
        searched += discard_likelihood(
            tuple(sorted(kept + list(clue.discarded))), clue.limit, clue.discarded
        )
    return searched / total if total else 1.0


def mixed_likelihood(clue: ReplaceClue, hand: Hand, stray: float, searcher: float) -> float:
    """The replacement clue's likelihood with a ``searcher`` share of it a
    searching player's: ``(1 - s)·rule + s·table``."""
    rule = likelihood(clue, hand, stray)
    return (
        rule
        if not searcher
        else (1.0 - searcher) * rule + searcher * searched_likelihood(clue, hand)
    )
