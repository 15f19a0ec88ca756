"""Play online: Host a game, Join a game, On this network, Your online games (with how
many wait for your move), Back. Over the internet needs the server address of Settings;
on this network needs none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.ui.scenes.online_common import OnlineScreen, ask_for_server, moves_waiting
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_SIZE = (640, 600)
BUTTON_X, BUTTON_W, BUTTON_H = 100, 440, 54
#: Seconds between two counts of the games waiting for your move.
COUNT_EVERY = 1.0


class OnlineMenuScene(OnlineScreen):
    """The way into online play (from the title's Play online)."""

    name = "online_menu"
    focus_order = (
        ("host_button",),
        ("join_button",),
        ("lan_button",),
        ("games_button",),
        ("back_button",),
    )
    focus_start = ("host_button",)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._count_in = 0.0
        self.waiting = 0

    def build(self) -> None:
        self.app.resume_online()  # (done while idle at start-up, unless this came first)
        width, height = PANEL_SIZE
        self.open_panel(PANEL_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.menu.heading"), "@heading")
        self.host_button = self._row(0, "host")
        self.join_button = self._row(1, "join")
        self.lan_button = self._row(2, "lan")
        self.games_button = self._row(3, "games", "@secondary")
        self.count_label = self.label((BUTTON_X, 92 + 4 * 66 - 8, BUTTON_W, 30), "", "@muted")
        self.note = None
        if not self.app.settings.server_url:
            self.note = pygame_gui.elements.UITextBox(
                tr("tacocat.online.menu.no_server"),
                self.at.rect(BUTTON_X - 4, 380, BUTTON_W + 8, 84),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(class_id="@plain_text"),
            )
        self.back_button = self.button(
            ((width - 220) // 2, height - 36 - 58, 220, 58),
            tr("tacocat.online.back"),
            "#online_back",
            "@secondary",
        )
        self._show_count()

    def _row(
        self, index: int, key: str, class_id: str | None = None
    ) -> pygame_gui.elements.UIButton:
        return self.button(
            (BUTTON_X, 92 + index * 66, BUTTON_W, BUTTON_H),
            tr(f"tacocat.online.menu.{key}"),
            f"#online_{key}",
            class_id,
        )

    def _show_count(self) -> None:
        self.waiting = moves_waiting(self.app)
        self.count_label.set_text(
            tr("tacocat.online.menu.your_move", count=self.waiting) if self.waiting else ""
        )

    def uncovered(self) -> None:
        if bool(self.app.settings.server_url) != (self.note is None):
            self.relabel()  # a server address was set (or cleared) in Settings

    def update(self, dt: float) -> None:
        self._count_in -= dt
        if self._count_in <= 0:
            self._count_in = COUNT_EVERY
            self._show_count()

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.host_button:
            self.app.open("online_host")
        elif element is self.join_button:
            if not self.app.settings.server_url:
                ask_for_server(self.app)
                return
            self.app.open("online_join")
        elif element is self.lan_button:
            self.app.open("online_lan")
        elif element is self.games_button:
            self.app.open("online_games")
        elif element is self.back_button:
            self.back()

    def back(self) -> None:
        self.app.open("title")
