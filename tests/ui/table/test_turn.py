"""The turn the table shows (tacocat/ui/table/turn.py) is built from the acting seat's own
observation: what the seat may know, and nothing of the other hand."""

from __future__ import annotations

import random

import pytest

from tacocat.rules import Phase, new_game
from tacocat.rules.moves import response_options
from tacocat.ui.table.turn import turn_of


def _first(phase: Phase, seed: int = 4):
    """The first state of a random game in ``phase``."""
    rng = random.Random(seed)
    state, _ = new_game(seed)
    while state.phase is not phase:
        seat = state.to_act[0]
        state, _ = state.apply(rng.choice(list(state.legal_actions(seat))))
    return state


def test_a_defence_turn_reads_the_defenders_own_hand():
    state = _first(Phase.DEFEND)
    seat = state.to_act[0]
    seen = state.observation(seat)
    turn = turn_of(seen, (seat, True), ("Ana", "Ben"), seat, busy=False)
    assert (turn.seat, turn.mover, turn.target) == (seat, seat, seen.pending_target)
    assert turn.lowest == seen.hand[0] and turn.attack_size == len(seen.attack)
    assert turn.playable == frozenset(response_options(seen.hand, seen.pending_target))


def test_a_turn_refuses_the_other_seats_observation():
    state = _first(Phase.DEFEND)
    seat = state.to_act[0]
    with pytest.raises(ValueError):
        turn_of(state.observation(1 - seat), (seat, True), ("Ana", "Ben"), seat, busy=False)


def test_nobodys_turn_reads_only_what_is_public():
    state = _first(Phase.DUEL)
    turns = {
        turn_of(state.observation(s), (0, False), ("Ana", "Ben"), None, busy=True) for s in (0, 1)
    }
    assert len(turns) == 1 and next(iter(turns)).thinking == "Ana"
