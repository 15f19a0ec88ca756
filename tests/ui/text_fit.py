"""Measure whether every piece of widget text fits its box (used by the language tests).

A pygame_gui label or button draws its text with ``element.font``; what it
draws is ``translate(element.text)``. The text fits when its rendered size
(``font.get_rect``, the same measure pygame_gui lays out with) is within the
room pygame_gui leaves it inside border, shadow and rounded corners
(:func:`tacocat.ui.fit.inner_size`), and the element itself lies inside its container and
the window (pygame_gui clips children to their container).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core.utility import translate

from tacocat.ui.fit import inner_size


def overflows(manager: pygame_gui.UIManager, screen: pygame.Rect) -> list[str]:
    """One line per visible label/button whose text does not fit (empty when all fit)."""
    problems: list[str] = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UILabel | pygame_gui.elements.UIButton):
            continue
        if not element.visible or getattr(element, "font", None) is None:
            continue
        text = translate(element.text, **getattr(element, "text_kwargs", {}))
        if not text.strip():
            continue
        width, height = element.font.get_rect(text).size
        room_w, room_h = inner_size(element)
        box = element.rect
        if width > room_w or height > room_h:
            problems.append(f"{type(element).__name__} {text!r}: text {width}×{height} in room "
                            f"{room_w}×{room_h}")
        container = element.ui_container.get_container() if element.ui_container else None
        bounds = container.rect if container is not None else screen
        if not bounds.contains(box) or not screen.contains(box):
            problems.append(f"{type(element).__name__} {text!r}: box {tuple(box)} outside "
                            f"{tuple(bounds)}")
    return problems
