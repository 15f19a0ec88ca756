"""The faster AI (issue #20) decides exactly as the frozen one did, under fixed seeds and samples.

The old side is the frozen copy in ``bench/yardstick/hard_2026_12`` (the hard
level before the speed-up). These are equivalence tests, not timing tests:
the same observation, seed and sample counts must give the same samples, the
same values and so the same decisions (``bench/ai_speed.py`` measures speed).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from bench.yardstick.hard_2026_12 import hard as old_hard
from bench.yardstick.hard_2026_12 import playout as old_playout
from bench.yardstick.hard_2026_12 import sampling as old_sampling
from bench.yardstick.hard_2026_12 import solver as old_solver
from tacocat.ai import hard, playout, sampling, solver
from tacocat.ai.arena import play_game
from tacocat.ai.heuristic import HeuristicBot
from tacocat.rules import Action, Observation

Position = tuple[Observation, tuple[Action, ...]]
DECK = [v for v in range(1, 13) for _ in range(3)] + [7, 7]


@lru_cache(maxsize=1)
def positions() -> dict[str, list[Position]]:
    """Every real choice of a few heuristic games, by phase."""
    found: dict[str, list[Position]] = {}

    def record(seat, observation, legal, action) -> None:
        if len(legal) > 1:
            found.setdefault(observation.phase, []).append((observation, tuple(legal)))

    for seed in (11, 12, 13):
        play_game([HeuristicBot(), HeuristicBot()], seed, on_decision=record)
    return found


def test_the_library_draws_are_reproduced_exactly():
    for seed in range(2000):
        n = seed % 40 + 1
        k = seed % (n + 1)
        lib, ours = random.Random(seed), random.Random(seed)
        assert sampling._sample_positions(ours, n, k) == lib.sample(range(n), k)
        items = list(range(seed % 30))
        copy = list(items)
        lib.shuffle(items)
        sampling._shuffle(ours, copy)
        assert copy == items
        assert ours.random() == lib.random()  # the generators end in the same state


def test_samples_are_the_old_samples():
    for phase, found in positions().items():
        for index, (observation, _) in enumerate(found):
            dealer, rng = sampling.Dealer(observation), random.Random(index)
            new = [dealer.deal(rng) for _ in range(20)]
            old = old_sampling.samples(observation, random.Random(index), 20)
            assert [(s.opponent_hand, s.pile) for s in new] == [
                (s.opponent_hand, s.pile) for s in old
            ], phase


def test_the_solver_gives_the_old_values():
    rng = random.Random(7)
    new, old = solver.Solver(), old_solver.Solver()
    for _ in range(300):
        rng.shuffle(DECK)
        size = rng.randint(2, 6)
        mine, theirs = (
            tuple(sorted(DECK[:size])),
            tuple(sorted(DECK[size : 2 * size])),
        )
        tie = rng.choice([0.0, 0.5, 1.0])
        assert new.attack_value(mine, theirs, tie) == old.attack_value(mine, theirs, tie)
        assert new.duel_value(mine, theirs, tie) == old.duel_value(mine, theirs, tie)
        cards = tuple(sorted(rng.sample(mine[1:], min(2, size - 1))))
        if len(set(cards)) == 1 or len(cards) == 1:
            assert new.attack_move_value(mine, theirs, cards[:1], tie) == old.attack_move_value(
                mine, theirs, cards[:1], tie
            )


def test_playouts_give_the_old_results():
    rng = random.Random(3)
    for _ in range(500):
        rng.shuffle(DECK)
        size = rng.randint(1, 7)
        mine, theirs = tuple(sorted(DECK[:size])), tuple(sorted(DECK[size : 2 * size]))
        assert playout.playout_value(mine, theirs, 0.5) == old_playout.playout_value(
            mine, theirs, 0.5
        )


@pytest.mark.parametrize("phase", ["replace", "duel", "attack", "defend"])
def test_the_hard_level_values_every_action_as_before(phase):
    """Same observation, seed and sample counts: the same values, so the same decision."""
    counts = dict(
        time_budget=None,
        play_samples=12,
        duel_samples=6,
        replace_samples=6,
        screen_samples=4,
        finalists=3,
    )
    # The frozen copy has no opponent model: compare the search alone.
    new_bot, old_bot = hard.HardBot(model=False, **counts), old_hard.HardBot(**counts)
    for index, (observation, legal) in enumerate(positions()[phase][:12]):
        new = new_bot.analyse(observation, legal, random.Random(index))
        old = old_bot.analyse(observation, legal, random.Random(index))
        assert (new.actions, new.values, new.samples) == (old.actions, old.values, old.samples)
        assert new.best == old.best


def test_the_attack_lists_are_the_rules_attacks():
    from tacocat.ai.search import _attack_list, _removals
    from tacocat.rules.moves import attack_options

    rng = random.Random(8)
    for _ in range(500):
        rng.shuffle(DECK)
        hand = tuple(sorted(DECK[: rng.randint(1, 7)]))
        attacks = _attack_list(hand, _removals(hand))
        assert sorted(cards for cards, _ in attacks) == sorted(attack_options(hand))
        for cards, rest in attacks:
            assert tuple(sorted(rest + cards)) == hand
        sizes = [len(cards) for cards, _ in attacks]  # long attacks first, then singles high to low
        assert sizes == sorted(sizes, reverse=True)
        singles = [cards[0] for cards, _ in attacks if len(cards) == 1]
        assert singles == sorted(singles, reverse=True)


def test_the_answer_lists_are_the_rules_answers():
    from tacocat.ai.search import _removals, _response_list
    from tacocat.rules.moves import response_options

    rng = random.Random(9)
    for _ in range(500):
        rng.shuffle(DECK)
        hand = tuple(sorted(DECK[: rng.randint(1, 7)]))
        target = rng.randint(1, 12)
        answers = _response_list(_removals(hand), target)
        assert sorted(card for card, _ in answers) == sorted(response_options(hand, target))
        beats = [card for card, _ in answers if card >= target]  # beating answers first, ascending
        assert [card for card, _ in answers[: len(beats)]] == sorted(set(beats))
        for card, left in answers:
            assert tuple(sorted(left + (card,))) == hand
