"""The App: start-up, loop, exits, screenshots, speed, game hand-off."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import types
from pathlib import Path

import pygame
import pytest

from tacocat.persistence.settings import Settings, save_settings
from tacocat.ui.stage.scene import Scene

REPO = Path(__file__).resolve().parents[2]


def _headless_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    return env


@pytest.mark.slow
def test_app_runs_five_frames_from_another_directory_and_exits_0(tmp_path):
    shots = tmp_path / "shots"
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "main.py"),
            "--frames",
            "5",
            "--data-dir",
            str(tmp_path / "data"),
            "--screenshots",
            str(shots),
        ],
        cwd=tmp_path,
        env=_headless_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # The title's own pictures and theme were found although the CWD is elsewhere.
    assert "missing" not in result.stderr.lower()
    assert [p.name for p in shots.iterdir()] == ["0001_title.png"]


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is X11/Wayland")
def test_no_display_prints_one_line_and_exits_2(tmp_path):
    env = _headless_env()
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "--data-dir", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tacocat: no display found — ")


def test_frames_option_quits_with_0_after_n_frames(make_app):
    app = make_app("--frames", "4")
    assert app.run() == 0
    assert app.frame == 4


def test_window_close_runs_scene_exit_and_quit_hooks_then_exits_0(make_app):
    app = make_app()
    calls = []

    class Table(Scene):
        name = "table"

        def exit(self):
            calls.append("scene exit")

    app.scenes.switch(Table(app))
    app.quit_hooks.append(lambda: calls.append("hook"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert calls == ["scene exit", "hook"]


def test_error_in_the_loop_is_logged_saves_run_and_exit_code_is_1(make_app, tmp_path, caplog):
    app = make_app("--frames", "50")
    saved = []

    class Broken(Scene):
        name = "broken"

        def update(self, dt):
            raise ZeroDivisionError("bug in a scene")

    app.scenes.switch(Broken(app))
    app.quit_hooks.append(lambda: saved.append("autosave"))
    app.quit_hooks.insert(0, lambda: 1 / 0)  # a failing hook must not stop the others
    assert app.run() == 1
    assert saved == ["autosave"]
    assert "bug in a scene" in caplog.text
    crash_logs = list(tmp_path.glob("crash-*.log"))
    assert crash_logs and "ZeroDivisionError" in crash_logs[0].read_text()


def test_scene_change_and_explicit_screenshots_are_saved(make_app, tmp_path, run_frames):
    shots = tmp_path / "shots"
    app = make_app("--screenshots", str(shots), "--speed", "100")
    run_frames(app, 4)
    path = app.screenshot("round 1")
    assert path is not None and path.name == "0002_round-1.png"
    run_frames(app, 1)
    assert sorted(p.name for p in shots.iterdir()) == ["0001_title.png", "0002_round-1.png"]
    assert pygame.image.load(str(path)).get_size() == (1280, 720)


def test_screenshot_without_the_option_does_nothing(make_app):
    assert make_app().screenshot("round") is None


def test_animation_speed_combines_settings_and_command_line(make_app, tmp_path):
    app = make_app("--speed", "2")
    assert app.animation_speed == 2.0
    app.update_settings(animation_speed="slow")
    assert app.animation_speed == pytest.approx(1.2)
    app.update_settings(animation_speed="instant")
    assert math.isinf(app.animation_speed) and app.instant


def test_idle_loop_slows_down_when_nothing_moves(make_app, run_frames):
    app = make_app()
    app.update_settings(animation_speed="instant")  # no title intro
    run_frames(app, 5)
    app._busy_until = 0.0
    assert app.is_idle()
    app.wake()
    assert not app.is_idle()


def test_bad_settings_file_is_reported_with_a_message(tmp_path, make_app):
    (tmp_path / "settings.json").write_text("{ not json", encoding="utf-8")
    app = make_app()
    assert app.scenes.top.name == "message"
    assert "settings" in app.scenes.top.text.lower()


def test_settings_file_is_applied_at_start(tmp_path, make_app):
    save_settings(tmp_path, Settings(muted=True, animation_speed="fast"))
    app = make_app()
    assert app.audio.muted and app.animation_speed == pytest.approx(1.8)


def test_start_game_hands_the_config_to_the_table_scene(make_app, monkeypatch):
    made = []

    class TableScene(Scene):
        name = "table"

        def __init__(self, app, config, **options):
            super().__init__(app)
            made.append((config, options))

    module = types.ModuleType("tacocat.ui.table.scene")
    module.TableScene = TableScene
    monkeypatch.setitem(sys.modules, "tacocat.ui.table.scene", module)
    app = make_app("--hotseat", "--seed", "7")
    assert app.scenes.top.name == "table"
    config, options = made[0]
    assert config.mode == "hotseat" and config.seed == 7 and options == {}


def test_continue_with_a_refused_save_explains_why(make_app, fake_saves):
    saves = fake_saves(
        autosave=True, problem="Your saved game is damaged (x), so it cannot be continued."
    )
    app = make_app("--continue", saves=saves)
    assert saves.loads and app.scenes.top.name == "message"
    assert "damaged" in app.scenes.top.text


def test_finish_demo_exits_0_only_in_demo_mode(make_app, monkeypatch):
    from tacocat.ui.shell.app import App

    monkeypatch.setattr(App, "start_game", lambda *args, **kwargs: True)  # no table needed
    demo = make_app("--demo")
    demo.finish_demo()
    assert not demo.running and demo.exit_code == 0
    demo._shutdown()  # one window per process
    other = make_app()
    other.finish_demo()
    assert other.running and other.scenes.top.name == "title"
