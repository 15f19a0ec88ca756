"""tacocat.net.messages, and docs/protocol.md's examples: every one is a valid message."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tacocat.net import messages as m

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
CLIENT_TYPES = {"hello", "create", "join", "resume", "detach", "act", "resign"}


def doc_examples() -> list[str]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    # "{…}" stands for an observation or a record, shown elsewhere.
    return [block.replace("{…}", "{}") for block in blocks]


def test_the_document_has_examples_of_every_client_message():
    types = {json.loads(block)["type"] for block in doc_examples()}
    assert CLIENT_TYPES - {"detach", "resign"} <= types


@pytest.mark.parametrize("block", doc_examples())
def test_every_example_in_the_document_parses(block: str) -> None:
    data = json.loads(block)
    if data["type"] in CLIENT_TYPES:
        message = m.parse_client(block.encode())
        assert type(message).__name__.lower() == data["type"]
    else:
        assert type(m.parse_server(block.encode())).__name__.lower() == data["type"]


@pytest.mark.parametrize(
    ("frame", "where"),
    [
        (b'{"type": "hello"}', "protocol"),
        (b'{"type": "hello", "protocol": 1, "extra": 1}', "unknown field"),
        (b'{"type": "teleport"}', "$.type"),
        (b"[1, 2]", "object"),
        (
            b'{"type": "act", "game": "g_5QK3aWm7Rt2Zp9Lx", "seq": 1, "action": {"type": "duel", "seat": 2, "card": 3}}',
            "$.action.seat",
        ),
        (
            b'{"type": "act", "game": "g_5QK3aWm7Rt2Zp9Lx", "seq": -1, "action": {"type": "duel", "seat": 0, "card": 3}}',
            "$.seq",
        ),
        (b'{"type": "resume", "game": "g_5QK3aWm7Rt2Zp9Lx", "token": "short"}', "$.token"),
        (b'{"type": "create", "name": ""}', "$.name"),
        (b'{"type": "join", "invite": "7KX4M-Q2ZHD", "name": 5}', "$.name"),
        (b"\xff\xfe", "malformed"),
    ],
)
def test_bad_frames_are_refused_saying_where(frame: bytes, where: str) -> None:
    with pytest.raises(m.BadMessage, match=re.escape(where)):
        m.parse_client(frame)


def test_an_oversized_frame_is_refused_before_it_is_read():
    frame = b'{"type": "hello", "protocol": 1, "client": "' + b"x" * m.MAX_CLIENT_MESSAGE + b'"}'
    with pytest.raises(m.BadMessage, match="longer than"):
        m.parse_client(frame)


def test_actions_become_the_rules_actions_with_sorted_cards():
    act = m.parse_client(
        b'{"type": "act", "game": "g_5QK3aWm7Rt2Zp9Lx", "seq": 4, '
        b'"action": {"type": "attack", "seat": 1, "cards": [6, 4, 5]}}'
    )
    assert isinstance(act, m.Act)
    from tacocat.rules import Attack

    assert m.to_action(act.action) == Attack(1, (4, 5, 6))


def test_server_messages_leave_out_empty_fields_and_clients_ignore_new_ones():
    frame = m.encode(m.Refused(game="g_5QK3aWm7Rt2Zp9Lx", code="stale", seq=3))
    assert b"reason" not in frame and b"null" not in frame
    newer = frame[:-1] + b', "hint": "a field from a newer server"}'
    assert m.parse_server(newer) == m.Refused(game="g_5QK3aWm7Rt2Zp9Lx", code="stale", seq=3)


def test_a_deeply_nested_frame_is_refused_not_a_crash():
    """Found by the fuzz test: a deep value before "type" made the decoder recurse."""
    deep = b'{"x": ' + b"[" * 4000 + b"]" * 4000 + b', "type": "hello", "protocol": 1}'
    assert len(deep) < m.MAX_CLIENT_MESSAGE
    with pytest.raises(m.BadMessage):
        m.parse_client(deep)
