"""The palette, "taco night": the one source of every colour the art and the game use.

Everything the generator draws uses these names only. :func:`palette` is what
``assets/palette.json`` holds: the game reads its colours by name from there
(``tacocat.ui.widgets.style.palette()``), and :mod:`.theme` writes the colours of
``assets/theme.json`` (pygame_gui's theme has no variables) from the same names.
"""

from __future__ import annotations

import json

import pygame

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

#: Shades the screens and widgets use but the art does not (theme.json's hovers, disabled
#: controls, text on the dark table, shadows). Written to palette.json after the card tints.
UI_PALETTE: dict[str, str] = {
    "cheese_light": "#F7D27A",  # a hovered cheese button or slider knob
    "card_face_hover": "#FBEFD5",  # a hovered cream choice, tab or check box
    #: Seat 2's red for text on the cream panel, links, a hovered danger button.
    "salsa_deep": "#B83528",
    "salsa_darkest": "#8E2A22",  # a pressed danger button
    "avocado_light": "#9CC66A",  # seat 1's green for text on the dark table
    "salsa_light": "#F4897E",  # seat 2's red for text on the dark table
    # Stone: disabled controls and muted text, from pale to dark.
    "stone_pale": "#E9DFC6",
    "stone_light": "#D8CDB0",
    "stone": "#B9AF98",
    "stone_mid": "#A39882",
    "stone_dark": "#6F6556",
    "night": "#0B1A1F",  # text shadow on the table; the dim behind a dialog (with alpha)
    "shadow": "#08161A",  # the soft drop shadow under a panel (with alpha)
    "black": "#000000",  # transparent fields and text shadows (with alpha)
}


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
    """Every named colour: the art's, the 12 card tints, then the screens' shades."""
    colours = dict(BASE_PALETTE)
    for value in range(1, 13):
        colours[f"card_tint_{value:02d}"] = hexstr(card_tint(value))
    colours.update(UI_PALETTE)
    return colours


def palette_json() -> bytes:
    """``palette.json``: bytes, not text, so the same "\\n" line ends on every platform."""
    return (json.dumps(palette(), indent=2) + "\n").encode("utf-8")
