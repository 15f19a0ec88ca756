"""The Text size setting: every font the game asks for, scaled by one factor.

Layouts are written in the sizes of the 100 % design; :func:`px` turns such a
size into the pixel size drawn now. Self-drawn text gets it through
:class:`tacocat.ui.widgets.style.TextCache` (so a layout that measures a
font's line height grows its rows with the text), pygame_gui's widgets through
:func:`scale_theme` (the theme's font sizes, rebuilt when the setting changes).
"""

from __future__ import annotations

import copy
import math
import re
from typing import Any

#: The current text size in percent (the setting; :func:`set_percent`).
_percent = 100


def percent() -> int:
    return _percent


def set_percent(value: int) -> None:
    """Make ``value`` % the text size (the caller rebuilds what is on screen)."""
    global _percent
    _percent = int(value)


def px(size: int, scale: int | None = None) -> int:
    """``size`` (a 100 % design size) in pixels at the current (or ``scale``) text size."""
    return max(1, round(size * (_percent if scale is None else scale) / 100))


#: The largest text size the layouts are made (and tested) for.
MAX_PERCENT = 150


def readable_percent(chosen: int, frame_scale: float) -> int:
    """The text size to draw at: the player's ``chosen`` one, raised while the window shows
    the 1280×720 frame smaller than its own size (``frame_scale`` < 1, e.g. 0.8 in a
    1024×600 window), so that text keeps the size on the screen it has at 100 % in a
    1280×720 window: 16 px text is drawn 16 px tall, not 12.8 px. Never above
    :data:`MAX_PERCENT`, the largest size every screen is laid out for (a 640×360 window
    still draws 16 px text at 12 px)."""
    if frame_scale >= 1 or frame_scale <= 0:
        return chosen
    return max(chosen, min(MAX_PERCENT, math.ceil(100 / frame_scale - 1e-6)))


def grow(length: int, share: float = 1.0) -> int:
    """A layout length that makes room for larger text: ``length`` grown by ``share`` of
    the text's growth (``share=1``: as much as the text; ``0.5``: half as much)."""
    return round(length * (1 + (_percent / 100 - 1) * share))


def scale_theme(theme: dict[str, Any], scale: int | None = None) -> dict[str, Any]:
    """``theme`` (a pygame_gui theme dict) with every font size scaled to the text size."""
    result = copy.deepcopy(theme)
    for block in result.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if isinstance(font, dict) and "size" in font:
                font["size"] = str(px(int(font["size"]), scale))
    return result


_PIXEL_SIZE = re.compile(r"pixel_size=(\d+)")


def scale_markup(text: str) -> str:
    """Rich text (``<font pixel_size=26>``) with its explicit sizes scaled too."""
    if _percent == 100:
        return text
    return _PIXEL_SIZE.sub(lambda m: f"pixel_size={px(int(m.group(1)))}", text)
