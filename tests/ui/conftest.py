"""Fixtures for the UI tests: an App on the dummy video driver with a fake save store."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from tacocat.cli import parse_args


@dataclass
class FakeSaves:
    """Stands in for SaveStore: only what the UI asks."""

    autosave: bool = False
    problem: str | None = None
    loads: list[Any] = field(default_factory=list)

    def has_autosave(self) -> bool:
        return self.autosave

    def write_autosave(self, app_config: dict, record: Any) -> None:
        pass

    def clear_autosave(self) -> None:
        pass

    def load_autosave(self) -> Any:
        self.loads.append(True)

        @dataclass
        class Result:
            ok: bool = False
            problem: str | None = None
            app_config: dict | None = None
            state: Any = None

        return Result(problem=self.problem)


@pytest.fixture
def fake_saves():
    """The :class:`FakeSaves` class, to build one with chosen answers."""
    return FakeSaves


@pytest.fixture
def make_app(tmp_path: Path):
    """``make_app(*argv, saves=...)`` builds an App whose data folder is ``tmp_path``."""
    from tacocat.ui.shell.app import App

    apps: list[App] = []

    def factory(*argv: str, saves: Any = None) -> App:
        # One App at a time, as in the real program: a second SCALED window
        # opened while the first still exists can crash SDL's renderer.
        for earlier in apps:
            earlier._shutdown()
        options = parse_args(["--data-dir", str(tmp_path), *argv])
        app = App(options, tmp_path, saves=saves if saves is not None else FakeSaves())
        apps.append(app)
        return app

    yield factory
    for app in apps:
        app._shutdown()


def _run_frames(app: Any, count: int, dt: float = 1 / 60) -> None:
    """Advance ``count`` frames of ``dt`` seconds each (deterministic, no waiting)."""
    for _ in range(count):
        app.step(dt)


def _click(app: Any, element: Any, frames: int = 3, dt: float = 1 / 60) -> None:
    """Press and release the left button at the centre of a pygame_gui element."""
    pos = element.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    _run_frames(app, frames, dt)


@pytest.fixture
def run_frames():
    """``run_frames(app, count, dt=1/60)``."""
    return _run_frames


@pytest.fixture
def click():
    """``click(app, element, frames=3)``: a synthetic left click on a widget."""
    return _click
