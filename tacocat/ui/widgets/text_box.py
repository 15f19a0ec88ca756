"""Text the game draws itself, each piece in the box the layout gives it.

pygame_gui's labels and buttons shrink through :mod:`tacocat.ui.text.fit`. Text the
game draws itself (the table's plates, log, piles, prompt and banners; the
round result, game over, replay and tutorial panels; notices) goes through
:func:`draw_text` and :func:`draw_lines` here, which take the *box* the text
may use: a line too wide or too tall for its box is drawn a font size or a few
smaller (down to :data:`MIN_SCALE`), never past the box's edge. The box is
the layout's promise that the text will not clip or cover its neighbours.

While :func:`recording` is on (the language tests), every placement is noted
as a :class:`Placement`: the box, where the ink landed, what it was drawn on,
and whether even the smallest size was too big (then the text is scaled down
to fit, which blurs it - the tests call that an overflow).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TypeVar

import pygame

from tacocat.ui.text import text_scale
from tacocat.ui.text.fit import MIN_PX, MIN_SCALE
from tacocat.ui.widgets.style import Colour, TextCache

T = TypeVar("T")

__all__ = [
    "MIN_PX",
    "MIN_SCALE",
    "Cover",
    "Placement",
    "cover",
    "covering",
    "draw_lines",
    "draw_pill",
    "draw_text",
    "fit_lines",
    "fitted",
    "fitted_size",
    "line_step",
    "now",
    "recording",
    "unrecorded",
]

#: How far below its font's line height a line may sit under the one above
#: before their ink meets (Lao's stacked marks are the tallest the game draws).
LINE_OVERLAP = 3


def line_step(font: pygame.font.Font, at_least: int) -> int:
    """Pixels from one line's top to the next: ``at_least`` (a layout's tight
    spacing for Latin text), or more where the font's marks stack taller."""
    return max(at_least, font.get_linesize() - LINE_OVERLAP)


@dataclass(frozen=True)
class Placement:
    """One piece of text as drawn: the tests' measure of whether it fits."""

    text: str
    #: The room the layout gave the text, in the target's coordinates.
    box: pygame.Rect
    #: Where its ink (non-transparent pixels) landed, in the same coordinates.
    ink: pygame.Rect
    #: The size of the surface it was drawn on, and that surface's id (the
    #: screen, or a panel that is blitted onto it later).
    target_size: tuple[int, int]
    target: int
    #: True when no size down to ``MIN_SCALE`` fitted and the text was scaled.
    squeezed: bool
    #: The font's pixel size as drawn (after the Text size setting and any shrinking).
    size: int = 0
    #: The text's colour, and the mean colour under it before it was drawn (None when
    #: that was not opaque: a panel's transparent part, composited later).
    colour: tuple[int, ...] = ()
    backdrop: tuple[int, int, int] | None = None
    #: Drawn for a disabled control (exempt from the contrast minimum, WCAG 1.4.3).
    inactive: bool = False
    #: When it was drawn, on the clock :class:`Cover` shares (:func:`now`).
    seq: int = -1


@dataclass(frozen=True)
class Cover:
    """Something opaque drawn over what lies under it (a button, a card): text drawn
    earlier on the same surface under ``rect`` is hidden (the tests call that a fault)."""

    what: str
    rect: pygame.Rect
    target: int
    seq: int


_ledgers: list[list[Placement]] = []
_cover_lists: list[list[Cover]] = []
_inactive: list[bool] = []
#: One clock for placements and covers, so a test can tell which was drawn last.
_clock = itertools.count()


def now() -> int:
    """A tick of the clock placements and covers are stamped with (later is larger)."""
    return next(_clock)


@contextmanager
def inactive() -> Iterator[None]:
    """Text drawn inside the ``with`` block belongs to a disabled control."""
    _inactive.append(True)
    try:
        yield
    finally:
        _inactive.pop()


@contextmanager
def _collecting(lists: list[list[T]]) -> Iterator[list[T]]:
    """A new list, in ``lists`` (where drawing notes what it makes) for the ``with`` block."""
    found: list[T] = []
    lists.append(found)
    try:
        yield found
    finally:
        lists.remove(found)


def recording() -> AbstractContextManager[list[Placement]]:
    """Note every placement made inside the ``with`` block in the list it yields."""
    return _collecting(_ledgers)


def covering() -> AbstractContextManager[list[Cover]]:
    """Note every :class:`Cover` drawn inside the ``with`` block in the list it yields."""
    return _collecting(_cover_lists)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Nothing drawn inside the ``with`` block is noted (a layout's trial drawing)."""
    ledgers, covers = _ledgers[:], _cover_lists[:]
    _ledgers.clear()
    _cover_lists.clear()
    try:
        yield
    finally:
        _ledgers.extend(ledgers)
        _cover_lists.extend(covers)


def cover(surface: pygame.Surface, rect: pygame.Rect, what: str) -> None:
    """While covers are noted: ``rect`` of ``surface`` was just painted over by ``what``."""
    if _cover_lists:
        noted = Cover(what, pygame.Rect(rect), id(surface), now())
        for covers in _cover_lists:
            covers.append(noted)


def fitted(
    cache: TextCache,
    text: str,
    size: int,
    colour: Colour,
    room: tuple[int, int],
    bold: bool = False,
    outline: Colour | None = None,
) -> tuple[pygame.Surface, bool]:
    """``text`` at ``size``, or at the largest smaller size that fits ``room``.

    Returns the surface and whether it had to be squeezed (scaled below
    ``MIN_SCALE`` of ``size``, which should never happen in a good layout).
    """
    image, squeezed, _ = _fit(cache, text, size, colour, room, bold, outline)
    return image, squeezed


def fitted_size(
    cache: TextCache, text: str, size: int, room: tuple[int, int], bold: bool = False
) -> tuple[int, bool]:
    """The design size :func:`fitted` would draw ``text`` at in ``room``, and whether even
    the smallest size is too big (it would be squeezed)."""
    smallest = smallest_size(size)
    for trial in range(size, smallest - 1, -1):
        width, height = cache.font(trial, bold).size(text)
        if width <= room[0] and height <= room[1]:
            return trial, False
    return smallest, True


def smallest_size(size: int) -> int:
    """The smallest design size ``size`` may shrink to: :data:`MIN_SCALE` of its size at
    100 % (so what fits at 100 % fits at any text size), but never below what draws at
    :data:`MIN_PX` pixels (the smallest text the game draws)."""
    percent = text_scale.percent()
    floor = math.ceil(MIN_PX * 100 / percent)
    return min(size, max(floor, math.floor(size * MIN_SCALE * 100 / percent)))


def _fit(
    cache: TextCache,
    text: str,
    size: int,
    colour: Colour,
    room: tuple[int, int],
    bold: bool,
    outline: Colour | None,
) -> tuple[pygame.Surface, bool, int]:
    """:func:`fitted`, and the design size it drew at."""
    pad = 4 if outline is not None else 0  # the outline's width on each side
    smallest = smallest_size(size)
    for trial in range(size, smallest - 1, -1):
        width, height = cache.font(trial, bold).size(text)
        if width + pad <= room[0] and height + pad <= room[1]:
            return _render(cache, text, trial, colour, bold, outline), False, trial
    image = _render(cache, text, smallest, colour, bold, outline)
    ratio = min(room[0] / max(1, image.get_width()), room[1] / max(1, image.get_height()))
    scaled = (max(1, int(image.get_width() * ratio)), max(1, int(image.get_height() * ratio)))
    return pygame.transform.smoothscale(image, scaled), True, smallest


def _render(
    cache: TextCache, text: str, size: int, colour: Colour, bold: bool, outline: Colour | None
) -> pygame.Surface:
    if outline is None:
        return cache.render(text, size, colour, bold=bold)
    return cache.outlined(text, size, colour, outline, bold=bold)


def draw_text(
    surface: pygame.Surface,
    cache: TextCache,
    text: str,
    size: int,
    colour: Colour,
    box: pygame.Rect,
    *,
    bold: bool = False,
    anchor: str = "center",
    outline: Colour | None = None,
) -> pygame.Rect:
    """Draw one line of ``text`` inside ``box``, placed at the box's ``anchor``
    (a ``pygame.Rect`` point name: ``"center"``, ``"midleft"``, ``"topright"``…).

    Returns the rect the text's surface covers.
    """
    if not text:
        return pygame.Rect(getattr(box, anchor), (0, 0))
    image, squeezed, trial = _fit(cache, text, size, colour, box.size, bold, outline)
    rect = image.get_rect(**{anchor: getattr(box, anchor)})
    backdrop = (
        (outline[0], outline[1], outline[2]) if outline is not None else _backdrop(surface, rect)
    )
    surface.blit(image, rect)
    _note(surface, text, box, image, rect, squeezed, cache.px(trial), colour, backdrop)
    return rect


def draw_pill(
    surface: pygame.Surface,
    cache: TextCache,
    text: str,
    size: int,
    colour: Colour,
    fill: Colour,
    box: pygame.Rect,
    *,
    pad: tuple[int, int] = (7, 2),
    anchor: str = "center",
    radius: int = 10,
    bold: bool = True,
) -> pygame.Rect:
    """``text`` on a rounded pill of ``fill`` that hugs it (``pad`` pixels around
    it), the pill no bigger than ``box`` and placed at the box's ``anchor``.
    Returns the pill's rect."""
    room = (box.width - 2 * pad[0], box.height - 2 * pad[1])
    image, squeezed, trial = _fit(cache, text, size, colour, room, bold, None)
    pill = image.get_rect().inflate(2 * pad[0], 2 * pad[1])
    setattr(pill, anchor, getattr(box, anchor))
    pygame.draw.rect(surface, fill, pill, border_radius=radius)
    rect = image.get_rect(center=pill.center)
    surface.blit(image, rect)
    _note(
        surface,
        text,
        pill.inflate(-2 * pad[0], -2 * pad[1]),
        image,
        rect,
        squeezed,
        cache.px(trial),
        colour,
        (fill[0], fill[1], fill[2]),
    )
    return pill


def draw_lines(
    surface: pygame.Surface,
    cache: TextCache,
    text: str,
    size: int,
    colour: Colour,
    box: pygame.Rect,
    *,
    bold: bool = False,
    gap: int = 0,
    align: str = "left",
    middle: bool = False,
) -> pygame.Rect:
    """Draw ``text`` wrapped to ``box``'s width, ``align``-ed ``"left"`` or
    ``"centre"``, from the box's top (or centred in it when ``middle``); shrunk
    (down to ``MIN_SCALE``) until the whole block fits the box's height too.
    Lines sit the font's line height plus ``gap`` pixels apart. Returns the
    rect the lines cover (empty, at the box's top, for no text).
    """
    lines, trial, squeezed = fit_lines(cache, text, size, box, bold, gap)
    font = cache.font(trial, bold)
    step = font.get_linesize() + gap
    top = box.top
    if middle:
        top = box.centery - (len(lines) * step - gap) // 2
    covered: pygame.Rect | None = None
    for index, line in enumerate(lines):
        if not line:
            continue
        rect = _draw_line(
            surface,
            cache,
            line,
            trial,
            colour,
            box,
            top + index * step,
            bold=bold,
            align=align,
            squeezed=squeezed,
        )
        covered = rect.copy() if covered is None else covered.union(rect)
    return covered if covered is not None else pygame.Rect(box.topleft, (0, 0))


def _draw_line(
    surface: pygame.Surface,
    cache: TextCache,
    line: str,
    size: int,
    colour: Colour,
    box: pygame.Rect,
    top: int,
    *,
    bold: bool,
    align: str,
    squeezed: bool,
) -> pygame.Rect:
    """One of :func:`draw_lines`'s lines, its top at ``top``, aligned in ``box`` (and shrunk
    further if it alone is too wide); returns where it went. ``squeezed``: the block was."""
    image, line_squeezed, line_size = _fit(
        cache, line, size, colour, (box.width, box.height), bold, None
    )
    rect = image.get_rect(top=top)
    if align == "centre":
        rect.centerx = box.centerx
    else:
        rect.left = box.left
    backdrop = _backdrop(surface, rect)
    surface.blit(image, rect)
    _note(
        surface,
        line,
        box,
        image,
        rect,
        squeezed or line_squeezed,
        cache.px(line_size),
        colour,
        backdrop,
    )
    return rect


def fit_lines(
    cache: TextCache, text: str, size: int, box: pygame.Rect, bold: bool = False, gap: int = 0
) -> tuple[list[str], int, bool]:
    """The wrapped lines at the largest size whose block fits ``box``, that size,
    and whether even the smallest size was too tall (the block then overflows)."""
    smallest = smallest_size(size)
    for trial in range(size, smallest - 1, -1):
        lines = cache.wrap(text, trial, box.width, bold=bold)
        font = cache.font(trial, bold)
        block = len(lines) * (font.get_linesize() + gap) - gap
        widest = max((font.size(line)[0] for line in lines), default=0)
        if block <= box.height and widest <= box.width:
            return lines, trial, False
    return cache.wrap(text, smallest, box.width, bold=bold), smallest, True


def _backdrop(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int] | None:
    """While recording: the mean colour of ``surface`` under ``rect`` (None when not opaque)."""
    if not _ledgers:
        return None
    area = rect.clip(surface.get_rect())
    if not area.width or not area.height:
        return None
    r, g, b, a = pygame.transform.average_color(surface, area)
    if surface.get_flags() & pygame.SRCALPHA and a < 250:
        return None
    return (r, g, b)


def _note(
    surface: pygame.Surface,
    text: str,
    box: pygame.Rect,
    image: pygame.Surface,
    rect: pygame.Rect,
    squeezed: bool,
    size: int,
    colour: Colour,
    backdrop: tuple[int, int, int] | None = None,
) -> None:
    if not _ledgers:
        return
    ink = image.get_bounding_rect().move(rect.topleft)
    placement = Placement(
        text,
        pygame.Rect(box),
        ink,
        surface.get_size(),
        id(surface),
        squeezed,
        size,
        tuple(colour),
        backdrop,
        bool(_inactive),
        now(),
    )
    for ledger in _ledgers:
        ledger.append(placement)
