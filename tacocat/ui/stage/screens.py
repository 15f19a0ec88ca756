"""The screens the app can open by name: one registry for navigation, tests and screenshots.

A screen that needs nothing but the app to be built is registered here, under its
scene's ``name``, and opened with ``app.open(name)`` (:meth:`tacocat.ui.shell.navigation.Navigation.open`).
Its entry says where the class lives (imported on first use, so start-up stays short)
and whether it replaces the screen shown or goes over it. A scene that shows
something it must be given (a message, a game, a round's summary) is opened by its one
opener instead, named in :data:`OPENED_WITH_ARGUMENTS`; a test holds every scene
class to one of the two, so a new screen cannot be missed by the screen tests.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from tacocat.ui.stage.screen_names import ScreenName

if TYPE_CHECKING:
    from tacocat.ui.stage.scene import Scene


class Opens(Enum):
    """How a screen takes the window."""

    #: It replaces every screen shown (which is closed and its memory given back).
    SWITCH = "switch"
    #: It goes over the screen shown, which comes back when it closes (never over itself).
    PUSH = "push"


@dataclass(frozen=True)
class Screen:
    """One registered screen: its name, ``"module:Class"`` and how it opens."""

    name: ScreenName
    where: str
    opens: Opens

    @property
    def module(self) -> str:
        """The module the class lives in (imported on first use, by this name: a frozen build
        names these modules to PyInstaller, which cannot follow an import by name)."""
        return self.where.partition(":")[0]

    def scene_class(self) -> type[Scene]:
        """The scene's class (its module imported now)."""
        scene_class: type[Scene] = getattr(
            importlib.import_module(self.module), self.where.partition(":")[2]
        )
        return scene_class


def _screens(*screens: Screen) -> dict[ScreenName, Screen]:
    return {screen.name: screen for screen in screens}


_SCENES = "tacocat.ui.scenes"

#: Every screen the app opens with itself alone, by name.
SCREENS: dict[ScreenName, Screen] = _screens(
    Screen("title", f"{_SCENES}.title:TitleScene", Opens.SWITCH),
    Screen("new_game", f"{_SCENES}.new_game:NewGameScene", Opens.SWITCH),
    Screen("history", f"{_SCENES}.history:HistoryScene", Opens.SWITCH),
    Screen("rules", f"{_SCENES}.rules:RulesScene", Opens.PUSH),
    Screen("settings", f"{_SCENES}.settings:SettingsScene", Opens.PUSH),
    Screen("keys", f"{_SCENES}.keys:KeysScene", Opens.PUSH),
    Screen("about", f"{_SCENES}.about:AboutScene", Opens.PUSH),
    Screen("stats", f"{_SCENES}.stats:StatsScene", Opens.PUSH),
    Screen("menu", f"{_SCENES}.menu:MenuScene", Opens.PUSH),
    Screen("online_menu", f"{_SCENES}.online_menu:OnlineMenuScene", Opens.SWITCH),
    Screen("online_host", f"{_SCENES}.online_host:OnlineHostScene", Opens.SWITCH),
    Screen("online_join", f"{_SCENES}.online_join:OnlineJoinScene", Opens.SWITCH),
    Screen("online_lan", f"{_SCENES}.online_lan:OnlineLanScene", Opens.SWITCH),
    Screen("online_games", f"{_SCENES}.online_games:OnlineGamesScene", Opens.SWITCH),
)

#: The scenes built with what they show, by ``name``: who opens each.
OPENED_WITH_ARGUMENTS: dict[str, str] = {
    "message": "Navigation.show_message",
    "choice": "ChoiceScene: a question, from the screen that asks it",
    "pass_device": "Navigation.pass_device",
    "table": "Navigation.start_game",
    "tutorial": "Navigation.start_tutorial",
    "online_table": "Navigation.open_online_game",
    "replay": "Navigation.open_replay",
    "review": "Navigation.open_review",
    "round_result": "TableScene: the round that ended",
    "game_over": "TableScene: the game that ended",
    "discard_viewer": "TableScene: the discards shown",
    "game_files": "HistoryScene: Open file...",
}
