"""This player's online games: host, join, find on this network, come back to.

The one object the screens ask (no pygame here): it keeps each seat in
``online.json`` (:mod:`tacocat.persistence.online_seats`) the moment the server gives
it, follows every kept game on the :class:`~tacocat.online.link.Link` (so a restart
resumes them all), and runs the in-process server of a game hosted on this network
(:class:`~tacocat.online.lan.LanHost`) while this computer hosts one.

Every request returns a :class:`concurrent.futures.Future` at once; a failed one
raises an exception whose :func:`~tacocat.online.link.failure` code the screen words
(``unreachable``, ``no_such_invite``, ``update_required``, ``rate_limited``...).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from tacocat.net import messages as m
from tacocat.online.link import GameFeed, Link
from tacocat.persistence.online_seats import NOBODY, OnlineSeat, OnlineSeats

if TYPE_CHECKING:
    from tacocat.online.lan import LanBrowser, LanHost

log = logging.getLogger(__name__)
T = TypeVar("T")
U = TypeVar("U")

#: The folder (in the data folder) where a game hosted on this network keeps its games.
LAN_FOLDER = "lan-host"


def _then(future: Future[T], step: Callable[[T], U]) -> Future[U]:
    """A future of ``step(result)`` (run on the thread that finished ``future``)."""
    out: Future[U] = Future()

    def done(finished: Future[T]) -> None:
        try:
            out.set_result(step(finished.result()))
        except BaseException as error:  # noqa: BLE001 - handed to the waiting screen
            out.set_exception(error)

    future.add_done_callback(done)
    return out


class OnlineGames:
    """The online side of the game.

    :param data_dir: the data folder (``online.json``, the network host's games).
    :param link: the network thread (tests pass one with short timeouts).
    """

    def __init__(self, data_dir: Path, link: Link | None = None) -> None:
        self.data_dir = Path(data_dir)
        self.store = OnlineSeats(self.data_dir)
        self.link = link or Link()
        self._host: LanHost | None = None
        self._browser: LanBrowser | None = None
        self._lock = threading.Lock()

    # --- the seats kept --------------------------------------------------------------

    def seats(self) -> list[OnlineSeat]:
        return self.store.seats()

    def resume_all(self) -> None:
        """Follow every kept game (at start-up: Continue lists them as they answer); a game
        this computer hosts on the network starts its server again first."""
        seats = self.seats()
        if any(seat.hosting for seat in seats):
            try:
                self.lan_host()
            except Exception as error:  # the port or the folder: the games wait
                log.warning("cannot host the games on this network again: %s", error)
        for seat in seats:
            self.feed(seat)

    def feed(self, seat: OnlineSeat) -> GameFeed:
        url = self.lan_host().local_url if seat.hosting and self._host is not None else seat.url
        return self.link.follow(url, seat.game, seat.token)

    def forget(self, seat: OnlineSeat) -> None:
        """Stop following ``seat``'s game and drop it from the list (ended or cancelled)."""
        self.link.unfollow(seat.url, seat.game)
        self.store.drop(seat.game)

    def update_seat(self, seat: OnlineSeat, state: m.State) -> OnlineSeat:
        """Keep the names (and no invite) once the friend has joined; the seat as kept."""
        names = (
            (state.players[0].name, state.players[1].name)
            if len(state.players) == 2
            else seat.names
        )
        if names == seat.names and (seat.invite is None or state.status == "waiting"):
            return seat
        kept = OnlineSeat(
            seat.url,
            seat.game,
            seat.seat,
            seat.token,
            names,
            None if state.status != "waiting" else seat.invite,
            seat.lan_host,
            seat.hosting,
        )
        self.store.put(kept)
        return kept

    # --- host and join ---------------------------------------------------------------

    def host(self, url: str, name: str, variants: list[str]) -> Future[OnlineSeat]:
        """Host a game on the server at ``url``: its seat, kept and followed."""
        return _then(
            self.link.create(url, name, variants),
            lambda created: self._keep_created(url, name, created, None),
        )

    def join(
        self, url: str, invite: str, name: str, lan_host: str | None = None
    ) -> Future[OnlineSeat]:
        """Take the other seat of a friend's game: its seat, kept and followed."""

        def keep(joined: m.ServerMessage) -> OnlineSeat:
            assert isinstance(joined, m.Joined)
            seat = OnlineSeat(
                url, joined.game, joined.seat, joined.token, (NOBODY, name), lan_host=lan_host
            )
            self.store.put(seat)
            self.feed(seat)
            return seat

        return _then(self.link.join(url, invite, name), keep)

    def host_on_network(self, name: str, variants: list[str]) -> Future[OnlineSeat]:
        """Host a game on this network: this process runs the server, the game is
        announced (mDNS) with its invite until the friend joins."""
        host = self.lan_host()
        return _then(
            self.link.create(host.local_url, name, variants),
            lambda created: self._keep_created(host.local_url, name, created, host),
        )

    def _keep_created(
        self, url: str, name: str, created: m.ServerMessage, host: LanHost | None
    ) -> OnlineSeat:
        assert isinstance(created, m.Created)
        seat = OnlineSeat(
            url,
            created.game,
            created.seat,
            created.token,
            (name, NOBODY),
            invite=created.invite,
            lan_host=host.server_id if host else None,
            hosting=host is not None,
        )
        self.store.put(seat)
        self.feed(seat)
        if host is not None:
            host.advertise(name, created.invite, created.game)
        return seat

    def cancel(self, seat: OnlineSeat) -> None:
        """The host gives up waiting: the game is resigned (the invite dies with it) and
        forgotten; a network host stops announcing it."""
        feed = self.feed(seat)
        feed.resign()
        if seat.hosting and self._host is not None:
            self._host.withdraw()
        self.forget(seat)

    # --- this network ----------------------------------------------------------------

    def lan_host(self) -> LanHost:
        """The server this computer runs for games on this network (started on first use;
        raises ``LanHostError`` when it cannot listen)."""
        from tacocat.online.lan import LanHost

        with self._lock:
            if self._host is None:
                host = LanHost(self.data_dir / LAN_FOLDER)
                host.start()
                self._host = host
            return self._host

    def browser(self) -> LanBrowser:
        """Games hosted on this network (browsing starts on first use)."""
        from tacocat.online.lan import LanBrowser

        with self._lock:
            if self._browser is None:
                self._browser = LanBrowser()
            return self._browser

    def close(self) -> None:
        """The game is closing: the network thread, the browser and a hosted server stop
        (bounded); the seats stay kept for the next start."""
        self.link.close()
        if self._browser is not None:
            self._browser.close()
        if self._host is not None:
            self._host.stop()
