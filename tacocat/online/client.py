"""The game's side of the online protocol (docs/protocol.md): one WebSocket connection.

:class:`Connection` says ``hello``, then sends requests and hands back what the server
sends: :meth:`Connection.request` waits for the reply to one request (matched by ``id``),
and every message that answers no request (a game's ``state``, ``update``, ``presence``,
``ended``) goes to :attr:`Connection.pushes`. :class:`SeatPlayer` plays one seat of one
game with any :class:`~tacocat.ai.base.Bot`-like chooser, deciding on its observation
alone - the way the tests, the load bench and (later) the game's online table use it.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from tacocat import __version__
from tacocat.net import messages as m
from tacocat.net.codec import decode_observation
from tacocat.rules import Action, Observation
from tacocat.rules.actions import action_to_dict

Choose = Callable[[Observation, Sequence[Action], random.Random], Action]
#: Errors after which an act is sent again, and the wait before (seconds) when the server
#: names none (docs/protocol.md, "Errors and limits").
RETRIED = {"rate_limited": 0.05, "server_error": 0.5}


class ServerRefused(RuntimeError):
    """The server answered a request with an ``error`` (``code``: docs/protocol.md)."""

    def __init__(self, error: m.Error) -> None:
        super().__init__(f"{error.code}: {error.message}")
        self.code = error.code
        self.error = error


class Connection:
    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.pushes: asyncio.Queue[m.ServerMessage] = asyncio.Queue()
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[m.ServerMessage]] = {}
        self._reader: asyncio.Task[None] | None = None
        self.welcome: m.Welcome | None = None

    @classmethod
    async def open(
        cls, url: str, ssl: Any = None, protocol: int = m.PROTOCOL, timeout: float = 10.0
    ) -> Connection:
        """Connect and say hello (``ssl``: an :class:`ssl.SSLContext` for a ``wss://`` server
        with its own certificate); raises :class:`ServerRefused` (``update_required``...)."""
        try:
            socket = await connect(url, ssl=ssl, open_timeout=timeout, max_size=2**22)
        except WebSocketException as error:  # the server went away during the handshake
            raise ConnectionError(f"no WebSocket at {url}: {error}") from None
        self = cls(socket)
        self._reader = asyncio.create_task(self._read())
        reply = await self.request(
            m.Hello(protocol=protocol, client=f"tacocat {__version__}"), timeout=timeout
        )
        assert isinstance(reply, m.Welcome)
        self.welcome = reply
        return self

    async def request(self, message: msgspec.Struct, timeout: float = 30.0) -> m.ServerMessage:
        """Send ``message`` with a fresh ``id``; its reply (raises on an ``error``)."""
        request_id = next(self._ids)
        future: asyncio.Future[m.ServerMessage] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        await self._send(m.encode(msgspec.structs.replace(message, id=request_id)))  # type: ignore[type-var,unused-ignore]
        try:
            reply = await asyncio.wait_for(future, timeout)
        finally:
            self._waiting.pop(request_id, None)
        if isinstance(reply, m.Error):
            raise ServerRefused(reply)
        return reply

    async def send(self, message: msgspec.Struct) -> None:
        """Send without waiting for a reply (an ``act``: its answer is the ``update``)."""
        await self._send(m.encode(message))

    async def _send(self, frame: bytes) -> None:
        try:
            await self.socket.send(frame, text=True)
        except ConnectionClosed as closed:
            raise ConnectionError(f"the connection closed ({closed})") from None

    async def _read(self) -> None:
        try:
            await self._dispatch()
        except ConnectionClosed:
            pass
        finally:
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))
            await self.pushes.put(m.Error(code="closed"))

    async def _dispatch(self) -> None:
        async for frame in self.socket:
            message = m.parse_server(frame)
            request_id = getattr(message, "id", None)
            future = self._waiting.get(request_id) if isinstance(request_id, int) else None
            if future is not None and not future.done():
                future.set_result(message)
            # A game's state goes to its player too, even when it answers a request.
            if future is None or isinstance(message, m.State):
                await self.pushes.put(message)

    async def close(self) -> None:
        await self.socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


@dataclass(frozen=True)
class Sent:
    """The last action a :class:`SeatPlayer` sent: at which ``seq``, and in which secret
    choice (round, phase, duels revealed; None outside one)."""

    seq: int
    action: Action
    choice: tuple[int, str, int] | None


def secret_choice(observation: Observation) -> tuple[int, str, int] | None:
    """Which secret choice the seat is making now, or None when it is not making one."""
    if not observation.secret_choice_open or observation.own_commit is not None:
        return None
    return (observation.round_number, str(observation.phase), len(observation.duels))


@dataclass
class SeatPlayer:
    """Plays one seat of one game on a connection until the game ends.

    It acts at most once on each ``seq`` (the ``state`` after a refusal and an ``update``
    may both show the same turn), and when the other seat's secret choice moved ``seq`` on
    under its own, it sends the same choice again rather than choosing anew, as
    docs/protocol.md ("Act") asks of a client.
    """

    connection: Connection
    game: str
    seat: int
    choose: Choose
    rng: random.Random = field(default_factory=random.Random)
    seq: int = 0
    observation: Observation | None = None
    ended: m.Ended | None = None
    refusals: list[m.Refused] = field(default_factory=list)
    received: list[Any] = field(default_factory=list)
    sent: Sent | None = None

    async def play(self, timeout: float = 120.0) -> m.Ended:
        """Read this game's messages, act whenever it is this seat's turn, until ``ended``."""
        async with asyncio.timeout(timeout):
            while self.ended is None:
                message = await self.connection.pushes.get()
                await self.take(message)
        return self.ended

    async def take(self, message: m.ServerMessage) -> None:
        if isinstance(message, m.Error):
            if message.code == "closed":
                raise ConnectionError("the connection closed")
            if message.code in RETRIED:  # the act was dropped: wait, then send it again
                await asyncio.sleep(message.retry_after or RETRIED[message.code])
                if self.sent is not None and self.sent.seq == self.seq:
                    self.sent = Sent(-1, self.sent.action, self.sent.choice)
                await self._maybe_act()
            return
        if getattr(message, "game", None) != self.game:
            return
        self.received.append(message)
        if isinstance(message, m.State | m.Update) and message.observation is not None:
            self.seq = message.seq
            self.observation = decode_observation(message.observation)
            await self._maybe_act()
        elif isinstance(message, m.Refused):
            self.refusals.append(message)
        elif isinstance(message, m.Ended):
            self.ended = message

    async def _maybe_act(self) -> None:
        observation = self.observation
        if (
            observation is None
            or self.seat not in observation.to_act
            or observation.own_commit is not None
        ):
            return
        if self.sent is not None and self.sent.seq == self.seq:
            return  # acted on this state already; its answer is on the way
        legal = observation.legal_actions()
        if not legal:
            return
        choice = secret_choice(observation)
        again = self.sent is not None and choice is not None and self.sent.choice == choice
        if again and self.sent is not None and self.sent.action in legal:
            action = self.sent.action
        else:
            action = self.choose(observation, legal, self.rng)
        self.sent = Sent(self.seq, action, choice)
        wire = msgspec.convert(action_to_dict(action), m.WireAction)
        await self.connection.send(m.Act(game=self.game, seq=self.seq, action=wire))


@dataclass
class Seat:
    """A seat this player holds: enough to come back to it from anywhere, any time."""

    url: str
    game: str
    seat: int
    token: str


async def play_seat(
    seat: Seat,
    choose: Choose,
    rng: random.Random | None = None,
    timeout: float = 300.0,
    retry: tuple[float, float] = (0.05, 2.0),
    on_player: Callable[[SeatPlayer], None] | None = None,
) -> m.Ended:
    """Play ``seat`` to the end of its game, reconnecting by itself whenever the connection
    or the server goes away: each time it resumes with the token and decides on the
    ``state`` the server sends (a secret choice already made is not made again: the
    observation carries it). ``retry`` is the first and the longest wait between tries."""
    rng = rng or random.Random()
    wait = retry[0]
    async with asyncio.timeout(timeout):
        while True:
            try:
                connection = await Connection.open(seat.url)
            except (OSError, ConnectionError, TimeoutError, ServerRefused):
                await asyncio.sleep(wait)
                wait = min(retry[1], wait * 2)
                continue
            player = SeatPlayer(connection, seat.game, seat.seat, choose, rng)
            if on_player is not None:
                on_player(player)
            try:
                await connection.request(m.Resume(game=seat.game, token=seat.token))
                wait = retry[0]
                return await player.play(timeout)
            except (OSError, ConnectionError, TimeoutError):
                await asyncio.sleep(wait)
            finally:
                await connection.close()
