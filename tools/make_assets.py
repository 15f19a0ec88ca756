"""Generate every image and sound in ``assets/`` (the game's own art: no downloads).

Run ``python tools/make_assets.py`` to (re)write ``assets/``; ``--out DIR`` writes elsewhere.
The output is deterministic: the same bytes on every run with the same pygame-ce build.

What it makes (sizes in logical pixels of the 1280x720 window):

* ``images/cards/card_01.png`` .. ``card_12.png`` (100x140): faces. Big centred value, small
  values in two opposite corners, and a "clock" ring of 12 pip slots of which the first
  ``value`` are filled (shape, not colour, carries the value). 6 and 9 are underlined.
* ``images/cards/card_back.png`` (100x140), ``card_shadow.png`` (116x156, see CARD_SHADOW_PAD),
  ``card_highlight.png`` (playable glow) and ``card_focus.png`` (keyboard focus), both 100x140.
* ``images/board/board_frame.png`` (1100x230, the opened box; floor rect in BOARD_FLOOR_RECT),
  ``space.png`` and ``space_centre.png`` (110x110), ``tile.png`` (110x110, covers a left space),
  ``goal_1.png`` / ``goal_2.png`` (130x150), ``arrow_1.png`` (44x44, points LEFT at seat 1) and
  ``arrow_2.png`` (44x44, points RIGHT at seat 2).
* ``images/token/tacocat.png`` (120x100, faces right) and ``tacocat_shadow.png`` (112x30).
* ``images/ui/background.png`` (1280x720, opaque), ``title_logo.png`` (760x200),
  ``panel.png`` (64x64, 9-slice with 16 px corners), ``confetti.png`` (72x32 sheet: 6 colour
  columns x 4 spin-frame rows of 12x8 pieces).
* ``images/icon.png`` (256x256), ``icon.ico`` (16, 32, 48, 256) and ``icon.icns``
  (16-512, for the macOS app); all entries PNG-compressed. ``icons/hicolor/<N>x<N>/apps/``
  (16-512) for the Linux menu, by ``tools/icons_hicolor.py``.
* ``sounds/*.wav`` (22050 Hz, mono, 16-bit): deal, flip, play, slide, hop, tile, win, round,
  click, error, lose, tie; and ``music.ogg`` (Ogg Vorbis, 22050 Hz mono: a 24 s loop whose
  melody is a musical palindrome), encoded by ``tools/ogg_vorbis.py`` (needs the ``soundfile``
  package).
* ``palette.json`` (every palette colour as ``"name": "#rrggbb"``, plus ``seat_1``/``seat_2``)
  and ``LICENSE-ASSETS.md``.

Seat symbols (never colour alone): seat 1 = avocado green + SUN, seat 2 = salsa red + MOON.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import io
import json
import math
import operator
import os
import random
import struct
import sys
import wave
from array import array
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

# Card and board geometry come from the game (one source for the art and the widgets).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tacocat.geometry import (  # noqa: E402
    ARROW_SIZE,
    BOARD_EDGE,
    BOARD_FLOOR_RECT,
    BOARD_RIM,
    BOARD_SIZE,
    CARD_RADIUS,
    CARD_SHADOW_PAD,
    CARD_SIZE,
    CONFETTI_CELL,
    GOAL_SIZE,
    LOGO_SIZE,
    SCREEN_SIZE,
    SPACE_SIZE,
    TOKEN_SIZE,
)

# --------------------------------------------------------------------------------------------
# Palette: "taco night".  Everything below draws with these names only.
# --------------------------------------------------------------------------------------------
TABLE = "#17323A"
TABLE_DEEP = "#0C1D22"
TABLE_LIGHT = "#2A5560"
BOX_FLOOR = "#F4E7C5"
BOX_FLOOR_SHADE = "#E4D0A2"
BOX_RIM = "#D9A55B"
BOX_RIM_LIGHT = "#ECC383"
BOX_EDGE = "#8E5B2C"
SALSA = "#D9483B"
SALSA_DARK = "#A3322A"
AVOCADO = "#7FA650"
AVOCADO_DARK = "#587A30"
#: Seat 1's green for text on the cream panel (AVOCADO_DARK is 4.1:1 there; this is 5.2:1).
AVOCADO_DEEP = "#46682A"
CHEESE = "#F2C14E"
CHEESE_DARK = "#C8952C"
INK = "#2B2118"
INK_SOFT = "#6B5744"
CARD_FACE = "#FFF8EC"
TORTILLA = "#EEC06B"
TORTILLA_DARK = "#C98A3C"
LETTUCE = "#8EC04F"
MEAT = "#8A4A2B"
TOMATO = "#E5533D"
BLUSH = "#F4A193"
COOL = "#3F8E9E"
WARM = "#E2703C"
WHITE = "#FFFFFF"

SEAT_1 = AVOCADO
SEAT_1_DARK = AVOCADO_DARK
SEAT_2 = SALSA
SEAT_2_DARK = SALSA_DARK

BASE_PALETTE: dict[str, str] = {
    "table": TABLE,
    "table_deep": TABLE_DEEP,
    "table_light": TABLE_LIGHT,
    "box_floor": BOX_FLOOR,
    "box_floor_shade": BOX_FLOOR_SHADE,
    "box_rim": BOX_RIM,
    "box_rim_light": BOX_RIM_LIGHT,
    "box_edge": BOX_EDGE,
    "salsa": SALSA,
    "salsa_dark": SALSA_DARK,
    "avocado": AVOCADO,
    "avocado_dark": AVOCADO_DARK,
    "avocado_deep": AVOCADO_DEEP,
    "cheese": CHEESE,
    "cheese_dark": CHEESE_DARK,
    "ink": INK,
    "ink_soft": INK_SOFT,
    "card_face": CARD_FACE,
    "tortilla": TORTILLA,
    "tortilla_dark": TORTILLA_DARK,
    "lettuce": LETTUCE,
    "meat": MEAT,
    "tomato": TOMATO,
    "blush": BLUSH,
    "cool": COOL,
    "warm": WARM,
    "white": WHITE,
    "seat_1": SEAT_1,
    "seat_1_dark": SEAT_1_DARK,
    "seat_2": SEAT_2,
    "seat_2_dark": SEAT_2_DARK,
}

# --------------------------------------------------------------------------------------------
# Geometry: tacocat/geometry.py (shared with the UI); the generator's own constants here.
# --------------------------------------------------------------------------------------------
SS = 4  # supersampling factor: small art is drawn 4x and smoothscaled down
ICON_SIZES = (16, 32, 48, 256)

SOUND_RATE = 22050

Surface = pygame.Surface
Point = tuple[float, float]


# --------------------------------------------------------------------------------------------
# Colour helpers
# --------------------------------------------------------------------------------------------
def rgba(colour: str | pygame.Color, alpha: int = 255) -> pygame.Color:
    """A pygame Color from ``#rrggbb`` (or a Color) with the given alpha."""
    c = pygame.Color(colour)
    c.a = alpha
    return c


def mix(a: str | pygame.Color, b: str | pygame.Color, t: float) -> pygame.Color:
    """Linear blend of two colours: ``t=0`` is ``a``, ``t=1`` is ``b`` (opaque)."""
    ca, cb = pygame.Color(a), pygame.Color(b)
    return pygame.Color(*(round(x + (y - x) * t) for x, y in zip(ca[:3], cb[:3], strict=True)))


def hexstr(c: pygame.Color) -> str:
    return f"#{c.r:02X}{c.g:02X}{c.b:02X}"


# Card tints: 1-4 cool blues/teals, 5-8 sand to cheese, 9-12 warm oranges (a hint only: the
# number and the pip count carry the meaning).
CARD_TINTS = (
    "#5C80C4", "#4A8FBE", "#3F9AAE", "#46A39E",
    "#D6B46A", "#E6BB55", "#F2C14E", "#F2AD45",
    "#EE9A43", "#E98640", "#E2713C", "#D65E3A",
)  # fmt: skip


def card_tint(value: int) -> pygame.Color:
    return pygame.Color(CARD_TINTS[value - 1])


def palette() -> dict[str, str]:
    """Every named colour, plus the 12 card tints."""
    colours = dict(BASE_PALETTE)
    for value in range(1, 13):
        colours[f"card_tint_{value:02d}"] = hexstr(card_tint(value))
    return colours


# --------------------------------------------------------------------------------------------
# Surface helpers
# --------------------------------------------------------------------------------------------
def canvas(w: int, h: int, base: str = INK) -> Surface:
    """A transparent surface whose invisible pixels carry ``base`` (avoids dark AA fringes)."""
    surf = Surface((w, h), pygame.SRCALPHA)
    surf.fill(rgba(base, 0))
    return surf


def down(surf: Surface, size: tuple[int, int]) -> Surface:
    """Anti-alias a supersampled drawing by smoothscaling it to its final size."""
    return pygame.transform.smoothscale(surf, size)


def silhouette(surf: Surface, colour: str | pygame.Color, alpha: int = 255) -> Surface:
    """Same alpha shape as ``surf`` (scaled by ``alpha``/255), filled with one colour."""
    out = surf.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    c = pygame.Color(colour)
    out.fill((c.r, c.g, c.b, 0), special_flags=pygame.BLEND_RGB_ADD)
    if alpha != 255:
        out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def outlined(surf: Surface, colour: str, width: float) -> Surface:
    """``surf`` on top of a dilated ink silhouette of itself (a cartoon outline)."""
    ink = silhouette(surf, colour)
    out = canvas(*surf.get_size(), base=colour)
    steps = 24
    for radius in (width, width * 0.5):
        for i in range(steps):
            a = 2 * math.pi * i / steps
            out.blit(ink, (round(math.cos(a) * radius), round(math.sin(a) * radius)))
    out.blit(surf, (0, 0))
    return out


def blurred_shadow(surf: Surface, blur: int, alpha: int, colour: str = TABLE_DEEP) -> Surface:
    """A soft shadow of ``surf``'s shape (keep a margin of ``2*blur`` around the shape)."""
    shadow = silhouette(surf, colour, alpha)
    return pygame.transform.gaussian_blur(shadow, blur) if blur > 0 else shadow


def clip_to(layer: Surface, mask: Surface) -> Surface:
    """Multiply ``layer``'s alpha by ``mask``'s alpha (mask: white shape on transparent)."""
    out = layer.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def rounded_mask(size: tuple[int, int], rect: pygame.Rect, radius: int) -> Surface:
    mask = Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    return mask


def scaled(points: Iterable[Point], s: float, dx: float = 0, dy: float = 0) -> list[Point]:
    return [(x * s + dx, y * s + dy) for x, y in points]


def rounded_rect_path(rect: pygame.Rect, radius: float, step: float) -> list[Point]:
    """Points every ~``step`` pixels clockwise around a rounded rectangle."""
    r = radius
    corners = [
        (rect.right - r, rect.top + r, -90.0),
        (rect.right - r, rect.bottom - r, 0.0),
        (rect.left + r, rect.bottom - r, 90.0),
        (rect.left + r, rect.top + r, 180.0),
    ]
    outline: list[Point] = []
    for cx, cy, start in corners:
        for i in range(9):
            a = math.radians(start + 90 * i / 8)
            outline.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    outline.append(outline[0])
    points: list[Point] = []
    for (x0, y0), (x1, y1) in zip(outline, outline[1:], strict=False):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
        points.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n))
    return points


# --------------------------------------------------------------------------------------------
# Type
# --------------------------------------------------------------------------------------------
def _font_dir() -> Path | None:
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "data"


@functools.lru_cache(maxsize=64)
def font(size: int, style: str = "Bold") -> pygame.font.Font:
    """pygame_gui's bundled Noto Sans (``Bold``/``Regular``/``Italic``/``BoldItalic``)."""
    if not pygame.font.get_init():
        pygame.font.init()
    folder = _font_dir()
    path = folder / f"NotoSans-{style}.ttf" if folder else None
    if path is not None and path.is_file():
        return pygame.font.Font(str(path), size)
    return pygame.font.Font(None, round(size * 1.3))  # pragma: no cover - fallback only


def text(msg: str, size: int, colour: str | pygame.Color, style: str = "Bold") -> Surface:
    return font(size, style).render(msg, True, pygame.Color(colour))


def fit_width(surf: Surface, max_w: int) -> Surface:
    """Squeeze a text surface horizontally so it is at most ``max_w`` wide."""
    w, h = surf.get_size()
    return surf if w <= max_w else pygame.transform.smoothscale(surf, (max_w, h))


def ink_text(
    msg: str, size: int, fill: str, ink: str, width: float, style: str = "Bold"
) -> Surface:
    """Text with a round ink outline, padded so the outline fits."""
    body = text(msg, size, fill, style)
    pad = math.ceil(width) + 2
    surf = canvas(body.get_width() + 2 * pad, body.get_height() + 2 * pad, base=ink)
    surf.blit(body, (pad, pad))
    return outlined(surf, ink, width)


def blit_centred(dst: Surface, src: Surface, centre: Point) -> None:
    dst.blit(src, src.get_rect(center=(round(centre[0]), round(centre[1]))))


# --------------------------------------------------------------------------------------------
# Seat symbols and the cat head (shared motifs)
# --------------------------------------------------------------------------------------------
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


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------
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


# --------------------------------------------------------------------------------------------
# Board
# --------------------------------------------------------------------------------------------
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
        x = rng.uniform(lid.left + 8 * SS, lid.right - 8 * SS)
        y = rng.uniform(lid.top + 8 * SS, lid.bottom - 8 * SS)
        pygame.draw.circle(tex, rgba(CARD_FACE, 150), (x, y), rng.uniform(0.5, 1.0) * SS)
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


# --------------------------------------------------------------------------------------------
# Token
# --------------------------------------------------------------------------------------------
def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    return (u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1])  # fmt: skip


def _token_tail(s: int) -> Surface:
    size = (TOKEN_SIZE[0] * s, TOKEN_SIZE[1] * s)
    tail = canvas(*size)
    ctrl = ((24, 66), (4, 68), (1, 40), (11, 24))
    pts = [_bezier(*(scaled([p], s)[0] for p in ctrl), i / 40) for i in range(41)]
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


def _half_ellipse(size: tuple[int, int], box: pygame.Rect, top: float, colour: str) -> Surface:
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


# --------------------------------------------------------------------------------------------
# UI
# --------------------------------------------------------------------------------------------
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


def icon(size: int) -> Surface:
    """The app icon: the token (or, when tiny, just the cat head) on a teal rounded square."""
    s = 4 if size <= 48 else 2
    big = size * s
    art = canvas(big, big, base=TABLE)
    rect = art.get_rect().inflate(-big * 0.04, -big * 0.04)
    pygame.draw.rect(art, rgba(INK), rect, border_radius=round(big * 0.2))
    pygame.draw.rect(
        art, rgba(TABLE), rect.inflate(-big * 0.04, -big * 0.04), border_radius=round(big * 0.18)
    )
    pygame.draw.circle(art, rgba(TABLE_LIGHT), rect.center, big * 0.36)
    pygame.draw.rect(art, rgba(CHEESE), rect.inflate(-big * 0.1, -big * 0.1), max(1, round(big * 0.012)),
                     border_radius=round(big * 0.15))  # fmt: skip
    if size <= 48:
        head = cat_head(big * 0.35, big * 0.045, whiskers=size >= 32)
        blit_centred(art, head, (big / 2, big * 0.47))
    else:
        token = tacocat_art(4)
        tw = round(big * 0.84)
        token = pygame.transform.smoothscale(token, (tw, round(tw * TOKEN_SIZE[1] / TOKEN_SIZE[0])))
        blit_centred(art, token, (big / 2, big * 0.52))
    return down(art, (size, size))


def png_bytes(surf: Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: Sequence[Surface]) -> bytes:
    """An ICO container holding PNG-compressed images (accepted by Windows Vista+ and PyInstaller)."""
    blobs = [png_bytes(img) for img in images]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for img, blob in zip(images, blobs, strict=True):
        w, h = img.get_size()
        entries += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return header + entries + b"".join(blobs)


#: macOS icon entries: (OSType, pixel size); all PNG-compressed (macOS 10.7+).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512))


def icns_bytes(entries: Sequence[tuple[str, Surface]]) -> bytes:
    """An ICNS container (macOS app icon) holding PNG-compressed images."""
    body = b""
    for ostype, img in entries:
        blob = png_bytes(img)
        body += ostype.encode("ascii") + struct.pack(">I", 8 + len(blob)) + blob
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


# --------------------------------------------------------------------------------------------
# Sound (standard library only)
# --------------------------------------------------------------------------------------------
def _n(seconds: float) -> int:
    return round(seconds * SOUND_RATE)


def _lp_coef(cutoff_hz: float) -> float:
    return 1 - math.exp(-2 * math.pi * cutoff_hz / SOUND_RATE)


def pcm16(samples: Sequence[float], peak: float = 0.8, fade: float = 0.004) -> array:
    """Normalise to ``peak`` (<= 0.89, i.e. -1 dBFS) and fade the ends: 16-bit samples."""
    top = max((abs(x) for x in samples), default=0.0) or 1.0
    gain = min(peak, 0.89) / top
    n, nf = len(samples), min(max(1, _n(fade)), len(samples) // 2)
    ints = [round(x * gain * 32767) for x in samples]
    for i in range(nf):  # fade in and out so there is never a click
        ints[i] = round(samples[i] * gain * 32767 * i / nf)
        ints[n - 1 - i] = round(samples[n - 1 - i] * gain * 32767 * i / nf)
    return array("h", ints)


def write_wav(path: Path, samples: Sequence[float], peak: float = 0.8, fade: float = 0.004) -> None:
    """Normalise to ``peak`` (<= 0.89, i.e. -1 dBFS), fade the ends, write 16-bit mono."""
    out = pcm16(samples, peak, fade)
    if sys.byteorder == "big":  # pragma: no cover
        out.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(SOUND_RATE)
        wav.writeframes(out.tobytes())


def write_music(path: Path) -> None:
    """``sounds/music.ogg``: the loop as Ogg Vorbis (tools/ogg_vorbis.py), 1/8 of the WAV."""
    tools = str(Path(__file__).resolve().parent)
    if tools not in sys.path:  # also when loaded from its path (tests/tools)
        sys.path.insert(0, tools)
    from ogg_vorbis import write_ogg_vorbis  # beside this file; needs the soundfile package

    write_ogg_vorbis(path, pcm16(music(), MUSIC_PEAK, fade=0.002), SOUND_RATE)


def _noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _swept_band(
    noise: Sequence[float], cutoff: Callable[[float], float], width: float = 0.5
) -> list[float]:
    """Noise through a band-pass whose centre follows ``cutoff(t)`` (two one-pole low-passes)."""
    lo = hi = 0.0
    out = []
    for i, x in enumerate(noise):
        fc = cutoff(i / SOUND_RATE)
        hi += _lp_coef(fc) * (x - hi)
        lo += _lp_coef(fc * width) * (x - lo)
        out.append(hi - lo)
    return out


def sfx_deal() -> list[float]:
    """A short card swish: band-passed noise sweeping down, quick rise, soft fall."""
    n = _n(0.2)
    band = _swept_band(_noise(n, 1), lambda t: 5200 - 14000 * t)
    return [
        x * math.sin(math.pi * min(1.0, i / n * 1.6)) ** 2 * (1 - i / n) for i, x in enumerate(band)
    ]


def sfx_flip() -> list[float]:
    """A card flip snap: a bright noise tick and a falling chirp."""
    n = _n(0.11)
    band = _swept_band(_noise(n, 2), lambda t: 7000 - 30000 * t, 0.3)
    out, phase = [], 0.0
    for i, x in enumerate(band):
        t = i / SOUND_RATE
        phase += 2 * math.pi * (2600 * math.exp(-t * 40) + 500) / SOUND_RATE
        env = min(1.0, t / 0.003) * math.exp(-t * 55)
        out.append(env * (x * 1.4 + 0.35 * math.sin(phase)))
    return out


def sfx_play() -> list[float]:
    """A card landing on felt: a low thud with a soft papery tap."""
    n = _n(0.2)
    noise = _swept_band(_noise(n, 3), lambda t: 2400, 0.15)
    out, phase = [], 0.0
    for i, x in enumerate(noise):
        t = i / SOUND_RATE
        phase += 2 * math.pi * (70 + 90 * math.exp(-t * 30)) / SOUND_RATE
        body = math.sin(phase) * math.exp(-t * 22)
        tap = x * math.exp(-t * 90) * 1.6
        out.append(min(1.0, t / 0.002) * (body + tap))
    return out


def sfx_slide() -> list[float]:
    """The token sliding: a 0.4 s whoosh (a band sweeping up then down) over a soft rumble."""
    d = 0.4
    n = _n(d)
    band = _swept_band(_noise(n, 4), lambda t: 500 + 1800 * math.sin(math.pi * t / d), 0.4)
    rumble = _swept_band(_noise(n, 44), lambda t: 220, 0.3)
    return [
        (b + 0.8 * r) * math.sin(math.pi * i / n) ** 2
        for i, (b, r) in enumerate(zip(band, rumble, strict=True))
    ]


def sfx_hop() -> list[float]:
    """A little boing: a rising, wobbling tone that dies away."""
    n = _n(0.32)
    out, phase = [], 0.0
    for i in range(n):
        t = i / SOUND_RATE
        f = (
            260
            + 360 * (1 - math.exp(-t * 22))
            + 55 * math.sin(2 * math.pi * 19 * t) * math.exp(-t * 7)
        )
        phase += 2 * math.pi * f / SOUND_RATE
        env = min(1.0, t / 0.006) * math.exp(-t * 9)
        out.append(env * (math.sin(phase) + 0.25 * math.sin(2 * phase)))
    return out


def sfx_tile() -> list[float]:
    """A tile drop: two woody clacks (damped modes), the second one softer."""
    n = _n(0.2)
    noise = _noise(n, 6)
    out = [0.0] * n
    for start, amp in ((0.0, 1.0), (0.05, 0.45)):
        s0 = _n(start)
        for i in range(s0, n):
            t = (i - s0) / SOUND_RATE
            modes = sum(a * math.sin(2 * math.pi * f * t) * math.exp(-t * k)
                        for f, a, k in ((820, 1.0, 55), (1390, 0.6, 75), (2450, 0.35, 110)))  # fmt: skip
            out[i] += amp * (modes + noise[i] * math.exp(-t * 400))
    return out


def _tone(freq: float, dur: float, harmonics: Sequence[tuple[float, float]], attack: float,
          decay: float, release: float = 0.03) -> list[float]:  # fmt: skip
    """A note: summed partials (multiple, amplitude), exponential decay, short attack/release."""
    n, nr = _n(dur), max(1, _n(release))
    out = [0.0] * n
    for m, a in harmonics:
        w = 2 * math.pi * freq * m / SOUND_RATE
        out = list(map(operator.add, out, [a * math.sin(w * i) for i in range(n)]))
    env = [min(1.0, i / SOUND_RATE / attack if attack else 1.0, (n - i) / nr) * math.exp(-i / SOUND_RATE * decay)
           for i in range(n)]  # fmt: skip
    return list(map(operator.mul, out, env))


def _mix_into(buf: list[float], part: Sequence[float], at: float, gain: float = 1.0) -> None:
    """Add ``part`` (times ``gain``) into ``buf`` starting at ``at`` seconds, clipped to ``buf``."""
    s0 = _n(at)
    end = min(len(buf), s0 + len(part))
    if gain != 1.0:
        part = [gain * x for x in part]
    buf[s0:end] = map(operator.add, buf[s0:end], part)


def _midi(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


SOFT_SQUARE = ((1, 1.0), (3, 0.26), (5, 0.09), (7, 0.04))
BELL = ((1, 1.0), (2.76, 0.35), (5.4, 0.12))


def sfx_win() -> list[float]:
    """A short happy fanfare: C-E-G run up to a held C major chord (about 1.5 s)."""
    out = [0.0] * _n(1.5)
    for k, note in enumerate((72, 76, 79)):
        _mix_into(out, _tone(_midi(note), 0.16, SOFT_SQUARE, 0.006, 4), 0.11 * k, 0.8)
    for note, g in ((72, 0.45), (76, 0.45), (79, 0.45), (84, 0.7), (48, 0.6)):
        _mix_into(out, _tone(_midi(note), 1.16, SOFT_SQUARE, 0.01, 2.6, 0.25), 0.33, g)
    _mix_into(out, _tone(_midi(96), 0.8, BELL, 0.002, 5), 0.33, 0.25)
    return out


def sfx_round() -> list[float]:
    """A round-won chime: two bell notes, G then C."""
    out = [0.0] * _n(0.95)
    _mix_into(out, _tone(_midi(79), 0.7, BELL, 0.002, 5.5, 0.1), 0.0, 0.8)
    _mix_into(out, _tone(_midi(84), 0.8, BELL, 0.002, 4.5, 0.15), 0.13, 1.0)
    return out


def sfx_lose() -> list[float]:
    """A lost round or game: a soft, slow fall (E, C, A minor), no bells (about 1.1 s)."""
    out = [0.0] * _n(1.15)
    mellow = ((1, 1.0), (2, 0.18), (3, 0.08))
    for k, note in enumerate((64, 60, 57)):
        _mix_into(out, _tone(_midi(note), 0.34 if k < 2 else 0.7, mellow, 0.01, 3.2, 0.12),
                  0.2 * k, 0.7)
    _mix_into(out, _tone(_midi(45), 0.75, mellow, 0.02, 2.4, 0.2), 0.4, 0.35)
    return out


def sfx_tie() -> list[float]:
    """A tie: the same note twice, even and neither up nor down."""
    out = [0.0] * _n(0.6)
    for k in range(2):
        _mix_into(out, _tone(_midi(69), 0.22, SOFT_SQUARE, 0.006, 5, 0.05), 0.2 * k, 0.6)
    return out


def sfx_click() -> list[float]:
    """A tiny UI tick."""
    tick = _tone(1700, 0.045, ((1, 1.0), (2.3, 0.3)), 0.0008, 120, 0.008)
    noise = _noise(len(tick), 9)
    return [
        x + 0.25 * nz * math.exp(-i / 60) for i, (x, nz) in enumerate(zip(tick, noise, strict=True))
    ]


def sfx_error() -> list[float]:
    """A soft "uh-oh": two mellow descending blips."""
    out = [0.0] * _n(0.34)
    mellow = ((1, 1.0), (3, 0.12))
    _mix_into(out, _tone(_midi(64), 0.12, mellow, 0.008, 6, 0.03), 0.0, 0.8)
    _mix_into(out, _tone(_midi(59), 0.2, mellow, 0.008, 6, 0.06), 0.13, 0.9)
    return out


# The music: 100 bpm, 10 bars of 4/4 = 24 s.  The melody is a palindrome (the note sequence,
# pitches and lengths, reads the same backwards); the chords mirror around the middle too.
MUSIC_BPM = 100
MUSIC_CHORDS = ("C", "Am", "F", "G", "C", "C", "G", "F", "Am", "C")
CHORD_NOTES = {"C": (48, 52, 55), "Am": (45, 48, 52), "F": (41, 45, 48), "G": (43, 47, 50)}
MELODY_HALF: tuple[tuple[int | None, float], ...] = (
    (76, 1), (79, 0.5), (81, 0.5), (79, 1), (76, 1),  # C
    (72, 1), (74, 0.5), (76, 0.5), (69, 2),  # Am
    (81, 1), (79, 0.5), (77, 0.5), (76, 1), (72, 1),  # F
    (74, 1.5), (76, 0.5), (79, 1), (71, 1),  # G
    (72, 1), (76, 1), (79, 2),  # C
)  # fmt: skip
MELODY = MELODY_HALF + tuple(reversed(MELODY_HALF))


def _triangle(p: float) -> float:
    return 4 * abs((p % 1.0) - 0.5) - 1


def _soft_pulse(p: float) -> float:
    x = 2 * math.pi * p
    return math.sin(x) + 0.2 * math.sin(3 * x) + 0.06 * math.sin(5 * x)


WAVETABLE_SIZE = 2048
WAVE_SHAPES: dict[str, Callable[[float], float]] = {"triangle": _triangle, "pulse": _soft_pulse}


@functools.cache
def _wavetable(shape: str) -> tuple[float, ...]:
    return tuple(WAVE_SHAPES[shape](i / WAVETABLE_SIZE) for i in range(WAVETABLE_SIZE))


@functools.cache
def _adsr(n: int, attack: float, decay: float, sustain: float, release: float) -> tuple[float, ...]:
    """Attack ramp, linear decay to ``sustain``, hold, and a linear release over the last samples."""
    na, nd, nr = max(1, _n(attack)), max(1, _n(decay)), max(1, _n(release))
    env = [i / na for i in range(na)] + [1 - (1 - sustain) * j / nd for j in range(nd)]
    env = env[:n] + [sustain] * max(0, n - len(env))
    for k in range(min(nr, n)):
        env[n - 1 - k] *= k / nr
    return tuple(env)


@functools.cache
def _note(
    shape: str, midi: int, n: int, adsr: tuple[float, float, float, float]
) -> tuple[float, ...]:
    """One rendered note (cached: the tune repeats itself a lot)."""
    table, size = _wavetable(shape), WAVETABLE_SIZE
    inc = _midi(midi) / SOUND_RATE * size
    return tuple(e * table[int(i * inc) % size] for i, e in enumerate(_adsr(n, *adsr)))


def _music_voice(buf: list[float], notes: Iterable[tuple[float, int, float]], beat: float,
                 shape: str, adsr: tuple[float, float, float, float], gain: float) -> None:  # fmt: skip
    """Add notes given as (start beat, midi note, length in beats)."""
    for start, midi, beats in notes:
        _mix_into(buf, _note(shape, midi, _n(beats * beat), adsr), start * beat, gain)


def music() -> list[float]:
    """The loop: palindromic melody (soft pulse), triangle bass, a quiet pad and a shaker."""
    beat = 60 / MUSIC_BPM
    total = _n(len(MUSIC_CHORDS) * 4 * beat)
    buf = [0.0] * total
    melody, t = [], 0.0
    for note, beats in MELODY:
        if note is not None:
            melody.append((t, note, beats))
        t += beats
    _music_voice(buf, melody, beat, "pulse", (0.012, 0.18, 0.55, 0.08), 0.32)
    bass, pad = [], []
    for bar, chord in enumerate(MUSIC_CHORDS):
        root, third, fifth = CHORD_NOTES[chord]
        b0 = bar * 4
        bass += [
            (b0, root - 12, 1.5),
            (b0 + 1.5, fifth - 12, 0.5),
            (b0 + 2, root, 1),
            (b0 + 3, fifth - 12, 1),
        ]
        pad += [(b0, note + 12, 4) for note in (root, third, fifth)]
    _music_voice(buf, bass, beat, "triangle", (0.01, 0.2, 0.7, 0.06), 0.34)
    _music_voice(buf, pad, beat, "triangle", (0.6, 0.5, 0.8, 0.5), 0.05)
    shaker = [
        x * math.exp(-i / 300)
        for i, x in enumerate(_swept_band(_noise(_n(0.08), 12), lambda t: 9000, 0.5))
    ]
    for k in range(1, len(MUSIC_CHORDS) * 8, 2):  # soft shaker on the off-beats
        _mix_into(buf, shaker, k * beat / 2, 0.25 if k % 4 == 3 else 0.14)
    return buf


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "deal": sfx_deal, "flip": sfx_flip, "play": sfx_play, "slide": sfx_slide, "hop": sfx_hop,
    "tile": sfx_tile, "win": sfx_win, "round": sfx_round, "click": sfx_click, "error": sfx_error,
    "lose": sfx_lose, "tie": sfx_tie,
}  # fmt: skip
SOUND_PEAKS = {"click": 0.55, "error": 0.6, "deal": 0.7, "slide": 0.7, "lose": 0.6, "tie": 0.6}  # default 0.8 (-1.9 dBFS)
MUSIC_PEAK = 0.5  # background music sits under the effects


# --------------------------------------------------------------------------------------------
# Text files
# --------------------------------------------------------------------------------------------
LICENSE_TEXT = """\
# Asset licence

Every image, icon and sound in `assets/` (everything under `images/` and `sounds/`, plus
`icon.ico`, `icon.icns`, `palette.json` and this file) is generated by `tools/make_assets.py` in this
repository from code alone: it is the project's own work, with no third-party art, samples or
downloads, and is released under the same **MIT licence** as the rest of the project (the file
`LICENSE` at the top of the repository, shipped next to the game in every bundle). Text in the images is set in
Noto Sans (Bold and Bold Italic), the font bundled with pygame_gui and licensed under the SIL Open
Font License 1.1; the fonts are only used to draw and are not copied into `assets/`. Any other
file in `assets/` (such as the pygame_gui theme or the translations) is written by hand as part
of the project and is under the same MIT licence, except the fonts below and
`THIRD-PARTY-NOTICES.txt` / `third-party.json`, which `tools/notices.py` writes from the
licences of the software the game ships with. Run `python tools/make_assets.py` to rebuild the generated
files.

## Fonts (`assets/fonts/`)

`NotoSansLaoUI-Regular.ttf` and `NotoSansLaoUI-Bold.ttf` draw the game's Lao text. They are
**Noto Sans Lao** (version 2.001, Copyright 2017 Google Inc., from Debian's `fonts-noto-core`
package, `/usr/share/fonts/truetype/noto/NotoSansLao-{Regular,Bold}.ttf`) merged with a Latin
subset of **Noto Sans** (Copyright 2022 The Noto Project Authors, the files bundled with
pygame_gui) by `tools/make_fonts.py` with fontTools, so that Latin letters and digits inside Lao
text have glyphs; the line height is set to the glyphs' extent and the family is renamed "Noto
Sans Lao UI". Both sources and the result are under the **SIL Open Font License 1.1**; the
licence text and the copyright notices are in `assets/fonts/OFL.txt`. Upstream:
https://github.com/notofonts/lao and https://github.com/notofonts/latin-greek-cyrillic.
"""


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------
def image_jobs() -> dict[str, Callable[[], Surface]]:
    """Relative path -> function drawing that image."""
    jobs: dict[str, Callable[[], Surface]] = {}
    for value in range(1, 13):
        jobs[f"images/cards/card_{value:02d}.png"] = functools.partial(card_face, value)
    jobs.update({
        "images/cards/card_back.png": card_back,
        "images/cards/card_shadow.png": card_shadow,
        "images/cards/card_highlight.png": card_highlight,
        "images/cards/card_focus.png": card_focus,
        "images/board/board_frame.png": board_frame,
        "images/board/space.png": board_space,
        "images/board/space_centre.png": functools.partial(board_space, True),
        "images/board/tile.png": board_tile,
        "images/board/goal_1.png": functools.partial(goal, 1),
        "images/board/goal_2.png": functools.partial(goal, 2),
        "images/board/arrow_1.png": functools.partial(arrow, 1),
        "images/board/arrow_2.png": functools.partial(arrow, 2),
        "images/token/tacocat.png": tacocat,
        "images/token/tacocat_shadow.png": tacocat_shadow,
        "images/ui/background.png": background,
        "images/ui/title_logo.png": title_logo,
        "images/ui/panel.png": panel,
        "images/ui/confetti.png": confetti,
        "images/icon.png": functools.partial(icon, 256),
    })  # fmt: skip
    return jobs


def expected_files() -> list[str]:
    """Every path (relative to the output folder) that :func:`generate` writes."""
    files = list(image_jobs())
    files += ["icon.ico", "icon.icns", "palette.json", "LICENSE-ASSETS.md"]
    files += [f"sounds/{name}.wav" for name in SOUNDS] + ["sounds/music.ogg"]
    files += list(_hicolor().hicolor_files())
    return sorted(files)


def _hicolor():  # noqa: ANN202 - the module tools/icons_hicolor.py
    tools = str(Path(__file__).resolve().parent)
    if tools not in sys.path:  # also when loaded from its path (tests/tools)
        sys.path.insert(0, tools)
    import icons_hicolor

    return icons_hicolor


def generate(out: Path, sounds: bool = True) -> list[Path]:
    """Write every asset under ``out``; return the written paths."""
    pygame.font.init()
    written: list[Path] = []

    def target(rel: str) -> Path:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        written.append(path)
        return path

    for rel, make in image_jobs().items():
        pygame.image.save(make(), str(target(rel)))
    target("icon.ico").write_bytes(ico_bytes([icon(size) for size in ICON_SIZES]))
    target("icon.icns").write_bytes(icns_bytes([(kind, icon(size)) for kind, size in ICNS_TYPES]))
    written += _hicolor().write_hicolor_icons(out, icon)  # the Linux menu's icons
    # bytes, not text: the same "\n" line ends on every platform
    target("palette.json").write_bytes((json.dumps(palette(), indent=2) + "\n").encode("utf-8"))
    target("LICENSE-ASSETS.md").write_bytes(LICENSE_TEXT.encode("utf-8"))
    if sounds:
        for name, make_sound in SOUNDS.items():
            write_wav(target(f"sounds/{name}.wav"), make_sound(), SOUND_PEAKS.get(name, 0.8))
        write_music(target("sounds/music.ogg"))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parent.parent / "assets"
    parser.add_argument(
        "--out", type=Path, default=default, help=f"output folder (default: {default})"
    )
    args = parser.parse_args(argv)
    written = generate(args.out)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files ({total} bytes) to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
