"""What the online screens share: their panel and widgets, the invite code as it is typed
and shown, the player's words for a failed request, whose move a kept game waits for, and
the wait for a game to begin (then its table opens).

The screens never wait on the network: a request is a :class:`~concurrent.futures.Future`
looked at once a frame (:class:`Pending`), a game's messages a
:class:`~tacocat.online.link.GameFeed` read once a frame (:class:`GameStart`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui

from tacocat.persistence.fields import MAX_NAME_LENGTH
from tacocat.ui.input.actions import Action
from tacocat.ui.stage.scene import UIScene, theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.names import is_default

if TYPE_CHECKING:
    from tacocat.online.link import GameFeed
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.ui.stage.services import App

T = TypeVar("T")
#: An invite code: 10 characters of Crockford's base-32, shown in two groups of five.
INVITE_LENGTH = 10
INVITE_GROUP = 5
#: The failure codes with words of their own (any other is a server error).
FAILURES = (
    "unreachable",
    "no_such_invite",
    "update_required",
    "rate_limited",
    "too_many_games",
    "bad_name",
    "bad_variants",
    "server_error",
)


# --- the invite code -----------------------------------------------------------------------


def typed_invite(text: str) -> str:
    """What the player typed, as the code is shown: ``7kx4mq2`` -> ``7KX4M-Q2`` (letters and
    digits only, upper case, the dash after the fifth; the server reads I/L as 1, O as 0)."""
    code = "".join(c for c in text.upper() if c.isascii() and c.isalnum())[:INVITE_LENGTH]
    return code if len(code) <= INVITE_GROUP else f"{code[:INVITE_GROUP]}-{code[INVITE_GROUP:]}"


def invite_complete(text: str) -> bool:
    return len(typed_invite(text).replace("-", "")) == INVITE_LENGTH


def spoken_invite(code: str) -> str:
    """The code for the narrator: one character at a time (``7 K X 4 M, Q 2 Z H D``)."""
    groups = typed_invite(code).split("-")
    return ", ".join(" ".join(group) for group in groups)


# --- names, words ----------------------------------------------------------------------------


def online_name(app: App) -> str:
    """The name the player last used, or "" for a default one (they are asked to type it)."""
    stored = app.settings.player_names[0]
    return "" if is_default(stored) else stored.strip()


def typed_name(text: str) -> str:
    """A typed name as the server takes it (one line, trimmed), or "" when none."""
    return " ".join(text.split())[:MAX_NAME_LENGTH]


def remember_name(app: App, name: str) -> None:
    if name != app.settings.player_names[0]:
        app.update_settings(player_names=(name, app.settings.player_names[1]))


def failure_words(error: BaseException, url: str = "") -> str:
    """Why a host or join failed, in the player's words (``url``: the server asked)."""
    from tacocat.online.lan import LanHostError
    from tacocat.online.link import failure

    if isinstance(error, LanHostError):
        return tr("tacocat.online.fail.lan_host")
    code = failure(error)
    if code not in FAILURES:
        code = "server_error"
    if code == "rate_limited":
        wait = getattr(getattr(error, "error", None), "retry_after", None) or 60
        return tr("tacocat.online.fail.rate_limited", count=max(1, round(wait)))
    if code == "unreachable" and not url:  # a game on this network, gone from it
        return tr("tacocat.online.fail.unreachable_lan")
    return tr(f"tacocat.online.fail.{code}", address=url)


def your_move(seat: OnlineSeat, feed: GameFeed) -> bool | None:
    """Whether ``seat``'s game waits for this player's move (None: not known, or not begun)."""
    from tacocat.net.codec import decode_observation

    latest = feed.latest
    if latest is None or latest.observation is None or feed.ended is not None:
        return None
    try:
        seen = decode_observation(latest.observation)
    except Exception:  # a message this version cannot read: not counted
        return None
    return seat.seat in seen.to_act and seen.own_commit is None


def moves_waiting(app: App) -> int:
    """How many of the kept online games wait for this player's move."""
    online = app.online
    return sum(bool(your_move(seat, online.feed(seat))) for seat in online.seats())


def ask_for_server(app: App) -> None:
    """No server address is set: say so, and offer Settings (Back is the first, safe choice)."""
    from tacocat.ui.scenes.choice import ChoiceScene

    app.scenes.push(
        ChoiceScene(
            app,
            tr("tacocat.online.no_server_title"),
            tr("tacocat.online.no_server"),
            [
                (tr("tacocat.online.back"), lambda: None),
                (tr("tacocat.online.open_settings"), lambda: app.open("settings")),
            ],
        )
    )


# --- waiting, a frame at a time ------------------------------------------------------------


class Pending:
    """A request's future, looked at once a frame."""

    def __init__(self, future: Future[Any]) -> None:
        self.future = future

    def done(self) -> bool:
        return self.future.done()

    def error(self) -> BaseException | None:
        return self.future.exception() if self.future.done() else None


def in_background(call: Callable[[], Future[T]]) -> Future[T]:
    """``call()``'s future, with ``call`` itself run on a thread of its own: hosting on this
    network starts a server first, which the frame loop must not wait for."""
    out: Future[T] = Future()

    def run() -> None:
        try:
            inner = call()
        except BaseException as error:  # noqa: BLE001 - handed to the waiting screen
            out.set_exception(error)
            return
        inner.add_done_callback(lambda done: _copy(done, out))

    threading.Thread(target=run, name="tacocat-online-start", daemon=True).start()
    return out


def _copy(done: Future[T], out: Future[T]) -> None:
    error = done.exception()
    if error is not None:
        out.set_exception(error)
    else:
        out.set_result(done.result())


class GameStart:
    """Looks at ``seat``'s game once a frame; when the friend is there (the game is being
    played), keeps their name and opens the table."""

    def __init__(self, app: App, seat: OnlineSeat) -> None:
        self.app, self.seat = app, seat
        self.feed = app.online.feed(seat)

    @property
    def gone(self) -> bool:
        """The server no longer knows the game (cancelled, expired)."""
        return self.feed.gone

    def poll(self) -> bool:
        """True once the table has opened."""
        state = self.feed.state
        if state is None or state.status == "waiting":
            return False
        self.seat = self.app.online.update_seat(self.seat, state)
        return self.app.open_online_game(self.seat)


# --- the screens' common look ------------------------------------------------------------------


class OnlineScreen(UIScene):
    """A full screen over the background with one cream panel (``self.panel``, laid out by
    ``self.at``); Esc goes :meth:`back` (to the Play online screen)."""

    def draw_background(self) -> None:
        self.background = self.app.assets.image(
            "ui/background", self.app.size, placeholder_size=self.app.size
        )

    #: The panels' margin on the left and the right (design pixels).
    MARGIN = 44

    def open_panel(self, size: tuple[int, int]) -> None:
        self.draw_background()
        self.panel_size = size
        self.panel, self.at = self.scaled_frame(size)

    def words(self, text: str, y: int, height: int, object_id: str = "#online_problem") -> None:
        """Wrapped words across the panel at ``y`` (a problem, a note, an empty list)."""
        width = self.panel_size[0] - 2 * self.MARGIN + 8
        pygame_gui.elements.UITextBox(
            text,
            self.at.rect(self.MARGIN - 4, y, width, height),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(object_id, "@plain_text"),
        )

    def foot(
        self, back_id: str, go_text: str, go_id: str, go_width: int = 240, go_class: str = "@big"
    ) -> tuple[pygame_gui.elements.UIButton, pygame_gui.elements.UIButton]:
        """Back on the left of the panel's foot, the screen's own button on the right."""
        width, height = self.panel_size
        y = height - 36 - 58
        back = self.button(
            (self.MARGIN, y, 200, 58), tr("tacocat.online.back"), back_id, "@secondary"
        )
        go = self.button(
            (width - self.MARGIN - go_width, y, go_width, 58), go_text, go_id, go_class
        )
        return back, go

    def label(
        self, rect: tuple[int, int, int, int], text: str, class_id: str = "@ink_left"
    ) -> pygame_gui.elements.UILabel:
        """A label at the design rect ``rect`` (``text``: already in the player's words)."""
        return pygame_gui.elements.UILabel(
            self.at.rect(*rect),
            text,
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id=class_id),
        )

    def button(
        self,
        rect: tuple[int, int, int, int],
        text: str,
        object_id: str,
        class_id: str | None = None,
    ) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            self.at.rect(*rect),
            text,
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(object_id, class_id),
        )

    def entry(
        self, rect: tuple[int, int, int, int], text: str, limit: int = MAX_NAME_LENGTH
    ) -> pygame_gui.elements.UITextEntryLine:
        field = pygame_gui.elements.UITextEntryLine(
            self.at.rect(*rect), manager=self.ui, container=self.panel
        )
        field.set_text_length_limit(limit)
        field.set_text(text)
        return field

    def say(self, text: str) -> None:
        """Tell a player who listens (narration) what the screen now says."""
        self.app.narrator.speak(text, interrupt=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) is Action.BACK:
            self.back()

    def back(self) -> None:
        self.app.open("online_menu")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
