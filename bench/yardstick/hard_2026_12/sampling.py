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
from dataclasses import dataclass

from tacocat.rules import Observation
from tacocat.rules.moves import remove_cards

Hand = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sample:
    """One guess at the hidden cards: the opponent's hand and the draw pile (``pile``, top first)."""

    opponent_hand: Hand
    pile: Hand


def tie_value(observation: Observation) -> float:
    """What a tied showdown is worth to the observing seat this round.

    A tie replays the round (worth 0.5: between equal players a replay is a
    coin flip); under the ``tie_goes_to_arrow`` variant, on a one-arrow space
    the tie goes to the seat the arrow points at.
    """
    board = observation.ruleset.board
    if not observation.ruleset.tie_goes_to_arrow or not 0 <= observation.token < board.size:
        return 0.5
    space = board.spaces[observation.token]
    if space.is_two_arrow:
        return 0.5
    return 1.0 if observation.seat in space.arrows else 0.0


def possible_opponent_cards(observation: Observation) -> Hand:
    """The unseen cards the opponent may hold (at least their public floor)."""
    floor = observation.floors[observation.opponent]
    return tuple(card for card in observation.unseen_cards() if card >= floor)


def sample_hidden(observation: Observation, rng: random.Random) -> Sample:
    """Deal the unseen cards at random: the opponent's hand, then the pile.

    Uniform over the deals consistent with the observation: the opponent's
    hand is ``opponent_hand_size`` cards among those at least their floor;
    the rest of the unseen cards form the draw pile in random order.
    """
    unseen = observation.unseen_cards()
    size = observation.opponent_hand_size
    eligible = possible_opponent_cards(observation)
    if len(eligible) < size:  # cannot happen in a real game; stay total anyway
        eligible = unseen
    hand = tuple(sorted(rng.sample(eligible, size)))
    rest = remove_cards(unseen, hand)
    assert rest is not None  # the hand was drawn from the unseen cards
    pile = list(rest)
    rng.shuffle(pile)
    return Sample(hand, tuple(pile))


def samples(observation: Observation, rng: random.Random, count: int) -> list[Sample]:
    """``count`` independent samples (drawn in order from ``rng``)."""
    return [sample_hidden(observation, rng) for _ in range(count)]
