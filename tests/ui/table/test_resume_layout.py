"""Laying out a game without animation (tacocat/ui/table/resume.py) reads only the
observations of the seats the screen may know: the other hand is face down, as many
cards as that seat holds, its values nowhere on the view."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.rules import new_game
from tacocat.ui.results.score import book_from_state
from tacocat.ui.table import resume
from tacocat.ui.table.view import TableView


def _somewhere(seed: int, steps: int):
    rng = random.Random(seed)
    state, _ = new_game(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state, _ = state.apply(rng.choice(list(state.legal_actions(seat))))
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), viewer=st.sampled_from([0, 1]))
def test_the_other_hand_is_laid_out_face_down_from_the_viewers_observation(seed, steps, viewer):
    state = _somewhere(seed, steps)
    seen = state.observation(viewer)
    view = TableView(
        state.ruleset.board, ("Ana", "Ben"), viewer, frozenset({viewer}), len(state.ruleset.deck)
    )
    resume.lay_out(view, {viewer: seen}, book_from_state(state))
    other = 1 - viewer
    hidden = view.hands[other] + ([view.duel[other]] if view.duel[other] else [])
    assert len(hidden) == seen.opponent_hand_size
    assert all(sprite.value is None and not sprite.face_up for sprite in view.hands[other])
    shown = [s.value for s in view.hands[viewer]] + (
        [view.duel[viewer].value] if view.duel[viewer] else []
    )
    assert sorted(shown) == sorted(seen.hand)
    assert view.draw_count == seen.draw_pile_size and view.track.covered == seen.covered
