"""Shrink-to-fit for widget text: no label or button clips its text in any language.

The screens are laid out for English; Filipino and Albanian run longer and
Lao lines are taller. After a screen builds its widgets, :func:`fit_text`
looks at every label and button under it and, where the text is wider or
taller than the box, redraws it with the same font a few sizes smaller (down
to :data:`MIN_SCALE` of the theme size). Measured the way pygame_gui lays
text out (``font.get_rect``).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame_gui
from pygame_gui.core.utility import translate

log = logging.getLogger(__name__)

#: The smallest font a label may shrink to, as a fraction of its theme size.
MIN_SCALE = 0.6
#: ...and never below this many pixels (in the 1280×720 frame), at any text size.
MIN_PX = 16


def smallest_font(size: int) -> int:
    """The smallest pixel size a widget font of ``size`` pixels may shrink to:
    :data:`MIN_SCALE` of its size at 100 % text size, never below :data:`MIN_PX`."""
    from tacocat.ui.text import text_scale

    return min(size, max(MIN_PX, int(size * MIN_SCALE * 100 / text_scale.percent())))


@contextmanager
def shrinking_follows() -> Iterator[None]:
    """Silence pygame_gui's "Label Rect is too small" while a screen is built:
    :func:`fit_text` shrinks those labels next, and logs any it cannot."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Label Rect is too small")
        yield


def inner_size(element: Any) -> tuple[int, int]:
    """The room ``element`` has for its text, as pygame_gui lays it out.

    Across: the rect less the shadow, the borders, the rounded corners' inset
    and any alignment padding (``DrawableShape.build_text_layout``). Down: the
    rect less the shadow, since pygame_gui lets a tall line run over the border
    but not past the body.
    """
    shape = element.drawable_shape
    theming = shape.theming
    padding = 0
    if theming.get("text_horiz_alignment") in ("left", "right"):
        padding = theming.get("text_horiz_alignment_padding", 0)
    width = (
        element.rect.width
        - 2 * shape.shadow_width
        - shape.border_widths["left"]
        - shape.border_widths["right"]
        - sum(shape.rounded_corner_width_offsets)
        - padding
    )
    return max(0, width), max(0, element.rect.height - 2 * shape.shadow_width)


def fit_text(manager: pygame_gui.UIManager, root: Any) -> int:
    """Shrink the text of every label and button under ``root`` that does not fit; returns how many."""
    shrunk = 0
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton):
            continue
        if root is not None and not _inside(element, root):
            continue
        if _fit(manager, element):
            shrunk += 1
    return shrunk


def _inside(element: Any, root: Any) -> bool:
    """True when ``element`` sits (at any depth) in ``root``."""
    targets = {id(root), id(root.get_container())}
    container, seen = element.ui_container, set()
    while container is not None and id(container) not in seen:
        if id(container) in targets:
            return True
        seen.add(id(container))
        container = getattr(container, "ui_container", None)
    return False


def _fit(manager: pygame_gui.UIManager, element: Any) -> bool:
    font = getattr(element, "font", None)
    text = translate(element.text, **getattr(element, "text_kwargs", {}))
    if font is None or not text.strip():
        return False
    room_w, room_h = inner_size(element)
    width, height = font.get_rect(text).size
    if width <= room_w and height <= room_h:
        return False
    info = manager.get_theme().get_font_info(element.combined_element_ids)
    size = int(info["size"])
    fonts = manager.get_theme().get_font_dictionary()
    for smaller in range(size - 1, smallest_font(size) - 1, -1):
        args = (smaller, info["name"], info["bold"], info["italic"])
        if not fonts.check_font_preloaded(
            fonts.create_font_id(*args, antialiased=info["antialiased"])
        ):
            fonts.preload_font(
                *args,
                force_immediate_load=True,
                antialiased=info["antialiased"],
                script=info["script"],
                direction=info["direction"],
            )
        candidate = fonts.find_font(
            *args,
            antialiased=info["antialiased"],
            script=info["script"],
            direction=info["direction"],
        )
        w, h = candidate.get_rect(text).size
        if w <= room_w and h <= room_h:
            element.font = candidate
            selected = getattr(element, "is_selected", False)
            element.rebuild()  # (which forgets a button's selected state: restored)
            if selected:
                element.select()
            return True
    log.warning("text does not fit even at %d%%: %r in %s", MIN_SCALE * 100, text, element.rect)
    return False
