"""Drawing helpers every picture uses: supersampled transparent canvases, silhouettes,
outlines and soft shadows, masks, paths, and text in pygame_gui's bundled Noto Sans."""

from __future__ import annotations

import functools
import importlib.util
import math
from collections.abc import Iterable
from pathlib import Path

import pygame

from .palette import INK, TABLE_DEEP, rgba

# Geometry is in tacocat/geometry.py (shared with the UI); the generator's own constant here.
SS = 4  # supersampling factor: small art is drawn 4x and smoothscaled down

Surface = pygame.Surface
Point = tuple[float, float]


# Surface helpers
def canvas(w: int, h: int, base: str | pygame.Color = INK) -> Surface:
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


# Type
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
