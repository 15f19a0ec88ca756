"""Bots decide from the observation alone: hidden cards never change a decision."""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path

import pytest

import tacocat.ai
from tacocat.ai import BOT_KINDS
from tacocat.ai.arena import play_game
from tacocat.rules import DEFAULT_RULESET, Observation, Ruleset, new_game

from .helpers import bot_of, hidden_twin

VARIANT = Ruleset(tie_goes_to_arrow=True, name="arrow ties")


def decision_points(seed: int, ruleset: Ruleset = DEFAULT_RULESET, every: int = 3):
    """States of a medium-vs-easy game where some seat must decide (every few)."""
    players = [bot_of("medium"), bot_of("easy")]
    rngs = [random.Random(seed), random.Random(seed + 1)]
    state, _ = new_game(seed, ruleset)
    count = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if count % every == 0:
            yield state, seat
        count += 1
        state, _ = state.apply(players[seat].choose(state.observation(seat), legal, rngs[seat]))


@pytest.mark.parametrize("ruleset", [DEFAULT_RULESET, VARIANT], ids=["standard", "variant"])
def test_same_observation_same_decision(ruleset):
    rng = random.Random(99)
    checked = {"replace": 0, "duel": 0, "attack": 0, "defend": 0}
    for seed in range(6):
        for state, seat in decision_points(seed, ruleset):
            twin = hidden_twin(state, seat, rng)
            if twin is None:
                continue
            opponent = 1 - seat
            assert (twin.hands[opponent], twin.draw_pile) != (
                state.hands[opponent],
                state.draw_pile,
            )
            observation = state.observation(seat)
            assert twin.observation(seat) == observation
            legal = state.legal_actions(seat)
            assert list(twin.legal_actions(seat)) == list(legal)
            if len(legal) < 2:
                continue
            for kind in BOT_KINDS:
                here = bot_of(kind).choose(observation, legal, random.Random(seed))
                there = bot_of(kind).choose(twin.observation(seat), legal, random.Random(seed))
                assert here == there, (kind, observation)
            checked[observation.phase] += 1
    assert min(checked.values()) >= 3, checked


def test_bots_receive_only_observations():
    seen = []

    class Spy:
        def __init__(self, inner):
            self.inner, self.name = inner, inner.name

        def choose(self, observation, legal, rng):
            seen.append((type(observation), {type(a) for a in legal}, type(rng)))
            return self.inner.choose(observation, legal, rng)

    for kind in BOT_KINDS:
        play_game([Spy(bot_of(kind)), Spy(bot_of("random"))], seed=3)
    assert seen
    assert {t for t, _, _ in seen} == {Observation}
    assert {r for _, _, r in seen} == {random.Random}
    from tacocat.rules import Attack, DuelCard, Replace, Respond

    assert set().union(*(kinds for _, kinds, _ in seen)) <= {Attack, DuelCard, Replace, Respond}


def test_observation_carries_no_hidden_cards():
    """An observation is plain data: no state, no opponent hand inside it."""
    from tacocat.rules import GameState

    state, _ = new_game(5)
    observation = state.observation(0)
    pickled = pickle.dumps(observation)
    assert b"GameState" not in pickled and b"Decks" not in pickled

    def walk(value):
        assert not isinstance(value, GameState)
        if isinstance(value, (tuple, list, frozenset)):
            for item in value:
                walk(item)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(observation)
    assert state.hands[1] not in [getattr(observation, f) for f in observation.__dataclass_fields__]


def test_bot_modules_never_reach_for_the_state():
    """No bot module imports the game state (only the arena, which runs games, may)."""
    package = Path(tacocat.ai.__file__).parent
    for path in package.glob("*.py"):
        if path.name == "arena.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                assert node.module != "tacocat.rules.state", path.name
                assert not names & {"GameState", "new_game", "state"}, (path.name, names)
            elif isinstance(node, ast.Import):
                assert all("pygame" not in a.name for a in node.names), path.name
            elif isinstance(node, ast.Attribute):
                assert node.attr not in {"hands", "draw_pile", "decks", "commits"}, (
                    path.name,
                    node.attr,
                )


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_bots_pickle(kind):
    bot = bot_of(kind)
    play_game([bot, bot_of("random")], seed=1)
    clone = pickle.loads(pickle.dumps(bot))
    state, _ = new_game(8)
    legal = state.legal_actions(0)
    assert clone.choose(state.observation(0), legal, random.Random(1)) == bot.choose(
        state.observation(0), legal, random.Random(1)
    )
    if kind == "hard":
        assert len(pickle.dumps(bot)) < 2000  # the solver's tables stay behind
