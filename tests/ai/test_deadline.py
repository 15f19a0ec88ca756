"""The think time is a real deadline: checked inside long solves, answered in time.

No wall-clock assertions: each test drives an injected clock.
"""

from __future__ import annotations

import random

import pytest

from tacocat.ai.deadline import Deadline, DeadlineExpired
from tacocat.ai.hard import HardBot
from tacocat.ai.solver import Solver
from tacocat.rules import new_game


class StepClock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


def test_deadline_expires_on_its_clock():
    clock = StepClock()
    deadline = Deadline(2.5, clock)  # set at t=1, expires at t=3.5
    assert not deadline.expired()  # t=2
    assert not deadline.expired()  # t=3
    with pytest.raises(DeadlineExpired):
        deadline.check()  # t=4
    assert deadline.checks == 3
    assert not Deadline(None).expired() and Deadline.never().remaining() is None


def test_solver_checks_the_deadline_inside_one_solve():
    # Seven cards each: well over CHECK_EVERY positions (about 1,600) to solve.
    mine, theirs = (2, 3, 5, 6, 8, 9, 11), (1, 4, 5, 7, 8, 10, 12)
    solver = Solver()
    clock = StepClock()
    solver.deadline = Deadline(0.5, clock)  # expired at the first look
    with pytest.raises(DeadlineExpired):
        solver.attack_value(mine, theirs)
    assert solver.deadline.checks == 1 and solver.nodes == Deadline.CHECK_EVERY
    # The interrupted search stored only finished answers: the tables stay sound.
    solver.deadline = None
    assert solver.attack_value(mine, theirs) == Solver().attack_value(mine, theirs)


@pytest.mark.parametrize("seed", [3, 21])
def test_hard_answers_legally_when_time_runs_out_mid_solve(seed):
    """A deadline that expires during the first exact solve: the bot still answers legally."""
    state, _ = new_game(seed)
    for _ in range(2):  # through the replacement to the duel
        seat = state.to_act[0]
        state, _ = state.apply(state.legal_actions(seat)[0])
    seat = state.to_act[0]
    observation, legal = state.observation(seat), state.legal_actions(seat)
    clock = StepClock()
    hard = HardBot(time_budget=1.5, duel_samples=10**6, clock=clock)
    analysis = hard.analyse(observation, legal, random.Random(1))
    assert analysis.best in legal
    assert hard.last_deadline is not None and hard.last_deadline.checks >= 1
    assert analysis.samples <= 1
    assert hard.solver.deadline is None  # the deadline does not outlive the decision


def test_no_deadline_is_deterministic():
    state, _ = new_game(9)
    observation, legal = state.observation(0), state.legal_actions(0)

    def decide() -> object:
        bot = HardBot(time_budget=None, replace_samples=4, screen_samples=4, finalists=3)
        return bot.analyse(observation, legal, random.Random(5))

    first = decide()
    assert decide() == first
