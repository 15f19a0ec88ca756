"""Loading and caching of images, fonts and the UI theme.

Everything is resolved from the one resource root (:mod:`tacocat.resources`),
never from the current directory. Images are cached by name and by size, so
scenes may call :meth:`Assets.image` every frame without loading or scaling
anything twice. A missing or unreadable image is not fatal: the player gets a
drawn placeholder of the requested size and the title screen lists the names
in :attr:`Assets.missing`.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from tacocat.resources import asset_path
from tacocat.ui.text import i18n
from tacocat.ui.text.fonts import own_font_file, script
from tacocat.ui.widgets.safe_palette import SAFE_PALETTE
from tacocat.ui.widgets.style import palette

log = logging.getLogger(__name__)

#: The fonts bundled with pygame_gui (Noto Sans, OFL), by style.
_FONT_FILES = {
    (False, False): "NotoSans-Regular.ttf",
    (True, False): "NotoSans-Bold.ttf",
    (False, True): "NotoSans-Italic.ttf",
    (True, True): "NotoSans-BoldItalic.ttf",
}
#: Theme keys that hold file paths (pygame_gui would resolve them against the CWD).
_PATH_KEYS = frozenset({"regular_path", "bold_path", "italic_path", "bold_italic_path", "path"})

Size = tuple[int, int]

#: Images the game cannot look right without (made by tools/make_assets.py); the
#: title screen preloads them so a broken install is reported before play.
CORE_IMAGES: tuple[str, ...] = (
    *(f"cards/card_{value:02d}" for value in range(1, 13)),
    "cards/card_back",
    "board/board_frame",
    "board/space",
    "board/space_centre",
    "board/tile",
    "board/goal_1",
    "board/goal_2",
    "token/tacocat",
    "ui/background",
    "ui/title_logo",
)


def bundled_font_path(bold: bool = False, italic: bool = False) -> Path:
    """Absolute path of pygame_gui's bundled Noto Sans in the given style."""
    return Path(pygame_gui.__file__).resolve().parent / "data" / _FONT_FILES[(bold, italic)]


def load_theme(path: Path | None = None) -> dict[str, Any]:
    """Read the theme JSON and make every file path in it absolute.

    Relative paths in the theme are taken relative to ``assets/``. The result
    is handed to ``UIManager`` as a dict, so nothing depends on the CWD.
    """
    path = path or asset_path("theme.json")
    with open(path, encoding="utf-8") as handle:
        theme = json.load(handle)
    absolute: dict[str, Any] = _absolutise(theme, path.parent)
    return absolute


def _absolutise(node: Any, base: Path) -> Any:
    if isinstance(node, dict):
        return {
            key: (
                str((base / value).resolve())
                if key in _PATH_KEYS and isinstance(value, str) and not Path(value).is_absolute()
                else _absolutise(value, base)
            )
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_absolutise(item, base) for item in node]
    return node


class Assets:
    """Image and font cache for one display.

    :param root: the images folder (default ``assets/images``).
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or asset_path("images")
        #: Names of images that could not be loaded, in the order first asked for.
        self.missing: list[str] = []
        self._originals: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, Size], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool, bool, str], pygame.font.Font] = {}

    # --- images -------------------------------------------------------------------

    @staticmethod
    def normalise(name: str) -> str:
        """``"ui/logo"`` and ``"ui/logo.png"`` name the same file."""
        # (os.path, not Path: asked for every image lookup, several per frame.)
        return name if os.path.splitext(name)[1] else f"{name}.png"

    def path(self, name: str) -> Path:
        """Absolute path of the image called ``name``."""
        return self.root / self.normalise(name)

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def image(
        self, name: str, size: Size | None = None, *, placeholder_size: Size = (64, 64)
    ) -> pygame.Surface:
        """The image ``name``, scaled to ``size`` if given (cached per size).

        Never raises for a missing or broken file: a placeholder of ``size``
        (or ``placeholder_size`` when unscaled) stands in, and the name is
        added to :attr:`missing`.
        """
        name = self.normalise(name)
        original = self._load(name)
        if original is None:
            return self._placeholder(name, size or placeholder_size)
        if size is None or original.get_size() == tuple(size):
            return original
        key = (name, (int(size[0]), int(size[1])))
        scaled = self._scaled.get(key)
        if scaled is None:
            scaled = pygame.transform.smoothscale(original, key[1])
            self._scaled[key] = scaled
        return scaled

    def preload(self, names: list[str]) -> None:
        """Load ``names`` now (so :attr:`missing` is known before play starts)."""
        for name in names:
            self._load(self.normalise(name))

    def check(self, names: list[str] | tuple[str, ...]) -> None:
        """Add the ones of ``names`` whose file is absent to :attr:`missing`, without
        loading anything (cheap: the title checks every core image this way and
        loads only its own; the app loads the rest while idle)."""
        for name in names:
            name = self.normalise(name)
            if name not in self._originals and name not in self.missing and not self.exists(name):
                self.missing.append(name)

    def _load(self, name: str) -> pygame.Surface | None:
        if name in self._originals:
            return self._originals[name]
        path = self.root / name
        surface: pygame.Surface | None
        try:
            surface = pygame.image.load(str(path))
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            elif surface.get_bitsize() < 24:
                # Paletted PNGs cannot be smoothscaled; widen them (no display to convert to).
                wide = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                wide.blit(surface, (0, 0))
                surface = wide
        except (pygame.error, OSError, ValueError) as error:
            log.warning("image %s could not be loaded (%s); using a placeholder", path, error)
            surface = None
            if name not in self.missing:
                self.missing.append(name)
        self._originals[name] = surface
        return surface

    def _placeholder(self, name: str, size: Size) -> pygame.Surface:
        key = (f"<missing>{name}", (int(size[0]), int(size[1])))
        cached = self._scaled.get(key)
        if cached is None:
            cached = draw_placeholder(key[1], Path(name).stem, self.font(14, bold=True))
            self._scaled[key] = cached
        return cached

    # --- panels -------------------------------------------------------------------

    def nine_slice(self, name: str, size: Size, corner: int = 16) -> pygame.Surface:
        """Stretch image ``name`` to ``size`` keeping its ``corner``-pixel corners crisp."""
        key = (f"<9>{self.normalise(name)}", (int(size[0]), int(size[1])))
        cached = self._scaled.get(key)
        if cached is None:
            source = self.image(name, placeholder_size=(corner * 4, corner * 4))
            cached = nine_slice(source, key[1], corner)
            self._scaled[key] = cached
        return cached

    def panel(self, size: Size) -> pygame.Surface:
        """The game's panel: cream, ink border, rounded, with a soft drop shadow.

        The surface is :data:`PANEL_MARGIN` pixels larger on every side than
        ``size``; blit it at the panel's position minus the margin. Drawn once
        per size: pygame_gui's own rounded shapes cost ~0.3 s at this size.
        """
        key = ("<panel>", (int(size[0]), int(size[1])))
        cached = self._scaled.get(key)
        if cached is None:
            width, height = key[1]
            cached = pygame.Surface(
                (width + 2 * PANEL_MARGIN, height + 2 * PANEL_MARGIN), pygame.SRCALPHA
            )
            cached.blit(soft_shadow((width, height), 22, PANEL_MARGIN), (0, PANEL_SHADOW_DROP))
            body = self.rounded_box((width, height), "box_floor", "ink", radius=22, width=3)
            cached.blit(body, (PANEL_MARGIN, PANEL_MARGIN))
            self._scaled[key] = cached
        return cached

    def rounded_box(
        self, size: Size, fill: str, border: str, radius: int = 14, width: int = 2
    ) -> pygame.Surface:
        """An anti-aliased rounded rectangle (drawn at 2x, scaled down once, cached);
        ``fill`` and ``border`` are palette names."""
        key = (f"<box>{fill}{border}{radius}{width}", (int(size[0]), int(size[1])))
        cached = self._scaled.get(key)
        if cached is None:
            big = pygame.Surface((key[1][0] * 2, key[1][1] * 2), pygame.SRCALPHA)
            rect = big.get_rect()
            pygame.draw.rect(big, palette()[border], rect, border_radius=radius * 2)
            pygame.draw.rect(
                big,
                palette()[fill],
                rect.inflate(-4 * width, -4 * width),
                border_radius=max(0, (radius - width) * 2),
            )
            cached = pygame.transform.smoothscale(big, key[1])
            self._scaled[key] = cached
        return cached

    # --- fonts --------------------------------------------------------------------

    def font(self, size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
        """Noto Sans at ``size`` pixels (cached), or the current language's own font."""
        language = i18n.language()
        key = (int(size), bold, italic, language)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            try:
                path = own_font_file(language, bold) or bundled_font_path(bold, italic)
                font = pygame.font.Font(str(path), key[0])
                font.set_script(script(language))
            except (OSError, pygame.error) as error:
                log.warning("bundled font missing (%s); using pygame's default font", error)
                font = pygame.font.Font(None, key[0])
            self._fonts[key] = font
        return font


#: Extra pixels around :meth:`Assets.panel` surfaces (room for the shadow).
PANEL_MARGIN = 14
PANEL_SHADOW_DROP = 6  # how far below the panel its shadow sits


def nine_slice(source: pygame.Surface, size: Size, corner: int) -> pygame.Surface:
    """Scale ``source`` to ``size``: corners kept, edges stretched one way, centre both."""
    width, height = max(size[0], 2 * corner), max(size[1], 2 * corner)
    src_w, src_h = source.get_size()
    corner = min(corner, src_w // 2, src_h // 2)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    columns = (
        (0, corner, 0, corner),
        (corner, src_w - 2 * corner, corner, width - 2 * corner),
        (src_w - corner, corner, width - corner, corner),
    )
    rows = (
        (0, corner, 0, corner),
        (corner, src_h - 2 * corner, corner, height - 2 * corner),
        (src_h - corner, corner, height - corner, corner),
    )
    for sx, sw, dx, dw in columns:
        for sy, sh, dy, dh in rows:
            if sw <= 0 or sh <= 0 or dw <= 0 or dh <= 0:
                continue
            piece = source.subsurface(pygame.Rect(sx, sy, sw, sh))
            if (sw, sh) != (dw, dh):
                piece = pygame.transform.scale(piece, (dw, dh))
            out.blit(piece, (dx, dy))
    return out


def soft_shadow(size: Size, radius: int, margin: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``margin`` larger than ``size`` on every side."""
    width, height = size[0] + 2 * margin, size[1] + 2 * margin
    shape = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(
        shape, (*palette().shadow, alpha), pygame.Rect(margin, margin, *size), border_radius=radius
    )
    # Blur by shrinking and growing again: cheap and smooth enough for a shadow.
    small = pygame.transform.smoothscale(shape, (max(1, width // 8), max(1, height // 8)))
    return pygame.transform.smoothscale(small, (width, height))


def draw_placeholder(size: Size, label: str, font: pygame.font.Font) -> pygame.Surface:
    """A clearly 'missing picture' tile in the game's palette, with its name.

    Big ones (a background) stay table-coloured so the screen remains usable. It is
    drawn when the install is broken, so it uses the crash screen's safe colours.
    """
    width, height = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    red, ink, cream = SAFE_PALETTE["salsa"], SAFE_PALETTE["ink"], SAFE_PALETTE["box_floor"]
    if width * height >= 400_000:
        surface.fill(SAFE_PALETTE["table"])
        pygame.draw.rect(surface, red, rect, width=2)
        return surface
    radius = max(0, min(width, height) // 8)
    pygame.draw.rect(surface, cream, rect, border_radius=radius)
    pygame.draw.line(surface, red, (radius, radius), (width - radius, height - radius), 3)
    pygame.draw.line(surface, red, (width - radius, radius), (radius, height - radius), 3)
    pygame.draw.rect(surface, red, rect, width=3, border_radius=radius)
    if width >= 40 and height >= 20:
        text = font.render(label, True, ink)  # no background: 32-bit, so it can be scaled
        if text.get_width() > width - 8:
            text = pygame.transform.smoothscale_by(text, (width - 8) / text.get_width())
        surface.blit(text, text.get_rect(center=rect.center))
    return surface
