"""Host a game: your name, the rules, over the internet (the server in Settings) or on this
network; then "Connecting…", then the invite code, large, with Copy, while the screen waits
for the friend. When they join, the table opens. Cancel gives the game up; Back leaves it
waiting in Your online games (which opens this screen again for it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.focus import Column, Row
from tacocat.ui.scenes.online_common import (
    GameStart,
    OnlineScreen,
    Pending,
    ask_for_server,
    failure_words,
    in_background,
    online_name,
    remember_name,
    spoken_invite,
    typed_name,
)
from tacocat.ui.scenes.variant_rows import toggle_variant, variant_rows
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.ui.stage.services import App

FORM_SIZE = (840, 620)
WAIT_SIZE = (760, 540)
CONNECT_SIZE = (640, 340)
LABEL_X, CONTROL_X, CONTROL_W = 44, 290, 500
ROW_H = 48


class OnlineHostScene(OnlineScreen):
    """``network``: host on this network (None: there when no server address is set);
    ``seat``: a game hosted before, still waiting for the friend (its code is shown)."""

    name = "online_host"
    focus_order = (
        ("name_entry",),
        Row("internet_button", "network_button", choice=True),
        Column("variant_boxes"),
        ("back_button", "host_button"),
        ("copy_button",),
        ("cancel_button", "leave_button"),
    )
    focus_start = ("host_button", "copy_button", "leave_button", "cancel_button")

    def __init__(
        self, app: App, network: bool | None = None, seat: OnlineSeat | None = None
    ) -> None:
        super().__init__(app)
        self.network = not app.settings.server_url if network is None else network
        self.variants: set[str] = set()
        self.typed = online_name(app)
        #: "form", "connecting" (the request is out) or "waiting" (for the friend).
        self.stage = "form"
        self.problem = ""
        self.pending: Pending | None = None
        self.start: GameStart | None = None
        if seat is not None:
            self.stage, self.start = "waiting", GameStart(app, seat)

    @property
    def seat(self) -> OnlineSeat | None:
        return self.start.seat if self.start is not None else None

    # --- building ---------------------------------------------------------------------------

    def build(self) -> None:
        for name in (
            "name_entry",
            "internet_button",
            "network_button",
            "back_button",
            "host_button",
            "copy_button",
            "cancel_button",
            "leave_button",
        ):
            setattr(self, name, None)
        self.variant_boxes: dict[str, Any] = {}
        {
            "form": self._build_form,
            "connecting": self._build_connecting,
            "waiting": self._build_waiting,
        }[self.stage]()

    def _build_form(self) -> None:
        width, height = FORM_SIZE
        self.open_panel(FORM_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.host.heading"), "@heading")
        self.label((LABEL_X, 90, CONTROL_X - LABEL_X, ROW_H), tr("tacocat.online.your_name"))
        self.name_entry = self.entry((CONTROL_X, 90, CONTROL_W, ROW_H), self.typed)
        self.label((LABEL_X, 154, CONTROL_X - LABEL_X, ROW_H), tr("tacocat.online.host.where"))
        self.internet_button = self.button(
            (CONTROL_X, 154, 244, ROW_H),
            tr("tacocat.online.host.internet"),
            "#online_internet",
            "@choice",
        )
        self.network_button = self.button(
            (CONTROL_X + 256, 154, 244, ROW_H),
            tr("tacocat.online.host.network"),
            "#online_network",
            "@choice",
        )
        self.where_hint = self.label(
            (CONTROL_X, 206, CONTROL_W, 26), self._where_hint(), "@muted_left"
        )
        self.label(
            (LABEL_X, 250, width - 2 * LABEL_X, 34), tr("tacocat.online.host.rules"), "@section"
        )
        self.variant_boxes = variant_rows(
            self, self.panel, self.at, LABEL_X, 306, width - 2 * LABEL_X, self.variants
        )
        if self.problem:
            self.words(self.problem, 400, 100)
        self.back_button, self.host_button = self.foot(
            "#online_host_back", tr("tacocat.online.host.start"), "#online_host_start"
        )

    def _where_hint(self) -> str:
        if self.network:
            return tr("tacocat.online.host.network_hint")
        url = self.app.settings.server_url
        return (
            tr("tacocat.online.host.internet_hint", address=url)
            if url
            else tr("tacocat.online.host.no_server_hint")
        )

    def _build_connecting(self) -> None:
        width, height = CONNECT_SIZE
        self.open_panel(CONNECT_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.host.heading"), "@heading")
        self.label((30, 110, width - 60, 40), tr("tacocat.online.connecting"), "@ink")
        self.cancel_button = self.button(
            ((width - 240) // 2, height - 36 - 58, 240, 58),
            tr("tacocat.online.cancel"),
            "#online_cancel",
            "@secondary",
        )

    def _build_waiting(self) -> None:
        seat = self.seat
        assert seat is not None
        width, height = WAIT_SIZE
        self.open_panel(WAIT_SIZE)
        self.label((0, 14, width, 60), tr("tacocat.online.host.ready"), "@heading")
        if seat.hosting:  # on this network the friend picks the game from a list
            self.label((30, 96, width - 60, 34), tr("tacocat.online.host.tell_network"), "@ink")
            self.label(
                (30, 146, width - 60, 90),
                tr("tacocat.online.lan.game", name=seat.names[seat.seat]),
                "@invite",
            )
        else:
            self.label((30, 96, width - 60, 34), tr("tacocat.online.host.tell_code"), "@ink")
            self.label((30, 146, width - 60, 90), seat.invite or "", "@invite")
            self.copy_button = self.button(
                ((width - 240) // 2, 248, 240, 54),
                tr("tacocat.online.host.copy"),
                "#online_copy",
                "@secondary",
            )
        self.label((30, 318, width - 60, 34), tr("tacocat.online.host.waiting"), "@ink")
        self.label((30, 356, width - 60, 28), tr("tacocat.online.host.waits_in_list"), "@muted")
        button_y = height - 36 - 58
        self.cancel_button = self.button(
            (LABEL_X, button_y, 300, 58),
            tr("tacocat.online.host.cancel_game"),
            "#online_cancel_game",
            "@danger",
        )
        self.leave_button = self.button(
            (width - LABEL_X - 300, button_y, 300, 58),
            tr("tacocat.online.back"),
            "#online_leave",
            "@secondary",
        )

    def fitted(self) -> None:
        if self.internet_button is not None and self.network_button is not None:
            chosen, other = (
                (self.network_button, self.internet_button)
                if self.network
                else (self.internet_button, self.network_button)
            )
            chosen.select()
            other.unselect()

    def _restage(self, stage: str, spoken: str = "") -> None:
        self.stage = stage
        self.relabel()
        if spoken:
            self.say(spoken)

    # --- events -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.typed = self.name_entry.get_text()
        elif toggle_variant(event, self.variant_boxes, self.variants):
            return
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        else:
            super().handle_event(event)

    def _pressed(self, element: Any) -> None:
        if element is None:
            return
        if element in (self.internet_button, self.network_button):
            self.network = element is self.network_button
            self.fitted()
            self.where_hint.set_text(self._where_hint())
        elif element is self.host_button:
            self.host()
        elif element is self.copy_button:
            self.copy()
        elif element is self.cancel_button:
            self.cancel()
        elif element in (self.back_button, self.leave_button):
            self.back()

    def host(self) -> None:
        """Ask the server (or this computer's own) for a game; the screen says "Connecting…"."""
        name = typed_name(self.typed)
        if not name:
            self.problem = tr("tacocat.online.need_name")
            self._restage("form", self.problem)
            return
        url = self.app.settings.server_url
        if not self.network and not url:
            ask_for_server(self.app)
            return
        remember_name(self.app, name)
        online, variants = self.app.online, sorted(self.variants)
        self.problem = ""
        if self.network:
            future = in_background(lambda: online.host_on_network(name, variants))
        else:
            future = online.host(url, name, variants)
        self.pending = Pending(future)
        self._restage("connecting", tr("tacocat.online.connecting"))

    def copy(self) -> None:
        """The code to the clipboard (where the system has one); the button says so."""
        from pygame_gui.core.utility import clipboard_copy

        seat = self.seat
        if seat is None or seat.invite is None or self.copy_button is None:
            return
        try:
            clipboard_copy(seat.invite)
        except Exception:  # no clipboard here (a bare X server, a dummy driver)
            self.copy_button.set_text(tr("tacocat.online.host.no_clipboard"))
            return
        self.copy_button.set_text(tr("tacocat.online.host.copied"))
        self.say(tr("tacocat.online.host.copied"))

    def cancel(self) -> None:
        """Give the game up: a request still out is given up when it answers."""
        online = self.app.online
        if self.stage == "connecting" and self.pending is not None:

            def give_up(done: Any) -> None:
                if done.exception() is None:
                    online.cancel(done.result())

            self.pending.future.add_done_callback(give_up)
        elif self.seat is not None:
            online.cancel(self.seat)
        self.back()

    # --- the frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.stage == "connecting" and self.pending is not None and self.pending.done():
            error = self.pending.error()
            if error is not None:
                self.problem = failure_words(error, self.app.settings.server_url)
                self._restage("form", self.problem)
                return
            self.start = GameStart(self.app, self.pending.future.result())
            seat = self.start.seat
            self._restage(
                "waiting",
                " ".join(
                    (
                        tr("tacocat.online.host.tell_code"),
                        spoken_invite(seat.invite or ""),
                        tr("tacocat.online.host.waiting"),
                    )
                ),
            )
        elif self.stage == "waiting" and self.start is not None:
            if self.start.poll():
                return
            if self.start.gone:
                self.app.online.forget(self.start.seat)
                self.start, self.problem = None, tr("tacocat.online.gone")
                self._restage("form", self.problem)
