"""Choosing the game's language at start-up and switching it while it runs.

Start-up order: ``--lang`` on the command line, else the choice saved in the
settings, else (on the first start, when there is no settings file yet) the
computer's locale, else English (:func:`tacocat.languages.startup_language`).
A switch from the Settings screen takes effect at once: the translation
lookups, pygame_gui's locale (and so its fonts), and every widget scene on
the stack, rebuilt in the new language.
"""

from __future__ import annotations

import dataclasses
from argparse import Namespace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame_gui

from tacocat.languages import startup_language
from tacocat.persistence.settings import SETTINGS_FILE, Settings
from tacocat.ui.text import i18n, text_scale
from tacocat.ui.text.fonts import install_line_breaking, theme_font_names

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App


def starting_settings(settings: Settings, data_dir: Path, options: Namespace) -> Settings:
    """``settings`` with the language this run starts in; sets up line breaking too."""
    install_line_breaking()
    first_start = not (Path(data_dir) / SETTINGS_FILE).exists()
    language = startup_language(
        None if first_start else settings.language, getattr(options, "lang", None)
    )
    if language != settings.language:
        settings = dataclasses.replace(settings, language=language)
    i18n.set_language(language)
    return settings


def rich_text_fonts(language: str) -> list[dict[str, str | int | float]]:
    """The bold/italic/large font styles rich text uses, for :meth:`UIManager.preload_fonts`."""
    name = theme_font_names().get(language, "noto_sans")
    return [
        {"name": name, "point_size": text_scale.px(size), "style": style, "antialiased": "1"}
        for size, style in ((19, "bold"), (19, "italic"), (26, "bold"))
    ]


def preload_rich_text_fonts(ui: pygame_gui.UIManager, language: str) -> None:
    """Load the rich-text styles of :func:`rich_text_fonts` that ``ui`` lacks (after a text
    size or language change: a style found missing mid-frame would be loaded in that frame)."""
    fonts = ui.get_theme().get_font_dictionary()
    missing = [
        style
        for style in rich_text_fonts(language)
        if not fonts.check_font_preloaded(
            fonts.create_font_id(
                int(style["point_size"]),
                str(style["name"]),
                style["style"] == "bold",
                style["style"] == "italic",
            )
        )
    ]
    if missing:
        ui.preload_fonts(missing)


def switch_language(app: App, language: str) -> None:
    """Make ``language`` current everywhere and redraw the screens on the stack in it."""
    i18n.set_language(language)
    app.ui.set_locale(language)
    preload_rich_text_fonts(app.ui, language)  # (Lao's rich text has fonts of its own)
    for scene in app.scenes.stack:
        relabel = getattr(scene, "relabel", None)
        if relabel is not None:
            relabel()
