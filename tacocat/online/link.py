"""The game's network side, off the frame loop: one thread, one asyncio loop, one line
per server, every online game this player follows kept attached through drops.

The screens never wait on the network. They ask :class:`Link` for something and get a
:class:`concurrent.futures.Future` (``create``, ``join``), or follow a game and read its
:class:`GameFeed` once a frame (messages in order, and whether the line is up). A
:class:`_Line` connects to its server, resumes every game followed there, hands each
game's messages to its feed, and when the connection or the server goes away connects
again by itself, waiting a little longer each time (docs/protocol.md, "Resume"): the
person at the table only sees a banner, and a secret choice made before the drop is
never asked again (the server's observation carries it).

    link = Link()
    created = link.create("ws://host:8765/", "Ana", []).result(10)
    feed = link.follow("ws://host:8765/", created.game, created.token)
    for message in feed.drain(): ...     # State, Update, Presence, Refused, Ended, Error
    feed.act(seq, action)
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import queue
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

import msgspec

from tacocat.net import messages as m
from tacocat.online.client import RETRIED, Connection, ServerRefused
from tacocat.rules import Action
from tacocat.rules.actions import action_to_dict

log = logging.getLogger(__name__)
T = TypeVar("T")
_ACTS = itertools.count(1)

#: Seconds to wait for a server to answer before calling it unreachable.
CONNECT_TIMEOUT = 8.0
#: The first and the longest wait between tries to reach a server again (seconds).
RETRY = (0.5, 15.0)


def failure(error: BaseException) -> str:
    """What went wrong with a request, as a code the screens word: a server's refusal
    (``no_such_invite``, ``update_required``, ``rate_limited``, ``too_many_games``,
    ``bad_name``, ``server_error``...) or ``unreachable``."""
    if isinstance(error, ServerRefused):
        return error.code
    return "unreachable"


class GameFeed:
    """One followed game, as the frame loop sees it (thread-safe).

    :attr:`latest` is the last ``state`` or ``update`` received, for the list of games;
    :meth:`drain` hands over every message since the last call, in order.
    """

    def __init__(self, line: _Line, game: str, token: str) -> None:
        self.line, self.game, self.token = line, game, token
        self._inbox: queue.SimpleQueue[m.ServerMessage] = queue.SimpleQueue()
        self.latest: m.State | m.Update | None = None
        self.state: m.State | None = None
        self.ended: m.Ended | None = None
        #: Set when the server does not know this game (or this seat's token) any more.
        self.gone = False
        #: The act sent and not yet answered (an ``update`` or a refusal answers it).
        self.unanswered: m.Act | None = None

    @property
    def online(self) -> bool:
        """The line to the game's server is up and the game is attached on it."""
        return self.line.connected and self.game in self.line.attached

    def drain(self) -> list[m.ServerMessage]:
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._inbox.get_nowait())
        return out

    def act(self, seq: int, action: Action) -> None:
        """Send ``action``, decided on the state numbered ``seq`` (dropped while the line
        is down: the ``state`` sent on resuming says whether it is still owed)."""
        wire = msgspec.convert(action_to_dict(action), m.WireAction)
        # Its own id: a refusal names the act it answers (an older act's may come first).
        self.unanswered = m.Act(game=self.game, seq=seq, action=wire, id=f"act-{next(_ACTS)}")
        self.line.send_soon(self.unanswered)

    def resign(self) -> Future[m.ServerMessage]:
        return self.line.link.run(self.line.request(m.Resign(game=self.game)))

    def resync(self) -> None:
        """Ask for the whole state again (an ``update`` was missed)."""
        self.line.send_soon(m.Resume(game=self.game, token=self.token))

    def _take(self, message: m.ServerMessage) -> None:
        sent = self.unanswered
        if sent is not None and (
            getattr(message, "seq", -1) > sent.seq
            or isinstance(message, m.Refused)
            and message.id == sent.id
        ):
            self.unanswered = None
        if isinstance(message, m.State):
            self.state = self.latest = message
        elif (
            isinstance(message, m.Presence)
            and self.state is not None
            and message.seat < len(self.state.players)
        ):
            # The list of games reads presence from the last state: keep it current.
            players = list(self.state.players)
            players[message.seat] = m.Player(players[message.seat].name, message.connected)
            self.state = msgspec.structs.replace(self.state, players=players)
            if self.latest is not None and isinstance(self.latest, m.State):
                self.latest = self.state
        elif isinstance(message, m.Update):
            self.latest = message
        elif isinstance(message, m.Ended):
            self.ended = message
        self._inbox.put(message)


class _Line:
    """The connection to one server, kept up while any game there is followed."""

    def __init__(self, link: Link, url: str) -> None:
        self.link, self.url = link, url
        self.feeds: dict[str, GameFeed] = {}
        self.attached: set[str] = set()
        self.connection: Connection | None = None
        self.connected = False
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._resends: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        wait = self.link.retry[0]
        while self.feeds:
            try:
                self.connection = await Connection.open(self.url, timeout=self.link.timeout)
            except (OSError, ConnectionError, TimeoutError, ServerRefused) as error:
                log.info("cannot reach %s (%s); trying again in %.1f s", self.url, error, wait)
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
                wait = min(self.link.retry[1], wait * 2)
                continue
            wait = self.link.retry[0]
            self.connected = True
            try:
                await self._serve(self.connection)
            finally:
                self.connected = False
                self.attached.clear()
                await self.connection.close()

    async def _serve(self, connection: Connection) -> None:
        for feed in list(self.feeds.values()):
            await self._attach(feed)
        while self.feeds:
            message = await connection.pushes.get()
            if isinstance(message, m.Error) and message.code == "closed":
                return
            owner = self.feeds.get(str(getattr(message, "game", "")))
            if owner is not None:
                owner._take(message)
            elif isinstance(message, m.Error):
                log.info("the server says %s: %s", message.code, message.message)
                if message.code in RETRIED:  # an act was dropped: send what is unanswered again
                    delay = message.retry_after or RETRIED[message.code]
                    task = asyncio.create_task(self._send_again(connection, delay))
                    self._resends.add(task)
                    task.add_done_callback(self._resends.discard)

    async def _send_again(self, connection: Connection, delay: float) -> None:
        await asyncio.sleep(delay)
        for feed in list(self.feeds.values()):
            if feed.unanswered is not None:
                with contextlib.suppress(ConnectionError):
                    await connection.send(feed.unanswered)

    async def _attach(self, feed: GameFeed) -> None:
        """Resume ``feed``'s game on this connection (its ``state`` comes as a push)."""
        assert self.connection is not None
        try:
            await self.connection.request(
                m.Resume(game=feed.game, token=feed.token), timeout=self.link.timeout
            )
        except ServerRefused as refused:
            if refused.code == "no_such_game":  # gone from the server, or not this token's
                feed.gone = True
            feed._take(refused.error)
            return
        except (ConnectionError, TimeoutError):
            return  # the line is down: the next connection attaches it again
        self.attached.add(feed.game)
        sent = feed.unanswered
        if sent is not None:  # lost with the old connection (or applied: then "duplicate")
            with contextlib.suppress(ConnectionError):
                await self.connection.send(sent)

    def follow(self, game: str, token: str) -> GameFeed:
        feed = self.feeds.get(game)
        if feed is None:
            feed = self.feeds[game] = GameFeed(self, game, token)
            if self.connected:
                self.link.run(self._attach(feed))
            self.link.call_soon(self.start)
        return feed

    def unfollow(self, game: str) -> None:
        self.feeds.pop(game, None)
        if game in self.attached:
            self.attached.discard(game)
            self.send_soon(m.Detach(game=game))

    def send_soon(self, message: msgspec.Struct) -> None:
        """Send from any thread; dropped (and logged) when the line is down."""

        async def send() -> None:
            if self.connection is None or not self.connected:
                log.info("not sent while %s is out of reach: %s", self.url, type(message).__name__)
                return
            with contextlib.suppress(ConnectionError):
                await self.connection.send(message)

        self.link.run(send())

    async def request(self, message: msgspec.Struct) -> m.ServerMessage:
        if self.connection is None or not self.connected:
            raise ConnectionError(f"{self.url} is out of reach")
        return await self.connection.request(message, timeout=self.link.timeout)

    async def close(self) -> None:
        self.feeds.clear()
        self._wake.set()
        if self.connection is not None:
            await self.connection.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


class Link:
    """Every online game of this player, on one background thread (started on first use).

    :param timeout: seconds a server has to answer (connect, create, join).
    :param retry: the first and the longest wait between tries to reach a server again.
    """

    def __init__(
        self, timeout: float = CONNECT_TIMEOUT, retry: tuple[float, float] = RETRY
    ) -> None:
        self.timeout, self.retry = timeout, retry
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lines: dict[str, _Line] = {}
        self._lock = threading.Lock()

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = self._loop = asyncio.new_event_loop()
                self._thread = threading.Thread(
                    target=loop.run_forever, name="tacocat-online", daemon=True
                )
                self._thread.start()
            return self._loop

    def run(self, coroutine: Coroutine[Any, Any, T]) -> Future[T]:
        """Run ``coroutine`` on the link's loop; its future, for any thread."""
        return asyncio.run_coroutine_threadsafe(coroutine, self._running_loop())

    def call_soon(self, callback: Any) -> None:
        self._running_loop().call_soon_threadsafe(callback)

    def create(self, url: str, name: str, variants: list[str]) -> Future[m.ServerMessage]:
        """Host a game (its ``created``: the game, the seat's token, the invite code)."""
        return self.run(self._once(url, m.Create(name=name, variants=variants)))

    def join(self, url: str, invite: str, name: str) -> Future[m.ServerMessage]:
        """Take the other seat of a friend's game (its ``joined``)."""
        return self.run(self._once(url, m.Join(invite=invite, name=name)))

    async def _once(self, url: str, message: msgspec.Struct) -> m.ServerMessage:
        """One request on a connection of its own (the game is then followed by token)."""
        async with asyncio.timeout(self.timeout * 2):
            connection = await Connection.open(url, timeout=self.timeout)
            try:
                return await connection.request(message, timeout=self.timeout)
            finally:
                await connection.close()

    def follow(self, url: str, game: str, token: str) -> GameFeed:
        """Keep ``game`` attached (resumed now, and after every reconnection)."""
        self._running_loop()
        with self._lock:
            line = self._lines.get(url)
            if line is None:
                line = self._lines[url] = _Line(self, url)
        return line.follow(game, token)

    def unfollow(self, url: str, game: str) -> None:
        line = self._lines.get(url)
        if line is not None:
            self.call_soon(lambda: line.unfollow(game))

    def close(self, timeout: float = 3.0) -> None:
        """Close every line and stop the thread (bounded: the window is closing)."""
        if self._loop is None:
            return
        lines = list(self._lines.values())
        self._lines.clear()

        async def close_all() -> None:
            await asyncio.gather(*(line.close() for line in lines), return_exceptions=True)

        with contextlib.suppress(Exception):
            self.run(close_all()).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)
        self._loop = None
