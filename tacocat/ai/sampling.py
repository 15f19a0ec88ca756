"""Guessing the hidden cards from what one seat has seen - and nothing more.

Everything here reads only an :class:`~tacocat.rules.Observation`. The cards
the seat has not seen (:meth:`Observation.unseen_cards`: the deck minus its
own hand minus every public card) are split between the opponent's hand and
the draw pile. A *sample* deals them out at random, consistently with the
public inferences: every card left in the opponent's hand is at least their
last sacrifice (``observation.floors``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil, log

from tacocat.rules import Observation

Hand = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sample:
    """One guess at the hidden cards: the opponent's hand and the draw pile (``pile``, top first)."""

    opponent_hand: Hand
    pile: Hand


def tie_value(observation: Observation) -> float:
    """What a tied showdown is worth to the observing seat this round: half,
    unless the ruleset gives the tie to a seat (:meth:`~tacocat.rules.Ruleset.tied_showdown_winner`,
    which the engine's showdown asks too: a variant that changes ties is
    honoured here unchanged).

    Strictly a tie replays the round from the same space, where the player the
    arrow points at wins about 55 % of the decided rounds (``bench/arrow_edge.py``);
    valuing a tie so measured no gain (docs/ai.md, "History"), so it counts half.
    """
    winner = observation.ruleset.tied_showdown_winner(observation.token)
    if winner is not None:
        return 1.0 if winner == observation.seat else 0.0
    return 0.5


class Dealer:
    """Deals samples of one observation, the unseen cards worked out once.

    A sample is uniform over the deals consistent with the observation: the
    opponent's hand is ``opponent_hand_size`` cards among the unseen ones at
    least their floor, the rest of the unseen cards form the draw pile in
    random order. It draws exactly what the frozen level's ``sample_hidden``
    drew from the same random source (``bench/yardstick``; ``random.sample``
    picks positions, so picking positions among the eligible cards and reading
    them off is the same draw), so a decision's samples did not change with
    the speed-up.
    """

    __slots__ = ("_unseen", "_offset", "_eligible", "_size")

    def __init__(self, observation: Observation) -> None:
        unseen = observation.unseen_cards()
        size = observation.opponent_hand_size
        floor = observation.floors[observation.opponent]
        offset = next((i for i, card in enumerate(unseen) if card >= floor), len(unseen))
        if len(unseen) - offset < size:  # cannot happen in a real game; stay total anyway
            offset = 0
        self._unseen = unseen
        self._offset = offset
        self._eligible = range(len(unseen) - offset)
        self._size = size

    def deal(self, rng: random.Random) -> Sample:
        """One sample (see the class's docstring)."""
        return self.shuffled(rng, *self.split(rng))

    def split(self, rng: random.Random) -> tuple[Hand, list[int]]:
        """The opponent's hand of one sample, and the rest of the unseen cards
        not yet shuffled: a sampler that may reject the hand (an opponent
        model) shuffles the pile only for the hands it keeps."""
        unseen, offset = self._unseen, self._offset
        if type(rng) is random.Random:
            chosen = _sample_positions(rng, len(self._eligible), self._size)
        else:  # another generator: its own sample() and shuffle()
            chosen = rng.sample(self._eligible, self._size)
        chosen.sort(reverse=True)
        pile = list(unseen)
        hand = []
        for j in chosen:
            hand.append(pile.pop(offset + j))
        hand.reverse()  # ascending (the unseen cards are sorted)
        return tuple(hand), pile

    @staticmethod
    def shuffled(rng: random.Random, hand: Hand, pile: list[int]) -> Sample:
        """The sample of ``hand`` and ``pile`` (from :meth:`split`), the pile shuffled."""
        if type(rng) is random.Random:
            _shuffle(rng, pile)
        else:
            rng.shuffle(pile)
        return Sample(hand, tuple(pile))


# random.Random's own sample() and shuffle() (CPython 3.11), minus two layers of
# calls per card: the same draws from the same generator state, about twice as
# fast. tests/ai/test_speed_equivalence.py holds them to the library's results.


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    bits = n.bit_length()
    r = getrandbits(bits)
    while r >= n:
        r = getrandbits(bits)
    return r


def _sample_positions(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)``."""
    getrandbits = rng.getrandbits
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result = []
    if n <= setsize:
        pool = list(range(n))
        for i in range(k):
            m = n - i
            bits = m.bit_length()
            j = getrandbits(bits)
            while j >= m:
                j = getrandbits(bits)
            result.append(pool[j])
            pool[j] = pool[m - 1]
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = _below(getrandbits, n)
        while j in selected:
            j = _below(getrandbits, n)
        selected.add(j)
        result.append(j)
    return result


def _shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)``."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        m = i + 1
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
