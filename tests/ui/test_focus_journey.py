"""From launch to the game over, the History, a replay and Quit without the mouse:
once with the keyboard, once with a controller (synthetic events, no device)."""

from __future__ import annotations

import pygame
import pytest
from focus_journey import Journey, Keyboard, Pad, choose_language, choose_text_size

import tacocat.ui.table.session as session_module
from tacocat.ai.worker import AIWorker

#: Settings changed on the way (the text size joins this list when it exists).
SETTINGS_STEPS = [choose_text_size(150), choose_language("lv")]


@pytest.fixture
def journey_app(make_app, monkeypatch):
    # The computer thinks in this process (no worker process to start), quickly.
    monkeypatch.setattr(session_module, "AIWorker", lambda *a, **k: AIWorker("inline"))
    app = make_app("--speed", "inf", "--seed", "7")
    mouse_events = []
    original = app._dispatch

    def dispatch(event):
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            mouse_events.append(event)
        original(event)

    app._dispatch = dispatch
    app.mouse_events = mouse_events
    return app


@pytest.mark.parametrize("device", [Keyboard(), Pad()], ids=lambda d: d.name)
def test_a_whole_game_without_the_mouse(journey_app, device):
    app = journey_app
    journey = Journey(app, device)
    journey.frames(3)
    journey.online_and_back()
    journey.new_game_vs_medium()
    journey.play_until(lambda: journey.rounds_seen >= 1)  # a whole round
    journey.pause_and_change_settings(SETTINGS_STEPS)
    journey.play_until(lambda: journey.on("game_over"))
    journey.history_and_replay()
    assert not app.running and app.exit_code == 0
    assert app.mouse_events == []
    assert app.input.last == ("controller" if isinstance(device, Pad) else "keys")
