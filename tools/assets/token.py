"""The Tacocat token (a cat in a taco shell, facing right) and its shadow."""

from __future__ import annotations

import functools
import math
import random

import pygame

from tacocat.geometry import TOKEN_SIZE

from .draw import SS, Point, Surface, blit_centred, blurred_shadow, canvas, down, outlined, scaled
from .motifs import cat_head
from .palette import (
    CHEESE,
    CHEESE_DARK,
    INK,
    LETTUCE,
    MEAT,
    TABLE_DEEP,
    TOMATO,
    TORTILLA,
    TORTILLA_DARK,
    WHITE,
    mix,
    rgba,
)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    return (u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1])  # fmt: skip


def _token_tail(s: int) -> Surface:
    size = (TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    tail = canvas(*size)
    ctrl = ((24, 66), (4, 68), (1, 40), (11, 24))
    p0, p1, p2, p3 = scaled(ctrl, s)
    pts = [_bezier(p0, p1, p2, p3, i / 40) for i in range(41)]
    for i, (x, y) in enumerate(pts):
        pygame.draw.circle(tail, rgba(TORTILLA), (x, y), (5.4 - 1.2 * i / 40) * s)
    tail = outlined(tail, INK, 2.2 * s)
    for t in (0.45, 0.62, 0.8):
        x, y = pts[round(t * 40)]
        nx, ny = pts[round(t * 40) + 1]
        a = math.atan2(ny - y, nx - x) + math.pi / 2
        r = 4.2 * s
        pygame.draw.line(tail, rgba(TORTILLA_DARK), (x - math.cos(a) * r, y - math.sin(a) * r),
                         (x + math.cos(a) * r, y + math.sin(a) * r), round(1.8 * s))  # fmt: skip
    return tail


SHELL_BOX = (13, 18, 88, 76)  # 1x ellipse whose lower half is the front of the taco shell
SHELL_TOP = 56  # 1x y of the shell's open edge


def _half_ellipse(
    size: tuple[int, int], box: pygame.Rect, top: float, colour: str | pygame.Color
) -> Surface:
    """The part of an ellipse below ``top``: a taco shell seen from the side."""
    half = canvas(*size, base=colour)
    pygame.draw.ellipse(half, rgba(colour), box)
    half.fill(rgba(colour, 0), pygame.Rect(0, 0, size[0], round(top)))
    return half


def _token_back_shell(s: int) -> Surface:
    """The far wall of the shell: it rises above the filling at both tips (the taco "U")."""
    size = (TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    box = pygame.Rect(13 * s, 2 * s, 88 * s, 80 * s)
    back = _half_ellipse(size, box, 42 * s, mix(TORTILLA, TORTILLA_DARK, 0.3))
    return outlined(back, INK, 2.2 * s)


def _token_filling(s: int) -> Surface:
    size = (TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    lettuce = canvas(*size, base=LETTUCE)
    frills = [(30 + i * 8.2, 47 - 3 * math.sin(i * 1.9)) for i in range(8)]
    for x, y in frills:
        pygame.draw.circle(lettuce, rgba(LETTUCE), (x * s, y * s), 7.6 * s)
    out = outlined(lettuce, INK, 2 * s)
    for x, y in frills:
        pygame.draw.circle(out, mix(LETTUCE, WHITE, 0.3), ((x - 1.6) * s, (y - 2.6) * s), 2.2 * s)
    meat = canvas(*size, base=MEAT)
    for i in range(11):
        x, y = 24 + i * 6.6, SHELL_TOP - 1 - 1.6 * math.sin(i * 2.3)
        pygame.draw.circle(meat, rgba(MEAT), (x * s, y * s), 5.2 * s)
    meat = outlined(meat, INK, 1.8 * s)
    for i in range(11):
        x, y = 23 + i * 6.6, SHELL_TOP - 3 - 1.6 * math.sin(i * 2.3)
        pygame.draw.circle(meat, mix(MEAT, WHITE, 0.25), (x * s, y * s), 1.3 * s)
    out.blit(meat, (0, 0))
    for x, y in ((40, 45), (60, 42), (78, 46)):  # tomato slices
        pygame.draw.circle(out, rgba(INK), (x * s, y * s), 6.6 * s)
        pygame.draw.circle(out, rgba(TOMATO), (x * s, y * s), 5.2 * s)
        pygame.draw.circle(out, mix(TOMATO, WHITE, 0.35), (x * s, y * s), 3 * s)
        for k in range(3):
            a = k * 2 * math.pi / 3 + 0.4
            pygame.draw.circle(
                out,
                rgba(CHEESE),
                ((x + 1.6 * math.cos(a)) * s, (y + 1.6 * math.sin(a)) * s),
                0.7 * s,
            )
    return out


def _token_cheese(s: int) -> Surface:
    """Cheese shreds lying over the shell's open edge."""
    cheese = canvas(TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s, base=CHEESE)
    for x, y, a in ((31, 55, 0.45), (50, 54.5, -0.3), (69, 55.5, 0.35)):
        dx, dy = math.cos(a) * 3.6 * s, math.sin(a) * 3.6 * s
        pygame.draw.line(
            cheese, rgba(CHEESE), (x * s - dx, y * s - dy), (x * s + dx, y * s + dy), round(2.2 * s)
        )
        for px, py in ((x * s - dx, y * s - dy), (x * s + dx, y * s + dy)):
            pygame.draw.circle(cheese, rgba(CHEESE), (px, py), 1.1 * s)
    return outlined(cheese, CHEESE_DARK, 0.9 * s)


def _token_shell(s: int) -> Surface:
    size = (TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    box = pygame.Rect(*(v * s for v in SHELL_BOX))
    shell = outlined(_half_ellipse(size, box, SHELL_TOP * s, TORTILLA), INK, 2.4 * s)
    # toasty band along the curve and toasted spots
    band = canvas(*size, base=TORTILLA_DARK)
    pygame.draw.ellipse(band, rgba(TORTILLA_DARK, 190), box.inflate(-2 * s, -2 * s), round(3.2 * s))
    band.fill(rgba(TORTILLA_DARK, 0), pygame.Rect(0, 0, size[0], (SHELL_TOP + 8) * s))
    shell.blit(band, (0, 0))
    rng = random.Random(5)
    for _ in range(11):
        a = rng.uniform(0.3, math.pi - 0.3)
        rr = rng.uniform(0.25, 0.72)
        x = box.centerx + math.cos(a) * box.width / 2 * rr
        y = (SHELL_TOP + 3) * s + math.sin(a) * (box.height / 2 - 6 * s) * rr
        spot = pygame.Rect(0, 0, rng.uniform(2.5, 4.5) * s, rng.uniform(1.6, 2.6) * s)
        spot.center = (round(x), round(y))
        pygame.draw.ellipse(shell, rgba(TORTILLA_DARK, 170), spot)
    # the lit edge of the tortilla just under the open side
    pygame.draw.line(shell, mix(TORTILLA, WHITE, 0.5), (18 * s, (SHELL_TOP + 2.2) * s),
                     (96 * s, (SHELL_TOP + 2.2) * s), round(1.5 * s))  # fmt: skip
    return shell


def _token_feet(s: int) -> Surface:
    feet = canvas(TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    for x in (36, 68):
        pygame.draw.ellipse(feet, rgba(TORTILLA), pygame.Rect((x - 7) * s, 87 * s, 14 * s, 9.5 * s))
    feet = outlined(feet, INK, 2 * s)
    for x in (36, 68):
        for dx in (-2.5, 0, 2.5):
            pygame.draw.line(
                feet,
                rgba(TORTILLA_DARK),
                ((x + dx) * s, 93 * s),
                ((x + dx) * s, 95.5 * s),
                round(1 * s),
            )
    return feet


@functools.cache
def tacocat_art(s: int = SS) -> Surface:
    """The Tacocat token at ``s`` times 120x100 (facing right), before downscaling (cached: copy
    before drawing on it)."""
    art = canvas(TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    parts = (
        _token_tail,
        _token_feet,
        _token_back_shell,
        _token_filling,
        _token_shell,
        _token_cheese,
    )
    for part in parts:
        art.blit(part(s), (0, 0))
    blit_centred(art, cat_head(20 * s, 2.4 * s), (91 * s, 37 * s))
    return art


def tacocat() -> Surface:
    return down(tacocat_art(), TOKEN_SIZE)


def tacocat_shadow() -> Surface:
    w, h = 112, 30
    shape = canvas(w, h, base=TABLE_DEEP)
    pygame.draw.ellipse(shape, rgba(TABLE_DEEP), pygame.Rect(10, 8, w - 20, h - 16))
    return blurred_shadow(shape, 4, 150)
