"""Catching what C libraries print straight to the process's stderr.

SDL, ALSA and friends write to file descriptor 2 themselves, past Python's
``sys.stderr``; :func:`c_stderr_captured` points that descriptor at a
temporary file for the duration of a call and hands back what was written, so
the caller can log it instead of showing it to the player.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator

STDERR_FD = 2


@contextlib.contextmanager
def c_stderr_captured() -> Iterator[list[str]]:
    """Send fd 2 to a temporary file inside the ``with``; the yielded list then
    holds the lines written there. Where fd 2 cannot be redirected (a windowed
    build with no stderr), nothing is captured and nothing breaks.

    Everything the process writes to fd 2 meanwhile is captured, so keep the
    ``with`` around the one call that chatters, and log afterwards.
    """
    lines: list[str] = []
    try:
        saved = os.dup(STDERR_FD)
    except OSError:
        yield lines
        return
    with tempfile.TemporaryFile() as sink:
        with contextlib.suppress(Exception):
            if sys.stderr is not None:
                sys.stderr.flush()
        os.dup2(sink.fileno(), STDERR_FD)
        try:
            yield lines
        finally:
            os.dup2(saved, STDERR_FD)
            os.close(saved)
            sink.seek(0)
            text = sink.read().decode("utf-8", "backslashreplace")
            lines.extend(line for line in text.splitlines() if line.strip())
