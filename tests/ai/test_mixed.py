"""The hard level's mixed duel: near-best cards drawn, deterministically per observation."""

from __future__ import annotations

import random
from collections import Counter

from tacocat.ai.hard import HardBot
from tacocat.ai.mixed import MARGIN, mix_weights, mixed_choice
from tacocat.rules import DuelCard, Observation

from .test_fairness import decision_points


def test_only_near_best_cards_are_ever_played():
    weights = mix_weights([0.50, 0.49, 0.40, 0.51])
    assert weights[2] == 0.0  # 0.11 worse: never
    assert all(w > 0 for i, w in enumerate(weights) if i != 2)
    assert abs(sum(weights) - 1.0) < 1e-12
    assert weights[3] > weights[0] > weights[1]  # the better, the likelier
    assert mix_weights([0.6, 0.6 - MARGIN - 1e-6]) == [1.0, 0.0]


def duel_observations(count: int) -> list[tuple[Observation, list]]:
    found = []
    for seed in range(40):
        for state, seat in decision_points(seed, every=1):
            legal = state.legal_actions(seat)
            if isinstance(legal[0], DuelCard) and len(legal) >= 3:
                found.append((state.observation(seat), legal))
                break
        if len(found) >= count:
            break
    return found


def test_the_same_observation_always_gives_the_same_card():
    observation, legal = duel_observations(1)[0]
    values = [0.5] * len(legal)
    picks = {mixed_choice(observation, legal, values) for _ in range(5)}
    assert len(picks) == 1
    bot = HardBot(time_budget=None, duel_samples=8)
    first = bot.choose(observation, legal, random.Random(1))
    assert all(bot.choose(observation, legal, random.Random(1)) == first for _ in range(3))


def test_equal_cards_are_mixed_across_positions():
    # Over many positions whose cards are all worth the same, every rank of card is played.
    ranks: Counter[int] = Counter()
    for observation, legal in duel_observations(30):
        pick = mixed_choice(observation, legal, [0.5] * len(legal))
        ranks[min(legal.index(pick), 2)] += 1
    assert len(ranks) == 3, ranks


def test_the_hard_level_does_not_always_duel_its_best_valued_card():
    bot = HardBot(time_budget=None, duel_samples=8)
    differ = 0
    for observation, legal in duel_observations(30):
        analysis = bot.analyse(observation, legal, random.Random(3))
        mixed = bot.choose(observation, legal, random.Random(3))
        top = max(analysis.values)
        assert analysis.value_of(mixed) >= top - MARGIN  # never a clearly worse card
        differ += mixed != analysis.best
    assert differ >= 1
