"""A coach mark: a panel with the coach's words, rings around what it is about,
and an arrow from the panel to the most important of them."""

from __future__ import annotations

import math

import pygame

from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.style import TextCache, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_lines, draw_text, fit_lines

#: The panel sits over the game log (left, between the board and the hand): the
#: one part of the table the lesson does not need.
PANEL_TOPLEFT = (14, 290)
PANEL_WIDTH = 410
#: At least as tall as the log it covers; at most down to the prompt line.
PANEL_MIN_HEIGHT = 210
PANEL_MAX_HEIGHT = 328  # down to the name plate
#: The coach's words' size (smaller, down to text_box.MIN_SCALE, when they need it).
TEXT_SIZE = 17
LINE_GAP = 3
PAD = 14
HEAD = 16
#: The round log's lines at the panel's foot (the panel covers the log itself); 16 px is
#: the smallest text the game draws (issue 19).
LOG_SIZE = 16


class CoachMark:
    """Draws the coach mark of one step (the panel is rendered once per text)."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._panel: tuple[tuple[str, str, tuple[str, ...]], pygame.Surface] | None = None
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt

    def panel(self, heading: str, body: str, log: tuple[str, ...] = ()) -> pygame.Surface:
        """The panel for ``heading`` and ``body``: as tall as the words need, within its
        limits; a longer translation gets a smaller size rather than a cut sentence.
        The panel covers the round log, so the log's latest lines (``log``, oldest first)
        fill the room the words leave, newest at the bottom."""
        key = (heading, body, log)
        if self._panel is not None and self._panel[0] == key:
            return self._panel[1]
        p = palette()
        title_font = self.text.font(16, True)  # as tall as the script needs (Lao runs taller)
        title = pygame.Rect(
            PAD,
            PAD - 2,
            PANEL_WIDTH - 2 * PAD,
            max(title_font.get_linesize(), title_font.size(heading)[1]),
        )
        top = title.bottom + 8
        room = pygame.Rect(PAD, top, PANEL_WIDTH - 2 * PAD, PANEL_MAX_HEIGHT - top - PAD)
        lines, size, _ = fit_lines(self.text, body, TEXT_SIZE, room, gap=LINE_GAP)
        block = len(lines) * (self.text.font(size).get_linesize() + LINE_GAP) - LINE_GAP
        height = max(PANEL_MIN_HEIGHT, min(PANEL_MAX_HEIGHT, top + block + PAD))
        surface = rounded_panel(
            (PANEL_WIDTH, height), p.card_face, p.cheese_dark, radius=14, border_width=3, shadow=5
        )
        draw_text(surface, self.text, heading, 16, p.salsa_dark, title, bold=True, anchor="topleft")
        room.height = height - top - PAD
        drawn = draw_lines(surface, self.text, body, TEXT_SIZE, p.ink, room, gap=LINE_GAP)
        self._draw_log(surface, log, drawn.bottom + 10, height - PAD)
        self._panel = (key, surface)
        return surface

    def _draw_log(
        self, surface: pygame.Surface, log: tuple[str, ...], top: int, bottom: int
    ) -> None:
        """The round log's newest entries that fit between ``top`` and ``bottom``, each
        wrapped to the panel's width (newest at the bottom, under the log's heading)."""
        p = palette()
        width = PANEL_WIDTH - 2 * PAD
        heading = tr("tacocat.table.log_heading")
        head_h = self._row_height(heading, bold=True)
        room = bottom - top - head_h
        shown: list[tuple[str, int]] = []  # (entry, its block's height), newest first
        for line in reversed(log):
            height = self._block_height(line, width, bold=not shown)
            if height > room:
                break
            shown.append((line, height))
            room -= height
        if not shown:
            return
        pygame.draw.line(surface, p.cheese_dark, (PAD, top - 5), (PANEL_WIDTH - PAD, top - 5), 1)
        draw_text(
            surface,
            self.text,
            heading,
            LOG_SIZE,
            p.salsa_dark,
            pygame.Rect(PAD, top, width, head_h),
            bold=True,
            anchor="midleft",
        )
        y = bottom
        for index, (line, height) in enumerate(shown):
            y -= height
            newest = index == 0
            draw_lines(
                surface,
                self.text,
                line,
                LOG_SIZE,
                p.ink if newest else p.ink_soft,
                pygame.Rect(PAD, y, width, height),
                bold=newest,
            )

    def _row_height(self, text: str, bold: bool = False) -> int:
        """One line of ``text``'s height at the log's size: the font's line height, or
        more where the script's marks stand taller (Lao at the larger text sizes)."""
        font = self.text.font(LOG_SIZE, bold)
        return max(font.get_linesize(), font.size(text)[1])

    def _block_height(self, text: str, width: int, bold: bool) -> int:
        """The height ``text`` needs wrapped to ``width`` at the log's size."""
        lines = self.text.wrap(text, LOG_SIZE, width, bold=bold)
        font = self.text.font(LOG_SIZE, bold)
        return (len(lines) - 1) * font.get_linesize() + self._row_height(text, bold)

    def draw(
        self,
        surface: pygame.Surface,
        step: int,
        steps: int,
        body: str,
        targets: list[pygame.Rect],
        log: tuple[str, ...] = (),
        avoid: pygame.Rect | None = None,
    ) -> pygame.Rect:
        """Draw the mark (``log``: the round log it covers; ``avoid``: the prompt line,
        which the arrow goes round); returns the panel's rectangle."""
        p = palette()
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        for rect in targets:
            ring = rect.inflate(14 + round(6 * pulse), 14 + round(6 * pulse))
            pygame.draw.rect(surface, p.ink, ring, width=6, border_radius=14)
            pygame.draw.rect(surface, p.cheese, ring, width=4, border_radius=14)
        image = self.panel(tr("tacocat.tutorial.heading", step=step + 1, steps=steps), body, log)
        panel = image.get_rect(topleft=PANEL_TOPLEFT)
        if targets:
            _arrow(surface, panel, targets[0].inflate(18, 18), avoid)
        surface.blit(image, panel)
        return panel


def _arrow(
    surface: pygame.Surface,
    panel: pygame.Rect,
    target: pygame.Rect,
    avoid: pygame.Rect | None = None,
) -> None:
    """A fat arrow from the panel's edge to the nearest edge of ``target``; when the
    straight way would cross ``avoid`` (the prompt line), it goes round it at a right angle."""
    tx = min(max(panel.centerx, target.left), target.right)
    ty = min(max(panel.centery, target.top), target.bottom)
    sx = min(max(tx, panel.left), panel.right)
    sy = min(max(ty, panel.top), panel.bottom)
    path = [(sx, sy), (tx, ty)]
    if (
        avoid is not None
        and avoid.height
        and avoid.clipline(path[0], path[1])
        and target.top > avoid.bottom + HEAD
    ):
        # Down beside the prompt, along the gap under it, then onto the target's top edge.
        x0 = max(panel.left + 2 * HEAD, min(panel.right - 2 * HEAD, avoid.left - HEAD))
        below = (avoid.bottom + target.top) // 2
        path = [
            (x0, panel.bottom),
            (x0, below),
            (target.centerx, below),
            (target.centerx, target.top + HEAD),
        ]
    (ax, ay), (tx, ty) = path[-2], path[-1]
    dx, dy = tx - ax, ty - ay
    length = math.hypot(dx, dy)
    if len(path) == 2 and length < HEAD * 2:
        return  # the target touches the panel: the ring says enough
    ux, uy = (dx / length, dy / length) if length else (0.0, 1.0)
    base = (tx - ux * HEAD, ty - uy * HEAD)
    head = [
        (tx, ty),
        (base[0] - uy * HEAD * 0.7, base[1] + ux * HEAD * 0.7),
        (base[0] + uy * HEAD * 0.7, base[1] - ux * HEAD * 0.7),
    ]
    p = palette()
    for colour, width in ((p.ink, 9), (p.cheese, 5)):
        pygame.draw.lines(surface, colour, False, [*path[:-1], base], width)
        for point in path[1:-1]:  # round the elbows
            pygame.draw.circle(surface, colour, point, width // 2)
    pygame.draw.polygon(surface, p.cheese, head)
    pygame.draw.polygon(surface, p.ink, head, 2)
