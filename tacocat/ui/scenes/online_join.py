"""Join a game: the friend's invite code (typed in any case, the dash optional: it is shown
upper case with the dash) and your name; Join asks the server in Settings. A refusal is said
in plain words on the screen, which stays (a wrong, used or expired code, a full game or
server, an unreachable server, a game to update, too many tries); once in, the table opens
as soon as the game has begun."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.scenes.online_common import (
    INVITE_LENGTH,
    GameStart,
    OnlineScreen,
    Pending,
    ask_for_server,
    failure_words,
    invite_complete,
    online_name,
    remember_name,
    typed_invite,
    typed_name,
)
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_SIZE = (840, 540)
LABEL_X, CONTROL_X, CONTROL_W = 44, 290, 500
ROW_H = 48


class OnlineJoinScene(OnlineScreen):
    """``code``: a code to start with (tests, a pasted one)."""

    name = "online_join"
    focus_order = (("code_entry",), ("name_entry",), ("back_button", "join_button"))
    focus_start = ("code_entry",)

    def __init__(self, app: App, code: str = "") -> None:
        super().__init__(app)
        self.code = typed_invite(code)
        self.typed = online_name(app)
        #: "form", "joining" (the request is out) or "waiting" (for the game's first state).
        self.stage = "form"
        self.status = ""
        self.pending: Pending | None = None
        self.start: GameStart | None = None

    def build(self) -> None:
        width, height = PANEL_SIZE
        self.open_panel(PANEL_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.join.heading"), "@heading")
        self.label((LABEL_X, 90, CONTROL_X - LABEL_X, ROW_H), tr("tacocat.online.join.code"))
        self.code_entry = self.entry(
            (CONTROL_X, 90, 300, ROW_H), self.code, limit=INVITE_LENGTH + 1
        )
        self.label(
            (CONTROL_X, 142, CONTROL_W, 26), tr("tacocat.online.join.code_hint"), "@muted_left"
        )
        self.label((LABEL_X, 184, CONTROL_X - LABEL_X, ROW_H), tr("tacocat.online.your_name"))
        self.name_entry = self.entry((CONTROL_X, 184, CONTROL_W, ROW_H), self.typed)
        self.label(
            (LABEL_X, 246, width - 2 * LABEL_X, 26),
            tr("tacocat.online.join.server", address=self.app.settings.server_url),
            "@muted_left",
        )
        if self.status:
            self.words(self.status, 290, 120)
        self.back_button, self.join_button = self.foot(
            "#online_join_back", tr("tacocat.online.join.start"), "#online_join_start"
        )
        if self.stage != "form":
            for widget in (self.code_entry, self.name_entry, self.join_button):
                widget.disable()

    def _restage(self, stage: str, status: str) -> None:
        self.stage, self.status = stage, status
        self.relabel()
        self.say(status)

    # --- events -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.code_entry:
            self.code = typed_invite(self.code_entry.get_text())
            if self.code != self.code_entry.get_text():
                self.code_entry.set_text(self.code)  # upper case, the dash in its place
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.name_entry:
            self.typed = self.name_entry.get_text()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.code_entry:
            self.join()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(element)
        else:
            super().handle_event(event)

    def _pressed(self, element: Any) -> None:
        if element is self.join_button:
            self.join()
        elif element is self.back_button:
            self.back()

    def join(self) -> None:
        """Ask the server for the friend's game with the typed code."""
        if self.stage != "form":
            return
        if not invite_complete(self.code):
            self._restage("form", tr("tacocat.online.join.short_code", n=INVITE_LENGTH))
            return
        name = typed_name(self.typed)
        if not name:
            self._restage("form", tr("tacocat.online.need_name"))
            return
        url = self.app.settings.server_url
        if not url:
            ask_for_server(self.app)
            return
        remember_name(self.app, name)
        self.pending = Pending(self.app.online.join(url, self.code.replace("-", ""), name))
        self._restage("joining", tr("tacocat.online.join.joining"))

    # --- the frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.stage == "joining" and self.pending is not None and self.pending.done():
            error = self.pending.error()
            if error is not None:
                self._restage("form", failure_words(error, self.app.settings.server_url))
                return
            self.start = GameStart(self.app, self.pending.future.result())
            self._restage("waiting", tr("tacocat.online.join.joined"))
        elif self.stage == "waiting" and self.start is not None:
            self.start.poll()
