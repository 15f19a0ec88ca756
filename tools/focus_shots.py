"""Pictures of the keyboard and controller focus, for docs/screenshots/ (run under Xvfb).

    xvfb-run -a -s "-screen 0 1280x800x24" python -m tools.focus_shots OUT_DIR

Saves ``focus-title.png`` and ``focus-settings.png`` (the 1280×720 frame, the ring
shown by a key press) and ``controller-1280x800.png``: the whole 1280×800 screen
(the Steam Deck's), a 1280×800 window with the frame letterboxed in it, showing a
table whose prompts name the controller's buttons, captured from the X server with
ImageMagick's ``import``. (A window, not full screen: Xvfb has no window manager to
place a full-screen window, so that capture comes out shifted.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame

from tacocat.cli import parse_args
from tacocat.seating import GameKind
from tacocat.ui.shell.app import App
from tacocat.ui.stage.game_config import GameConfig


def frames(app: App, count: int = 20) -> None:
    for _ in range(count):
        app.step(1 / 30)


def post(app: App, event: pygame.event.Event, count: int = 6) -> None:
    pygame.event.post(event)
    frames(app, count)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def pad(app: App, button: int, count: int = 6) -> None:
    """A controller button pressed and released (no device: the events are made up)."""
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, instance_id=1, button=button))
    frames(app, count)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp())
    (data / "settings.json").write_text(
        json.dumps({"format": "tacocat-settings", "version": 1, "window_size": [1280, 800]}),
        encoding="utf-8",
    )
    app = App(parse_args(["--data-dir", str(data), "--speed", "inf"]), data)
    frames(app, 30)
    post(app, key(pygame.K_TAB))  # the first key shows the ring on New game
    pygame.image.save(app.screen, str(out / "focus-title.png"))
    app.open("settings")
    frames(app)
    for _ in range(3):
        post(app, key(pygame.K_DOWN))  # sound, music, mute -> the speed row
    pygame.image.save(app.screen, str(out / "focus-settings.png"))
    app.scenes.pop()
    app.start_game(GameConfig(GameKind.VS_AI, "easy", human_seat=0, seed=3))
    frames(app, 90)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the controller is the last input
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad(app, pygame.CONTROLLER_BUTTON_A, count=30)  # select the focused card
    print(pygame.display.get_driver(), pygame.display.get_window_size())
    subprocess.run(["import", "-window", "root", str(out / "controller-1280x800.png")], check=True)
    app._shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
