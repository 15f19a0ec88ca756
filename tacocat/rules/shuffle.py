"""Seeded, portable shuffling: the deck order of every deal.

The order of deal ``k`` under seed ``s`` is fully specified here (and in
docs/game-record.md) so that it never depends on Python's :mod:`random`:

1. ``state = (s + (k + 1) * 0xD1B54A32D192ED03) mod 2**64``.
2. ``next()`` is SplitMix64: ``state += 0x9E3779B97F4A7C15``; ``z = state``;
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) *
   0x94D049BB133111EB``; return ``z ^ (z >> 31)`` (all mod 2**64).
3. Fisher-Yates on the sorted deck: for ``i`` from ``n - 1`` down to 1, swap
   positions ``i`` and ``j = (next() * (i + 1)) >> 64``.

Game records store every deal's order anyway, so a replay needs none of this;
it lets a seed alone reproduce a game in any implementation.
"""

from __future__ import annotations

from collections.abc import Sequence

from tacocat.rules.moves import remove_cards

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_DEAL_STRIDE = 0xD1B54A32D192ED03


def seeded_order(deck: Sequence[int], seed: int, deal_index: int) -> tuple[int, ...]:
    """The shuffled order of ``deck`` for deal ``deal_index`` under ``seed``."""
    state = (seed + (deal_index + 1) * _DEAL_STRIDE) & _MASK
    cards = list(deck)
    for i in range(len(cards) - 1, 0, -1):
        state = (state + _GAMMA) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        j = (z * (i + 1)) >> 64
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


class Decks:
    """The source of deck orders for one game: recorded orders, then the seed.

    Deal ``k`` uses ``recorded[k]`` when the record has it (a resumed or
    replayed game) and :func:`seeded_order` otherwise. Orders are cached; the
    object is otherwise immutable and may be shared between states.
    """

    __slots__ = ("seed", "deck", "_cache")

    def __init__(self, deck: Sequence[int], seed: int, recorded: Sequence[Sequence[int]] = ()):
        self.seed = seed
        self.deck = tuple(deck)
        self._cache: dict[int, tuple[int, ...]] = {i: tuple(o) for i, o in enumerate(recorded)}

    def order(self, deal_index: int) -> tuple[int, ...]:
        """The card order of deal ``deal_index`` (top of the deck first)."""
        order = self._cache.get(deal_index)
        if order is None:
            order = self._cache[deal_index] = seeded_order(self.deck, self.seed, deal_index)
        return order


def stacked_order(
    deck: Sequence[int], first: Sequence[int], second: Sequence[int], draw_top: Sequence[int] = ()
) -> tuple[int, ...]:
    """A deck order that deals ``first`` and ``second`` with ``draw_top`` on the pile.

    For tests, tutorials and puzzles: pass it to ``new_game(recorded_deals=...)``.
    The rest of the deck follows in ascending order.

    Raises:
        ValueError: the chosen cards are not all in ``deck``.
    """
    chosen = tuple(first) + tuple(second) + tuple(draw_top)
    rest = remove_cards(tuple(deck), chosen)
    if rest is None:
        raise ValueError(f"the deck does not hold all of {sorted(chosen)}")
    return chosen + rest
