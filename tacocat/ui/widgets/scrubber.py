"""A scrubber: a bar over the steps of something (a replay), clicked or dragged to jump.

It shows where the viewer is (a knob), section starts (ticks: a
replay's rounds) and marked steps (dots in a tone's colour - a review's
mistakes). It knows positions only; the owner moves the content.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from tacocat.ui.widgets.style import mix, palette

#: Extra pixels around the bar that still catch a click (a 12 px bar is a small target).
GRAB_MARGIN = 10


class Scrubber:
    """A horizontal bar over steps ``0 .. last``.

    :param rect: the bar's rectangle (round ticks and marks are drawn on it).
    """

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.last = 0
        self.value = 0
        #: The first step of each section (a replay's rounds).
        self.ticks: Sequence[int] = ()
        #: step -> tone (``"good"``, ``"mistake"``, ``"blunder"``, ``"info"``).
        self.marks: Mapping[int, str] = {}
        self.dragging = False
        self.hovered = False

    def x_of(self, step: int) -> int:
        """The x coordinate of ``step`` on the bar."""
        if self.last <= 0:
            return self.rect.left
        return round(self.rect.left + self.rect.width * step / self.last)

    def step_at(self, x: float) -> int:
        """The step nearest to the x coordinate ``x`` (clamped to the bar)."""
        if self.last <= 0 or self.rect.width <= 0:
            return 0
        fraction = (x - self.rect.left) / self.rect.width
        return max(0, min(self.last, round(fraction * self.last)))

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.inflate(2 * GRAB_MARGIN, 2 * GRAB_MARGIN).collidepoint(pos)

    def handle(self, event: pygame.event.Event) -> int | None:
        """A mouse event: the step to jump to, or None (not for the scrubber)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.dragging = True
            return self.step_at(event.pos[0])
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event.pos)
            if self.dragging:
                return self.step_at(event.pos[0])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return self.step_at(event.pos[0])
        return None

    def draw(self, surface: pygame.Surface) -> None:
        p = palette()
        bar = self.rect
        pygame.draw.rect(surface, p.table_deep, bar.inflate(4, 4), border_radius=8)
        done = pygame.Rect(bar.left, bar.top, max(0, self.x_of(self.value) - bar.left), bar.height)
        pygame.draw.rect(surface, mix(p.table_light, p.table_deep, 0.3), bar, border_radius=6)
        if done.width:
            pygame.draw.rect(surface, p.cheese, done, border_radius=6)
        for step in self.ticks:
            x = self.x_of(step)
            pygame.draw.line(surface, p.card_face, (x, bar.top - 4), (x, bar.bottom + 3), 2)
        colours = {"good": p.avocado, "mistake": p.cheese, "blunder": p.salsa}
        for step, tone in self.marks.items():
            pygame.draw.circle(
                surface, colours.get(tone, p.card_face), (self.x_of(step), bar.top - 7), 4
            )
        knob = (self.x_of(self.value), bar.centery)
        radius = 10 if (self.dragging or self.hovered) else 8
        pygame.draw.circle(surface, p.ink, knob, radius + 2)
        pygame.draw.circle(surface, p.card_face, knob, radius)
