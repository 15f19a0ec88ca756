"""Malformed and hostile client messages, drawn from a seeded ``random.Random``.

:func:`hostile` draws one frame (a ``str`` for a text frame, ``bytes`` for a binary one) of one
of the kinds in :data:`KINDS`: random bytes and text, valid messages truncated or mutated,
fields of the wrong type, huge numbers, deep nesting, unicode oddities, unknown and missing
fields, and well-formed requests aimed where they should not go (games the sender does not
hold, seats and sequence numbers out of range, cards nobody has). Every frame is at most the
8 KiB a client may send; :func:`oversized` draws the ones that are not.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tacocat.rules.variants import VARIANTS

LIMIT = 8192
ODD_TEXT = [
    "",
    " ",
    "\u0000",
    "\u202e evil",
    "\u200b",
    "e\u0301",
    "\U0001f32e" * 30,
    "\ufeff",
    "\uffff",
    "\\",
    '"',
    "\u2028",
    "Ā" * 64,
    "x" * 65,
    "null",
    "'; DROP TABLE games; --",
    "%s%n",
    "\t\n",
    "I0L-O1",
    "７ＫＸ４Ｍ－Ｑ２ＺＨＤ",
    "ǅ",
    "ß" * 10,
    "🏳️‍🌈",
    "\x7f",
    "\U000e0001",
]
HUGE = [2**31, 2**53, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63), -1, 1e308, -0.0, 0.5, 1e-320]


@dataclass
class Target:
    """What a fuzzing connection knows: its own games, and ones it must not touch."""

    own: list[tuple[str, str]] = field(default_factory=list)  # (game, token)
    foreign: list[str] = field(default_factory=list)
    invites: list[str] = field(default_factory=list)
    #: Per own game, as last seen: (seq, seat, hand).
    seen: dict[str, tuple[int, int, list[int]]] = field(default_factory=dict)


def odd_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, biased towards what breaks parsers and validators."""
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(HUGE + [0, 1, True, False, None])
    if roll < 0.5:
        return rng.choice(ODD_TEXT)
    if roll < 0.6 and depth < 3:
        return [odd_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if roll < 0.7 and depth < 3:
        return {rng.choice(["type", "seat", "cards", "x", ""]): odd_value(rng, depth + 1)}
    if roll < 0.8:
        return rng.randrange(-5, 1_000_005)
    return "".join(chr(rng.randrange(32, 0x2FFFF)) for _ in range(rng.randrange(40)))


def action(
    rng: random.Random, seat: int | None = None, hand: list[int] | None = None
) -> dict[str, Any]:
    """An action of the right shape with seats, cards and lengths anywhere in (or past) range;
    given a seat and its hand, mostly that seat and cards from that hand (in any order,
    repeated), so that some are legal and the rest are refused by the rules themselves."""
    kind = rng.choice(["replace", "duel", "attack", "respond"])
    mine = seat is not None and rng.random() < 0.8
    seat = seat if mine else rng.choice([0, 1, 0, 1, 2, -1])
    pool = hand if mine and hand else list(range(30)) + [999, 1000, -1]
    if kind in ("replace", "attack"):
        cards = [rng.choice(pool) for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 64, 65]))]
        return {"type": kind, "seat": seat, "cards": cards}
    return {"type": kind, "seat": seat, "card": rng.choice(pool)}


def act(rng: random.Random, target: Target) -> dict[str, Any]:
    """An act: mostly for a game this connection holds, at its seq (or near it)."""
    game = game_id(rng, target)
    if game in target.seen and rng.random() < 0.8:
        seq, seat, hand = target.seen[game]
        return {
            "game": game,
            "seq": max(0, seq + rng.choice([0, 0, 0, 0, -1, 1])),
            "action": action(rng, seat, hand),
        }
    return {
        "game": game,
        "seq": rng.choice([0, 1, 2, rng.randrange(300), 1_000_000, -1]),
        "action": action(rng),
    }


def game_id(rng: random.Random, target: Target) -> str:
    pool = [g for g, _ in target.own] + target.foreign
    if pool and rng.random() < 0.8:
        return rng.choice(pool)
    return "g_" + "".join(rng.choice("ABCxyz019") for _ in range(16))


def valid(rng: random.Random, target: Target) -> dict[str, Any]:
    """A well-formed request, aimed anywhere: its own games, others', none."""
    kind = rng.choice(
        ["act", "act", "act", "act", "act", "create", "join", "resume", "detach", "resign", "hello"]
    )
    message: dict[str, Any] = {"type": kind}
    if kind == "act":
        message.update(act(rng, target))
    elif kind == "create":
        names = [v.name for v in VARIANTS]
        message.update(
            name=rng.choice(ODD_TEXT[:13] + ["Ana"]),
            variants=rng.sample(names + ["nope"], rng.randrange(3)),
        )
    elif kind == "join":
        invite = (
            rng.choice(target.invites) if target.invites and rng.random() < 0.3 else "0123456789"
        )
        message.update(
            invite=rng.choice([invite, invite.lower(), invite[:-1] + "U", "IIIII-OOOOO"]),
            name="Eve",
        )
    elif kind == "resume":
        game, token = rng.choice(target.own) if target.own else (game_id(rng, target), "A" * 43)
        message.update(
            game=rng.choice([game, game_id(rng, target)]), token=rng.choice([token, "A" * 43])
        )
    elif kind in ("detach", "resign"):
        message.update(game=game_id(rng, target))
        if kind == "resign" and rng.random() < 0.98:  # rarely end one's own games
            message["game"] = rng.choice(target.foreign or [message["game"]])
    else:
        message.update(protocol=1)
    if rng.random() < 0.5:
        odd = rng.choice(["x" * rng.randrange(33, 40), -1, 1.5, 2**53 + 1, [1]])
        message["id"] = rng.choice([rng.randrange(2**53), "x" * rng.randrange(33), None, odd])
    return message


def mutate_fields(rng: random.Random, message: dict[str, Any]) -> dict[str, Any]:
    """A field given an odd value, added, or taken away."""
    message = dict(message)
    roll = rng.random()
    key = rng.choice(sorted(message))
    if roll < 0.5:
        message[key] = odd_value(rng)
    elif roll < 0.75:
        message[rng.choice(["extra", "Type", "seat", "__proto__", "id"])] = odd_value(rng)
    else:
        del message[key]
    return message


def mutate_text(rng: random.Random, text: str) -> str:
    """A frame cut short, or with characters deleted, inserted or repeated."""
    roll = rng.random()
    at = rng.randrange(len(text) + 1)
    if roll < 0.3:
        return text[:at]
    if roll < 0.6:
        return text[:at] + text[at + rng.randrange(1, 5) :]
    if roll < 0.8:
        return (
            text[:at]
            + rng.choice(['"', "{", "}", "[", ",", ":", "\\", "\\u", "\\ud800", "0", "-"])
            + text[at:]
        )
    return text[:at] + text[at : at + 20] * rng.randrange(2, 6) + text[at:]


def nested(rng: random.Random) -> str:
    depth = rng.choice([50, 500, 4000])
    inner = rng.choice(["[", '{"a":'])
    close = "]" if inner == "[" else "}"
    value = inner * depth + "1" + close * depth
    if rng.random() < 0.5:  # the tag last: the decoder must skip the deep value to find it
        return '{"action": ' + value + ', "type": "act"}'
    return '{"type": "act", "action": ' + value + "}"


def raw_noise(rng: random.Random) -> str | bytes:
    if rng.random() < 0.5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    return "".join(
        chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0xD7FF)]))
        for _ in range(rng.randrange(200))
    )


KINDS: dict[str, Callable[[random.Random, Target], str | bytes]] = {
    "noise": lambda rng, t: raw_noise(rng),
    "valid": lambda rng, t: json.dumps(valid(rng, t)),
    "fields": lambda rng, t: json.dumps(mutate_fields(rng, valid(rng, t))),
    "text": lambda rng, t: mutate_text(rng, json.dumps(valid(rng, t))),
    "nested": lambda rng, t: nested(rng),
    "binary": lambda rng, t: json.dumps(valid(rng, t)).encode(),
    "escapes": lambda rng, t: json.dumps(valid(rng, t), ensure_ascii=rng.random() < 0.5),
}
WEIGHTS = {"noise": 1, "valid": 4, "fields": 3, "text": 3, "nested": 1, "binary": 1, "escapes": 1}


def hostile(rng: random.Random, target: Target) -> tuple[str, str | bytes]:
    """One frame of a random kind, at most 8 KiB, valid UTF-8 when text: (kind, frame)."""
    kind = rng.choices(list(WEIGHTS), list(WEIGHTS.values()))[0]
    frame = KINDS[kind](rng, target)
    if isinstance(frame, str):  # a lone surrogate cannot be sent as text: '?' instead
        frame = frame.encode("utf-8", "replace").decode()
    size = len(frame.encode() if isinstance(frame, str) else frame)
    return (kind, frame) if size <= LIMIT else ("noise", "{")


def killer(rng: random.Random) -> tuple[bytes, bool, int]:
    """A frame that ends its connection, and the close code it gets: (payload, as text, code).
    Too big (1009): padded JSON, a huge name, a long binary frame. Text that is not UTF-8 (1007)."""
    size = LIMIT + rng.choice([1, 2, 100, 50_000])
    roll = rng.random()
    if roll < 0.3:
        return json.dumps({"type": "create", "name": "x" * size}).encode(), True, 1009
    if roll < 0.5:
        return b"\x00" * size, False, 1009
    if roll < 0.7:
        return b"[" * size, True, 1009
    bad = rng.choice([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\xe2\x82"])
    return b'{"type": "create", "name": "' + bad + b'"}', True, 1007
