"""The table's palette, fonts and cached text.

Colours are read by name from ``assets/palette.json``, which the asset generator writes
from its one palette (tools/assets/palette.py; it writes theme.json's colours too). A
missing or broken file never stops the game: the crash screen's few safe colours
(:mod:`.safe_palette`) stand in, and any other name is drawn magenta.
Text surfaces are cached by (text, size, bold, colour) in a bounded LRU, so a
label drawn every frame is rendered once. Sizes are the 100 % design's:
:class:`TextCache` draws them at the Text size setting (:mod:`tacocat.ui.text.text_scale`).
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

import pygame

from tacocat.resources import asset_path
from tacocat.ui.text import text_scale
from tacocat.ui.text.fonts import wrap
from tacocat.ui.widgets.safe_palette import MISSING, SAFE_PALETTE

log = logging.getLogger(__name__)

Colour = tuple[int, int, int] | tuple[int, int, int, int]


def _parse(text: str) -> tuple[int, int, int]:
    colour = pygame.Color(text)
    return (colour.r, colour.g, colour.b)


class Palette:
    """Named colours: ``palette.cheese`` or ``palette["seat_1"]``."""

    def __init__(self) -> None:
        data: dict[str, Any] = {}
        try:
            with open(asset_path("palette.json"), encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            log.warning("palette.json could not be read (%s); using the safe colours", error)
        self._colours: dict[str, tuple[int, int, int]] = dict(SAFE_PALETTE)
        for name, value in data.items() if isinstance(data, dict) else ():
            try:
                self._colours[name] = _parse(str(value))
            except ValueError:
                log.warning("palette.json: %r is not a colour (%r)", name, value)

    def __getitem__(self, name: str) -> tuple[int, int, int]:
        return self._colours.get(name, MISSING)

    def __getattr__(self, name: str) -> tuple[int, int, int]:
        if name.startswith("_"):
            raise AttributeError(name)
        return self[name]

    def seat(self, seat: int, dark: bool = False) -> tuple[int, int, int]:
        return self[f"seat_{seat + 1}{'_dark' if dark else ''}"]


_palette: Palette | None = None


def palette() -> Palette:
    """The shared palette (read once)."""
    global _palette
    if _palette is None:
        _palette = Palette()
    return _palette


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def relative_luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white)."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21; body text wants at least 4.5)."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def surface_bytes(surface: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surface.get_pitch() * surface.get_height()


#: What a :class:`SurfaceLRU` holds: a surface, or an entry that holds one.
V = TypeVar("V")


class SurfaceLRU(Generic[V]):
    """A cache of surfaces (or of entries holding one), bounded by their pixel memory.

    The least recently used entries go first once the pixels pass ``budget``
    bytes (or there are more than ``max_items``): what the frame loop draws
    again and again stays; the sizes one animation used once do not pile up
    (a whole game touches ~30 MB of card sizes, of which ~10 MB are in use at
    any time; see docs/performance.md).
    """

    def __init__(self, budget: int, max_items: int = 100_000) -> None:
        self.budget = budget
        self.max_items = max_items
        #: Pixel bytes held now.
        self.total = 0
        self._items: OrderedDict[Any, tuple[V, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Any) -> bool:
        return key in self._items

    def get(self, key: Any) -> V | None:
        """The entry for ``key`` (now the most recently used), or None."""
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: Any, value: V, surface: pygame.Surface | None = None) -> V:
        """Keep ``value`` (whose pixels are ``surface``, by default ``value`` itself)."""
        # (an entry that is no surface names the surface it holds)
        nbytes = surface_bytes(surface if surface is not None else cast(pygame.Surface, value))
        old = self._items.pop(key, None)
        if old is not None:
            self.total -= old[1]
        self._items[key] = (value, nbytes)
        self.total += nbytes
        while len(self._items) > 1 and (
            self.total > self.budget or len(self._items) > self.max_items
        ):
            _, (_, dropped) = self._items.popitem(last=False)
            self.total -= dropped
        return value

    def values(self) -> list[V]:
        return [value for value, _ in self._items.values()]

    def clear(self) -> None:
        self._items.clear()
        self.total = 0


#: Pixel memory for rendered text (a label, a log line: a few KB each).
TEXT_CACHE_BYTES = 3 * 2**20


class TextCache:
    """Rendered text, cached. ``fonts(size, bold)`` returns a ``pygame.font.Font``.

    Every ``size`` here is a 100 % design size, drawn at :func:`text_scale.px` of it.
    """

    def __init__(
        self,
        fonts: Callable[[int, bool], pygame.font.Font],
        limit: int = 600,
        budget: int = TEXT_CACHE_BYTES,
    ) -> None:
        self._fonts = fonts
        self._cache = SurfaceLRU[pygame.Surface](budget, max_items=limit)
        self._limit = limit
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._fonts(text_scale.px(size), bold)

    @staticmethod
    def px(size: int) -> int:
        """The pixel size ``size`` is drawn at now."""
        return text_scale.px(size)

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """``text`` in the language's font (a box to fit it in: :mod:`.text_box`)."""
        key = (text, text_scale.px(size), bold, tuple(colour))
        surface = self._cache.get(key)
        if surface is not None:
            return surface
        surface = self.font(size, bold).render(text, True, colour)
        if len(colour) == 4 and colour[3] < 255:
            surface.set_alpha(colour[3])
        return self._cache.put(key, surface)

    def warm(self, sizes: tuple[tuple[int, bool], ...]) -> None:
        """Render every common glyph once per font, so the first label of a kind does
        not stall a frame while the font rasterises its glyphs."""
        glyphs = (
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:;!?'\"()-–—…·×%/+"
        )
        for size, bold in sizes:
            self.font(size, bold).render(glyphs, True, palette().ink)

    def outlined(
        self,
        text: str,
        size: int,
        colour: Colour,
        outline: Colour,
        bold: bool = True,
        width: int = 2,
    ) -> pygame.Surface:
        """Text with a solid outline (readable on any background)."""
        key = ("<outlined>", text, text_scale.px(size), bold, tuple(colour), tuple(outline), width)
        surface = self._cache.get(key)
        if surface is not None:
            return surface
        inner = self.font(size, bold).render(text, True, colour)
        edge = self.font(size, bold).render(text, True, outline)
        w, h = inner.get_width() + 2 * width, inner.get_height() + 2 * width
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        for dx in range(-width, width + 1):
            for dy in range(-width, width + 1):
                if dx * dx + dy * dy <= width * width + 1:
                    surface.blit(edge, (width + dx, width + dy))
        surface.blit(inner, (width, width))
        return self._cache.put(key, surface)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels (memoised: the log
        wraps the same lines again each time an entry is added)."""
        key = (text, text_scale.px(size), width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 1000:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap(text, size, width, bold)
        return list(lines)

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        font = self.font(size, bold)
        return wrap(text, width, lambda line: font.size(line)[0])


def rounded_panel(
    size: tuple[int, int],
    fill: Colour,
    border: Colour | None = None,
    radius: int = 14,
    border_width: int = 2,
    shadow: int = 0,
) -> pygame.Surface:
    """A rounded rectangle surface (with an optional soft drop shadow below it)."""
    w, h = size
    surface = pygame.Surface((w + shadow * 2, h + shadow * 2), pygame.SRCALPHA)
    if shadow:
        for i in range(shadow, 0, -1):
            alpha = int(60 * (1 - i / (shadow + 1)) / 2)
            rect = pygame.Rect(shadow - i + 1, shadow - i + 4, w + 2 * i - 2, h + 2 * i - 2)
            pygame.draw.rect(surface, (*palette().black, alpha), rect, border_radius=radius + i)
    rect = pygame.Rect(shadow, shadow, w, h)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None and border_width:
        pygame.draw.rect(surface, border, rect, width=border_width, border_radius=radius)
    return surface
