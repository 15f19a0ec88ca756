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
def test_an_observation_offers_the_states_legal_actions(
    seed: int, moves: int, variant: bool
) -> None:
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


def _why(refused) -> tuple | None:
    return None if refused is None else (refused.reason, refused.params)


def _tries(state, seat: int, rng: random.Random) -> list:
    """Legal actions of ``seat``, and wrong ones made from them and from its hand."""
    from tacocat.rules.actions import Attack, DuelCard, Replace, Respond

    hand = state.hands[seat]
    tries = list(state.legal_actions(seat))
    tries += [DuelCard(seat, card) for card in rng.sample(range(1, 40), 3)]
    tries += [Respond(seat, card) for card in hand] + [Replace(seat, tuple(hand))]
    tries += [Attack(seat, tuple(hand[i : i + n])) for i in range(len(hand)) for n in (1, 2, 3)]
    return tries


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_an_observation_refuses_as_the_state_does(seed: int, moves: int) -> None:
    """A refused click online is worded from the same reason code as in a local game."""
    state, _ = new_game(seed)
    rng = random.Random(moves)
    while not state.is_over:
        for seat in (0, 1):
            seen = state.observation(seat)
            for action in _tries(state, seat, rng):
                assert _why(seen.refusal(action)) == _why(state.refusal(action)), action
        state, _ = state.apply(rng.choice(list(state.legal_actions(state.to_act[0]))))
