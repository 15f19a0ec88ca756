"""The bench's other play searches (bench/play_search.py): fusion's bound, fair, sound guesses."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.play_search import Guesser, NoFusionHard, SearchOppHard, grouped_value
from tacocat.ai.deadline import Deadline
from tacocat.ai.hard import HardBot
from tacocat.rules.actions import Attack, Respond

from .helpers import hidden_twin
from .test_fairness import decision_points

SMALL = {
    "time_budget": None,
    "play_samples": 24,
    "duel_samples": 8,
    "replace_samples": 8,
    "screen_samples": 8,
    "finalists": 2,
}


def play_points(seeds=range(4)):
    """Attacks and answers with a choice, from seeded medium-vs-easy games."""
    for seed in seeds:
        for state, seat in decision_points(seed, every=1):
            legal = state.legal_actions(seat)
            if len(legal) > 1 and isinstance(legal[0], (Attack, Respond)):
                yield seed, state, seat, legal


def test_grouped_value_takes_one_choice_per_group_of_deals():
    # Two deals I cannot tell apart: one choice for both (the best on their sum).
    together = [("g", {"a": 1.0, "b": 0.0}), ("g", {"a": 0.0, "b": 0.5})]
    assert grouped_value(together) == pytest.approx(0.5)
    # Told apart: the best choice in each (what the perfect-information average credits).
    apart = [("g1", {"a": 1.0, "b": 0.0}), ("g2", {"a": 0.0, "b": 0.5})]
    assert grouped_value(apart) == pytest.approx(0.75)
    # A deal with no decision left counts its value.
    assert grouped_value([(None, 1.0), ("g", {"a": 0.0, "b": 0.5})]) == pytest.approx(0.75)
    assert grouped_value([]) == 0.5


def test_no_fusion_never_values_an_action_above_the_hard_level():
    hard, nofusion = HardBot(**SMALL), NoFusionHard(**SMALL)
    below = checked = 0
    for seed, state, seat, legal in play_points():
        observation = state.observation(seat)
        mine = hard.analyse(observation, legal, random.Random(seed), Deadline(None))
        theirs = nofusion.analyse(observation, legal, random.Random(seed), Deadline(None))
        assert theirs.samples == mine.samples and theirs.actions == mine.actions
        for fused, unfused in zip(mine.values, theirs.values, strict=True):
            assert 0.0 <= unfused <= fused + 1e-9
            below += unfused < fused - 1e-9
        checked += 1
    assert checked >= 20
    assert below > 0  # fusion does credit the perfect-information average somewhere


@pytest.mark.parametrize("player", [NoFusionHard, SearchOppHard])
def test_the_play_searches_decide_from_the_observation_alone(player):
    bot, rng, checked = player(**SMALL), random.Random(7), 0
    for seed, state, seat, legal in play_points(range(3)):
        twin = hidden_twin(state, seat, rng)
        if twin is None:
            continue
        assert twin.observation(seat) == state.observation(seat)
        here = bot.analyse(state.observation(seat), legal, random.Random(seed), Deadline(None))
        there = bot.analyse(twin.observation(seat), legal, random.Random(seed), Deadline(None))
        assert here.values == there.values
        assert all(0.0 <= v <= 1.0 for v in here.values)
        checked += 1
    assert checked >= 10


def test_the_guessed_hands_are_what_the_opponent_cannot_see():
    for _, state, seat, _ in play_points(range(2)):
        observation = state.observation(seat)
        theirs = state.observation(1 - seat).hand
        guesser = Guesser(observation, 5)
        pool = Counter(observation.unseen_cards()) - Counter(theirs) + Counter(observation.hand)
        for guess in guesser.of(theirs, observation.hand):
            assert len(guess) == len(observation.hand) and list(guess) == sorted(guess)
            assert not Counter(guess) - pool  # only cards the opponent cannot see
            assert min(guess) >= observation.floors[seat]  # nor below my known floor
