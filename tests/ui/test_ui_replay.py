"""The replay viewer, driven by keys over the records of a seeded ``--simulate`` run, shows
at every step the state the record's own replay gives - forward (animated) and backward
(laid out from the kept state, never replayed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tacocat.rules import GameRecord, new_game
from tacocat.rules.state import GameState

ROOT = Path(__file__).resolve().parents[2]
DT = 1 / 60


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("records")
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--simulate",
            "2",
            "--seed",
            "11",
            "--p1",
            "medium",
            "--p2",
            "easy",
            "--record-dir",
            str(folder),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    files = sorted(folder.glob("game-*.json"))
    assert len(files) == 2
    return files


def own_states(path: Path) -> list[GameState]:
    """The record's states, by applying its actions one by one to its first deal."""
    record = GameRecord.from_json(path.read_text())
    state, _ = new_game(record.seed, record.ruleset, record.deals)
    states = [state]
    for action in record.actions:
        state, _ = state.apply(action)
        states.append(state)
    return states


def facts(state: GameState) -> tuple:
    return (
        state.phase,
        state.round_number,
        state.token,
        state.covered,
        state.wins,
        state.hands,
        state.draw_pile,
        state.discards,
        state.attacker,
        state.attack,
        state.responses,
        state.winner,
        state.actions,
    )


def shown(view) -> dict:
    """What the table shows, in the state's terms."""
    hands = []
    for seat in (0, 1):
        values = [s.value for s in view.hands[seat]]
        if view.duel[seat] is not None and view.duel[seat].value is not None:
            values.append(view.duel[seat].value)  # a committed duel card is still in the hand
        hands.append(tuple(sorted(values)))
    return {
        "hands": tuple(hands),
        "wins": tuple(view.wins),
        "covered": view.track.covered,
        "discards": len(view.discard_values),
        "draw": view.draw_count,
        "attack": tuple(s.value for s in view.attack),
        "responses": tuple(s.value for s in view.responses),
    }


def expected_view(state: GameState) -> dict:
    attacking = state.attack and state.phase.name in ("DEFEND", "ATTACK")
    return {
        "hands": tuple(tuple(sorted(h)) for h in state.hands),
        "wins": tuple(state.wins),
        "covered": frozenset(state.covered),
        # The trick in play lies on the table, not on the pile as well.
        "discards": len(state.discards)
        - (len(state.attack) + len(state.responses) if attacking else 0),
        "draw": len(state.draw_pile),
        "attack": tuple(state.attack) if attacking else (),
        "responses": tuple(state.responses) if attacking else (),
    }


def key(app, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.step(DT)


def settle(app, viewer, limit: int = 2000) -> None:
    for _ in range(limit):
        if not viewer.animator.busy:
            return
        app.step(DT)
    raise AssertionError("the animation never ended")


def check(viewer, states: list[GameState]) -> None:
    index = viewer.index
    assert facts(viewer.timeline.state) == facts(states[index]), f"step {index}"
    assert shown(viewer.view) == expected_view(states[index]), f"step {index}"


def open_viewer(make_app, path: Path, *argv: str):
    app = make_app("--replay", str(path), *argv)
    viewer = app.scenes.top
    assert viewer.name == "replay"
    return app, viewer


@pytest.mark.parametrize("game", [0, 1])
def test_right_arrow_animates_every_step_to_the_records_state(make_app, records, game):
    states = own_states(records[game])
    app, viewer = open_viewer(make_app, records[game], "--speed", "6")
    check(viewer, states)
    for _ in range(len(states) - 1):
        key(app, pygame.K_RIGHT)
        assert viewer.animator.busy or viewer.animator.played  # it animates, not jumps
        settle(app, viewer)
        check(viewer, states)
    assert viewer.index == len(states) - 1 and viewer.timeline.state.is_over


@pytest.mark.parametrize("game", [0, 1])
def test_left_arrow_steps_back_through_kept_states_without_replaying(
    make_app, records, monkeypatch, game
):
    states = own_states(records[game])
    app, viewer = open_viewer(make_app, records[game])
    key(app, pygame.K_END)
    check(viewer, states)

    def no_replay(*_args, **_kwargs):
        raise AssertionError("the viewer replayed the game")

    monkeypatch.setattr(GameState, "apply", no_replay)
    monkeypatch.setattr(GameRecord, "steps", no_replay)
    for _ in range(len(states) - 1):
        key(app, pygame.K_LEFT)
        assert not viewer.animator.busy  # a step back is laid out at once
        check(viewer, states)
    assert viewer.index == 0


def test_round_keys_home_end_and_digits_jump_to_round_starts(make_app, records):
    states = own_states(records[0])
    starts = [
        i for i, s in enumerate(states) if i == 0 or s.round_number != states[i - 1].round_number
    ]
    app, viewer = open_viewer(make_app, records[0])
    for expected in starts[1:]:
        key(app, pygame.K_PAGEDOWN)
        assert viewer.index == expected
        check(viewer, states)
    key(app, pygame.K_END)
    assert viewer.index == len(states) - 1
    key(app, pygame.K_UP)
    assert viewer.index == starts[-1]
    key(app, pygame.K_UP)
    assert viewer.index == starts[-2]
    key(app, pygame.K_HOME)
    assert viewer.index == 0
    key(app, pygame.K_2)
    assert viewer.index == starts[1]
    check(viewer, states)


def test_space_plays_and_pauses(make_app, records):
    states = own_states(records[1])
    app, viewer = open_viewer(make_app, records[1], "--speed", "8")
    key(app, pygame.K_4)  # a round in the middle
    start = viewer.index
    key(app, pygame.K_SPACE)
    assert viewer.playing
    for _ in range(600):
        app.step(DT)
        if viewer.index >= start + 3:
            break
    key(app, pygame.K_SPACE)
    assert not viewer.playing and viewer.index >= start + 3
    settle(app, viewer)
    check(viewer, states)


def test_the_replay_follows_the_keys_chosen_for_it(make_app, records, tmp_path):
    """Keys chosen in Settings → Keys (stored as replay_keys) drive the viewer; the
    defaults they replace do nothing there, and the controller's A still plays."""
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "format": "tacocat-settings",
                "version": 1,
                "replay_keys": {"play_pause": "p", "step_forward": "n"},
            }
        ),
        encoding="utf-8",
    )
    app, viewer = open_viewer(make_app, records[0])
    key(app, pygame.K_RIGHT)
    assert viewer.index == 0
    key(app, pygame.K_n)
    assert viewer.index == 1
    key(app, pygame.K_SPACE)
    assert not viewer.playing
    key(app, pygame.K_p)
    assert viewer.playing
    key(app, pygame.K_p)
    assert not viewer.playing
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERBUTTONDOWN, instance_id=77, button=pygame.CONTROLLER_BUTTON_A
        )
    )
    app.step(DT)
    assert viewer.playing


def test_a_click_or_drag_on_the_scrubber_jumps_there(make_app, records):
    states = own_states(records[0])
    app, viewer = open_viewer(make_app, records[0])
    bar = viewer.controls.scrubber
    target = len(states) // 3
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(
            pygame.event.Event(
                kind, pos=(bar.x_of(target), bar.rect.centery), button=1, touch=False
            )
        )
    app.step(DT)
    assert viewer.index == target
    check(viewer, states)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(bar.x_of(5), bar.rect.y), button=1, touch=False
        )
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(bar.x_of(40), bar.rect.y),
            rel=(0, 0),
            buttons=(1, 0, 0),
            touch=False,
        )
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=(bar.x_of(40), bar.rect.y), button=1, touch=False
        )
    )
    app.step(DT)
    assert viewer.index == 40
    check(viewer, states)


def test_buttons_step_and_speeds_apply(make_app, records):
    states = own_states(records[0])
    app, viewer = open_viewer(make_app, records[0], "--speed", "inf")
    buttons = viewer.controls.buttons
    assert not buttons["back"].enabled  # nothing before the first deal
    for name, expected in (("forward", 1), ("forward", 2), ("back", 1), ("next_round", None)):
        rect = buttons[name].rect
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1, touch=False))
        app.step(DT)
        if expected is not None:
            assert viewer.index == expected
        check(viewer, states)
    viewer.controls.press("speed_4")
    assert viewer.speed == 4.0
    key(app, pygame.K_MINUS)
    assert viewer.speed == 2.0


def test_notes_show_at_their_step_and_mark_the_scrubber(make_app, records):
    """A review hangs its remarks on steps: the viewer shows each at its step."""
    from tacocat.persistence.gamefile import open_game_file
    from tacocat.ui.replay.scene import ReplayScene
    from tacocat.ui.replay.timeline import Note, Timeline

    app = make_app()
    game, _ = open_game_file(records[0])
    notes = {3: Note("A blunder: 9 was better", "blunder"), 7: Note("Best move", "good")}
    app.scenes.switch(ReplayScene(app, Timeline(game.record), game.info, notes=notes))
    viewer = app.scenes.top
    assert viewer.controls.scrubber.marks == {3: "blunder", 7: "good"}
    viewer.go(3)
    assert viewer.status_line() == ("A blunder: 9 was better", "error")
    viewer.go(4)
    assert viewer.status_line()[0] != "A blunder: 9 was better"
    viewer.go(7)
    app.step(DT)
    assert viewer.view.frame.prompt == ("Best move", "do")


def test_a_dropped_game_file_replaces_the_one_shown(make_app, records):
    app, viewer = open_viewer(make_app, records[0])
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(records[1])))
    app.step(DT)
    assert app.scenes.top is not viewer
    assert app.scenes.top.timeline.record == GameRecord.from_json(records[1].read_text())
