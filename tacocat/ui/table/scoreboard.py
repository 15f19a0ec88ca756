"""The score as it reads from across the room, and the play mat's caption.

:func:`scoreboard` draws "Sun 2 – 1 Moon" with large digits on seat-coloured
chips; the first seat (the Sun, whose goal is on the board's left) is always on
the left, as everywhere else. :func:`centre_caption` says what the empty play
mat is waiting for (the replacement, the next trick) with the piles' counts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tacocat.rules import Phase
from tacocat.ui.table.turn import Turn
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.style import TextCache, mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_text

#: The score plate's size (top right of the table) and its digits' size.
SIZE = (300, 50)
DIGIT_FONT = 34
NAME_FONT = 18
CHIP_RADIUS = 20


def scoreboard(text: TextCache, names: Sequence[str], wins: Sequence[int]) -> pygame.Surface:
    """A plate "Sun (2) – (1) Moon": seat 0 left, seat 1 right."""
    p = palette()
    w, h = SIZE
    surface = rounded_panel(
        (w, h), mix(p.table_deep, p.table, 0.4), p.table_light, radius=16, border_width=2, shadow=3
    )
    middle, cy = 3 + w // 2, 3 + h // 2
    dash = text.render("–", 28, p.card_face, bold=True)
    surface.blit(dash, dash.get_rect(center=(middle, cy - 1)))
    for seat, sign in ((0, -1), (1, 1)):
        chip_x = middle + sign * 30
        pygame.draw.circle(surface, p.seat(seat), (chip_x, cy), CHIP_RADIUS)
        pygame.draw.circle(surface, p.card_face, (chip_x, cy), CHIP_RADIUS, width=2)
        chip = pygame.Rect(0, 0, 2 * CHIP_RADIUS + 8, h)
        chip.center = (chip_x, cy)
        draw_text(surface, text, str(wins[seat]), DIGIT_FONT, p.white, chip, bold=True)
        # Each name between its chip and the plate's end.
        edge = chip_x + sign * (CHIP_RADIUS + 8)
        room = pygame.Rect(0, 0, w // 2 - 58, h - 8)
        if sign < 0:
            room.midright, anchor = (edge, cy), "midright"
        else:
            room.midleft, anchor = (edge, cy), "midleft"
        draw_text(
            surface, text, names[seat], NAME_FONT, p.card_face, room, bold=True, anchor=anchor
        )
    return surface


def centre_caption(turn: Turn, names: Sequence[str], draw_count: int, discards: int) -> str:
    """What the empty play mat is waiting for, with the piles' counts."""
    piles = tr("tacocat.table.centre.piles", draw=draw_count, discards=discards)
    phase = turn.phase
    who = turn.mover
    if phase is Phase.REPLACE:
        doing = (
            tr("tacocat.table.centre.replace_by", name=names[who])
            if who is not None
            else tr("tacocat.table.centre.replace")
        )
    elif phase is Phase.ATTACK and who is not None:
        doing = tr("tacocat.table.centre.attack", name=names[who])
    elif phase is Phase.DUEL:
        doing = tr("tacocat.table.centre.duel")
    else:
        return piles
    return f"{doing} · {piles}"
