"""The one focus ring: drawn round whatever the keyboard or a controller is on.

The table's cards have their own ring picture (``card_focus``); every button -
drawn ones and pygame_gui's alike - gets this one, so a player who does not use
the mouse sees the same mark on every screen: a white band between two ink
lines, readable on the dark table and on the cream panels.
"""

from __future__ import annotations

import pygame

from tacocat.ui.widgets.style import palette

#: Pixels between the element's edge and the ring's white band.
RING_GAP = 5


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, *, light: bool = False) -> None:
    """The ring round ``rect`` (screen coordinates): the table's white band with an ink
    edge. ``light``: the element sits on a light panel, where white alone would not
    show, so the ink edge is drawn thicker."""
    p = palette()
    ring = pygame.Rect(rect).inflate(2 * RING_GAP, 2 * RING_GAP)
    pygame.draw.rect(surface, p.white, ring, width=3, border_radius=15)
    if light:
        pygame.draw.rect(surface, p.ink, ring.inflate(8, 8), width=4, border_radius=19)
    else:
        pygame.draw.rect(surface, p.ink, ring.inflate(4, 4), width=1, border_radius=17)
