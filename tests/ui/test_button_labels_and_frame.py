"""Widgets of the table polish (issue 14, item 16): a button's label keeps its padding,
the window-size buttons share one font size, the bars around the frame are not black."""

from __future__ import annotations

import json
import math

import pygame

from tacocat.resources import asset_path
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.button import PADDING, Button
from tacocat.ui.widgets.style import TextCache, palette
from tacocat.ui.widgets.text_box import MIN_SCALE


def _text(app):
    return TextCache(lambda size, bold: app.assets.font(size, bold=bold))


def test_a_long_label_keeps_its_padding_and_a_short_one_its_size(make_app):
    app = make_app()
    text = _text(app)
    colour = palette().ink
    wide = Button(
        "primary",
        pygame.Rect(0, 0, 232, 48),
        tr("tacocat.table.button.play_selected"),
        font_size=20,
    )
    label = wide.label_image(text, colour)
    assert label.get_width() <= wide.rect.width - 2 * PADDING
    assert (
        label.get_height()
        >= text.render("Ag", math.floor(20 * MIN_SCALE), colour, bold=True).get_height()
    )
    short = Button("hint", pygame.Rect(0, 0, 232, 48), "Hint", font_size=20)
    assert (
        short.label_image(text, colour).get_size()
        == text.render("Hint", 20, colour, bold=True).get_size()
    )


def test_every_window_size_label_fits_its_button_at_the_theme_size(make_app):
    from tacocat.ui.devices.window import WINDOW_SIZES

    app = make_app()
    theme = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    size = int(theme["@choice_small"]["font"]["size"])
    font = app.assets.font(size, bold=True)
    for w, h in WINDOW_SIZES:
        label = tr("tacocat.settings.size_option", w=w, h=h)
        # pygame_gui shrinks a label that does not fit: every one must fit so all match.
        assert font.size(label)[0] + 2 * 8 <= 110, label


def test_the_bars_around_the_scaled_frame_continue_the_frames_edge(make_app):
    """Issue 23: the bars around a frame that does not fill the window were a lighter teal
    than the frame's own (vignetted) edge. They take the edge's colour now: within a few
    steps of the mean of the pixels along the frame's border, on the title and the table."""
    from pygame._sdl2.video import Renderer

    from tacocat.ui.devices import window
    from tacocat.ui.stage.game_config import GameConfig

    app = make_app()
    if window._window() is None:
        pygame.display.set_mode((1280, 720), pygame.SCALED)
    window.paint_bars()
    bars = tuple(Renderer.from_window(window._window()).draw_color)[:3]
    assert bars == window.bar_colour()
    for start in (lambda: None, lambda: app.start_game(GameConfig("vs_ai", "easy", seed=3))):
        start()
        for _ in range(3):
            app.step(1 / 30)
        screen = app.screen
        w, h = screen.get_size()
        # The frame's left and right edges, away from the corners' cards.
        edge = [screen.get_at((x, y))[:3] for x in (0, w - 1) for y in range(h // 4, h * 3 // 4, 7)]
        mean = [sum(c[i] for c in edge) / len(edge) for i in range(3)]
        assert max(abs(mean[i] - bars[i]) for i in range(3)) <= 6, (mean, bars)
