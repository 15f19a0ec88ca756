"""A coach mark: a panel with the coach's words, rings around what it is about,
and an arrow from the panel to the most important of them."""

from __future__ import annotations

import math

import pygame

from tacocat.ui.i18n import tr
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


class CoachMark:
    """Draws the coach mark of one step (the panel is rendered once per text)."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._panel: tuple[tuple[str, str], pygame.Surface] | None = None
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt

    def panel(self, heading: str, body: str) -> pygame.Surface:
        """The panel for ``heading`` and ``body``: as tall as the words need, within its
        limits; a longer translation gets a smaller size rather than a cut sentence."""
        key = (heading, body)
        if self._panel is not None and self._panel[0] == key:
            return self._panel[1]
        p = palette()
        title = pygame.Rect(PAD, PAD - 2, PANEL_WIDTH - 2 * PAD, self.text.font(16, True).get_linesize())
        top = title.bottom + 8
        room = pygame.Rect(PAD, top, PANEL_WIDTH - 2 * PAD, PANEL_MAX_HEIGHT - top - PAD)
        lines, size, _ = fit_lines(self.text, body, TEXT_SIZE, room, gap=LINE_GAP)
        block = len(lines) * (self.text.font(size).get_linesize() + LINE_GAP) - LINE_GAP
        height = max(PANEL_MIN_HEIGHT, min(PANEL_MAX_HEIGHT, top + block + PAD))
        surface = rounded_panel((PANEL_WIDTH, height), p.card_face, p.cheese_dark, radius=14,
                                border_width=3, shadow=5)
        draw_text(surface, self.text, heading, 16, p.salsa_dark, title, bold=True, anchor="topleft")
        room.height = height - top - PAD
        draw_lines(surface, self.text, body, TEXT_SIZE, p.ink, room, gap=LINE_GAP)
        self._panel = (key, surface)
        return surface

    def draw(self, surface: pygame.Surface, step: int, steps: int, body: str,
             targets: list[pygame.Rect]) -> pygame.Rect:
        """Draw the mark; returns the panel's rectangle."""
        p = palette()
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        for rect in targets:
            ring = rect.inflate(14 + round(6 * pulse), 14 + round(6 * pulse))
            pygame.draw.rect(surface, p.ink, ring, width=6, border_radius=14)
            pygame.draw.rect(surface, p.cheese, ring, width=4, border_radius=14)
        image = self.panel(tr("tacocat.tutorial.heading", step=step + 1, steps=steps), body)
        panel = image.get_rect(topleft=PANEL_TOPLEFT)
        if targets:
            _arrow(surface, panel, targets[0].inflate(18, 18))
        surface.blit(image, panel)
        return panel


def _arrow(surface: pygame.Surface, panel: pygame.Rect, target: pygame.Rect) -> None:
    """A fat arrow from the panel's edge to the nearest edge of ``target``."""
    p = palette()
    tx = min(max(panel.centerx, target.left), target.right)
    ty = min(max(panel.centery, target.top), target.bottom)
    sx = min(max(tx, panel.left), panel.right)
    sy = min(max(ty, panel.top), panel.bottom)
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    if length < HEAD * 2:
        return  # the target touches the panel: the ring says enough
    ux, uy = dx / length, dy / length
    base = (tx - ux * HEAD, ty - uy * HEAD)
    head = [(tx, ty), (base[0] - uy * HEAD * 0.7, base[1] + ux * HEAD * 0.7),
            (base[0] + uy * HEAD * 0.7, base[1] - ux * HEAD * 0.7)]
    for colour, width in ((p.ink, 9), (p.cheese, 5)):
        pygame.draw.line(surface, colour, (sx, sy), base, width)
    pygame.draw.polygon(surface, p.cheese, head)
    pygame.draw.polygon(surface, p.ink, head, 2)
