"""The opponent model (issue #20 experiment) reads only the seat's observation."""

from __future__ import annotations

import random

from tacocat.ai.hard import HardBot
from tacocat.ai.model import ReplaceClue, likelihood, replace_clue

from .helpers import hidden_twin
from .test_fairness import decision_points


def test_a_hand_a_sound_player_would_have_kept_is_more_believable():
    clue = ReplaceClue(discarded=(5, 7, 8), limit=None, played_since=())
    # Kept only a low card and high cards: exactly what a sound player throws 5, 7, 8 from.
    assert likelihood(clue, (1, 10, 11, 12, 2, 9, 12)[:7]) == 1.0
    # Every split keeps a middle card (6, 6) that a sound player would have thrown too.
    assert likelihood(clue, (4, 5, 6, 6, 7, 8, 8)) == 0.25
    # The cards played since the replacement were in the hand then.
    played = ReplaceClue(discarded=(5, 7, 8), limit=None, played_since=(6,))
    assert likelihood(played, (1, 10, 11, 12, 9, 12)) < 1.0


def test_the_model_is_the_same_for_hands_the_seat_cannot_tell_apart():
    rng = random.Random(4)
    bot = HardBot(time_budget=None, play_samples=6, duel_samples=4, replace_samples=4,
                  screen_samples=4, finalists=2, model=True)
    checked = clues = 0
    for seed in range(4):
        for state, seat in decision_points(seed):
            twin = hidden_twin(state, seat, rng)
            legal = state.legal_actions(seat)
            if twin is None or len(legal) < 2:
                continue
            mine, theirs = state.observation(seat), twin.observation(seat)
            assert replace_clue(mine) == replace_clue(theirs)
            clues += replace_clue(mine) is not None
            here = bot.analyse(mine, legal, random.Random(seed))
            there = bot.analyse(theirs, legal, random.Random(seed))
            assert (here.actions, here.values) == (there.actions, there.values)
            checked += 1
    assert checked >= 10 and clues >= 3
