"""One answer for where a card rests (tacocat/ui/table/resting.py): a game played event by
event through the animator leaves every card in a hand, on the duel mat or in the trick at
the very place and scale a laid-out game (Continue, the replay's jumps) puts it."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tacocat.rules import events as ev
from tacocat.rules import new_game
from tacocat.ui.results.score import book_from_state
from tacocat.ui.table import resting, resume
from tacocat.ui.table.animator import Animator
from tacocat.ui.table.view import TableView

BOTH = (0, 1)


def _new_view(state, seen: frozenset[int]) -> TableView:
    bottom = min(seen)
    return TableView(state.ruleset.board, ("Ana", "Ben"), bottom, seen, len(state.ruleset.deck))


def _cards(view: TableView) -> dict[str, list[tuple[int | None, tuple[float, float], float]]]:
    """Each list of cards at rest: its cards' values as shown, centres and scales."""
    lists = {f"hand {seat}": view.hands[seat] for seat in BOTH}
    lists |= {f"duel {seat}": [s for s in (view.duel[seat],) if s] for seat in BOTH}
    lists |= {"attack": view.attack, "answers": view.responses}
    return {
        name: [(s.value if view.shows_face(s) else None, s.pos, s.scale) for s in cards]
        for name, cards in lists.items()
    }


def _playing(view: TableView, seen: frozenset[int]) -> Animator:
    return Animator(
        view,
        speed=lambda: math.inf,
        sound=lambda name: None,
        narrate=lambda event: None,
        reduced_motion=lambda: True,
        visible_seats=seen,
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seen=st.sampled_from([{0}, {1}, {0, 1}]))
def test_the_animation_leaves_every_card_where_a_laid_out_game_puts_it(seed, seen):
    seen = frozenset(seen)
    rng = random.Random(seed)
    state, events = new_game(seed)
    animated = _new_view(state, seen)
    animator = _playing(animated, seen)
    checked = 0
    while not state.is_over and checked < 150:
        animator.feed(e for e in events if e.audience is None or e.audience in seen)
        animator.update(0.0)
        assert animator.idle
        laid_out = _new_view(state, seen)
        resume.lay_out(
            laid_out, {seat: state.observation(seat) for seat in seen}, book_from_state(state)
        )
        assert _cards(animated) == _cards(laid_out), f"after {checked} actions"
        assert all(s.z == 0 for s in animated.all_sprites())
        seat = rng.choice(state.to_act)
        state, events = state.apply(rng.choice(list(state.legal_actions(seat))))
        checked += 1
    assert checked > 10


def test_settle_puts_every_card_at_its_place_after_the_seats_swap():
    """The hot-seat hand-over turns the table round: each hand, the duel mat and the
    trick are laid out again for the new bottom seat."""
    state, events = new_game(4)
    view = _new_view(state, frozenset(BOTH))
    animator = _playing(view, frozenset(BOTH))
    rng = random.Random(4)
    while not any(isinstance(e, ev.Attacked) for e in events):
        animator.feed(events)
        animator.update(0.0)
        state, events = state.apply(rng.choice(list(state.legal_actions(state.to_act[0]))))
    animator.feed(events)
    animator.update(0.0)
    before = dict((id(sprite), place) for sprite, place in resting.resting_places(view))
    view.set_viewer(BOTH, bottom_seat=1 - view.bottom_seat)
    resting.settle(view)
    after = list(resting.resting_places(view))
    assert view.attack and all(sprite.pos == place.pos for sprite, place in after)
    moved = [sprite for sprite, place in after if before[id(sprite)] != place]
    assert set(map(id, view.hands[0] + view.hands[1])) <= set(map(id, moved))
