"""A stand-in for the AI worker process that thinks slowly (tests of closing mid-thought)."""

from __future__ import annotations

import time
from typing import Any

from tacocat.ai.worker import AIWorker


def serve_slowly(conn: Any) -> None:
    """A worker process that takes a minute over every request."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        time.sleep(60)
        conn.send((message[0], True, None))


class SlowWorker(AIWorker):
    """The real worker process (spawned), thinking for a minute about every request."""

    serve = staticmethod(serve_slowly)
