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
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from tacocat.resources import asset_path

log = logging.getLogger(__name__)

#: The fonts bundled with pygame_gui (Noto Sans, OFL), by style.
_FONT_FILES = {
    (False, False): "NotoSans-Regular.ttf",
    (True, False): "NotoSans-Bold.ttf",
    (False, True): "NotoSans-Italic.ttf",
    (True, True): "NotoSans-BoldItalic.ttf",
}
#: Theme keys that hold file paths (pygame_gui would resolve them against the CWD).
_PATH_KEYS = frozenset(
    {"regular_path", "bold_path", "italic_path", "bold_italic_path", "path"}
)

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
    return _absolutise(theme, path.parent)


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
        self._fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}

    # --- images -------------------------------------------------------------------

    @staticmethod
    def normalise(name: str) -> str:
        """``"ui/logo"`` and ``"ui/logo.png"`` name the same file."""
        return name if Path(name).suffix else f"{name}.png"

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

    # --- fonts --------------------------------------------------------------------

    def font(self, size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
        """Noto Sans at ``size`` pixels (cached)."""
        key = (int(size), bold, italic)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            try:
                font = pygame.font.Font(str(bundled_font_path(bold, italic)), key[0])
            except (OSError, pygame.error) as error:
                log.warning("bundled font missing (%s); using pygame's default font", error)
                font = pygame.font.Font(None, key[0])
            self._fonts[key] = font
        return font


def draw_placeholder(size: Size, label: str, font: pygame.font.Font) -> pygame.Surface:
    """A clearly 'missing picture' tile in the game's palette, with its name."""
    width, height = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surface.get_rect()
    surface.fill((0, 0, 0, 0))
    radius = max(0, min(width, height) // 8)
    pygame.draw.rect(surface, (244, 231, 197), rect, border_radius=radius)
    red = (217, 72, 59)
    pygame.draw.line(surface, red, (radius, radius), (width - radius, height - radius), 3)
    pygame.draw.line(surface, red, (width - radius, radius), (radius, height - radius), 3)
    pygame.draw.rect(surface, red, rect, width=3, border_radius=radius)
    if width >= 40 and height >= 20:
        text = font.render(label, True, (43, 33, 24), (244, 231, 197))
        if text.get_width() > width - 8:
            text = pygame.transform.smoothscale_by(text, (width - 8) / text.get_width())
        surface.blit(text, text.get_rect(center=rect.center))
    return surface
