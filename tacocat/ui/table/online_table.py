"""The table of an online game: the same table, on an :class:`OnlineSession`.

What differs from a local game is only what the network adds: the opponent's
presence under their name, a banner while the line to the server is down (it never
blocks the screen: the game resumes by itself), Resign, and an ending that may come
without a last move (the other person resigned, or the game expired). The finished
game goes to the History as an online game.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import pygame

from tacocat.net import messages as m
from tacocat.rules import GameState
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.online_session import OnlineSession
from tacocat.ui.table.scene import TableScene
from tacocat.ui.table.session import config_to_dict
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.layout import NOTICE_RECT
from tacocat.ui.widgets.style import palette
from tacocat.ui.widgets.text_box import draw_lines

if TYPE_CHECKING:
    from tacocat.online.link import GameFeed
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)

RECONNECTING = "tacocat.online.reconnecting"


class OnlineTableScene(TableScene):
    """The table of the online game ``seat`` (its messages in ``feed``)."""

    name = "online_table"

    def __init__(self, app: App, config: GameConfig, seat: OnlineSeat, feed: GameFeed) -> None:
        super().__init__(app, config)
        self.seat_record, self.feed = seat, feed
        #: What the table says of the network (reconnecting, the other player away), or "".
        self.notice = ""
        self._notice_key: tuple[str, dict[str, str]] | None = None

    @property
    def online_session(self) -> OnlineSession:
        assert isinstance(self.session, OnlineSession)
        return self.session

    def _make_session(self) -> OnlineSession:
        return OnlineSession(self.config, self.feed, on_finished=self._record_online)

    # --- the frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.session
        if not isinstance(session, OnlineSession):
            return
        notice = self._notice_now(session)
        if notice != self._notice_key:  # worded (and said) only when it changes
            self._notice_key = notice
            self.notice = tr(notice[0], **notice[1]) if notice is not None else ""
            if self.notice:
                self.app.narrator.speak(self.notice)
        if session.ended is None or self._game_over_shown:
            return
        if session.ended.result.reason != "won" and self.animator.idle and not self.animator.held:
            self._show_game_over()  # resigned or expired: no last move shows the winner

    def _notice_now(self, session: OnlineSession) -> tuple[str, dict[str, str]] | None:
        """What the table says of the network now, as a text key and its parameters
        (None when all is well)."""
        if session.is_over:
            return None
        if not session.online:
            return RECONNECTING, {}
        if session.opponent_here is False:
            return "tacocat.online.away", {"name": session.name(1 - session.seat)}
        return None

    def update_covered(self, dt: float) -> None:
        """Under the menu, a round result or the game over, the game goes on arriving (the
        end's record too, for the History); it animates once the table is on top again."""
        if self.session is not None:
            self.session.update(dt, idle=False)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.notice:
            colours = palette()
            reconnecting = self._notice_key is not None and self._notice_key[0] == RECONNECTING
            self._banner(
                surface, self.notice, colours.cheese if reconnecting else colours.box_floor
            )

    def _banner(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        """A note under the log, above your plate: it says, and never covers a card, a
        button or the prompt (the table goes on being usable)."""
        box = NOTICE_RECT
        pygame.draw.rect(surface, palette().table_deep, box, border_radius=12)
        pygame.draw.rect(surface, colour, box, width=2, border_radius=12)
        draw_lines(
            surface,
            self.text,
            text,
            18,
            colour,
            box.inflate(-20, -12),
            bold=True,
            align="centre",
            middle=True,
        )

    # --- the end ---------------------------------------------------------------------------

    def _show_game_over(self) -> None:
        from tacocat.ui.scenes.game_over import GameOverScene

        session = self.online_session
        seen = session.public
        winner = seen.winner
        if winner is None and session.ended is not None:
            winner = session.ended.result.winner
        if winner is None:  # expired with nobody owing: no winner to show
            self._game_over_shown = True
            self.app.show_message(
                tr("tacocat.online.expired_title"),
                tr("tacocat.online.expired"),
                on_close=self.rematch,
            )
            return
        self._game_over_shown = True
        self.app.scenes.push(GameOverScene(self.app, self, self._game_summary(seen, winner)))

    def _record_online(self, state: GameState, result: m.Result) -> None:
        """The server's record of the finished game goes to the History (as an online game)
        and the game leaves the list of online games."""
        online = self.app.online
        try:
            kept = self.app.finish_game(
                config_to_dict(self.config), state, None, winner=result.winner
            )
            self.kept_id = kept if isinstance(kept, str) else None
        finally:
            online.forget(self.seat_record)

    def resign(self) -> None:
        """Give the game up (the menu asks first): the other person wins at once."""
        session = self.session
        if isinstance(session, OnlineSession) and not session.is_over:
            session.resign()

    def rematch_label(self) -> str:
        return tr("tacocat.online.back_to_games")

    def rematch(self) -> None:
        self.app.open("online_menu")

    def exit(self) -> None:
        """Leaving the table: nothing to save (the server keeps the game)."""
        if self.session is not None:
            self.session.close()


def online_config(seat: OnlineSeat, feed: GameFeed) -> GameConfig:
    """The game config of an online seat: its kind, the person's seat, both names, and
    the rules the server deals with (from the seat's observation)."""
    from tacocat.net.codec import decode_observation
    from tacocat.seating import GameKind

    latest = feed.latest
    assert latest is not None and latest.observation is not None, "the game has begun"
    players = feed.state.players if feed.state is not None else []
    names = tuple(p.name for p in players) if len(players) == 2 else seat.names
    ruleset = decode_observation(latest.observation).ruleset
    return dataclasses.replace(
        GameConfig(GameKind.ONLINE, human_seat=seat.seat, names=(names[0] or "?", names[1] or "?")),
        ruleset=ruleset,
    )
