"""Never lose a game, never crash on bad input - checked through the real app.

The persistence unit tests cover the loaders; here the App, the table and the
real :class:`~tacocat.persistence.saves.SaveStore` work together: every action
autosaved, a killed process resumed, the window closed mid-animation or while
the computer thinks, an unexpected error, bad files, no display.

In-process tests build the App on SDL's dummy drivers (``tests/conftest.py``)
with a real save store in ``tmp_path``; the computer thinks inline (the
``TACOCAT_AI_WORKER`` variable) unless a test needs the real worker process.
"""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from worker_doubles import SlowWorker

from tacocat.ai.worker import AIWorker
from tacocat.cli import parse_args
from tacocat.persistence.saves import AUTOSAVE_FILE, SaveStore
from tacocat.persistence.settings import SETTINGS_FILE, Settings
from tacocat.rules import GameRecord, GameState, Phase, new_game
from tacocat.ui.table import session as game_session
from tests.main_process import headless_env

REPO = Path(__file__).resolve().parents[1]
DT = 1 / 60

VS_AI = {"mode": "vs_ai", "level": "easy", "human_seat": 0, "names": ["Ana", "Computer"]}
HOTSEAT = {"mode": "hotseat", "level": None, "human_seat": None, "names": ["Ana", "Ben"]}


# --- helpers ----------------------------------------------------------------------------


def first_legal_game(seed: int, until: Any, limit: int = 5000) -> GameState:
    """Play seat to_act[0]'s first legal action until ``until(state)`` holds."""
    state, _ = new_game(seed)
    for _ in range(limit):
        if until(state):
            return state
        state, _ = state.apply(state.legal_actions(state.to_act[0])[0])
    raise AssertionError("the condition never came true")


def write_save(folder: Path, state: GameState, config: dict[str, Any] | None = None) -> bytes:
    SaveStore(folder).write_autosave(dict(config or VS_AI), GameRecord.from_state(state))
    return (folder / AUTOSAVE_FILE).read_bytes()


def saved_state(folder: Path) -> GameState:
    """The autosave replayed (it must load: this is what 'intact' means)."""
    result = SaveStore(folder).load_autosave()
    assert result.ok, result.problem
    return result.state


def saved_actions(folder: Path) -> tuple:
    """The autosave's recorded actions, read without moving the file aside."""
    data = json.loads((folder / AUTOSAVE_FILE).read_text(encoding="utf-8"))
    return GameRecord.from_dict(data["record"]).actions


def backups(folder: Path, name: str = AUTOSAVE_FILE) -> list[Path]:
    return sorted(folder.glob(f"{name}.bad-*"))


def table_of(app: Any) -> Any:
    from tacocat.ui.table.scene import TableScene

    for scene in app.scenes.stack:
        if isinstance(scene, TableScene):
            return scene
    raise AssertionError(f"no table in {[s.name for s in app.scenes.stack]}")


def step_until(app: Any, condition: Any, limit: int = 3000) -> None:
    """Run frames until ``condition()``; round results are dismissed on the way."""
    from tacocat.ui.scenes.round_result import RoundResultScene

    for _ in range(limit):
        if condition():
            return
        if isinstance(app.scenes.top, RoundResultScene) and not app.scenes.top.demo:
            app.scenes.top.next_round()
        app.step(DT)
    raise AssertionError("the condition never came true")


def press_key(app: Any, key: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(DT)


@pytest.fixture
def inline_ai(monkeypatch):
    """Bots answer inside the game process: no worker process to start per test."""
    monkeypatch.setenv("TACOCAT_AI_WORKER", "inline")


@pytest.fixture
def app_in(tmp_path: Path):
    """``app_in(*argv)``: an App on the dummy driver with the real save store in ``tmp_path``.

    One window per process: shut an app down (``app._shutdown()``) before the next.
    """
    from tacocat.ui.shell.app import App

    apps: list[Any] = []

    def factory(*argv: str) -> Any:
        options = parse_args(["--data-dir", str(tmp_path), *argv])
        app = App(options, tmp_path)
        apps.append(app)
        return app

    yield factory
    for app in apps:
        app._shutdown()


# --- autosave after every action ----------------------------------------------------------


def test_every_action_is_autosaved_including_computer_moves_and_secret_commits(
    tmp_path, app_in, inline_ai
):
    from tacocat.ui.scenes.round_result import RoundResultScene

    app = app_in("--vs-ai", "--level", "easy", "--seed", "4", "--speed", "inf")
    table = table_of(app)
    session = table.session
    checked, bot_secret_saved = 0, False
    for _ in range(5000):
        if table.acting_seat() == 0:
            assert session.submit(session.legal(0)[0]) is None  # the human's move
        elif isinstance(app.scenes.top, RoundResultScene):
            app.scenes.top.next_round()
        else:
            app.step(DT)
        state = session.state
        if state.is_over:
            assert not (tmp_path / AUTOSAVE_FILE).exists()  # a finished game is cleared
            break
        if len(state.actions) > checked:
            assert len(state.actions) == checked + 1
            # Written synchronously with the action: the file already holds it.
            assert saved_actions(tmp_path) == state.actions
            checked += 1
            last = state.actions[-1]
            if (
                last.seat == 1
                and state.to_act == (0,)
                and state.phase in (Phase.DUEL, Phase.REPLACE)
            ):
                bot_secret_saved = True  # the computer committed first, unseen
    assert state.is_over and checked >= 20, checked
    assert bot_secret_saved, "no secret commit by the computer was seen being saved"


# --- continue ----------------------------------------------------------------------------


def test_continue_replays_to_the_same_hands_board_and_random_future(tmp_path, app_in, inline_ai):
    # Mid-round in round 2, so a tile was placed and the token has moved.
    original = first_legal_game(
        9, lambda s: s.round_number >= 2 and s.phase is Phase.ATTACK and s.to_act == (0,)
    )
    write_save(tmp_path, original)
    app = app_in("--continue", "--speed", "inf")
    table = table_of(app)
    resumed = table.session.state
    for name in (
        "hands",
        "draw_pile",
        "discards",
        "token",
        "covered",
        "wins",
        "phase",
        "round_number",
        "attacker",
        "floors",
        "tied_rounds",
        "actions",
        "deals",
    ):
        assert getattr(resumed, name) == getattr(original, name), name
    assert [sprite.value for sprite in table.view.hands[0]] == list(original.hands[0])
    # The same random state: the same actions lead to the same next deals.
    a, b = original, resumed
    while a.round_number < original.round_number + 2 and not a.is_over:
        action = a.legal_actions(a.to_act[0])[0]
        a, _ = a.apply(action)
        b, _ = b.apply(action)
    assert a.deals == b.deals and a.hands == b.hands and a.draw_pile == b.draw_pile


def test_hotseat_resume_starts_with_the_pass_the_device_screen(tmp_path, app_in, inline_ai):
    # Ana (seat 0) has committed her duel card in secret; Ben owes his.
    state = first_legal_game(4, lambda s: s.phase is Phase.DUEL and s.to_act == (1,))
    write_save(tmp_path, state, HOTSEAT)
    app = app_in("--continue", "--speed", "inf")
    for _ in range(3):
        app.step(DT)
    table = table_of(app)
    assert app.scenes.top.name == "pass_device" and app.scenes.top.player_name == "Ben"
    assert not table.view.face_up_seats  # no hand shows behind the cover
    app.scenes.top.confirm()
    app.step(DT)
    assert table.viewer == 1 and table.view.face_up_seats == {1}


def test_continue_demo_lets_the_computer_finish_and_clears_the_autosave(
    tmp_path, app_in, inline_ai
):
    write_save(tmp_path, first_legal_game(5, lambda s: len(s.actions) >= 10))
    app = app_in("--continue", "--demo", "--speed", "inf")
    table = table_of(app)
    assert table.session.config.mode == "demo" and len(table.session.state.actions) == 10
    assert table.config.names == ("Ana", "Computer")
    step_until(app, lambda: not app.running, limit=20000)
    assert app.exit_code == 0 and table.session.state.is_over
    assert not (tmp_path / AUTOSAVE_FILE).exists()
    assert app.stats.games_played == 0  # the computer's game is not the player's


def _kill_once_saved(args: list[str], data: Path, at_least: int, cwd: Path) -> tuple:
    """Start the game with ``args``, SIGKILL it once its autosave holds ``at_least``
    actions; return the actions the autosave held just before the kill."""
    game = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), *args, "--data-dir", str(data)],
        cwd=cwd,
        env=headless_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    seen: tuple = ()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and game.poll() is None:
            if (data / AUTOSAVE_FILE).exists():
                try:
                    seen = saved_actions(data)
                except (ValueError, KeyError):  # never expected: writes are atomic
                    raise AssertionError("a torn autosave was seen") from None
                if len(seen) >= at_least:
                    break
            time.sleep(0.05)
        assert game.poll() is None, f"the game ended early: {game.stderr.read().decode()[-2000:]}"
        assert len(seen) >= at_least, f"the running game never autosaved {at_least} actions"
        game.send_signal(signal.SIGKILL)
        game.wait(10)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
        game.stderr.close()
    return seen


def _demo_writes(has_save: bool) -> int:
    """How many autosaves a few steps of a new demo game write."""
    from tacocat.ui.stage.game_config import GameConfig

    class Store:
        writes = 0

        def has_autosave(self):
            return has_save

        def write_autosave(self, config, record):
            Store.writes += 1

        def clear_autosave(self):
            pass

    session = game_session.GameSession(
        GameConfig("demo", "easy", seed=1),
        saves=Store(),
        worker=AIWorker("inline"),
        speed=lambda: math.inf,
    )
    try:
        for _ in range(4):
            session.update(0.1, idle=True)
    finally:
        session.close()
    return Store.writes


def test_a_demo_autosaves_like_any_game():
    assert _demo_writes(has_save=False) > 0


def test_a_new_demo_never_overwrites_the_players_saved_game():
    assert _demo_writes(has_save=True) == 0


@pytest.mark.slow
def test_a_killed_demo_is_resumed_where_it_stood_and_finished(tmp_path):
    data = tmp_path / "data"
    first = _kill_once_saved(["--demo", "--seed", "4", "--speed", "3"], data, 12, tmp_path)
    # What the killed process left is a whole, loadable save of the unfinished game.
    at_kill = saved_state(data)
    assert at_kill.actions[: len(first)] == first and not at_kill.is_over
    # Resumed and killed again: it went on from exactly those moves.
    second = _kill_once_saved(
        ["--continue", "--demo", "--speed", "3"], data, len(at_kill.actions) + 6, tmp_path
    )
    assert second[: len(at_kill.actions)] == at_kill.actions
    at_second_kill = saved_state(data)

    # Resumed with no sound card at all: silent play to the end.
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "main.py"),
            "--continue",
            "--demo",
            "--speed",
            "inf",
            "--data-dir",
            str(data),
            "--log-level",
            "INFO",
        ],
        cwd=tmp_path,
        env=headless_env(SDL_AUDIODRIVER="no-such-audio-driver"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    resumed_line = f"after {len(at_second_kill.actions)} actions"
    assert resumed_line in result.stderr  # resumed right there
    # setup_logging(data_dir, --log-level): the same line is in the data folder's log.
    assert resumed_line in (data / "tacocat.log").read_text(encoding="utf-8")
    assert not (data / AUTOSAVE_FILE).exists(), "a finished game must clear its autosave"
    assert not list(data.glob("crash-*.log"))


# --- closing the window ------------------------------------------------------------------


def _quit_and_time(app: Any) -> tuple[int, float]:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    started = time.monotonic()
    code = app.run()
    return code, time.monotonic() - started


def test_closing_the_window_mid_animation_exits_0_with_the_autosave_intact(
    tmp_path, app_in, inline_ai
):
    write_save(
        tmp_path, first_legal_game(6, lambda s: s.phase is Phase.ATTACK and s.to_act == (0,))
    )
    app = app_in("--continue")  # normal speed: the attack takes a while to animate
    table = table_of(app)
    step_until(app, lambda: table.acting_seat() == 0)
    session = table.session
    assert session.submit(session.legal(0)[0]) is None
    app.step(DT)
    assert table.animator.busy  # the cards are in the air
    expected = session.state.actions
    code, seconds = _quit_and_time(app)
    assert code == 0 and seconds < 5
    assert saved_state(tmp_path).actions == expected


@pytest.mark.slow
def test_closing_the_window_of_a_running_game_process_exits_0_at_once(tmp_path):
    # SIGTERM reaches the game as a window-close event (SDL turns it into pygame.QUIT).
    data = tmp_path / "data"
    game = subprocess.Popen(
        [
            sys.executable,
            str(REPO / "main.py"),
            "--vs-ai",
            "--level",
            "easy",
            "--seed",
            "4",
            "--data-dir",
            str(data),
        ],
        cwd=tmp_path,
        env=headless_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while not (data / AUTOSAVE_FILE).exists() and time.monotonic() < deadline:
            assert game.poll() is None
            time.sleep(0.02)
        before = saved_actions(data)  # the computer's secret first move, just made
        game.send_signal(signal.SIGTERM)
        started = time.monotonic()
        code = game.wait(10)
        seconds = time.monotonic() - started
        err = game.stderr.read().decode()
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
        game.stderr.close()
    assert code == 0 and seconds < 5, err[-2000:]
    assert saved_state(data).actions == before and len(before) >= 1


class _ThinkingWorker(SlowWorker):
    """The real worker process, thinking for a minute about every move."""

    instances: list[_ThinkingWorker] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("process")
        _ThinkingWorker.instances.append(self)


def test_closing_the_window_while_the_computer_thinks_exits_0_at_once(
    tmp_path, app_in, monkeypatch
):
    monkeypatch.setattr(game_session, "AIWorker", _ThinkingWorker)
    # The human (seat 0) has committed a secret duel card; the computer owes its own.
    state = first_legal_game(4, lambda s: s.phase is Phase.DUEL and s.to_act == (1,))
    write_save(tmp_path, state)
    app = app_in("--continue", "--speed", "inf")
    table = table_of(app)
    worker = _ThinkingWorker.instances[-1]
    step_until(app, lambda: table.session.ai_thinking and worker.busy, limit=600)
    process = worker._process
    assert process is not None and process.is_alive()
    code, seconds = _quit_and_time(app)
    assert code == 0 and seconds < 5
    assert not process.is_alive()
    assert saved_state(tmp_path).actions == state.actions


# --- an unexpected error -------------------------------------------------------------------


def test_an_unexpected_error_leaves_a_crash_log_a_message_and_the_autosave(
    tmp_path, app_in, inline_ai, monkeypatch, capsys
):
    from tacocat.ui.table.scene import TableScene

    state = first_legal_game(7, lambda s: len(s.actions) >= 9)
    write_save(tmp_path, state)
    # --frames: the crash screen must not wait for a key in a test.
    app = app_in("--continue", "--speed", "inf", "--frames", "100000")
    frames = {"n": 0}
    update = TableScene.update

    def broken_update(self, dt):
        frames["n"] += 1
        if frames["n"] == 5:
            raise RuntimeError("a bug in the table")
        update(self, dt)

    monkeypatch.setattr(TableScene, "update", broken_update)
    shown = []
    show = app._show_crash_screen
    monkeypatch.setattr(app, "_show_crash_screen", lambda path: (shown.append(path), show(path)))
    assert app.run() == 1
    logs = list(tmp_path.glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug in the table" in text
    assert "broken_update" in text
    assert shown == [logs[0]]  # the player is told, with where the details are
    err = capsys.readouterr().err
    assert f"details in {logs[0]}" in err
    # The game as it stood is still there to continue.
    assert saved_state(tmp_path).actions[: len(state.actions)] == state.actions


# --- bad files through the app --------------------------------------------------------------


def _good_save_bytes(folder: Path) -> bytes:
    data = write_save(folder, first_legal_game(3, lambda s: len(s.actions) >= 8))
    (folder / AUTOSAVE_FILE).unlink()
    return data


def _edited(raw: bytes, edit: Any) -> bytes:
    data = json.loads(raw)
    edit(data)
    return json.dumps(data).encode()


def _extra_card(data):
    data["record"]["deals"][0].append(5)


def _illegal_action(data):
    # An attack by the seat that is not attacking: a move the rules forbid.
    attack = next(a for a in data["record"]["actions"] if a["type"] == "attack")
    attack["seat"] = 1 - attack["seat"]


BAD_SAVES = {
    "binary garbage": lambda raw: b"\x89PNG\r\n\x1a\n\x00\xff\xfe garbage",
    "cut short": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "a 39th card": lambda raw: _edited(raw, _extra_card),
    "an impossible move": lambda raw: _edited(raw, _illegal_action),
    "from a future version": lambda raw: _edited(raw, lambda d: d.update(version=99)),
    "an unknown mode": lambda raw: _edited(raw, lambda d: d["app"].update(mode="solo")),
}


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_continue_with_a_bad_autosave_explains_keeps_a_backup_and_runs_on(
    tmp_path, app_in, inline_ai, kind
):
    bad = BAD_SAVES[kind](_good_save_bytes(tmp_path))
    (tmp_path / AUTOSAVE_FILE).write_bytes(bad)
    app = app_in("--continue", "--speed", "inf")
    message = app.scenes.top
    assert message.name == "message" and "cannot be continued" in message.text
    [backup] = backups(tmp_path)
    assert backup.read_bytes() == bad and str(backup) in message.text
    assert not (tmp_path / AUTOSAVE_FILE).exists()
    # The app runs on: OK closes the message, the title offers a new game, no Continue.
    for _ in range(3):
        app.step(DT)
    press_key(app, pygame.K_RETURN)
    assert app.running and app.scenes.top.name == "title"
    app.open("title")
    assert "continue" not in app.scenes.top.buttons


def test_the_title_continue_button_refuses_a_bad_autosave_the_same_way(tmp_path, app_in, inline_ai):
    (tmp_path / AUTOSAVE_FILE).write_text(
        '{"format": "tacocat-save", "version": 1, "app": {', encoding="utf-8"
    )
    app = app_in("--speed", "inf")
    for _ in range(3):
        app.step(DT)
    title = app.scenes.top
    assert "continue" in title.buttons
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=title.buttons["continue"].rect.center, button=1, touch=False
        )
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=title.buttons["continue"].rect.center, button=1, touch=False
        )
    )
    for _ in range(3):
        app.step(DT)
    assert app.scenes.top.name == "message" and "cut short" in app.scenes.top.text
    assert len(backups(tmp_path)) == 1 and not (tmp_path / AUTOSAVE_FILE).exists()


BAD_SETTINGS = {
    "binary garbage": b"\x00\x01\x02\xff",
    "cut short": b'{"format": "tacocat-settings", "version": 1, "sound_volume": 0.',
    "from a future version": b'{"format": "tacocat-settings", "version": 7}',
    "a list": b"[1, 2, 3]",
}


@pytest.mark.parametrize("kind", list(BAD_SETTINGS))
def test_a_bad_settings_file_gives_defaults_a_message_and_a_backup(tmp_path, app_in, kind):
    (tmp_path / SETTINGS_FILE).write_bytes(BAD_SETTINGS[kind])
    app = app_in()
    assert app.scenes.top.name == "message" and "default" in app.scenes.top.text
    [backup] = backups(tmp_path, SETTINGS_FILE)
    assert backup.read_bytes() == BAD_SETTINGS[kind] and str(backup) in app.scenes.top.text
    assert app.settings == Settings()
    press_key(app, pygame.K_RETURN)
    assert app.running and app.scenes.top.name == "title"
    # The next change writes a good file again.
    app.update_settings(muted=True)
    assert json.loads((tmp_path / SETTINGS_FILE).read_text(encoding="utf-8"))["muted"] is True


def test_hand_edited_settings_keep_the_good_fields(tmp_path, app_in):
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps(
            {
                "format": "tacocat-settings",
                "version": 1,
                "sound_volume": 7,
                "muted": True,
                "ai_level": "godlike",
                "player_names": ["Ana", "Ben"],
            }
        ),
        encoding="utf-8",
    )
    app = app_in()
    assert app.scenes.top.name == "message" and len(backups(tmp_path, SETTINGS_FILE)) == 1
    assert app.settings.muted and app.settings.player_names == ("Ana", "Ben")
    assert app.settings.sound_volume == Settings().sound_volume
    assert app.settings.ai_level == Settings().ai_level


def test_bad_settings_and_a_bad_save_are_both_reported(tmp_path, app_in, inline_ai):
    (tmp_path / SETTINGS_FILE).write_bytes(b"nonsense")
    (tmp_path / AUTOSAVE_FILE).write_bytes(b"nonsense")
    app = app_in("--continue")
    assert [s.name for s in app.scenes.stack] == ["title", "message", "message"]
    press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_RETURN)
    assert app.scenes.top.name == "title"
    assert len(backups(tmp_path, SETTINGS_FILE)) == 1 and len(backups(tmp_path)) == 1


# --- no display ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is X11/Wayland")
def test_no_display_exits_2_with_one_line_and_leaves_the_autosave_alone(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    saved = write_save(data, first_legal_game(2, lambda s: len(s.actions) >= 5))
    env = headless_env()
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "--continue", "--data-dir", str(data)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tacocat: no display found")
    assert (data / AUTOSAVE_FILE).read_bytes() == saved and not backups(data)
