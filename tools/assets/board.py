"""The board: the opened box (frame), its spaces, the tile, the two goals and the seat arrows."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from tacocat.geometry import (
    ARROW_SIZE,
    BOARD_EDGE,
    BOARD_FLOOR_RECT,
    BOARD_RIM,
    BOARD_SIZE,
    GOAL_SIZE,
    SPACE_SIZE,
)

from .draw import (
    SS,
    Surface,
    blit_centred,
    blurred_shadow,
    canvas,
    clip_to,
    down,
    outlined,
    rounded_mask,
    text,
)
from .motifs import symbol_badge
from .palette import (
    BOX_EDGE,
    BOX_FLOOR,
    BOX_FLOOR_SHADE,
    BOX_RIM,
    BOX_RIM_LIGHT,
    CARD_FACE,
    CHEESE,
    CHEESE_DARK,
    INK,
    INK_SOFT,
    SEAT_1,
    SEAT_1_DARK,
    SEAT_2,
    SEAT_2_DARK,
    TABLE_DEEP,
    TORTILLA_DARK,
    WHITE,
    mix,
    rgba,
)


def _tile_with_shadow(draw: Callable[[Surface, pygame.Rect], None], size: tuple[int, int],
                      inset: int, lift: int, shadow_alpha: int) -> Surface:  # fmt: skip
    """A rounded piece drawn by ``draw`` (at SS) over its own soft drop shadow (at 1x)."""
    w, h = size
    art = canvas(w * SS, h * SS)
    body = pygame.Rect(inset * SS, (inset - lift) * SS, (w - 2 * inset) * SS, (h - 2 * inset) * SS)
    draw(art, body)
    art = down(art, size)
    out = canvas(w, h, base=TABLE_DEEP)
    shadow = blurred_shadow(art, 3, shadow_alpha, colour=BOX_EDGE)
    out.blit(shadow, (0, lift + 1))
    out.blit(art, (0, 0))
    return out


def _space_body(art: Surface, body: pygame.Rect, centre: bool) -> None:
    r = 16 * SS
    pygame.draw.rect(art, rgba(INK_SOFT), body, border_radius=r)
    face = body.inflate(-1.6 * SS, -1.6 * SS)
    pygame.draw.rect(art, mix(CARD_FACE, BOX_FLOOR, 0.35), face, border_radius=r - 2 * SS)
    # subtle bevel: a lighter top band, a shaded bottom edge
    shade = face.copy()
    shade.top += 4 * SS
    pygame.draw.rect(art, rgba(BOX_FLOOR_SHADE), shade, border_radius=r - 2 * SS)
    top = face.copy()
    top.height -= 4 * SS
    pygame.draw.rect(art, mix(CARD_FACE, BOX_FLOOR, 0.35), top, border_radius=r - 2 * SS)
    groove = top.inflate(-12 * SS, -12 * SS)
    if centre:
        pygame.draw.rect(
            art,
            rgba(CHEESE),
            groove.inflate(4 * SS, 4 * SS),
            round(3 * SS),
            border_radius=r - 4 * SS,
        )
        pygame.draw.rect(
            art,
            rgba(CHEESE_DARK),
            groove.inflate(4 * SS, 4 * SS),
            round(0.8 * SS),
            border_radius=r - 4 * SS,
        )
        for sx in (-1, 1):
            for sy in (-1, 1):
                x = groove.centerx + sx * (groove.width / 2 - 7 * SS)
                y = groove.centery + sy * (groove.height / 2 - 7 * SS)
                d = 3.2 * SS
                pygame.draw.polygon(
                    art, rgba(CHEESE_DARK), [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
                )
    else:
        pygame.draw.rect(
            art,
            mix(BOX_FLOOR_SHADE, BOX_RIM, 0.35),
            groove,
            round(1.1 * SS),
            border_radius=r - 6 * SS,
        )


def board_space(centre: bool = False) -> Surface:
    """An open space: a pale cream tile; the centre one has a cheese ring and corner diamonds."""
    return _tile_with_shadow(
        lambda art, body: _space_body(art, body, centre), SPACE_SIZE, 4, 1, 120
    )


def _tile_body(art: Surface, body: pygame.Rect) -> None:
    r = 16 * SS
    pygame.draw.rect(art, rgba(INK), body, border_radius=r)
    face = body.inflate(-2.2 * SS, -2.2 * SS)
    pygame.draw.rect(art, rgba(TORTILLA_DARK), face, border_radius=r - 2 * SS)
    lid = face.copy()
    lid.height -= 6 * SS
    pygame.draw.rect(art, rgba(BOX_RIM), lid, border_radius=r - 2 * SS)
    # a chip texture: a triangular lattice clipped to the lid, plus "salt" specks
    tex = canvas(*art.get_size(), base=TORTILLA_DARK)
    step = 18 * SS
    for k in range(-12, 14):
        x = lid.left + k * step
        pygame.draw.line(
            tex,
            rgba(TORTILLA_DARK, 150),
            (x, lid.top),
            (x + lid.height * 0.58, lid.bottom),
            round(0.9 * SS),
        )
        pygame.draw.line(
            tex,
            rgba(TORTILLA_DARK, 150),
            (x, lid.top),
            (x - lid.height * 0.58, lid.bottom),
            round(0.9 * SS),
        )
    rng = random.Random(7)
    for _ in range(40):
        dot = (
            rng.uniform(lid.left + 8 * SS, lid.right - 8 * SS),
            rng.uniform(lid.top + 8 * SS, lid.bottom - 8 * SS),
        )
        pygame.draw.circle(tex, rgba(CARD_FACE, 150), dot, rng.uniform(0.5, 1.0) * SS)
    art.blit(clip_to(tex, rounded_mask(art.get_size(), lid, r - 2 * SS)), (0, 0))
    pygame.draw.rect(
        art,
        rgba(BOX_RIM_LIGHT),
        lid.inflate(-3 * SS, -3 * SS),
        round(1.4 * SS),
        border_radius=r - 4 * SS,
    )
    # a knob in the middle: a lid you cannot step on
    c = lid.center
    pygame.draw.circle(art, rgba(INK), c, 10 * SS)
    pygame.draw.circle(art, rgba(TORTILLA_DARK), c, 8.6 * SS)
    pygame.draw.circle(art, rgba(BOX_RIM_LIGHT), (c[0], c[1] - 1 * SS), 7 * SS)


def board_tile() -> Surface:
    """The tile that covers a left space: a raised, textured tortilla-chip lid with a knob."""
    return _tile_with_shadow(_tile_body, SPACE_SIZE, 3, 3, 170)


def goal(seat: int) -> Surface:
    """A little house in the seat colour with the seat symbol in the gable."""
    colour, dark = (SEAT_1, SEAT_1_DARK) if seat == 1 else (SEAT_2, SEAT_2_DARK)
    w, h = GOAL_SIZE
    s = SS
    shape = canvas(w * s, h * s)
    body = pygame.Rect(16 * s, 64 * s, 98 * s, 76 * s)
    pygame.draw.rect(shape, rgba(colour), body, border_radius=9 * s)
    chimney = pygame.Rect(88 * s, 16 * s, 13 * s, 30 * s)
    pygame.draw.rect(shape, rgba(dark), chimney, border_radius=3 * s)
    roof = [(6 * s, 70 * s), (65 * s, 12 * s), (124 * s, 70 * s)]
    pygame.draw.polygon(shape, rgba(dark), roof)
    house = outlined(shape, INK, 2.4 * s)
    # roof trim and body details
    pygame.draw.line(
        house, mix(dark, WHITE, 0.25), (12 * s, 68 * s), (65 * s, 17 * s), round(2 * s)
    )
    pygame.draw.line(house, mix(dark, INK, 0.3), (65 * s, 17 * s), (118 * s, 68 * s), round(2 * s))
    sym = symbol_badge(seat, 16 * s, CARD_FACE, INK, 2 * s)
    blit_centred(house, sym, (65 * s, 50 * s))
    door = pygame.Rect(47 * s, 92 * s, 36 * s, 48 * s)
    pygame.draw.rect(house, rgba(INK), door.inflate(4 * s, 2 * s).move(0, 1 * s),
                     border_top_left_radius=19 * s, border_top_right_radius=19 * s)  # fmt: skip
    pygame.draw.rect(
        house, rgba(CARD_FACE), door, border_top_left_radius=18 * s, border_top_right_radius=18 * s
    )
    pygame.draw.rect(house, rgba(BOX_FLOOR_SHADE), door.inflate(-12 * s, -12 * s).move(0, 4 * s),
                     round(1.2 * s), border_top_left_radius=10 * s, border_top_right_radius=10 * s)  # fmt: skip
    pygame.draw.circle(house, rgba(INK), (door.right - 7 * s, door.centery + 6 * s), 2.2 * s)
    for wx in (24, 93):
        win = pygame.Rect(wx * s, 86 * s, 14 * s, 16 * s)
        pygame.draw.rect(house, rgba(INK), win.inflate(3 * s, 3 * s), border_radius=4 * s)
        pygame.draw.rect(house, rgba(CHEESE), win, border_radius=3 * s)
        pygame.draw.line(
            house, rgba(INK), (win.centerx, win.top), (win.centerx, win.bottom), round(1.2 * s)
        )
        pygame.draw.line(
            house, rgba(INK), (win.left, win.centery), (win.right, win.centery), round(1.2 * s)
        )
    # a doormat
    mat = pygame.Rect(40 * s, 139 * s, 50 * s, 7 * s)
    pygame.draw.rect(house, rgba(INK), mat.inflate(2 * s, 2 * s), border_radius=4 * s)
    pygame.draw.rect(house, rgba(CHEESE), mat, border_radius=3 * s)
    art = down(house, GOAL_SIZE)
    out = canvas(w, h, base=TABLE_DEEP)
    out.blit(blurred_shadow(art, 3, 110, colour=BOX_EDGE), (2, 3))
    out.blit(art, (0, 0))
    return out


def arrow(seat: int) -> Surface:
    """A fat arrow in the seat colour with the seat symbol; seat 1 points LEFT, seat 2 RIGHT."""
    colour = SEAT_1 if seat == 1 else SEAT_2
    w, h = ARROW_SIZE
    s = SS
    shape = canvas(w * s, h * s)
    head = [(4 * s, 22 * s), (21 * s, 5 * s), (21 * s, 39 * s)]
    pygame.draw.polygon(shape, rgba(colour), head)
    pygame.draw.rect(
        shape, rgba(colour), pygame.Rect(18 * s, 12 * s, 22 * s, 20 * s), border_radius=6 * s
    )
    if seat == 2:
        shape = pygame.transform.flip(shape, True, False)
    art = outlined(shape, INK, 2.2 * s)
    sym_x = 29 if seat == 1 else w - 29
    blit_centred(art, symbol_badge(seat, 7.5 * s, CARD_FACE, INK, 1.2 * s), (sym_x * s, 22 * s))
    return down(art, ARROW_SIZE)


def board_frame() -> Surface:
    """The opened game box: dark wall, tan rim with "TACOCAT" (twice, turned), cream floor."""
    w, h = BOARD_SIZE
    s = 2
    art = canvas(w * s, h * s, base=BOX_EDGE)
    outer = pygame.Rect(0, 0, w * s, h * s)
    pygame.draw.rect(art, rgba(BOX_EDGE), outer, border_radius=26 * s)
    rim = outer.inflate(-2 * BOARD_EDGE * s, -2 * BOARD_EDGE * s)
    pygame.draw.rect(art, rgba(BOX_RIM), rim, border_radius=22 * s)
    pygame.draw.rect(art, rgba(BOX_RIM_LIGHT), rim, round(2 * s), border_radius=22 * s)
    floor = pygame.Rect(*(v * s for v in BOARD_FLOOR_RECT))
    pygame.draw.rect(
        art, mix(BOX_RIM, BOX_EDGE, 0.45), floor.inflate(4 * s, 4 * s), border_radius=12 * s
    )
    pygame.draw.rect(art, rgba(BOX_FLOOR), floor, border_radius=10 * s)
    # printed title on the rim, embossed, the bottom one turned (a palindrome both ways)
    for y, turn in ((BOARD_EDGE + BOARD_RIM / 2, 0), (h - BOARD_EDGE - BOARD_RIM / 2, 180)):
        word = text("T A C O C A T", 13 * s, mix(BOX_RIM, BOX_EDGE, 0.55))
        light = text("T A C O C A T", 13 * s, BOX_RIM_LIGHT)
        word, light = pygame.transform.rotate(word, turn), pygame.transform.rotate(light, turn)
        blit_centred(art, light, (w * s / 2, y * s + s))
        blit_centred(art, word, (w * s / 2, y * s))
        for side in (-1, 1):
            x = w * s / 2 + side * (word.get_width() / 2 + 16 * s)
            pygame.draw.circle(art, mix(BOX_RIM, BOX_EDGE, 0.55), (x, y * s), 2.2 * s)
    # floor texture: faint cardboard fibres
    rng = random.Random(11)
    fibres = canvas(w * s, h * s, base=BOX_FLOOR_SHADE)
    for _ in range(380):
        x, y = rng.uniform(floor.left, floor.right), rng.uniform(floor.top, floor.bottom)
        length = rng.uniform(6, 18) * s
        a = rng.uniform(-0.25, 0.25)
        pygame.draw.line(fibres, rgba(BOX_FLOOR_SHADE, 110), (x, y),
                         (x + math.cos(a) * length, y + math.sin(a) * length), s)  # fmt: skip
    art.blit(clip_to(fibres, rounded_mask(art.get_size(), floor, 10 * s)), (0, 0))
    out = down(art, BOARD_SIZE)
    # inner shadow along the floor's top edge: the box has depth
    f = pygame.Rect(BOARD_FLOOR_RECT)
    walls = canvas(w, h, base=BOX_EDGE)
    walls.fill(rgba(BOX_EDGE, 150))
    pygame.draw.rect(walls, rgba(BOX_EDGE, 0), f.move(0, 6).inflate(-4, -2), border_radius=10)
    walls = pygame.transform.gaussian_blur(walls, 5)
    out.blit(clip_to(walls, rounded_mask((w, h), f, 10)), (0, 0))
    return out
