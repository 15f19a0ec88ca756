"""Shared motifs: the seat symbols (sun for seat 1, moon for seat 2) and the cat head
(cards' backs, the goals and the small icons)."""

from __future__ import annotations

import math

import pygame

from .draw import Surface, blit_centred, canvas, outlined
from .palette import BLUSH, INK, TORTILLA, TORTILLA_DARK, WHITE, rgba


def symbol_layer(seat: int, r: float, colour: str) -> Surface:
    """Seat 1: a sun (disc + 8 rays); seat 2: a crescent moon. ``r`` is the outer radius."""
    size = math.ceil(2 * r) + 4
    c = size / 2
    surf = canvas(size, size, base=colour)
    col = rgba(colour)
    if seat == 1:
        pygame.draw.circle(surf, col, (c, c), r * 0.47)
        ray_w = max(2, round(r * 0.19))
        for i in range(8):
            a = math.pi * i / 4 - math.pi / 8
            p0 = (c + math.cos(a) * r * 0.74, c + math.sin(a) * r * 0.74)
            p1 = (c + math.cos(a) * (r - ray_w / 2), c + math.sin(a) * (r - ray_w / 2))
            pygame.draw.line(surf, col, p0, p1, ray_w)
            pygame.draw.circle(surf, col, p0, ray_w / 2)
            pygame.draw.circle(surf, col, p1, ray_w / 2)
    else:
        pygame.draw.circle(surf, col, (c, c), r * 0.92)
        pygame.draw.circle(surf, rgba(colour, 0), (c + r * 0.42, c - r * 0.3), r * 0.74)
    return surf


def symbol_badge(seat: int, r: float, fill: str, ink: str, ink_w: float) -> Surface:
    """A seat symbol with an ink outline, padded for the outline."""
    sym = symbol_layer(seat, r, fill)
    pad = math.ceil(ink_w) + 2
    surf = canvas(sym.get_width() + 2 * pad, sym.get_height() + 2 * pad, base=ink)
    surf.blit(sym, (pad, pad))
    return outlined(surf, ink, ink_w)


def cat_head(r: float, ink_w: float, whiskers: bool = True) -> Surface:
    """A front-facing, left-right symmetric Tacocat head; ``r`` is the head radius (4x px)."""
    w, h = math.ceil(r * 3.1), math.ceil(r * 2.9)
    cx, cy = w / 2, h * 0.55
    shape = canvas(w, h, base=INK)
    tort = rgba(TORTILLA)
    for side in (-1, 1):
        ear = [(cx + side * r * 0.98, cy - r * 0.2), (cx + side * r * 0.78, cy - r * 1.28),
               (cx + side * r * 0.12, cy - r * 0.8)]  # fmt: skip
        pygame.draw.polygon(shape, tort, ear)
    pygame.draw.ellipse(shape, tort, pygame.Rect(cx - r * 1.1, cy - r * 0.92, r * 2.2, r * 1.86))
    head = outlined(shape, INK, ink_w)
    ink, pink = rgba(INK), rgba(BLUSH)
    for side in (-1, 1):
        inner = [(cx + side * r * 0.8, cy - r * 0.42), (cx + side * r * 0.72, cy - r * 1.0),
                 (cx + side * r * 0.36, cy - r * 0.72)]  # fmt: skip
        pygame.draw.polygon(head, pink, inner)
        # tabby stripes on the forehead
        pygame.draw.line(head, rgba(TORTILLA_DARK), (cx + side * r * 0.26, cy - r * 0.86),
                         (cx + side * r * 0.2, cy - r * 0.62), max(2, round(r * 0.09)))  # fmt: skip
        ex, ey = cx + side * r * 0.42, cy - r * 0.02
        pygame.draw.ellipse(head, ink, pygame.Rect(ex - r * 0.14, ey - r * 0.2, r * 0.28, r * 0.4))
        pygame.draw.circle(head, rgba(WHITE), (ex - r * 0.04, ey - r * 0.09), r * 0.065)
        blush = Surface((round(r * 0.36), round(r * 0.2)), pygame.SRCALPHA)
        blush.fill(rgba(BLUSH, 0))
        pygame.draw.ellipse(blush, rgba(BLUSH, 190), blush.get_rect())
        blit_centred(head, blush, (cx + side * r * 0.68, cy + r * 0.3))
    pygame.draw.line(head, rgba(TORTILLA_DARK), (cx, cy - r * 0.9), (cx, cy - r * 0.6),
                     max(2, round(r * 0.09)))  # fmt: skip
    nose = [(cx - r * 0.11, cy + r * 0.16), (cx + r * 0.11, cy + r * 0.16), (cx, cy + r * 0.28)]
    pygame.draw.polygon(head, pink, nose)
    pygame.draw.polygon(head, ink, nose, max(1, round(ink_w * 0.35)))
    mouth_w = max(2, round(ink_w * 0.45))
    for side in (-1, 1):
        arc = pygame.Rect(0, 0, r * 0.24, r * 0.22)
        arc.center = (round(cx + side * r * 0.12), round(cy + r * 0.27))
        pygame.draw.arc(head, ink, arc, math.pi, 2 * math.pi, mouth_w)
    if whiskers:
        ww = max(2, round(ink_w * 0.35))
        for side in (-1, 1):
            for dy, tilt in ((0.2, -0.12), (0.34, 0.0), (0.48, 0.12)):
                x0, y0 = cx + side * r * 0.62, cy + r * dy
                x1, y1 = cx + side * r * 1.45, cy + r * (dy + tilt)
                pygame.draw.line(head, ink, (x0, y0), (x1, y1), ww)
    return head
