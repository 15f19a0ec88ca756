"""On this network: the games hosted on this network ("Ana's game"), heard by mDNS and
listed again each second; a click joins one (with your name). No server address needed.
"Host on this network" is a shortcut to Host a game, on this network. A computer that
cannot look (no multicast) says so in plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.focus import Column
from tacocat.ui.scenes.online_common import (
    GameStart,
    OnlineScreen,
    Pending,
    failure_words,
    online_name,
    remember_name,
    typed_name,
)
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.online.lan import LanGame
    from tacocat.ui.stage.services import App

PANEL_SIZE = (840, 640)
LABEL_X, CONTROL_X, CONTROL_W = 44, 290, 500
ROW_H = 48
#: Games listed at once (more are rare on one network; the first ones by name are shown).
MAX_ROWS = 4
GAME_ROW = 62
#: Seconds between two looks at what the network announces.
LIST_EVERY = 1.0


class OnlineLanScene(OnlineScreen):
    name = "online_lan"
    focus_order = (("name_entry",), Column("game_buttons"), ("back_button", "host_button"))
    focus_start = ("game_buttons", "host_button")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.typed = online_name(app)
        self.games: list[LanGame] = []
        self.status = ""
        self.pending: Pending | None = None
        self.start: GameStart | None = None
        self._list_in = 0.0

    def build(self) -> None:
        width, height = PANEL_SIZE
        self.open_panel(PANEL_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.lan.heading"), "@heading")
        self.label((LABEL_X, 90, CONTROL_X - LABEL_X, ROW_H), tr("tacocat.online.your_name"))
        self.name_entry = self.entry((CONTROL_X, 90, CONTROL_W, ROW_H), self.typed)
        self.label(
            (LABEL_X, 156, width - 2 * LABEL_X, 34), tr("tacocat.online.lan.games"), "@section"
        )
        self.game_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for index, game in enumerate(self.games[:MAX_ROWS]):
            self.game_buttons[game.game] = self.button(
                (LABEL_X, 198 + index * GAME_ROW, width - 2 * LABEL_X, 54),
                tr("tacocat.online.lan.game", name=game.name),
                f"#online_lan_{index}",
            )
        if not self.game_buttons:
            self.words(self._empty_words(), 198, 84, "#online_lan_note")
        if self.status:
            self.words(self.status, 198 + MAX_ROWS * GAME_ROW + 4, 96, "#online_lan_note")
        if self.pending is not None or self.start is not None:
            for button in self.game_buttons.values():
                button.disable()
        self.back_button, self.host_button = self.foot(
            "#online_lan_back", tr("tacocat.online.lan.host"), "#online_lan_host", 340, "@secondary"
        )

    def _empty_words(self) -> str:
        browser = self.app.online.browser()
        if not browser.available:
            return tr("tacocat.online.lan.unavailable")
        return tr("tacocat.online.lan.none")

    def _listed(self) -> list[LanGame]:
        """The games heard, but not this player's own (a game this computer hosts)."""
        mine = {seat.game for seat in self.app.online.seats()}
        return [game for game in self.app.online.browser().games() if game.game not in mine]

    def _restage(self, status: str) -> None:
        self.status = status
        self.relabel()
        self.say(status)

    # --- events -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.name_entry:
            self.typed = self.name_entry.get_text()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(element)
        else:
            super().handle_event(event)

    def _pressed(self, element: Any) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.host_button:
            self.app.open("online_host", network=True)
        else:
            for game in self.games:
                if self.game_buttons.get(game.game) is element:
                    self.join(game)

    def join(self, game: LanGame) -> None:
        """Take the other seat of ``game`` (your name first, when it is not typed yet)."""
        name = typed_name(self.typed)
        if not name:
            self._restage(tr("tacocat.online.need_name"))
            return
        remember_name(self.app, name)
        self.pending = Pending(
            self.app.online.join(game.url, game.invite, name, lan_host=game.server_id)
        )
        self._restage(tr("tacocat.online.join.joining"))

    # --- the frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.pending is not None and self.pending.done():
            pending, self.pending = self.pending, None
            error = pending.error()
            if error is not None:
                self._restage(failure_words(error))
                return
            self.start = GameStart(self.app, pending.future.result())
            self._restage(tr("tacocat.online.join.joined"))
        if self.start is not None:
            self.start.poll()
            return
        self._list_in -= dt
        if self._list_in <= 0:
            self._list_in = LIST_EVERY
            listed = self._listed()
            if [(g.game, g.name) for g in listed] != [(g.game, g.name) for g in self.games]:
                self.games = listed
                self.relabel()
