"""Pictures of the screens around the table: the felt background, the title logo, the
9-slice panel and the confetti sheet."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from tacocat.geometry import CONFETTI_CELL, LOGO_SIZE, SCREEN_SIZE, TOKEN_SIZE

from .draw import SS, Surface, blit_centred, canvas, down, fit_width, ink_text, silhouette
from .palette import (
    AVOCADO,
    BLUSH,
    BOX_FLOOR,
    CARD_FACE,
    CHEESE,
    COOL,
    INK,
    SALSA,
    TABLE,
    TABLE_DEEP,
    TABLE_LIGHT,
    mix,
    rgba,
)
from .token import tacocat_art, tacocat_shadow


def _radial_overlay(
    size: tuple[int, int], colour: str, alpha_at: Callable[[float], float]
) -> Surface:
    """A smooth radial alpha overlay: computed on a small grid, then smoothscaled up."""
    gw, gh = 64, 36
    grid = canvas(gw, gh, base=colour)
    c = pygame.Color(colour)
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.5
            d = math.hypot(dx * 1.15, dy) * 2  # 0 at the centre, ~1.5 in the corners
            grid.set_at((x, y), (c.r, c.g, c.b, round(max(0.0, min(255.0, alpha_at(d))))))
    return pygame.transform.smoothscale(grid, size)


def background() -> Surface:
    """Teal felt: weave texture, a faint repeating palindrome motif, a soft vignette."""
    w, h = SCREEN_SIZE
    surf = Surface((w, h), pygame.SRCALPHA)
    surf.fill(rgba(TABLE))
    # cloth: a 64x64 tile of woven threads and fine noise
    rng = random.Random(1234)
    tile = Surface((64, 64), pygame.SRCALPHA)
    light, dark = pygame.Color(TABLE_LIGHT), pygame.Color(TABLE_DEEP)
    for y in range(64):
        for x in range(64):
            weave = 1 if ((x // 2) + (y // 2)) % 2 == 0 else -1
            n = weave * 0.5 + rng.uniform(-1, 1)
            c = light if n > 0 else dark
            tile.set_at((x, y), (c.r, c.g, c.b, round(abs(n) * 9)))
    for ty in range(0, h, 64):
        for tx in range(0, w, 64):
            surf.blit(tile, (tx, ty))
    # the motif: rows of "diamond dot diamond" (a palindrome), staggered
    motif = canvas(w * 2, h * 2, base=TABLE_LIGHT)
    col = rgba(TABLE_LIGHT, 60)
    step_x, step_y = 96 * 2, 80 * 2
    for row in range(-1, h * 2 // step_y + 2):
        for k in range(-1, w * 2 // step_x + 2):
            x = k * step_x + (step_x // 2 if row % 2 else 0)
            y = row * step_y + step_y // 2
            for dx in (-16, 16):
                d = 6
                pygame.draw.polygon(
                    motif, col, [(x + dx, y - d), (x + dx + d, y), (x + dx, y + d), (x + dx - d, y)]
                )
            pygame.draw.circle(motif, col, (x, y), 3)
    surf.blit(down(motif, SCREEN_SIZE), (0, 0))
    # light in the middle, dark at the edges
    surf.blit(
        _radial_overlay(SCREEN_SIZE, TABLE_LIGHT, lambda d: 40 * max(0.0, 1 - d * 1.4)), (0, 0)
    )
    surf.blit(
        _radial_overlay(SCREEN_SIZE, TABLE_DEEP, lambda d: 220 * max(0.0, d - 0.45) ** 1.3), (0, 0)
    )
    opaque = Surface((w, h))
    opaque.blit(surf, (0, 0))
    return opaque


def title_logo() -> Surface:
    """The title: TACOCAT in cheese with an ink outline and salsa drop, "spelled backwards", token."""
    w, h = LOGO_SIZE
    s = 2
    art = canvas(w * s, h * s)
    token = tacocat_art(s * 2)
    token = pygame.transform.smoothscale(
        token, (196 * s, round(196 * s * TOKEN_SIZE[1] / TOKEN_SIZE[0]))
    )
    shadow = pygame.transform.smoothscale(tacocat_shadow(), (170 * s, 40 * s))
    blit_centred(art, shadow, (108 * s, 180 * s))
    blit_centred(art, token, (104 * s, 104 * s))
    title = ink_text("TACOCAT", 112 * s, CHEESE, INK, 5 * s)
    title = fit_width(title, 540 * s)
    drop = silhouette(title, SALSA)
    tx, ty = 210 * s, 4 * s
    art.blit(drop, (tx + 3 * s, ty + 7 * s))
    art.blit(title, (tx, ty))
    sub = ink_text("spelled backwards", 34 * s, CARD_FACE, INK, 3 * s, style="BoldItalic")
    sub_x = tx + (title.get_width() - sub.get_width()) / 2
    art.blit(silhouette(sub, SALSA), (sub_x + 2 * s, 140 * s + 3 * s))
    art.blit(sub, (sub_x, 140 * s))
    return down(art, LOGO_SIZE)


def panel() -> Surface:
    """A 64x64 cream panel with an ink border (radius 14), 9-slice with 16 px corners."""
    w = h = 64
    art = canvas(w * SS, h * SS, base=INK)
    rect = art.get_rect().inflate(-2, -2)
    pygame.draw.rect(art, rgba(INK), rect, border_radius=14 * SS)
    pygame.draw.rect(art, rgba(CARD_FACE), rect.inflate(-4 * SS, -4 * SS), border_radius=12 * SS)
    pygame.draw.rect(
        art, rgba(BOX_FLOOR), rect.inflate(-8 * SS, -8 * SS), round(1 * SS), border_radius=9 * SS
    )
    return down(art, (w, h))


CONFETTI_COLOURS = (SALSA, AVOCADO, CHEESE, COOL, CARD_FACE, BLUSH)


def confetti() -> Surface:
    """6 colour columns x 4 rows (spin frames: flat, tilted, edge-on, tilted back) of 12x8."""
    cw, ch = CONFETTI_CELL
    frames = ((0, 1.0), (30, 0.8), (0, 0.3), (-30, 0.8))
    sheet = canvas(cw * len(CONFETTI_COLOURS), ch * len(frames))
    for col, colour in enumerate(CONFETTI_COLOURS):
        for row, (angle, squash) in enumerate(frames):
            piece = canvas(cw * SS, ch * SS, base=colour)
            rect = pygame.Rect(0, 0, 9 * SS, max(1, round(5 * squash)) * SS)
            rect.center = (cw * SS // 2, ch * SS // 2)
            pygame.draw.rect(piece, mix(colour, INK, 0.35), rect, border_radius=SS)
            pygame.draw.rect(piece, rgba(colour), rect.inflate(-SS, -SS), border_radius=SS)
            piece = pygame.transform.rotate(piece, angle)
            cell = canvas(cw * SS, ch * SS, base=colour)
            blit_centred(cell, piece, (cw * SS / 2, ch * SS / 2))
            sheet.blit(down(cell, CONFETTI_CELL), (col * cw, row * ch))
    return sheet
