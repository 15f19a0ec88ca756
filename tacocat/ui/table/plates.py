"""A seat's name plate: home, name, won-round pips and a badge (chosen / attacker).

At 100 % the badge sits right of the pips; when the name's line is taller (a larger
text size, Lao) the badge, or "YOU", sits at the end of the name's line instead.
"""

from __future__ import annotations

from typing import Any

import pygame

from tacocat.seating import Seating
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.style import Colour, TextCache, mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_pill, draw_text

#: From one won-round pip to the next on a name plate.
PIP_STEP = 18


def draw_plate(
    view: Any,
    assets: Any,
    text: TextCache,
    seat: int,
    side: str,
    seating: Seating,
    rounds_to_win: int,
    *,
    attacker: bool,
    turn: bool,
) -> pygame.Surface:
    """The plate of ``seat`` on ``side`` (a new surface, with its shadow margin)."""
    w, h = L.plate_rect(side).size
    surface = _plate(assets, seat, (w, h), turn)
    you = tr("tacocat.table.you") if side == "bottom" and seating.against_computer else ""
    name_h = text.font(19, True).get_linesize()
    badge = _badge(view, seat, attacker)
    badge_in_row = badge is not None and 8 + name_h > 37
    if badge_in_row:
        you = ""
    end_w = _draw_name_line(
        surface,
        text,
        view.names[seat],
        you,
        badge[0] if badge is not None and badge_in_row else None,
        w,
        name_h,
    )
    _pips(surface, view.wins[seat], rounds_to_win, palette().seat(seat), max(47, 8 + name_h + 8))
    if badge is not None:
        end = pygame.Rect(w - 4 - end_w, 8, end_w, name_h) if badge_in_row else None
        _draw_badge(surface, text, badge, end, w, rounds_to_win)
    return surface


def _plate(assets: Any, seat: int, size: tuple[int, int], turn: bool) -> pygame.Surface:
    """The plate itself, bordered in the seat's colour (cheese on its turn), with its home."""
    p = palette()
    w, h = size
    colour = p.seat(seat)
    surface = rounded_panel(
        (w, h),
        mix(p.table_deep, p.table, 0.4),
        p.cheese if turn else mix(colour, p.table_deep, 0.3),
        radius=14,
        border_width=3 if turn else 2,
        shadow=4,
    )
    goal = assets.image(f"board/goal_{seat + 1}", (40, 46))
    surface.blit(goal, (12, 4 + (h - 46) // 2))
    return surface


def _badge(view: Any, seat: int, attacker: bool) -> tuple[str, Colour] | None:
    """The badge the seat wears now (its duel card chosen, or attacking) and its colour."""
    p = palette()
    if view.committed[seat]:
        return tr("tacocat.table.badge.chosen"), p.avocado_dark
    if attacker:
        return tr("tacocat.table.badge.attacker"), p.salsa_dark
    return None


def _draw_name_line(
    surface: pygame.Surface,
    text: TextCache,
    name: str,
    you: str,
    badge: str | None,
    w: int,
    name_h: int,
) -> int:
    """The name, with "YOU" at the end of its line, or room there for ``badge`` when the
    badge sits in the line (None: it does not); returns the width kept at the line's end."""
    p = palette()
    end_w = text.font(16, True).size(you)[0] + 4 if you else 0
    if badge is not None:
        end_w = min(w * 2 // 5, text.font(16, True).size(badge)[0] + 14)
    name_left = 56 if badge is not None else 60
    draw_text(
        surface,
        text,
        name,
        19,
        p.card_face,
        pygame.Rect(name_left, 8, w - name_left - 6 - end_w, name_h),
        bold=True,
        anchor="midleft",
    )
    if you:  # on the name's line, at its end
        draw_text(
            surface,
            text,
            you,
            16,
            p.cheese,
            pygame.Rect(w - 6 - end_w, 8, end_w, name_h),
            bold=True,
            anchor="midright",
        )
    return end_w


def _draw_badge(
    surface: pygame.Surface,
    text: TextCache,
    badge: tuple[str, Colour],
    end: pygame.Rect | None,
    w: int,
    rounds_to_win: int,
) -> None:
    """The badge at the ``end`` of the name's line, or (None) right of the pips."""
    p = palette()
    if end is not None:
        draw_pill(
            surface, text, badge[0], 16, p.white, badge[1], end, pad=(5, 1), anchor="midright"
        )
        return
    # Right of the pips, up to the plate's edge; Lao needs the height.
    left = 58 + rounds_to_win * PIP_STEP
    box = pygame.Rect(left, 37, w - 4 - left, text.font(16, True).get_linesize() + 2)
    draw_pill(surface, text, badge[0], 16, p.white, badge[1], box, pad=(5, 1), anchor="topright")


def _pips(surface: pygame.Surface, wins: int, rounds_to_win: int, colour: Any, y: int) -> None:
    """Rounds won: one pip per round needed, filled for each round won."""
    p = palette()
    for i in range(rounds_to_win):
        centre = (68 + i * PIP_STEP, y)
        if i < wins:
            pygame.draw.circle(surface, colour, centre, 7)
            pygame.draw.circle(surface, p.card_face, centre, 7, width=2)
        else:
            pygame.draw.circle(surface, p.table_light, centre, 7, width=2)
