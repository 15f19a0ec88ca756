"""Every level plays only legal actions, deterministically under a seed."""

from __future__ import annotations

import random

import pytest

from tacocat.ai import BOT_KINDS, make_bot
from tacocat.ai.arena import play_game
from tacocat.ai.easy import EasyBot
from tacocat.ai.hard import HardBot
from tacocat.ai.medium import MediumBot
from tacocat.rules import (
    DEFAULT_RULESET,
    Attack,
    DuelCard,
    Replace,
    Respond,
    Ruleset,
    catch_up_board,
    new_game,
)

from .helpers import bot_of, small_hard

SMALL_BOARD = Ruleset(board=catch_up_board((3, 4, 5, 4, 3)), tie_goes_to_arrow=True, name="small")


def test_make_bot_builds_every_kind():
    assert BOT_KINDS == ("random", "easy", "medium", "hard", "heuristic")
    for kind in BOT_KINDS:
        assert make_bot(kind).name == kind
    assert isinstance(make_bot("hard", time_budget=0.1), HardBot)
    assert make_bot("hard", time_budget=0.1).time_budget == 0.1
    with pytest.raises(ValueError, match="unknown player kind"):
        make_bot("grandmaster")


@pytest.mark.parametrize("kind", ["random", "easy", "medium", "heuristic"])
@pytest.mark.parametrize("ruleset", [DEFAULT_RULESET, SMALL_BOARD], ids=["standard", "small"])
def test_cheap_levels_play_only_legal_actions(kind, ruleset):
    """play_game raises IllegalChoice on any action outside the legal list."""
    opponents = ["random", "easy", "heuristic"]
    games = 60 if kind == "medium" else 400  # medium searches: fewer games
    for seed in range(games):
        other = opponents[seed % 3]
        bots = [bot_of(kind), bot_of(other)] if seed % 2 else [bot_of(other), bot_of(kind)]
        result = play_game(bots, seed, ruleset=ruleset)
        assert result.winner in (0, 1)


@pytest.mark.parametrize("ruleset", [DEFAULT_RULESET, SMALL_BOARD], ids=["standard", "small"])
def test_hard_plays_only_legal_actions(ruleset):
    hard = small_hard(samples=3)
    for seed in range(10):
        other = make_bot(["random", "easy", "heuristic"][seed % 3])
        bots = [hard, other] if seed % 2 else [other, hard]
        assert play_game(bots, seed, ruleset=ruleset).winner in (0, 1)


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_same_seed_same_game(kind):
    def game():
        bots = [bot_of(kind), bot_of("medium")]
        return play_game(bots, 11, rngs=[random.Random(1), random.Random(2)]).final_state.actions

    first = game()
    assert game() == first


def test_different_random_sources_change_the_random_levels():
    def actions(rng_seed):
        bots = [EasyBot(), MediumBot(time_budget=None)]
        return play_game(
            bots, 11, rngs=[random.Random(rng_seed), random.Random(0)]
        ).final_state.actions

    assert len({actions(s) for s in range(5)}) > 1


def test_hard_time_budget_is_a_real_deadline():
    """A budget cut short by an injected clock: a legal answer, and the clock was read."""
    state, _ = new_game(21)
    observation, legal = state.observation(0), state.legal_actions(0)
    ticks = iter(range(10**9))
    hard = HardBot(
        time_budget=3.0,
        replace_samples=10**6,
        screen_samples=10**6,
        clock=lambda: float(next(ticks)),
    )
    analysis = hard.analyse(observation, legal, random.Random(3))
    assert analysis.best in legal
    assert hard.last_deadline is not None and hard.last_deadline.checks > 0
    uncapped = small_hard(4)
    assert uncapped.analyse(observation, legal, random.Random(3)).samples == 2


def one_space_game(first: tuple[int, ...], second: tuple[int, ...]):
    """A one-space game on the standard deck dealing ``first`` and ``second`` (in deal order)."""
    from collections import Counter

    size = len(first)
    rest = list((Counter(DEFAULT_RULESET.deck) - Counter(first + second)).elements())
    ruleset = Ruleset(board=catch_up_board((size,)), name="one space")
    state, _ = new_game(0, ruleset, recorded_deals=(first + second + tuple(rest),))
    return state


def test_hard_defends_and_keeps_its_lowest_card():
    state = one_space_game((12, 9, 5, 6), (8, 1, 10, 11))
    for action in (
        Replace(0, ()),
        Replace(1, ()),
        DuelCard(0, 12),
        DuelCard(1, 8),
        Attack(0, (9,)),
    ):
        state, _ = state.apply(action)
    observation, legal = state.observation(1), state.legal_actions(1)
    assert [a.card for a in legal] == [1, 10, 11]
    analysis = small_hard(8).analyse(observation, legal, random.Random(0))
    sacrifice, defend_10, defend_11 = analysis.values
    assert analysis.best in (Respond(1, 10), Respond(1, 11))
    assert sacrifice < min(defend_10, defend_11)
    assert min(defend_10, defend_11) > 0.8


def test_hard_duels_with_the_card_it_cannot_win_with():
    state = one_space_game((1, 12), (6, 7))
    for action in (Replace(0, ()), Replace(1, ())):
        state, _ = state.apply(action)
    observation, legal = state.observation(0), state.legal_actions(0)
    assert small_hard(8).choose(observation, legal, random.Random(0)) == DuelCard(0, 12)


def test_hard_replaces_a_hand_of_high_cards():
    state = one_space_game((9, 10, 11, 12, 12), (1, 2, 3, 4, 5))
    observation, legal = state.observation(0), state.legal_actions(0)
    choice = small_hard(8).choose(observation, legal, random.Random(0))
    assert len(choice.cards) >= 2 and 12 in observation.hand
