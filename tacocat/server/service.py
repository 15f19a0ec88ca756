"""The game service: the protocol of docs/protocol.md, one connection at a time.

:class:`GameServer` owns the rooms in memory and the storage; :meth:`GameServer.serve`
runs one WebSocket connection from ``hello`` to close. The rules (the only place that
says what is legal and what a seat may see) apply every action; the storage commits it
before anyone is told. Each client has a queue of its own for what it is sent, so a slow
or stuck client is dropped instead of holding up a game.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from tacocat import __version__
from tacocat.net import messages as m
from tacocat.rules import Ruleset
from tacocat.rules.variants import ruleset_with
from tacocat.server import play, rooms_store
from tacocat.server.bus import Bus
from tacocat.server.config import Settings
from tacocat.server.limits import AddressLimits, Bucket, address_key, client_host
from tacocat.server.rooms import Room
from tacocat.server.storage.base import Storage

log = logging.getLogger("tacocat.server")
#: Close codes (docs/protocol.md, "Errors and limits").
CLOSE_POLICY, CLOSE_FULL, CLOSE_UPDATE, CLOSE_NO_HELLO = 1008, 1013, 4000, 4001
#: Seconds a closing connection is given to take its last messages and the close frame
#: before its TCP connection is cut (a client that does not read never takes them).
CLOSE_WAIT = 2.0
#: Why a connection closes: its code and reason.
Close = tuple[int, str]


class AnyHello(msgspec.Struct):
    """A hello as any version of the protocol may write it (other fields ignored): enough
    to tell an older or newer client to update instead of calling its hello malformed."""

    type: str
    protocol: int


async def close_socket(socket: ServerConnection, code: int, reason: str) -> None:
    """The closing handshake, bounded: a peer that does not answer is cut off."""
    try:
        await asyncio.wait_for(socket.close(code, reason), CLOSE_WAIT)
    except TimeoutError:
        socket.transport.abort()


def parse(frame: str | bytes) -> m.ClientMessage:
    """A client frame as a message (one text frame, docs/protocol.md); raises BadMessage."""
    if not isinstance(frame, str):
        raise m.BadMessage("a message is one text frame (UTF-8 JSON), not a binary one")
    return m.parse_client(frame)


class Client:
    """One connection: its address, the games it follows, its send queue and limits."""

    def __init__(self, socket: ServerConnection, address: str, settings: Settings) -> None:
        self.socket = socket
        self.address = address
        self.games: dict[str, int] = {}  # game id -> seat
        self.bucket = Bucket(settings.message_rate, settings.message_burst)
        self.strikes = 0
        self.closing = False
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue(settings.send_queue)
        self._writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Future[None] | None = None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    def send(self, message: msgspec.Struct) -> None:
        """Queue a message; a client too slow to take what it is sent is dropped."""
        if self.closing:
            return
        try:
            self._queue.put_nowait(m.encode(message))
        except asyncio.QueueFull:
            log.warning("dropping a client that does not read (%s)", self.address)
            self._closer = asyncio.ensure_future(self.close(CLOSE_POLICY, "too slow"))

    async def _write(self) -> None:
        try:
            while (frame := await self._queue.get()) is not None:
                await self.socket.send(frame, text=True)
        except ConnectionClosed:
            pass

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code``; all bounded by CLOSE_WAIT each."""
        self.closing = True
        writer = self._writer
        if writer is not None and not writer.done():
            try:
                self._queue.put_nowait(None)
                await asyncio.wait_for(writer, CLOSE_WAIT)  # cancelled when it takes longer
            except (asyncio.QueueFull, TimeoutError):
                writer.cancel()
        await close_socket(self.socket, code, reason)

    async def stop(self) -> None:
        self.closing = True
        if self._writer is not None:
            self._writer.cancel()


class GameServer:
    """The rooms, the storage and the limits of one server process."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
        bus: Bus | None = None,
    ) -> None:
        self.storage = storage
        self.bus = bus
        self.settings = settings or Settings()
        self.clock = clock
        self.rooms = rooms_store.Rooms(storage, self.settings)
        self.address_limits = AddressLimits(self.settings.room_rate_per_minute)
        self.clients: set[Client] = set()
        self.per_address: dict[str, int] = {}
        #: The rules a new game is played by, from the host's variants (a seam for tests).
        self.rules: Callable[[list[str]], Ruleset] = ruleset_with

    # --- one connection -------------------------------------------------------------------
    async def serve(self, socket: ServerConnection) -> None:
        address = self.address_of(socket)
        refusal = self._admit(address)
        if refusal is not None:
            await close_socket(socket, *refusal)
            return
        client = Client(socket, address, self.settings)
        client.start()
        self.clients.add(client)
        self.per_address[address] = self.per_address.get(address, 0) + 1
        try:
            if await self._handshake(client):
                async for frame in socket:
                    close = await self._receive(client, frame)
                    if close is not None:
                        await client.close(*close)
                        break
        except ConnectionClosed:
            pass
        finally:
            await self._forget(client)

    def address_of(self, socket: ServerConnection) -> str:
        """The address the limits count by (docs/server.md, "Behind a TLS terminator")."""
        peer = str(socket.remote_address[0]) if socket.remote_address else "?"
        forwarded = socket.request.headers.get("X-Forwarded-For") if socket.request else None
        return address_key(client_host(peer, forwarded, self.settings.trusted_proxies))

    def _admit(self, address: str) -> Close | None:
        if len(self.clients) >= self.settings.max_connections:
            return CLOSE_FULL, "the server is full"
        if self.per_address.get(address, 0) >= self.settings.connections_per_address:
            return CLOSE_POLICY, "too many connections from this address"
        return None

    async def _forget(self, client: Client) -> None:
        self.clients.discard(client)
        count = self.per_address.get(client.address, 1) - 1
        if count:
            self.per_address[client.address] = count
        else:
            self.per_address.pop(client.address, None)
        for game_id, seat in list(client.games.items()):
            self.rooms.detach(client, game_id, seat, self.presence_changed)
        await client.stop()

    def presence_changed(self, room: Room, seat: int) -> None:
        play.notify_presence(self, room, seat)

    async def _handshake(self, client: Client) -> bool:
        try:
            frame = await asyncio.wait_for(client.socket.recv(), self.settings.hello_timeout)
        except TimeoutError:
            await client.close(CLOSE_NO_HELLO, "no hello")
            return False
        try:
            hello = parse(frame)
        except m.BadMessage as error:
            if _other_protocol(frame):
                return await self._update_required(client, None)
            client.send(m.Error(code="bad_message", message=str(error)))
            await client.close(CLOSE_POLICY, "bad hello")
            return False
        if not isinstance(hello, m.Hello):
            client.send(
                m.Error(code="bad_message", id=hello.id, message="the first message must be hello")
            )
            await client.close(CLOSE_POLICY, "no hello")
            return False
        if hello.protocol != m.PROTOCOL:
            return await self._update_required(client, hello.id)
        client.send(
            m.Welcome(
                protocol=m.PROTOCOL,
                server=f"tacocat-server {__version__}",
                id=hello.id,
                limits={
                    "message_bytes": m.MAX_CLIENT_MESSAGE,
                    "games_per_connection": self.settings.games_per_connection,
                },
            )
        )
        return True

    async def _update_required(self, client: Client, request: m.RequestId | None) -> bool:
        client.send(
            m.Error(
                code="update_required",
                id=request,
                message=f"this server speaks protocol {m.PROTOCOL} to {m.PROTOCOL}",
                min_protocol=m.PROTOCOL,
                max_protocol=m.PROTOCOL,
            )
        )
        await client.close(CLOSE_UPDATE, "update required")
        return False

    async def _receive(self, client: Client, frame: str | bytes) -> Close | None:
        """Handle one frame; the close to make when the connection must end."""
        wait = client.bucket.take()
        if wait:
            client.send(m.Error(code="rate_limited", retry_after=round(wait, 3)))
            return self._strike(client)
        try:
            message = parse(frame)
        except m.BadMessage as error:
            client.send(m.Error(code="bad_message", message=str(error)))
            return self._strike(client)
        client.strikes = 0
        log.debug(
            "%s: %s %s", client.address, message.__struct_config__.tag, getattr(message, "game", "")
        )
        try:
            await self._dispatch(client, message)
        except Exception:
            incident = uuid.uuid4().hex[:12]
            log.exception("incident %s: %s failed", incident, type(message).__name__)
            client.send(
                m.Error(code="server_error", incident=incident, id=getattr(message, "id", None))
            )
        return None

    def _strike(self, client: Client) -> Close | None:
        client.strikes += 1
        if client.strikes >= self.settings.strikes:
            return CLOSE_POLICY, "too many refused messages in a row"
        return None

    async def _dispatch(self, client: Client, message: Any) -> None:
        if isinstance(message, m.Act):
            await play.act(self, client, message)
        elif isinstance(message, m.Create):
            await play.create(self, client, message)
        elif isinstance(message, m.Join):
            await play.join(self, client, message)
        elif isinstance(message, m.Resume):
            await play.resume(self, client, message)
        elif isinstance(message, m.Resign):
            await play.resign(self, client, message)
        elif isinstance(message, m.Detach):
            seat = client.games.get(message.game)
            if seat is not None:
                self.rooms.detach(client, message.game, seat, self.presence_changed)
        else:  # a second hello
            client.send(
                m.Error(
                    code="bad_message", message="hello is only the first message", id=message.id
                )
            )

    # --- the whole server -------------------------------------------------------------------
    async def sweep(self) -> None:
        """End the games nobody acted in for ``expire_after`` (docs/protocol.md, "Presence")."""
        before = self.clock() - self.settings.expire_after
        for game_id, seq in await self.storage.idle_games(before, 500):
            await play.expire(self, game_id, seq)

    async def sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the expiry sweep failed (tried again later)")

    async def announce(self, game_id: str, seq: int) -> None:
        """Tell the other server processes that a game changed (PostgreSQL only)."""
        if self.bus is not None:
            await self.bus.publish(game_id, seq)

    async def on_remote_change(self, game_id: str, seq: int) -> None:
        """Another process changed a game: catch up and tell this process's clients."""
        room = await self.rooms.following(game_id)
        if room is None:
            return
        async with room.lock:
            await play.catch_up(self, room, seq)

    def on_remote_presence(self, game_id: str) -> None:
        """Another process's seats in a game changed (PostgreSQL)."""
        self.rooms.remote(game_id, self.presence_changed)

    def broadcast(self, room: Room, make: Callable[[int], msgspec.Struct | None]) -> None:
        """Send each attached seat what ``make(seat)`` builds for it."""
        for seat in (0, 1):
            if not room.attached[seat]:
                continue
            message = make(seat)
            if message is not None:
                for client in room.attached[seat]:
                    client.send(message)


def _other_protocol(frame: str | bytes) -> bool:
    """Whether a frame the schema refused is a hello of another protocol version (a newer
    one may well have fields this one does not know)."""
    try:
        hello = msgspec.json.decode(frame, type=AnyHello)
    except (msgspec.DecodeError, RecursionError):
        return False
    return hello.type == "hello" and hello.protocol != m.PROTOCOL
