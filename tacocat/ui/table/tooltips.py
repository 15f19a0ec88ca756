"""Tooltips on the table's furniture: the board's arrows, spaces and goals, the tile
stack, the draw pile and the discards.

:func:`hotspots` lists ``(rect, text)`` for what is on the table now (texts through
``tr``); :func:`tip_at` finds the one under the pointer; :func:`tooltip_panel` and
:func:`place` draw it next to the pointer, inside the window.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tacocat.ui.table.view import TableView
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.style import TextCache, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_lines

Spot = tuple[pygame.Rect, str]
#: The tooltip's text size, and its width before it wraps.
FONT = 16
WIDTH = 300


def _board_spots(board: BoardView, view: TableView) -> list[Spot]:
    names = view.names
    spots: list[Spot] = []
    for index, space in enumerate(view.board.spaces):
        for seat, rect in board.arrow_rects(index):
            key = "arrow_two" if len(space.arrows) > 1 else "arrow"
            spots.append((rect.inflate(8, 8), tr(f"tacocat.table.tip.{key}", name=names[seat])))
        if index in view.track.covered:
            text = tr("tacocat.table.tip.covered")
        else:
            text = tr("tacocat.table.tip.space", cards=space.hand_size)
        spots.append((board.space_rect(index), text))
    for seat, position in ((0, -1), (1, view.board.size)):
        spots.append((board.space_rect(position), tr("tacocat.table.tip.goal", name=names[seat])))
    return spots


def _pile_spots(view: TableView, discards_key: str) -> list[Spot]:
    spots: list[Spot] = []
    for key, count in (
        ("draw", view.draw_count),
        ("discards", len(view.discard_values)),
        ("tiles", view.track.tiles_left),
    ):
        rect = L.pile_rect(key, "hover")
        text = (
            tr("tacocat.focus.tip_discards", count=count, button=discards_key)
            if key == "discards"
            else tr(f"tacocat.table.tip.{key}", count=count)
        )
        spots.append((rect, text))
    return spots


def hotspots(board: BoardView, view: TableView, discards_key: str = "D") -> list[Spot]:
    """Everything on the table that explains itself on hover (arrows before spaces);
    ``discards_key``: the key the player chose for the discards, named in its tip."""
    return _board_spots(board, view) + _pile_spots(view, discards_key)


def tip_at(spots: Sequence[Spot], pos: tuple[int, int]) -> str | None:
    """The text of the first spot under ``pos``, or None."""
    for rect, text in spots:
        if rect.collidepoint(pos):
            return text
    return None


def tooltip_panel(text_cache: TextCache, text: str) -> pygame.Surface:
    """A small dark panel with ``text`` wrapped in it."""
    p = palette()
    font = text_cache.font(FONT)
    lines = text_cache.wrap(text, FONT, WIDTH)
    w = max(font.size(line)[0] for line in lines) + 20
    h = len(lines) * font.get_linesize() + 14
    panel = rounded_panel((w, h), p.table_deep, p.cheese, radius=10, border_width=2, shadow=3)
    draw_lines(
        panel, text_cache, text, FONT, p.card_face, pygame.Rect(3 + 10, 3 + 7, w - 20, h - 14)
    )
    return panel


def place(size: tuple[int, int], pointer: tuple[int, int]) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: below right of the pointer, kept in the window."""
    rect = pygame.Rect((pointer[0] + 16, pointer[1] + 20), size)
    if rect.right > L.WIDTH - 4:
        rect.right = pointer[0] - 8
    if rect.bottom > L.HEIGHT - 4:
        rect.bottom = pointer[1] - 8
    rect.clamp_ip(pygame.Rect(0, 0, L.WIDTH, L.HEIGHT))
    return rect
