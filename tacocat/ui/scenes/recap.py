"""The game-over screen's round-by-round recap: one chip per showdown, in order.

Each chip shows the decided round's number, both showdown cards (the first seat's
on the left, as everywhere) and is filled with the winner's colour; a tie is grey
and marked "=" (it was replayed). Drawn with the table's text cache, no state.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tacocat.ui.results.score import RoundRecord
from tacocat.ui.widgets.style import TextCache, palette
from tacocat.ui.widgets.text_box import draw_text

#: Eight chips a row in the game-over panel; two rows (ties replayed) still clear its buttons.
CHIP = (66, 60)
GAP = 6


def recap_width(count: int) -> int:
    return count * CHIP[0] + max(0, count - 1) * GAP


def draw_recap(
    surface: pygame.Surface,
    text: TextCache,
    records: Sequence[RoundRecord],
    centre_x: int,
    top: int,
    max_width: int,
) -> int:
    """Chips for ``records`` centred on ``centre_x`` from ``top``; returns the bottom."""
    per_row = max(1, (max_width + GAP) // (CHIP[0] + GAP))
    y = top
    for start in range(0, len(records), per_row):
        row = records[start : start + per_row]
        x = centre_x - recap_width(len(row)) // 2
        for record in row:
            _chip(surface, text, record, pygame.Rect((x, y), CHIP))
            x += CHIP[0] + GAP
        y += CHIP[1] + GAP
    return y - GAP if records else top


def _chip(surface: pygame.Surface, text: TextCache, record: RoundRecord, rect: pygame.Rect) -> None:
    p = palette()
    if record.winner is None:  # a tie: replayed
        fill, ink, number = p.box_floor_shade, p.ink, f"{record.number} ="
    else:
        fill, ink, number = p.seat(record.winner, dark=True), p.white, str(record.number)
    pygame.draw.rect(surface, fill, rect, border_radius=12)
    pygame.draw.rect(surface, p.ink, rect, width=2, border_radius=12)
    inner = rect.inflate(-8, -8)
    top, bottom = inner.copy(), inner.copy()
    top.height = bottom.height = inner.height // 2
    bottom.bottom = inner.bottom
    draw_text(surface, text, number, 16, ink, top, bold=True, anchor="midtop")
    if record.cards is not None:
        draw_text(
            surface,
            text,
            f"{record.cards[0]} · {record.cards[1]}",
            19,
            ink,
            bottom,
            bold=True,
            anchor="midbottom",
        )
