"""Screenshots for docs/accessibility.md (in a real window, under xvfb-run):

    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.access_shots OUT settings LANG PERCENT
    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.access_shots OUT table LANG PERCENT
    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.access_shots OUT screens LANG PERCENT

``settings`` shows the Settings screen; ``table`` the table at the first decision
against the computer, then the first round result (``table-`` and ``result-`` files);
``screens`` the pygame_gui screens as docs/screenshots/text-150-*.png show them: Settings
at its top and scrolled to Done by the keyboard (``-settings``, ``-settings-end``), New game
(``-new-game``) and the Paused menu over the table (``-menu``).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pygame

from tacocat.cli import parse_args
from tacocat.ui.scenes.round_result import RoundResultScene
from tacocat.ui.scenes.settings import SettingsScene
from tacocat.ui.shell.app import App
from tacocat.ui.table.scene import TableScene
from tools.trust_shots import against_the_computer, game_of, on_top


def main(out: Path, what: str, language: str, percent: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    data = tempfile.mkdtemp()
    app = App(parse_args(["--data-dir", data, "--lang", language]), Path(data))
    app.update_settings(text_size=percent, save=False)

    def frames(count: int) -> None:
        for _ in range(count):
            app.step(1 / 60)

    def save(name: str) -> None:
        frames(2)
        pygame.image.save(app.screen, str(out / name))
        print("saved", out / name)

    frames(30)
    if what == "screens":
        screens(app, frames, save, f"text-{percent}-{language}")
    elif what == "settings":
        app.open("settings")
        frames(40)
        save(f"settings-{language}-{percent}.png")
    else:
        app.options.speed = 8.0
        app.start_game(against_the_computer(3))
        table = on_top(app, TableScene)
        for _ in range(3000):
            frames(1)
            if table.acting_seat() is not None and app.scenes.top is table:
                break
        frames(30)
        save(f"table-{language}-{percent}.png")
        for _ in range(20000):  # the first legal move each turn, up to the round result
            top = app.scenes.top
            if isinstance(top, RoundResultScene):
                frames(60)
                save(f"result-{language}-{percent}.png")
                break
            seat = table.acting_seat()
            if seat is not None and top is table:
                game_of(table).submit(game_of(table).legal(seat)[0])
            frames(1)
    app._shutdown()


def screens(app: App, frames, save, stem: str) -> None:
    """Settings (top, then Tab pressed until Done: the panel scrolls), New game, the menu."""
    from tacocat.ui.scenes.new_game import NewGameScene

    def key(code: int) -> None:
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        )
        frames(4)

    app.open("settings")
    frames(40)
    save(f"{stem}-settings.png")
    settings = on_top(app, SettingsScene)
    key(pygame.K_TAB)  # (the first key shows the ring)
    for _ in range(40):
        slot = app.focus.focused()
        if slot is not None and getattr(slot.target, "element", None) is settings.done_button:
            break
        key(pygame.K_TAB)
    frames(20)
    save(f"{stem}-settings-end.png")
    app.scenes.pop()
    app.scenes.switch(NewGameScene(app))
    frames(40)
    save(f"{stem}-new-game.png")
    app.start_game(against_the_computer(3))
    frames(90)
    app.open("menu")
    frames(40)
    save(f"{stem}-menu.png")


if __name__ == "__main__":
    main(
        Path(sys.argv[1]),
        sys.argv[2],
        sys.argv[3] if len(sys.argv) > 3 else "en",
        int(sys.argv[4]) if len(sys.argv) > 4 else 100,
    )
