"""The replay timeline: every state kept, rounds found, the cursor clamped (no pygame)."""

from __future__ import annotations

import pytest

from tacocat.rules import GameRecord, new_game
from tacocat.rules.errors import RecordError
from tacocat.ui.replay.timeline import Timeline


def _game(seed: int = 3):
    state, _ = new_game(seed)
    while not state.is_over:
        state, _ = state.apply(state.legal_actions(state.to_act[0])[-1])
    return GameRecord.from_state(state), state


def test_it_keeps_one_state_per_action_and_the_deal():
    record, final = _game()
    timeline = Timeline(record)
    assert len(timeline.states) == len(record.actions) + 1 == len(timeline.events)
    assert timeline.states[-1].actions == final.actions and timeline.states[0].actions == ()
    for i, state in enumerate(timeline.states):
        assert state.actions == record.actions[:i]


def test_rounds_start_where_the_round_number_changes():
    record, final = _game(5)
    timeline = Timeline(record)
    assert timeline.rounds == final.round_number
    for number, start in enumerate(timeline.round_starts, 1):
        assert timeline.states[start].round_number == number
        assert timeline.round_of(start) == number
        if start:
            assert timeline.round_of(start - 1) == number - 1


def test_moves_are_clamped_and_rounds_step():
    timeline = Timeline(_game(7)[0])
    assert timeline.step(-5) == 0 and timeline.go(10**6) == timeline.last
    assert timeline.next_round() == timeline.last  # no round after the last
    last_start = timeline.round_starts[-1]
    assert timeline.previous_round() == last_start
    assert timeline.previous_round() == timeline.round_starts[-2]
    assert timeline.to_round(0) == 0 and timeline.to_round(99) == last_start


def test_an_illegal_record_is_refused():
    record, _ = _game()
    broken = GameRecord(record.ruleset, record.seed, record.deals, record.actions[1:])
    with pytest.raises(RecordError):
        Timeline(broken)


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_the_score_book_at_each_step_matches_a_replay_of_that_state(seed):
    from tacocat.ui.results.score import book_from_state

    timeline = Timeline(_game(seed)[0])
    for index, state in enumerate(timeline.states):
        kept, replayed = timeline.book_at(index), book_from_state(state)
        assert kept.wins == replayed.wins == list(state.wins)
        assert (kept.replay, kept.records) == (replayed.replay, replayed.records)
