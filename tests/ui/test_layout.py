"""The layout helper every pygame_gui screen lays out with (tacocat/ui/text/layout.py)."""

from __future__ import annotations

import pygame

from tacocat.ui.text import text_scale
from tacocat.ui.text.layout import Layout, panel_layout, panel_rect


def test_at_100_percent_every_design_length_is_its_own():
    at = panel_layout(1220, (1280, 720))
    assert at == Layout(1.0, 1.0) and not at.narrow
    assert at.rect(40, 76, 230, 44) == pygame.Rect(40, 76, 230, 44)
    assert panel_rect((1220, 640), (1280, 720)) == (pygame.Rect(30, 40, 1220, 640), False)


def test_larger_text_grows_down_fully_and_across_as_far_as_the_window_lets_it():
    try:
        text_scale.set_percent(150)
        small = panel_layout(420, (1280, 720))  # the menu: room to grow across
        assert (small.sx, small.sy) == (1.5, 1.5) and not small.narrow
        assert small.rect(50, 96, 320, 54) == pygame.Rect(75, 144, 480, 81)
        wide = panel_layout(1160, (1280, 720))  # How to play: no room across
        assert wide.sy == 1.5 and 1.0 <= wide.sx < 1.1 and wide.narrow
        assert wide.grown(240) == 360  # (a tab column that still grows with the text)
        # Neighbours that touched in the design still touch (edges are rounded, not sizes).
        left, right = small.rect(0, 0, 33, 10), small.rect(33, 0, 33, 10)
        assert left.right == right.left
        # Taller than the window: the panel scrolls, a scroll bar wider.
        rect, scrolls = panel_rect(small.size(420, 508), (1280, 720))
        assert scrolls and rect == pygame.Rect(315, 20, 650, 680)
    finally:
        text_scale.set_percent(100)
