"""Fixtures for the table tests: a game started in a real App (dummy video driver)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from table_helpers import RecordingSaves, step, table_of

from tacocat.ai.worker import AIWorker
from tacocat.ui.stage.game_config import GameConfig


@pytest.fixture
def start_table(make_app):
    """``start_table(mode="vs_ai", seed=1, speed="instant", state=None, worker=None, saves=None,
    argv=())`` -> (app, table)."""

    def start(
        mode: str = "vs_ai",
        seed: int = 1,
        speed: str = "instant",
        state: Any = None,
        worker: Any = None,
        saves: Any = None,
        argv: tuple[str, ...] = (),
        human_seat: int = 0,
        level: str = "easy",
    ) -> tuple[Any, Any]:
        app = make_app(*argv, saves=saves if saves is not None else RecordingSaves())
        app.settings = dataclasses.replace(app.settings, animation_speed=speed)
        names = ("Ana", "Computer") if mode == "vs_ai" else ("Ana", "Ben")
        config = GameConfig(mode, level, human_seat, names, seed=seed)
        app.start_game(config, state=state, worker=worker or AIWorker("inline"))
        step(app, 2)
        return app, table_of(app)

    return start
