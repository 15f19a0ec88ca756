"""Pictures of the online table's notices: the other player away, the connection lost.

    python tests/screens/online_table_shots.py OUT_PREFIX [LANG]

A real server on loopback, Ana's game in a window (the dummy driver draws the same
pixels), Ben's joined from another data folder; Ben's game closes (OUT_PREFIX-away.png),
then the server stops (OUT_PREFIX-reconnecting.png).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from tacocat.cli import parse_args  # noqa: E402
from tacocat.online.games import OnlineGames  # noqa: E402
from tacocat.online.link import Link  # noqa: E402
from tacocat.ui.shell.app import App  # noqa: E402
from tests.online.server_thread import ServerThread  # noqa: E402


def frames_for(app: App, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 60)
        time.sleep(0.01)


def main(prefix: str, lang: str = "en") -> int:
    folder = Path(tempfile.mkdtemp())
    (folder / "ana").mkdir()
    (folder / "ben").mkdir()
    server = ServerThread(folder / "server.db").start()
    app = App(parse_args(["--data-dir", str(folder / "ana"), "--lang", lang]), folder / "ana")
    friend = OnlineGames(folder / "ben", Link(timeout=3, retry=(0.05, 0.3)))
    seat = app.online.host(server.url, "Ana", []).result(10)
    friend.join(server.url, seat.invite or "", "Ben").result(10)
    feed = app.online.feed(seat)
    while feed.latest is None or feed.latest.observation is None:
        time.sleep(0.05)
    app.open_online_game(seat)
    frames_for(app, 4)  # the deal
    friend.close()  # Ben's game closes
    frames_for(app, 2)
    pygame.image.save(app.screen, f"{prefix}-away.png")
    server.stop()
    frames_for(app, 2)
    pygame.image.save(app.screen, f"{prefix}-reconnecting.png")
    app._shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
