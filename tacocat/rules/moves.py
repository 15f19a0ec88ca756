"""Pure helpers over hands: which attacks, responses and replacements exist.

A *hand* is a sorted tuple of card values. These functions know the shapes
the rules allow and nothing about whose turn it is; :class:`GameState` and the
AI's solver both build on them, so the shapes are defined in one place.
"""

from __future__ import annotations

from collections import Counter
from itertools import product


def remove_cards(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...] | None:
    """``hand`` without ``cards`` (a multiset difference), or None if it lacks one."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def attack_options(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every attack ``hand`` may make: singles, sets and sequences.

    An attack never uses the last card, so from a hand of ``n`` cards it holds
    at most ``n - 1``. A hand of one card has no attack.
    """
    most = len(hand) - 1
    if most < 1:
        return []
    counts = Counter(hand)
    values = sorted(counts)
    options: list[tuple[int, ...]] = [(v,) for v in values]
    for value in values:
        for size in range(2, min(counts[value], most) + 1):
            options.append((value,) * size)
    for start in range(len(values)):
        run = [values[start]]
        for value in values[start + 1:]:
            if value != run[-1] + 1 or len(run) >= most:
                break
            run.append(value)
            if len(run) >= 3:
                options.append(tuple(run))
    return options


def response_options(hand: tuple[int, ...], target: int) -> list[int]:
    """Cards that may answer attack card ``target``: any >= it, or the lowest card."""
    options = sorted({card for card in hand if card >= target})
    if hand and hand[0] < target:
        options.insert(0, hand[0])
    return options


def replacement_options(hand: tuple[int, ...], limit: int | None) -> list[tuple[int, ...]]:
    """Every distinct set of discards of at most ``limit`` cards (None: any)."""
    counts = sorted(Counter(hand).items())
    cap = len(hand) if limit is None else limit
    options = []
    for picks in product(*(range(count + 1) for _, count in counts)):
        if sum(picks) <= cap:
            options.append(tuple(v for (v, _), k in zip(counts, picks, strict=True) for _ in range(k)))
    return options
