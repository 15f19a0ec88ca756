"""One source for the piles' areas and the corner button (the review's §4.10).

The numbers are the ones the click, the tooltip and the coach mark each used to
write for themselves: the single source must keep every one of them.
"""

from __future__ import annotations

import pygame
import pytest

from tacocat.ui.widgets import layout as L


def test_the_discard_piles_click_area_is_the_one_it_always_was():
    assert L.pile_rect("discards", "click") == pygame.Rect(1160, 328, 96, 128)


@pytest.mark.parametrize(
    "name, pos", [("draw", L.DRAW_POS), ("discards", L.DISCARD_POS), ("tiles", L.TILE_STACK_POS)]
)
def test_a_piles_tooltip_area_covers_its_card_and_its_count(name, pos):
    hover = L.pile_rect(name, "hover")
    assert hover.size == (84, 136)
    assert hover.midtop == (round(pos[0]), round(pos[1]) - 58)
    assert hover.contains(L.pile_rect(name).clip(hover))  # the card is inside it


def test_the_coach_mark_rings_each_pile_card_as_drawn():
    assert L.pile_rect("draw") == pygame.Rect(1067, 343, 70, 98)
    assert L.pile_rect("discards") == pygame.Rect(1173, 343, 70, 98)
    assert L.pile_rect("tiles") == pygame.Rect(1152, 154, 60, 84)


def test_an_unknown_reach_is_refused():
    with pytest.raises(ValueError):
        L.pile_rect("discards", "near")


def test_the_corner_buttons_come_from_the_layout(start_table):
    app, table = start_table("vs_ai", seed=8)
    assert table.buttons["menu"].rect == L.CORNER_BUTTON
    assert table.buttons["menu"].rect is not L.CORNER_BUTTON  # a copy: moving it is safe
