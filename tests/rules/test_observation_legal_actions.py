"""Observation.legal_actions: a seat that holds only its observation (an online client)
knows exactly the moves the rules accept from it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.rules import new_game
from tacocat.rules.variants import ruleset_with


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), variant=st.booleans())
def test_an_observation_offers_the_states_legal_actions(seed: int, moves: int, variant: bool) -> None:
    state, _ = new_game(seed, ruleset_with(["tie_goes_to_arrow"] if variant else []))
    rng = random.Random(moves)
    while True:
        for seat in (0, 1):
            offered = list(state.observation(seat).legal_actions())
            assert offered == list(state.legal_actions(seat))
            assert all(state.is_legal(action) for action in offered)
        if state.is_over:
            return
        state, _ = state.apply(rng.choice(list(state.legal_actions(state.to_act[0]))))
