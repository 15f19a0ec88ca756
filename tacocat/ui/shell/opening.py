"""Opening the game's one window and its one pygame_gui manager, at a text size the
window can show (a window smaller than the 1280×720 frame draws the text larger)."""

from __future__ import annotations

import io
import os
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme, UIFontDictionary
from pygame_gui.core.package_resource import PackageResource

from tacocat.ui.devices.assets import bundled_font_path
from tacocat.ui.devices.window import LOGICAL_SIZE, frame_scale, open_window
from tacocat.ui.shell.language import rich_text_fonts
from tacocat.ui.shell.restyle import ui_theme
from tacocat.ui.shell.theme_ids import CompactIdsTheme
from tacocat.ui.text import i18n, text_scale

#: The name pygame_gui gives its bundled Noto Sans, which the theme's fonts use.
BUNDLED_FONT = "noto_sans"


def open_screen(settings: Any) -> tuple[pygame.Surface, pygame_gui.UIManager]:
    """The window and the one UIManager, in the settings' language."""
    screen = open_window(settings)
    # (A small window shows the frame smaller: the text is drawn larger.)
    text_scale.set_percent(text_scale.readable_percent(settings.text_size, frame_scale()))
    pygame.font.init()  # not pygame.init(): the mixer is Audio's (it may have no device)
    ui = FileFontsManager(
        LOGICAL_SIZE,
        theme_path=ui_theme(),  # + Lao font entries, font sizes at the text size
        enable_live_theme_updates=False,
        starting_language=settings.language,
        translation_directory_paths=[str(i18n.translations_dir())],
    )
    # Styles used by rich text (rules, messages), loaded now rather than mid-frame.
    ui.preload_fonts(rich_text_fonts(settings.language))
    return screen, ui


def read_bundled_font_from_files(fonts: UIFontDictionary) -> None:
    """Make ``fonts`` load each later size and style of Noto Sans from its file.

    pygame_gui knows its bundled font as package data and loads every size and
    style from a fresh in-memory copy of the file (``BytesIO`` of
    ``read_bytes()``), kept as long as the font: ~0.6 MB for each of the 20-odd
    Noto Sans fonts the theme names (~11 MB). Given a path, SDL reads the file
    as it needs it, keeping only an open file. The same file, so the same pixels.
    (pygame_gui would set its package paths again only if a locale changed its
    default font away from Noto Sans and back; none of the game's languages does.)
    """
    # pygame_gui's order: regular, bold, italic, bold italic; each with "force the style" off.
    styles = ((False, False), (True, False), (False, True), (True, True))
    fonts.known_font_paths[BUNDLED_FONT] = [
        (str(bundled_font_path(bold, italic)), False) for bold, italic in styles
    ]


class FileFontsManager(pygame_gui.UIManager):
    """pygame_gui's UIManager, with Noto Sans read from its files
    (:func:`read_bundled_font_from_files`) from the theme's first font on: the paths
    are set between pygame_gui's defaults, which load only its two 14 px default
    fonts (from copies), and our theme, whose fonts load as the manager starts; and
    a theme that remembers its elements' ids under small keys
    (:class:`~tacocat.ui.shell.theme_ids.CompactIdsTheme`)."""

    def create_new_theme(
        self,
        theme_path: str
        | os.PathLike[str]
        | io.StringIO
        | PackageResource
        | dict[str, Any]
        | None = None,
    ) -> UIAppearanceTheme:
        # pygame_gui's own defaults only (what super().create_new_theme(None) makes).
        theme = CompactIdsTheme(self.resource_loader, self.get_locale())
        read_bundled_font_from_files(theme.font_dict)
        if theme_path is not None:
            theme.load_theme(theme_path)
        return theme
