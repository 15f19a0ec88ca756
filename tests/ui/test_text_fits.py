"""Every screen in every language at both window sizes: no widget text is larger than its box.

Each screen is reached through the app's public entry points (scene manager,
``open_*``, ``start_game``), drawn a few frames, and every visible pygame_gui
label and button is measured (``tests/ui/text_fit.py``). The window size
scales a fixed 1280×720 logical surface, so both sizes must give the same
layout; they are both built and measured anyway.
"""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from tacocat.languages import LANGUAGES
from tacocat.ui import i18n
from tacocat.ui.app import LOGICAL_SIZE
from tacocat.ui.game_config import GameConfig
from tacocat.ui.scenes.new_game import NewGameScene
from tacocat.ui.scenes.rules import PAGES
from tests.ui.text_fit import overflows

SIZES = [(1280, 720), (960, 540)]


def _steps(app, frames: int = 6) -> None:
    """A few frames, then on until the screen's entrance animation has finished."""
    for _ in range(frames):
        app.step(1 / 30)
    for _ in range(300):
        if not app.scenes.is_animating():
            return
        app.step(1 / 30)


def _check(app, screen: str, found: list[str]) -> None:
    _steps(app)
    found.extend(f"{screen}: {problem}" for problem in overflows(app.ui, pygame.Rect((0, 0), app.size)))


def _menus(app, found: list[str]) -> None:
    _check(app, "title", found)
    app.open_rules()
    rules = app.scenes.top
    for page in PAGES:
        rules.show_page(page)  # each page's text lays out (pygame_gui raises if a row cannot)
        _check(app, f"how to play/{page}", found)
    app.scenes.pop()
    app.open_settings()
    _check(app, "settings", found)
    app.scenes.pop()
    app.open_stats()
    _check(app, "statistics", found)
    app.scenes.pop()
    app.show_message(i18n.tr("tacocat.message.continue_title"), i18n.tr("tacocat.message.no_save"))
    _check(app, "message", found)
    app.scenes.pop()
    app.scenes.switch(NewGameScene(app))
    new_game = app.scenes.top
    _check(app, "new game", found)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=new_game.hotseat_button))
    _check(app, "new game (friend)", found)


def _games(app, found: list[str]) -> None:
    app.start_game(GameConfig("vs_ai", "easy", human_seat=0, seed=3))
    _check(app, "table", found)
    app.open_menu()
    _check(app, "menu", found)
    app.scenes.pop()
    app.start_game(GameConfig("hotseat", names=("Ana", "Ben"), seed=3))
    for _ in range(3000):
        if app.scenes.top.name == "pass_device":
            break
        app.step(1 / 30)
    _check(app, "pass device", found)
    app.options.speed = 40.0
    app.start_game(GameConfig("demo", "easy", seed=5))
    seen: set[str] = set()
    for _ in range(20000):  # the table in each phase, the round result and the game over
        top = app.scenes.top
        phase = getattr(getattr(getattr(top, "session", None), "state", None), "phase", None)
        label = f"{top.name}/{getattr(phase, 'value', '')}"
        if label not in seen:
            seen.add(label)
            found.extend(f"{label}: {p}" for p in overflows(app.ui, pygame.Rect((0, 0), app.size)))
        if top.name == "game_over":
            break
        app.step(1 / 30)
    assert {"round_result/", "game_over/"} <= {s.split("/")[0] + "/" for s in seen}


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", LANGUAGES, ids=lambda c: f"lang_{c}")
def test_every_screen_holds_its_text(make_app, code, size):
    app = make_app("--lang", code)
    try:
        app.update_settings(window_size=size)
        assert app.size == LOGICAL_SIZE
        found: list[str] = []
        _menus(app, found)
        _games(app, found)
        assert not found, "\n".join(found)
    finally:
        i18n.set_language("en")
