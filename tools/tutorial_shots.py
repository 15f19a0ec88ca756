"""Pictures of the guided game's coach marks, for the README (run under Xvfb).

    xvfb-run -a -s "-screen 0 1280x720x24" python -m tools.tutorial_shots docs/screenshots

Plays the guided game in a real window (at speed 40) to the steps named in
``SHOTS`` and saves ``<name>.png`` for each when the coach mark shows.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pygame

from tacocat.cli import parse_args
from tacocat.ui.shell.app import App

DT = 1 / 30
#: Picture name -> the step whose coach mark it shows.
SHOTS = {"tutorial": 5, "tutorial-tiles": 18}


def wait_for_coach(app: App, scene: object, limit: int = 20000) -> None:
    from tacocat.ui.scenes.round_result import RoundResultScene

    for _ in range(limit):
        if scene.coach_showing():  # type: ignore[attr-defined]
            return
        top = app.scenes.top
        if isinstance(top, RoundResultScene) and top.armed:
            top.next_round()
        app.step(DT)
    raise SystemExit("the coach never showed")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        app = App(parse_args(["--data-dir", data, "--speed", "40"]), Path(data))
        app.start_tutorial(step=0)
        scene = app.scenes.top
        wanted = {step: name for name, step in SHOTS.items()}
        while scene.session.step <= max(wanted):  # type: ignore[union-attr]
            wait_for_coach(app, scene)
            index = scene.session.step  # type: ignore[union-attr]
            if index in wanted:
                for _ in range(20):
                    app.step(DT)
                pygame.image.save(app.screen, str(out / f"{wanted[index]}.png"))
            scene.session.submit(scene.tutorial.steps[index].expect)  # type: ignore[union-attr]
        app._shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
