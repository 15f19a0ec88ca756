"""Your online games: one row per kept seat - the opponent (or "Waiting for a friend" and the
code), whose move it is, the round and the score, whether the opponent is here now, and
"Reconnecting…" while the line to the server is down. A row opens its game (a game still
waiting for the friend opens Host a game's waiting screen with its code). The rows are read
again each second; nothing here waits on the network."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.persistence.online_seats import NOBODY
from tacocat.ui.focus import Column
from tacocat.ui.scenes.online_common import OnlineScreen, your_move
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.narration import describe

if TYPE_CHECKING:
    from tacocat.online.link import GameFeed
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.rules.events import Event
    from tacocat.ui.stage.services import App

PANEL_W = 940
LABEL_X, BUTTON_W, TEXT_X = 44, 360, 424
#: A game's row's height.
GAME_ROW = 76
#: The room above the rows (the heading) and below them (Back).
TOP = 96
FOOT = 120
#: Seconds between two readings of the rows.
READ_EVERY = 1.0


def last_move(history: Sequence[Event], names: Sequence[str]) -> str:
    """The round's last event that the log would write, in its words ("" before any)."""
    for event in reversed(history):
        line = describe(event, names)
        if line:
            return line
    return ""


def row_words(seat: OnlineSeat, feed: GameFeed) -> tuple[str, str, str]:
    """What a row says: its button, whose move, and the game's facts in one line."""
    from tacocat.net.codec import decode_observation

    state = feed.state
    if seat.opponent == NOBODY and (state is None or state.status == "waiting"):
        code = tr("tacocat.online.games.code", code=seat.invite) if seat.invite else ""
        return tr("tacocat.online.games.waiting_friend"), code, _line(feed, [])
    other = 1 - seat.seat
    names = (
        [p.name for p in state.players]
        if state is not None and len(state.players) == 2
        else list(seat.names)
    )
    opponent = names[other] or "?"
    button = tr("tacocat.online.games.against", name=opponent)
    latest = feed.latest
    if feed.ended is not None or state is not None and state.status == "over":
        return button, tr("tacocat.online.games.over"), _line(feed, [])
    mine = your_move(seat, feed)
    turn = (
        ""
        if mine is None
        else tr("tacocat.online.games.your_move")
        if mine
        else tr("tacocat.online.games.their_move", name=opponent)
    )
    facts = []
    if latest is not None and latest.observation is not None:
        seen = decode_observation(latest.observation)
        facts.append(
            tr(
                "tacocat.online.games.score",
                round=seen.round_number,
                mine=seen.wins[seat.seat],
                theirs=seen.wins[other],
            )
        )
        last = last_move(seen.history, names)
        if last:
            turn = f"{turn} · {last}" if turn else last
    if state is not None and len(state.players) == 2:
        here = state.players[other].connected
        facts.append(
            tr("tacocat.online.games.here" if here else "tacocat.online.games.away", name=opponent)
        )
    return button, turn, _line(feed, facts)


def _line(feed: GameFeed, facts: list[str]) -> str:
    if not feed.online:
        return tr("tacocat.online.reconnecting")
    return " · ".join(facts)


class OnlineGamesScene(OnlineScreen):
    name = "online_games"
    focus_order = (Column("game_buttons"), ("back_button",))
    focus_start = ("game_buttons", "back_button")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seats = app.online.seats()
        self._read_in = READ_EVERY

    def build(self) -> None:
        rows = max(1, len(self.seats))
        height = TOP + rows * GAME_ROW + FOOT
        self.open_panel((PANEL_W, height))
        self.label((0, 14, PANEL_W, 60), tr("tacocat.online.games.heading"), "@heading")
        self.game_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.turn_labels: dict[str, pygame_gui.elements.UILabel] = {}
        self.fact_labels: dict[str, pygame_gui.elements.UILabel] = {}
        for index, seat in enumerate(self.seats):
            y = TOP + index * GAME_ROW
            self.game_buttons[seat.game] = self.button(
                (LABEL_X, y, BUTTON_W, 58), "", f"#online_game_{index}"
            )
            self.turn_labels[seat.game] = self.label(
                (TEXT_X, y, PANEL_W - TEXT_X - LABEL_X, 30), "", "@section"
            )
            self.fact_labels[seat.game] = self.label(
                (TEXT_X, y + 32, PANEL_W - TEXT_X - LABEL_X, 26), "", "@muted_left"
            )
        if not self.seats:
            pygame_gui.elements.UITextBox(
                tr("tacocat.online.games.none"),
                self.at.rect(LABEL_X - 4, TOP, PANEL_W - 2 * LABEL_X + 8, 70),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(class_id="@plain_text"),
            )
        self.back_button = self.button(
            ((PANEL_W - 220) // 2, height - 36 - 58, 220, 58),
            tr("tacocat.online.back"),
            "#online_games_back",
            "@secondary",
        )
        self._read()

    def _read(self) -> None:
        """Every row's words, as the games' feeds stand now."""
        online = self.app.online
        for seat in self.seats:
            button, turn, facts = row_words(seat, online.feed(seat))
            for widget, text in (
                (self.game_buttons[seat.game], button),
                (self.turn_labels[seat.game], turn),
                (self.fact_labels[seat.game], facts),
            ):
                if widget.text != text:
                    widget.set_text(text)

    def update(self, dt: float) -> None:
        self._read_in -= dt
        if self._read_in > 0:
            return
        self._read_in = READ_EVERY
        seats = self.app.online.seats()
        if [s.game for s in seats] != [s.game for s in self.seats]:
            self.seats = seats
            self.relabel()
        else:
            self.seats = seats
            self._read()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            super().handle_event(event)
            return
        if event.ui_element is self.back_button:
            self.back()
            return
        for seat in self.seats:
            if self.game_buttons.get(seat.game) is event.ui_element:
                self.open(seat)

    def open(self, seat: OnlineSeat) -> None:
        """The game's table; a game the friend has not joined yet: its code, waiting."""
        feed = self.app.online.feed(seat)
        if feed.state is not None and feed.state.status != "waiting":
            seat = self.app.online.update_seat(seat, feed.state)
        if self.app.open_online_game(seat):
            return
        if seat.opponent == NOBODY and seat.seat == 0:
            self.app.open("online_host", seat=seat)
        else:
            self.say(tr("tacocat.online.reconnecting"))
