"""A long evening in one process: a finished game's table, and a closed screen, must be freed.

Each table holds a few megabytes of surfaces (background, layers, card art);
one kept alive per game grew the process by ~24 MB a game. Anything that
outlives a table - the app's idle-work queue, the AI worker, a sound or a
callback - must not hold it.
"""

from __future__ import annotations

import dataclasses
import gc
import weakref

import pytest

pytestmark = pytest.mark.slow

GAMES = 3
#: Frames for three instant demo games with the easy level (a game takes a few hundred).
FRAME_LIMIT = 20_000


def test_finished_tables_are_freed_when_the_next_game_starts(make_app, monkeypatch):
    app = make_app("--demo", "--level", "easy", "--seed", "5")
    app.update_settings(save=False, animation_speed="instant")
    finished: list[weakref.ref] = []
    kinds: list[str] = []

    def next_game() -> None:
        table = app.scenes.stack[0]
        kinds.append(type(table).__name__)
        finished.append(weakref.ref(table))
        if len(finished) < GAMES:
            config = dataclasses.replace(app.config_from_options(), seed=5 + len(finished))
            app.start_game(config)

    monkeypatch.setattr(app, "finish_demo", next_game)
    for _ in range(FRAME_LIMIT):
        app.step(1 / 60)
        if len(finished) == GAMES:
            break
    assert len(finished) == GAMES, "the demo games did not finish"
    assert kinds == ["TableScene"] * GAMES

    gc.collect()
    alive = [index for index, ref in enumerate(finished[:-1]) if ref() is not None]
    assert alive == [], f"finished tables {alive} are still alive"


def test_a_finished_tables_idle_jobs_are_dropped_not_kept(make_app):
    from tacocat.ui.stage.game_config import GameConfig

    app = make_app()
    ran: list[str] = []
    for seed in range(3):
        app.start_game(GameConfig("demo", "easy", 0, ("Sun", "Moon"), seed=seed))
        app.step(1 / 60)
    app.defer(lambda: ran.append("mine"))
    # Three tables queued their font warming; only the live one's (and the app's) remain.
    owners = list(app._deferred.owners())
    assert owners and all(owner is app.scenes.stack[0] for owner in owners)
    while app._deferred:
        app._deferred.run_one()
    assert ran == ["mine"]


def _live_scrollers() -> int:
    import pygame_gui

    gc.collect()
    return sum(isinstance(o, pygame_gui.elements.UIScrollingContainer) for o in gc.get_objects())


@pytest.mark.parametrize("screen", ["settings", "about", "stats"])
def test_a_closed_scrolling_screen_is_freed(make_app, screen):
    # At the largest text in a small window these screens scroll; the map from a
    # panel's content to its scroller once kept every closed screen's widget tree
    # alive (~11 MB a visit to Settings).
    app = make_app()
    app.update_settings(save=False, window_size=(960, 540), text_size=150)
    before = _live_scrollers()
    for _ in range(4):
        app.open(screen)
        app.step(1 / 60)
        assert _live_scrollers() > before, "the screen should scroll at this size"
        app.scenes.pop(app.scenes.top)
        app.step(1 / 60)
    assert _live_scrollers() - before <= 1
