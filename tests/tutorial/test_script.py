"""The guided game's script, checked against the real engine (no pygame)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tacocat.persistence.tutorial import TutorialProgress, load_progress, save_progress
from tacocat.rules import IllegalAction, Phase, Replace
from tacocat.tutorial import LESSONS, STEPS, Step, Tutorial, taught_by
from tacocat.tutorial.script import ME

ROOT = Path(__file__).resolve().parents[2]


def test_the_script_is_a_legal_game_the_player_wins_in_at_least_four_rounds():
    tutorial = Tutorial()
    state, _ = tutorial.start_state()
    for action in tutorial.actions:
        state, _ = state.apply(action)
    assert state.winner == ME and state.wins[ME] >= 4 and state.tied_rounds >= 1
    assert state.invariant_problems() == []


def test_every_lesson_is_caused_by_the_players_moves_in_teaching_order():
    tutorial = Tutorial()
    state, _ = tutorial.start_state()
    first_seen: dict[str, int] = {}
    for index, action in enumerate(tutorial.actions):
        before = state
        state, events = state.apply(action)
        for lesson in taught_by(action, before, events):
            first_seen.setdefault(lesson, index)
    assert set(first_seen) == set(LESSONS)


def test_each_step_expects_a_move_the_engine_allows_and_resumes_there():
    tutorial = Tutorial()
    for index, step in enumerate(tutorial.steps):
        state = tutorial.state_at(index)  # after the computer's moves that come first
        assert tutorial.step_of(state) == index
        assert tutorial.expected(state) == step.expect
        assert state.is_legal(step.expect) and ME in state.to_act


def test_the_scripted_computer_sees_only_its_observation_and_plays_legally():
    tutorial = Tutorial()
    state, _ = tutorial.start_state()
    for action in tutorial.actions:
        if action.seat != ME:
            legal = state.legal_actions(action.seat)
            assert tutorial.bot.choose(state.observation(action.seat), legal) == action
        state, _ = state.apply(action)


def test_a_script_that_breaks_a_rule_fails_when_built():
    broken = (Step("welcome", ("hand",), Replace(ME, (12, 12))),) + STEPS[1:]
    with pytest.raises(IllegalAction) as refused:
        Tutorial(broken)
    assert refused.value.reason == "not_held"


def test_every_coach_key_and_target_exists():
    from tacocat.ui.tutorial.targets import TARGETS

    texts = json.loads((ROOT / "assets/translations/tacocat.en.json").read_text())["en"]
    coach = texts["tutorial"]["coach"]
    for step in STEPS:
        assert step.coach in coach
        assert step.point_at and set(step.point_at) <= set(TARGETS)


def test_the_first_round_is_on_the_centre_and_replaced_in_secret():
    state, _ = Tutorial().start_state()
    assert state.phase is Phase.REPLACE and state.replace_secret


def test_progress_round_trips_and_a_damaged_file_means_a_fresh_start(tmp_path):
    assert load_progress(tmp_path) == TutorialProgress()
    assert save_progress(tmp_path, TutorialProgress(5, False))
    assert load_progress(tmp_path) == TutorialProgress(5, False)
    (tmp_path / "tutorial.json").write_text(
        '{"format": "tacocat-tutorial", "version": 1, "step": -2}'
    )
    assert load_progress(tmp_path) == TutorialProgress()
    (tmp_path / "tutorial.json").write_text("{not json")
    assert load_progress(tmp_path) == TutorialProgress()
