"""The cards: twelve faces, the back, and the shadow, highlight and focus overlays."""

from __future__ import annotations

import math

import pygame

from tacocat.geometry import CARD_RADIUS, CARD_SHADOW_PAD, CARD_SIZE

from .draw import (
    SS,
    Point,
    Surface,
    blit_centred,
    blurred_shadow,
    canvas,
    clip_to,
    down,
    fit_width,
    rounded_mask,
    rounded_rect_path,
    silhouette,
    text,
)
from .motifs import cat_head
from .palette import (
    CARD_FACE,
    CHEESE,
    CHEESE_DARK,
    INK,
    SALSA,
    SALSA_DARK,
    TABLE_DEEP,
    WHITE,
    card_tint,
    mix,
    rgba,
)


def _card_base(fill: str, border: str) -> Surface:
    w, h = CARD_SIZE[0] * SS, CARD_SIZE[1] * SS
    surf = canvas(w, h, base=fill)
    rect = pygame.Rect(0, 0, w, h).inflate(-2, -2)
    pygame.draw.rect(surf, rgba(border), rect, border_radius=CARD_RADIUS * SS)
    pygame.draw.rect(surf, rgba(fill), rect.inflate(-2.2 * SS, -2.2 * SS),
                     border_radius=CARD_RADIUS * SS - 2 * SS)  # fmt: skip
    return surf


def _value_label(value: int, size: int, max_w: int, colour: str) -> Surface:
    """A value as text; 6 and 9 get an underline so they survive being upside down."""
    label = fit_width(text(str(value), size, colour), max_w)
    if value not in (6, 9):
        return label
    w, h = label.get_size()
    surf = canvas(w, h, base=colour)
    surf.blit(label, (0, 0))
    bar_h = max(2, round(size * 0.075))
    bar = pygame.Rect(w * 0.12, h * 0.86, w * 0.76, bar_h)
    pygame.draw.rect(surf, rgba(colour), bar, border_radius=bar_h // 2)
    return surf


PIP_RING = (38.0, 47.0)  # ellipse radii (1x px) of the 12 pip slots around the big number


def pip_positions() -> list[Point]:
    """Clock positions 1..12 (1x px), clockwise from one o'clock."""
    cx, cy = CARD_SIZE[0] / 2, CARD_SIZE[1] / 2
    rx, ry = PIP_RING
    return [(cx + rx * math.sin(math.radians(30 * k)), cy - ry * math.cos(math.radians(30 * k)))
            for k in range(1, 13)]  # fmt: skip


def card_face(value: int) -> Surface:
    """One face: plate + clock ring of pips (first ``value`` filled) + big and corner values."""
    tint = card_tint(value)
    surf = _card_base(CARD_FACE, INK)
    w, h = surf.get_size()
    # inner tinted frame
    frame = pygame.Rect(0, 0, w, h).inflate(-9 * SS, -9 * SS)
    pygame.draw.rect(surf, mix(CARD_FACE, tint, 0.55), frame, max(2, SS), border_radius=6 * SS)
    # the plate behind the number
    cx, cy = w / 2, h / 2
    plate = pygame.Rect(0, 0, 58 * SS, 74 * SS)
    plate.center = (round(cx), round(cy))
    pygame.draw.ellipse(surf, mix(CARD_FACE, tint, 0.22), plate)
    pygame.draw.ellipse(surf, mix(CARD_FACE, tint, 0.6), plate, round(1.2 * SS))
    # pips: filled for 1..value, an empty ring for the rest
    for k, (px, py) in enumerate(pip_positions(), start=1):
        centre = (px * SS, py * SS)
        if k <= value:
            pygame.draw.circle(surf, rgba(INK), centre, 5.2 * SS)
            pygame.draw.circle(surf, tint, centre, 3.9 * SS)
            pygame.draw.circle(
                surf, mix(tint, WHITE, 0.55), (centre[0] - 1.3 * SS, centre[1] - 1.3 * SS), 1.2 * SS
            )
        else:
            pygame.draw.circle(surf, mix(CARD_FACE, INK, 0.28), centre, 2.2 * SS, round(0.8 * SS))
    # big number with a soft tinted offset
    big = _value_label(value, 50 * SS, 52 * SS, INK)
    back = silhouette(big, mix(tint, CARD_FACE, 0.15))
    blit_centred(surf, back, (cx + 1.6 * SS, cy + 1.6 * SS))
    blit_centred(surf, big, (cx, cy - 1 * SS))
    # corner indices (top-left, and the same block turned 180 degrees bottom-right)
    corner = canvas(24 * SS, 34 * SS, base=INK)
    label = _value_label(value, 19 * SS, 17 * SS, INK)
    blit_centred(corner, label, (12 * SS, 11 * SS))
    pygame.draw.circle(corner, rgba(INK), (12 * SS, 26 * SS), 3.4 * SS)
    pygame.draw.circle(corner, tint, (12 * SS, 26 * SS), 2.3 * SS)
    surf.blit(corner, (3 * SS, 3 * SS))
    surf.blit(pygame.transform.rotate(corner, 180), (w - 27 * SS, h - 37 * SS))
    return down(surf, CARD_SIZE)


def card_back() -> Surface:
    """Salsa-red back: a 180-degree and mirror symmetric lattice plus a centred cat emblem."""
    surf = _card_base(SALSA, INK)
    w, h = surf.get_size()
    inner = pygame.Rect(0, 0, w, h).inflate(-12 * SS, -12 * SS)
    pattern = canvas(w, h, base=SALSA_DARK)
    cx, cy = w / 2, h / 2
    step = 12 * SS
    for i in range(-6, 7):
        for j in range(-8, 9):
            x, y = cx + i * step, cy + j * step
            if (i + j) % 2 == 0:
                d = 4.2 * SS
                pygame.draw.polygon(
                    pattern, rgba(SALSA_DARK), [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
                )
            else:
                pygame.draw.circle(pattern, rgba(CHEESE, 170), (x, y), 1.4 * SS)
    surf.blit(clip_to(pattern, rounded_mask((w, h), inner, 5 * SS)), (0, 0))
    pygame.draw.rect(surf, rgba(CARD_FACE), inner, round(1.4 * SS), border_radius=5 * SS)
    pygame.draw.rect(
        surf, rgba(CHEESE), inner.inflate(-4 * SS, -4 * SS), round(0.7 * SS), border_radius=3 * SS
    )
    # emblem: cream medallion with the cat face
    pygame.draw.circle(surf, rgba(INK), (cx, cy), 27 * SS)
    pygame.draw.circle(surf, rgba(CARD_FACE), (cx, cy), 25.5 * SS)
    pygame.draw.circle(surf, rgba(CHEESE), (cx, cy), 22.5 * SS, round(1.1 * SS))
    blit_centred(surf, cat_head(13 * SS, 1.6 * SS), (cx, cy + 1.5 * SS))
    # the palindrome, top and (turned) bottom
    word = fit_width(text("TACOCAT", 9 * SS, CARD_FACE), 52 * SS)
    plate = canvas(word.get_width() + 8 * SS, word.get_height(), base=SALSA)
    pygame.draw.rect(plate, rgba(SALSA), plate.get_rect(), border_radius=4 * SS)
    blit_centred(plate, word, (plate.get_width() / 2, plate.get_height() / 2))
    blit_centred(surf, plate, (cx, inner.top + 11 * SS))
    blit_centred(surf, pygame.transform.rotate(plate, 180), (cx, inner.bottom - 11 * SS))
    return down(surf, CARD_SIZE)


def card_shadow() -> Surface:
    pad = CARD_SHADOW_PAD
    w, h = CARD_SIZE[0] + 2 * pad, CARD_SIZE[1] + 2 * pad
    shape = canvas(w, h, base=TABLE_DEEP)
    pygame.draw.rect(
        shape, rgba(TABLE_DEEP), pygame.Rect(pad, pad, *CARD_SIZE), border_radius=CARD_RADIUS
    )
    return blurred_shadow(shape, 4, 150)


def card_highlight() -> Surface:
    """Cheese-yellow glow inside the card edge: "this card is playable"."""
    w, h = CARD_SIZE
    glow = canvas(w, h, base=CHEESE)
    pygame.draw.rect(glow, rgba(CHEESE, 200), glow.get_rect(), 9, border_radius=CARD_RADIUS)
    glow = pygame.transform.gaussian_blur(glow, 4)
    glow = clip_to(glow, rounded_mask((w, h), glow.get_rect(), CARD_RADIUS))
    crisp = canvas(w * SS, h * SS, base=CHEESE)
    rect = crisp.get_rect().inflate(-2, -2)
    pygame.draw.rect(crisp, rgba(CHEESE), rect, round(3.2 * SS), border_radius=CARD_RADIUS * SS)
    pygame.draw.rect(
        crisp, rgba(CHEESE_DARK), rect, round(0.9 * SS), border_radius=CARD_RADIUS * SS
    )
    glow.blit(down(crisp, CARD_SIZE), (0, 0))
    return glow


def card_focus() -> Surface:
    """Keyboard focus: a thick ink ring with white dashes ("marching ants") and a white inner line."""
    w, h = CARD_SIZE[0] * SS, CARD_SIZE[1] * SS
    surf = canvas(w, h, base=INK)
    ring = pygame.Rect(0, 0, w, h).inflate(-2, -2)
    pygame.draw.rect(surf, rgba(INK), ring, round(4 * SS), border_radius=CARD_RADIUS * SS)
    pygame.draw.rect(surf, rgba(WHITE), ring.inflate(-8 * SS, -8 * SS), round(1.3 * SS),
                     border_radius=(CARD_RADIUS - 4) * SS)  # fmt: skip
    mid = ring.inflate(-4 * SS, -4 * SS)
    path = rounded_rect_path(mid, (CARD_RADIUS - 2) * SS, 1.0 * SS)
    dash, gap = 7, 5
    for start in range(0, len(path) - dash, dash + gap):
        pygame.draw.lines(surf, rgba(WHITE), False, path[start : start + dash], round(1.6 * SS))
    return down(surf, CARD_SIZE)
