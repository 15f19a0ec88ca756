"""A replacement about to be marked is confirmed on fresh samples before the review marks it."""

from __future__ import annotations

import random

from tacocat.ai.hard import Analysis
from tacocat.ai.rating import Rating, confirmed, confirming
from tacocat.ai.review import rate
from tacocat.rules import DuelCard, Replace

from .helpers import small_hard
from .test_levels import one_space_game

KEEP, SWAP, BOTH = Replace(0, ()), Replace(0, (9,)), Replace(0, (5, 9))


class Canned:
    """A stand-in for the analysis bot: values every action asked about from fixed
    per-sample rows - ``gains[action]`` over the move played's 0.4, give or take
    ``spread`` (half the gain by default) sample by sample - and notes its calls."""

    def __init__(self, gains: dict, spread: float | None = None, samples: int = 40) -> None:
        self.gains, self.spread, self.samples, self.calls = gains, spread, samples, []

    def value(self, action, sample: int) -> float:
        gain = self.gains.get(action, 0.0)
        spread = gain / 2 if self.spread is None else self.spread
        return 0.4 + gain + (-1) ** sample * spread if gain else 0.4

    def analyse(self, observation, legal, rng, deadline=None, must=()):
        self.calls.append((tuple(must), rng.getstate()))
        actions = tuple(dict.fromkeys((*must, *self.gains)))
        rows = tuple(tuple(self.value(a, s) for a in actions) for s in range(self.samples))
        values = tuple(sum(row[i] for row in rows) / len(rows) for i in range(len(actions)))
        return Analysis(actions, values, len(rows), actions[0], rows)


def replacement():
    state = one_space_game((12, 9, 5), (8, 3, 10))
    return state.observation(0), state.legal_actions(0)


def test_a_replacement_the_fresh_samples_find_cheap_is_not_marked():
    observation, legal = replacement()
    first = Canned({KEEP: 0.0, SWAP: 0.20})  # 20 points by the first samples: a mistake
    assert rate(observation, legal, KEEP, 0, first).mark == "mistake"
    cheap = Canned({KEEP: 0.0, SWAP: 0.02})  # 2 points on fresh samples
    moment = rate(observation, legal, KEEP, 0, first, exact=cheap)
    assert moment.mark is None and moment.cost == 2.0 and moment.best == SWAP
    # Both moves valued again, on other deals than the first analysis's.
    ((must, state),) = cheap.calls
    assert set(must) == {KEEP, SWAP} and state != first.calls[-1][1]


def test_a_replacement_the_fresh_samples_confirm_stays_marked_with_their_cost():
    observation, legal = replacement()
    first = Canned({KEEP: 0.0, SWAP: 0.20})
    moment = rate(observation, legal, KEEP, 0, first, exact=Canned({KEEP: 0.0, SWAP: 0.30}))
    assert moment.mark == "blunder" and moment.cost == 30.0 and moment.best == SWAP


def test_a_replacement_the_first_samples_underrate_is_marked_by_the_fresh_ones():
    observation, legal = replacement()
    first = Canned({KEEP: 0.0, SWAP: 0.08}, spread=0.10)  # 8 points, give or take 1.6
    assert rate(observation, legal, KEEP, 0, first).mark is None
    moment = rate(observation, legal, KEEP, 0, first, exact=Canned({KEEP: 0.0, SWAP: 0.15}))
    assert moment.mark == "mistake" and moment.cost == 15.0


def test_a_better_move_the_fresh_samples_find_worse_is_not_shown():
    observation, legal = replacement()
    moment = rate(
        observation,
        legal,
        KEEP,
        0,
        Canned({KEEP: 0.0, SWAP: 0.20}),
        exact=Canned({KEEP: 0.0, SWAP: -0.05}),
    )
    assert moment.best == KEEP and moment.cost == 0.0 and moment.mark is None


def test_only_replacements_that_may_be_mistakes_are_confirmed():
    observation, legal = replacement()
    exact = Canned({KEEP: 0.0, SWAP: 0.20})
    assert (
        rate(observation, legal, KEEP, 0, Canned({KEEP: 0.0, SWAP: 0.03}), exact=exact).mark is None
    )
    assert exact.calls == []  # 3 points, give or take 0.2: surely no mistake, nothing to confirm
    state = one_space_game((12, 9, 5), (8, 3, 10))
    for action in (Replace(0, ()), Replace(1, ())):
        state, _ = state.apply(action)
    low, high = DuelCard(0, 5), DuelCard(0, 12)
    duel = rate(
        state.observation(0),
        state.legal_actions(0),
        low,
        2,
        Canned({low: 0.0, high: 0.20}),
        exact=exact,
    )
    assert duel.mark == "mistake" and exact.calls == []  # a duel is not a replacement


def test_confirmed_keeps_the_first_rating_without_fresh_samples():
    rating = Rating(SWAP, 0.4, 0.6, 0.03)
    empty = Analysis((KEEP, SWAP), (0.5, 0.5), 0, KEEP, ())
    assert confirmed(rating, empty, KEEP) == rating


def test_the_confirming_bot_values_only_the_moves_named():
    observation, legal = replacement()
    exact = confirming(small_hard(4), 2)
    assert (exact.screen_samples, exact.finalists, exact.replace_samples) == (0, 0, 4)
    found = exact.analyse(observation, legal, random.Random(1), must=(BOTH,))
    assert len(legal) > 2 and set(found.actions) == {BOTH, found.preferred}  # and the heuristic's
    assert len(found.rows) == 4
