"""tacocat.net.codec: what a seat is sent decodes to exactly the rules' own objects."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.net.codec import (
    DecodeError,
    decode_event,
    decode_observation,
    encode_event,
    encode_observation,
)
from tacocat.rules import new_game
from tacocat.rules.variants import ruleset_with


def _wire(value: object) -> object:
    return json.loads(json.dumps(value))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), variant=st.booleans())
def test_observations_and_events_survive_the_wire(seed: int, moves: int, variant: bool) -> None:
    """Every observation of both seats and every event of a random game, through JSON."""
    rules = ruleset_with(["tie_goes_to_arrow"] if variant else [])
    state, events = new_game(seed, rules)
    rng = random.Random(moves)
    while True:
        for event in events:
            assert decode_event(_wire(encode_event(event))) == event
        for seat in (0, 1):
            observation = state.observation(seat)
            assert decode_observation(_wire(encode_observation(observation))) == observation
        if state.is_over:
            break
        state, events = state.apply(rng.choice(list(state.legal_actions(state.to_act[0]))))


def test_a_secret_choice_is_encoded_only_for_its_own_seat() -> None:
    state, _ = new_game(11)
    while not state.secret_choice_open:  # play to the first duel (or centre replacement)
        state, _ = state.apply(state.legal_actions(state.to_act[0])[0])
    chooser = state.to_act[0]
    state, _ = state.apply(state.legal_actions(chooser)[-1])
    mine, theirs = (encode_observation(state.observation(s)) for s in (chooser, 1 - chooser))
    assert mine["own_commit"] is not None and theirs["own_commit"] is None
    assert theirs["opponent_committed"] is True


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"event": "NoSuchEvent"},
        {"event": "GameWon"},
        {"event": "GameWon", "seat": 0, "x": 1},
    ],
)
def test_what_is_not_an_event_is_refused(bad: object) -> None:
    with pytest.raises(DecodeError):
        decode_event(bad)


def test_an_observation_with_a_field_missing_or_a_bad_phase_is_refused() -> None:
    data = encode_observation(new_game(1)[0].observation(0))
    with pytest.raises(DecodeError):
        decode_observation({k: v for k, v in data.items() if k != "hand"})
    with pytest.raises(DecodeError):
        decode_observation({**data, "phase": "napping"})
