"""Opening the game's one window and its one pygame_gui manager, at a text size the
window can show (a window smaller than the 1280×720 frame draws the text larger)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tacocat.ui import i18n, text_scale
from tacocat.ui.language import rich_text_fonts
from tacocat.ui.restyle import ui_theme
from tacocat.ui.window import LOGICAL_SIZE, frame_scale, open_window


def open_screen(settings: Any) -> tuple[pygame.Surface, pygame_gui.UIManager]:
    """The window and the one UIManager, in the settings' language."""
    screen = open_window(settings)
    # (A small window shows the frame smaller: the text is drawn larger.)
    text_scale.set_percent(text_scale.readable_percent(settings.text_size, frame_scale()))
    pygame.font.init()  # not pygame.init(): the mixer is Audio's (it may have no device)
    ui = pygame_gui.UIManager(
        LOGICAL_SIZE,
        theme_path=ui_theme(),  # + Lao font entries, font sizes at the text size
        enable_live_theme_updates=False,
        starting_language=settings.language,
        translation_directory_paths=[str(i18n.translations_dir())],
    )
    # Styles used by rich text (rules, messages), loaded now rather than mid-frame.
    ui.preload_fonts(rich_text_fonts(settings.language))
    return screen, ui
