"""The Text size and Narration settings: stored, applied live, and every text following."""

from __future__ import annotations

import pygame

from tacocat.persistence.settings import load_settings
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.text import text_scale
from tacocat.ui.text.layout import scroll_into_view
from tacocat.ui.widgets import text_box


def test_scale_helpers():
    try:
        text_scale.set_percent(150)
        assert text_scale.px(16) == 24 and text_scale.px(13, scale=100) == 13
        theme = text_scale.scale_theme(
            {
                "button": {"font": {"name": "n", "size": "20"}},
                "x": {"font": [{"size": "16"}, {"size": "22"}]},
            }
        )
        assert theme["button"]["font"]["size"] == "30"
        assert [f["size"] for f in theme["x"]["font"]] == ["24", "33"]
        assert text_scale.scale_markup("<font pixel_size=26><b>A</b></font>") == (
            "<font pixel_size=39><b>A</b></font>"
        )
    finally:
        text_scale.set_percent(100)
    assert text_scale.scale_markup("<font pixel_size=26>") == "<font pixel_size=26>"


def _largest_widget_font(app) -> int:
    """The median font size of the Settings screen's labels and buttons."""
    import statistics

    import pygame_gui

    root = app.scenes.top.root
    sizes = [
        e.font.get_point_size()
        for e in app.ui.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton)
        and e.ui_container is not None
        and _inside(e, root)
    ]
    return statistics.median(sizes)


def _inside(element, root) -> bool:
    from tacocat.ui.text.fit import _inside as inside

    return inside(element, root)


def test_settings_change_the_text_size_live_and_keep_it(make_app, click, run_frames, tmp_path):
    app = make_app()
    try:
        app.open("settings")
        run_frames(app, 3)
        before = _largest_widget_font(app)
        screen = app.scenes.top
        click(app, screen.text_size_buttons[150])
        assert app.settings.text_size == 150 and text_scale.percent() == 150
        assert load_settings(tmp_path)[0].text_size == 150
        screen = app.scenes.top  # rebuilt at the new size
        assert screen.text_size_buttons[150].is_selected
        # The layout makes room (tacocat/ui/text/layout.py): the text grows, it is not shrunk back.
        assert _largest_widget_font(app) >= before * 1.4
        # One column now, which scrolls: a mouse player scrolls down to the box first.
        assert scroll_into_view(screen.narration_box)
        click(app, screen.narration_box)
        assert app.settings.narration and app.narrator.enabled
        scroll_into_view(screen.text_size_buttons[100])
        click(app, screen.text_size_buttons[100])
        assert text_scale.percent() == 100 and _largest_widget_font(app) == before
    finally:
        text_scale.set_percent(100)


def test_the_table_draws_its_text_larger(make_app, run_frames):
    """Every self-drawn text at 150 % is larger than at 100 % or at least at 16 px (a tight
    label may shrink to fit, never below 16 px)."""
    app = make_app()
    try:
        sizes: dict[int, dict[str, int]] = {}
        for percent in (100, 150):
            app.update_settings(text_size=percent)
            with text_box.recording() as ledger:
                app.start_game(GameConfig("vs_ai", "easy", human_seat=0, seed=3))
                run_frames(app, 40)
            sizes[percent] = {p.text: p.size for p in ledger}
        common = set(sizes[100]) & set(sizes[150])
        assert len(common) > 10
        grew = [t for t in common if sizes[150][t] >= sizes[100][t] * 1.4]
        assert len(grew) >= len(common) * 0.6, {t: (sizes[100][t], sizes[150][t]) for t in common}
        assert all(size >= 16 for size in sizes[150].values())
        assert pygame.display.get_surface() is not None
    finally:
        text_scale.set_percent(100)
