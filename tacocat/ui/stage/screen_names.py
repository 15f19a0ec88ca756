"""The names of the registered screens (:mod:`tacocat.ui.stage.screens`), for the type
checker: ``app.open("rulez")`` fails mypy. Apart from the registry so the App protocol
can name them without importing the scene classes' module."""

from __future__ import annotations

from typing import Literal

#: Each a scene's ``name`` (tests/ui/test_screen_registry.py holds them to the registry).
ScreenName = Literal[
    "title",
    "new_game",
    "history",
    "rules",
    "settings",
    "keys",
    "about",
    "stats",
    "menu",
    "online_menu",
    "online_host",
    "online_join",
    "online_lan",
    "online_games",
]
