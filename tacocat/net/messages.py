"""Every message of the online protocol, as typed values checked on the way in.

docs/protocol.md is the contract; these classes are it in code. msgspec decodes and
checks a frame in one step: a client message with an unknown ``type``, an unknown,
missing or mistyped field, or a value out of range is refused with a message saying
where (:class:`BadMessage`); the server never guesses. Server messages are decoded
leniently (a newer server may add fields an older client does not know).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from tacocat.rules.actions import Action, Attack, DuelCard, Replace, Respond

#: The protocol this code speaks (docs/protocol.md, "Versions").
PROTOCOL = 1
#: The largest frame a client may send (bytes).
MAX_CLIENT_MESSAGE = 8192

Seat = Annotated[int, msgspec.Meta(ge=0, le=1)]
Card = Annotated[int, msgspec.Meta(ge=0, le=999)]
Cards = Annotated[list[Card], msgspec.Meta(max_length=64)]
Seq = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
RequestId = (
    Annotated[str, msgspec.Meta(max_length=32)] | Annotated[int, msgspec.Meta(ge=0, le=2**53)]
)
GameId = Annotated[str, msgspec.Meta(pattern=r"^g_[A-Za-z0-9]{16}$")]
Token = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{43}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Invite = Annotated[str, msgspec.Meta(min_length=10, max_length=16)]


class BadMessage(ValueError):
    """A client frame that is not a valid message; ``str()`` says what is wrong."""


class _In(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    """A client message: a known ``type`` and exactly its fields."""


# --- actions, in the rules' JSON form (tacocat.rules.actions.action_to_dict) ------------
class WireReplace(_In, tag="replace"):
    seat: Seat
    cards: Cards


class WireDuel(_In, tag="duel"):
    seat: Seat
    card: Card


class WireAttack(_In, tag="attack"):
    seat: Seat
    cards: Cards


class WireRespond(_In, tag="respond"):
    seat: Seat
    card: Card


WireAction = WireReplace | WireDuel | WireAttack | WireRespond


def to_action(wire: WireAction) -> Action:
    """The rules' action (cards sorted, as game records hold them)."""
    if isinstance(wire, WireReplace):
        return Replace(wire.seat, tuple(sorted(wire.cards)))
    if isinstance(wire, WireAttack):
        return Attack(wire.seat, tuple(sorted(wire.cards)))
    if isinstance(wire, WireDuel):
        return DuelCard(wire.seat, wire.card)
    return Respond(wire.seat, wire.card)


# --- client -> server ---------------------------------------------------------------------
class Hello(_In, tag="hello"):
    protocol: Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]
    client: Annotated[str, msgspec.Meta(max_length=64)] = ""
    id: RequestId | None = None


class Create(_In, tag="create"):
    name: Name
    variants: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=64)]], msgspec.Meta(max_length=16)
    ] = []
    id: RequestId | None = None


class Join(_In, tag="join"):
    invite: Invite
    name: Name
    id: RequestId | None = None


class Resume(_In, tag="resume"):
    game: GameId
    token: Token
    id: RequestId | None = None


class Detach(_In, tag="detach"):
    game: GameId
    id: RequestId | None = None


class Act(_In, tag="act"):
    game: GameId
    seq: Seq
    action: WireAction
    id: RequestId | None = None


class Resign(_In, tag="resign"):
    game: GameId
    id: RequestId | None = None


ClientMessage = Hello | Create | Join | Resume | Detach | Act | Resign

_client_decoder = msgspec.json.Decoder(ClientMessage)


def parse_client(frame: str | bytes) -> ClientMessage:
    """Decode and check one client frame; raises :class:`BadMessage`."""
    if len(frame) > MAX_CLIENT_MESSAGE:
        raise BadMessage(f"the message is longer than {MAX_CLIENT_MESSAGE} bytes")
    try:
        message: ClientMessage = _client_decoder.decode(frame)
        return message
    except msgspec.DecodeError as error:  # ValidationError is a DecodeError
        raise BadMessage(str(error)) from None
    except RecursionError:  # a deeply nested value before "type" (found by the fuzz test)
        raise BadMessage("the message is nested too deeply") from None


# --- server -> client ---------------------------------------------------------------------
class _Out(msgspec.Struct, tag_field="type", omit_defaults=True):
    """A server message (clients ignore fields they do not know)."""


class Welcome(_Out, tag="welcome"):
    protocol: int
    server: str
    limits: dict[str, int]
    id: RequestId | None = None


class Error(_Out, tag="error"):
    code: str
    message: str = ""
    id: RequestId | None = None
    retry_after: float | None = None
    min_protocol: int | None = None
    max_protocol: int | None = None
    incident: str | None = None


class Created(_Out, tag="created"):
    game: str
    seat: int
    token: str
    invite: str
    id: RequestId | None = None


class Joined(_Out, tag="joined"):
    game: str
    seat: int
    token: str
    id: RequestId | None = None


class Player(msgspec.Struct):
    name: str
    connected: bool


class Result(msgspec.Struct):
    winner: int | None
    reason: Literal["won", "resigned", "expired"]


class State(_Out, tag="state"):
    game: str
    seat: int
    seq: int
    status: Literal["waiting", "playing", "over"]
    players: list[Player]
    observation: dict[str, Any] | None
    result: Result | None = None
    id: RequestId | None = None


class Update(_Out, tag="update"):
    game: str
    seq: int
    events: list[dict[str, Any]]
    observation: dict[str, Any]


class Refused(_Out, tag="refused"):
    game: str
    code: str
    seq: int
    reason: str | None = None
    params: dict[str, Any] | None = None
    id: RequestId | None = None


class Presence(_Out, tag="presence"):
    game: str
    seat: int
    connected: bool


class Ended(_Out, tag="ended"):
    game: str
    seq: int
    result: Result
    record: dict[str, Any] | None = None


ServerMessage = Welcome | Error | Created | Joined | State | Update | Refused | Presence | Ended

_encoder = msgspec.json.Encoder()
_server_decoder = msgspec.json.Decoder(ServerMessage)


def encode(message: msgspec.Struct) -> bytes:
    """One message as the bytes of its frame."""
    return _encoder.encode(message)


def parse_server(frame: str | bytes) -> ServerMessage:
    """Decode a server frame (the client's side); raises :class:`BadMessage`."""
    try:
        message: ServerMessage = _server_decoder.decode(frame)
        return message
    except msgspec.DecodeError as error:
        raise BadMessage(str(error)) from None
