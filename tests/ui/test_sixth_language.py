"""A sixth language needs no layout change (the review's change trace §3.4): the Settings
language row wraps onto a row of its own below, in two columns and in one."""

from __future__ import annotations

import pytest
from screen_growth import measure

from tacocat.ui.scenes import settings as settings_scene
from tacocat.ui.text import text_scale


@pytest.mark.parametrize("text_size", [100, 150])
def test_six_language_buttons_fit_settings(make_app, run_frames, monkeypatch, text_size):
    six = {**settings_scene.LANGUAGES, "pt_BR": "Português"}
    monkeypatch.setattr(settings_scene, "LANGUAGES", six)
    app = make_app()
    try:
        app.update_settings(text_size=text_size)
        app.open("settings")
        run_frames(app, 2)
        screen = app.scenes.top
        assert list(screen.language_buttons) == list(six)
        assert measure(app, "settings").problems == []  # no overlap, no clipped text, reachable
        rows = {b.relative_rect.y for b in screen.language_buttons.values()}
        assert len(rows) == 2
    finally:
        text_scale.set_percent(100)


def test_the_five_languages_share_one_row_of_equal_buttons(make_app, run_frames):
    app = make_app()
    app.open("settings")
    run_frames(app, 2)
    rects = [b.relative_rect for b in app.scenes.top.language_buttons.values()]
    assert len({r.y for r in rects}) == 1 and {r.width for r in rects} == {90}
