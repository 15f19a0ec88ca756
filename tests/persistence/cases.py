"""Bad-file cases shared by the settings, statistics and autosave loaders.

Each case is ``(id, builder)`` where ``builder(fmt)`` returns the raw bytes of a
file that must be refused as a whole, for a document whose format tag is ``fmt``.
"""

from __future__ import annotations

import json
from collections.abc import Callable


def _envelope(fmt: str, **extra: object) -> bytes:
    return json.dumps({"format": fmt, "version": 1, **extra}).encode()


WHOLE_FILE_CASES: list[tuple[str, Callable[[str], bytes]]] = [
    ("empty", lambda fmt: b""),
    ("whitespace", lambda fmt: b"  \n\t\n"),
    ("truncated", lambda fmt: _envelope(fmt)[:-5]),
    ("cut-in-half", lambda fmt: _envelope(fmt, padding="x" * 200)[:60]),
    ("json-list", lambda fmt: b"[1, 2, 3]"),
    ("json-string", lambda fmt: b'"settings"'),
    ("json-number", lambda fmt: b"42"),
    ("json-null", lambda fmt: b"null"),
    ("wrong-format", lambda fmt: json.dumps({"format": "not-tacocat", "version": 1}).encode()),
    ("no-format", lambda fmt: json.dumps({"version": 1}).encode()),
    ("future-version", lambda fmt: json.dumps({"format": fmt, "version": 99}).encode()),
    ("version-zero", lambda fmt: json.dumps({"format": fmt, "version": 0}).encode()),
    ("version-string", lambda fmt: json.dumps({"format": fmt, "version": "1"}).encode()),
    ("version-bool", lambda fmt: json.dumps({"format": fmt, "version": True}).encode()),
    ("version-missing", lambda fmt: json.dumps({"format": fmt}).encode()),
    ("nan", lambda fmt: _envelope(fmt)[:-1] + b', "x": NaN}'),
    ("huge-garbage", lambda fmt: b"\x07garbage" * 600_000),
    ("huge-valid-json", lambda fmt: _envelope(fmt, padding="x" * 5_000_000)),
    ("non-utf8", lambda fmt: _envelope(fmt).replace(b'"version"', b'"v\xff\xfeersion"')),
    ("latin1-bytes", lambda fmt: b"\xe9\xe8\xe0" * 10),
    ("deep-nesting", lambda fmt: b"[" * 100_000 + b"]" * 100_000),
    ("nul-bytes", lambda fmt: b"\x00" * 64),
]
