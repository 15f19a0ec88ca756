"""``assets/theme.json``: pygame_gui's theme, its colours written from the palette.

pygame_gui's theme JSON has no variables, so the theme is kept as a template beside this
module (``theme.json``) in which every colour is a palette name: ``"$ink"``, or
``"$night/B8"`` for a name with an alpha byte (hex). :func:`theme_json` swaps the names for
the palette's ``#RRGGBB`` (``#RRGGBBAA``) and leaves every other byte of the template as it is,
so the structure, fonts and sizes are edited in the template and the colours in
:mod:`.palette`; tests/tools/test_make_assets.py fails when ``assets/theme.json`` is edited
by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

from .palette import palette

#: The template: pygame_gui's theme with palette names for colours.
TEMPLATE = Path(__file__).with_name("theme.json")
#: A colour in the template: ``"$name"`` or ``"$name/AA"``.
NAMED_COLOUR = re.compile(r'"\$([a-z0-9_]+)(?:/([0-9A-F]{2}))?"')


def theme_json(template: str | None = None, colours: dict[str, str] | None = None) -> bytes:
    """The theme with every ``"$name"`` replaced by its colour (a KeyError names an unknown one)."""
    if template is None:
        template = TEMPLATE.read_bytes().decode("utf-8")  # bytes: the line ends as they are
    named = palette() if colours is None else colours

    def colour(match: re.Match[str]) -> str:
        return f'"{named[match.group(1)].upper()}{match.group(2) or ""}"'

    return NAMED_COLOUR.sub(colour, template).encode("utf-8")
