"""Screen layouts that make room for larger text: one rule for every pygame_gui screen.

A screen is written in the lengths of its 100 % design (1280×720). At a larger
Text size its fonts grow by ``s`` (1.25, 1.5); :class:`Layout` grows the design's
lengths with them, so every row, button and gap keeps the room its text had at
100 % in every language:

* down, by ``s`` exactly (a taller font gets a taller row);
* across, by ``s`` as far as the window allows (``sx = min(s, room / design
  width)``, never below 1). A design that would be cut short across
  (:meth:`Layout.narrow`) is the screen's cue to reflow, e.g. two columns
  into one.

What no longer fits down the window scrolls: :func:`scrolling_panel` puts the
content into a pygame_gui :class:`~pygame_gui.elements.UIScrollingContainer`
(the focus manager scrolls the focused control into view, see
:func:`scroll_into_view`). At 100 % every length is the design's own, so the
100 % screens are unchanged.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from tacocat.ui.text import text_scale

#: Room kept free around a panel at the window's edges (its drawn border and shadow).
EDGE = 20
#: The width of a scrolling panel's scroll bar (pygame_gui's default).
SCROLL_BAR_W = 20
#: Across, a layout whose text grows less than this share of the text's growth is narrow.
NARROW_SHARE = 0.93


@dataclass(frozen=True)
class Layout:
    """Design lengths → pixels: ``sx`` across, ``sy`` down (both 1 at 100 %)."""

    sx: float = 1.0
    sy: float = 1.0

    def x(self, value: float) -> int:
        return round(value * self.sx)

    def y(self, value: float) -> int:
        return round(value * self.sy)

    def grown(self, width: float) -> int:
        """``width`` grown as much as the text (for a control in a row with room to spare,
        where ``x`` would grow it only by ``sx``)."""
        return round(width * self.sy)

    def size(self, width: float, height: float) -> tuple[int, int]:
        return self.x(width), self.y(height)

    def rect(self, x: float, y: float, width: float, height: float) -> pygame.Rect:
        """The design rect ``(x, y, width, height)`` at this layout's scale (edges rounded,
        so neighbours that touched in the design still touch)."""
        left, top = self.x(x), self.y(y)
        return pygame.Rect(left, top, self.x(x + width) - left, self.y(y + height) - top)

    @property
    def narrow(self) -> bool:
        """True when the design could not grow across as much as the text does."""
        scale = text_scale.percent() / 100
        return scale > 1 and self.sx - 1 < (scale - 1) * NARROW_SHARE


def layout_for(design_width: int, room: int) -> Layout:
    """The layout of a design ``design_width`` wide placed in ``room`` pixels across."""
    scale = text_scale.percent() / 100
    across = min(scale, max(1.0, room / design_width)) if design_width > 0 else scale
    return Layout(across, scale)


def panel_layout(design_width: int, window: tuple[int, int]) -> Layout:
    """The layout of a centred panel ``design_width`` wide in a window of size ``window``
    (room kept for the edges and for a scroll bar)."""
    return layout_for(design_width, window[0] - 2 * EDGE - SCROLL_BAR_W)


@dataclass
class Placed:
    """Where a panel went: ``rect`` in the window, ``container`` to put its widgets in
    (the scrolled content when it scrolls), ``scroller`` the scrolling container or None."""

    rect: pygame.Rect
    container: Any
    scroller: Any = None


def panel_rect(content: tuple[int, int], window: tuple[int, int]) -> tuple[pygame.Rect, bool]:
    """The centred window rect of a panel whose content is ``content`` pixels, and whether
    it scrolls (content taller than the window's room; the scroll bar then adds width)."""
    width, height = content
    room = window[1] - 2 * EDGE
    scrolls = height > max(room, 1)
    if scrolls:
        width, height = width + SCROLL_BAR_W, room
    return pygame.Rect((window[0] - width) // 2, (window[1] - height) // 2, width, height), scrolls


def scrolling_panel(
    container: Any, rect: pygame.Rect, content: tuple[int, int], manager: pygame_gui.UIManager
) -> Placed:
    """Inside ``container`` (a panel at ``rect``), a vertically scrolling area whose
    content is ``content`` pixels."""
    scroller = pygame_gui.elements.UIScrollingContainer(
        pygame.Rect((0, 0), rect.size),
        manager=manager,
        container=container,
        allow_scroll_x=False,
        object_id=pygame_gui.core.ObjectID(object_id="#panel_scroll"),
    )
    scroller.set_scrollable_area_dimensions(content)
    _SCROLLERS[scroller.get_container()] = weakref.ref(scroller)
    return Placed(rect, scroller, scroller)


#: Each scrolling panel's content container → the scrolling container (pygame_gui keeps no
#: link back from the content to its scroller). Weak both ways: the scroller holds its
#: content, so a strong value would keep its key - and the closed screen's whole widget
#: tree, ~11 MB at 150 % text - alive for ever.
_SCROLLERS: weakref.WeakKeyDictionary[Any, weakref.ref[Any]] = weakref.WeakKeyDictionary()


def scroller_of(element: Any) -> Any:
    """The scrolling panel ``element`` sits in (at any depth), or None."""
    container, seen = getattr(element, "ui_container", None), set()
    while container is not None and id(container) not in seen:
        seen.add(id(container))
        link = _SCROLLERS.get(container)
        scroller = link() if link is not None else None
        if scroller is not None and scroller.alive():
            return scroller
        container = getattr(container, "ui_container", None)
    return None


def scroll_into_view(element: Any, margin: int = 12) -> bool:
    """Scroll the container holding ``element`` so that all of it shows; True if it moved."""
    scroller = scroller_of(element)
    bar = getattr(scroller, "vert_scroll_bar", None)
    if scroller is None or bar is None:
        return False
    view_rect = scroller._view_container.rect  # (no public accessor in pygame_gui 0.6)
    content = scroller.scrollable_container
    top = element.rect.top - content.rect.top  # the element's y in the content
    offset = view_rect.top - content.rect.top  # how far the content is scrolled now
    if element.rect.top - margin < view_rect.top:
        offset = max(0, top - margin)
    elif element.rect.bottom + margin > view_rect.bottom:
        offset = top + element.rect.height + margin - view_rect.height
    else:
        return False
    total = content.rect.height
    offset = max(0, min(offset, total - view_rect.height))
    bar.set_scroll_from_start_percentage(offset / total if total else 0.0)
    scroller.update(0.0)  # the content moves now, not a frame late
    return True
