"""Helpers for the table tests: drive a real App (dummy video driver) with synthetic
mouse and key events."""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import pygame

from tacocat.ai.worker import AIWorker

DT = 1 / 60


@dataclass
class RecordingSaves:
    """A save store that remembers what the table asked of it."""

    writes: list[Any] = field(default_factory=list)
    clears: int = 0

    def has_autosave(self) -> bool:
        return bool(self.writes)

    def write_autosave(self, app_config: dict, record: Any) -> None:
        from tacocat.persistence.saves import check_app_config

        check_app_config(app_config)  # the real store refuses a bad config
        self.writes.append((app_config, record))

    def clear_autosave(self) -> None:
        self.clears += 1

    def load_autosave(self) -> Any:
        raise AssertionError("not used")


class ScriptedWorker(AIWorker):
    """Answers bot requests with ``pick(observation, legal)`` at once (no process)."""

    def __init__(self, pick: Any) -> None:
        super().__init__("inline")
        self.pick = pick
        self.requests: list[Any] = []

    def choose(self, kind: str, key: Any, observation: Any, legal: Any, seed: int) -> Future:
        self.requests.append((observation.seat, observation.phase))
        future: Future = Future()
        future.set_result(self.pick(observation, list(legal)))
        return future


def step(app: Any, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def key(app: Any, code: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    step(app, frames)


def click(app: Any, pos: tuple[int, int], frames: int = 2) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    step(app, frames)


def wait_until(app: Any, condition: Any, limit: int = 3000) -> None:
    for _ in range(limit):
        if condition():
            return
        step(app)
    raise AssertionError("the condition never came true")


def table_of(app: Any) -> Any:
    from tacocat.ui.table.scene import TableScene

    for scene in app.scenes.stack:
        if isinstance(scene, TableScene):
            return scene
    raise AssertionError("no table")


def wait_for_turn(app: Any, table: Any, limit: int = 3000) -> int:
    """Frames until a human may act; dismisses round results on the way."""
    from tacocat.ui.scenes.round_result import RoundResultScene

    for _ in range(limit):
        seat = table.acting_seat()
        if seat is not None and app.scenes.top is table:
            return seat
        if isinstance(app.scenes.top, RoundResultScene):
            app.scenes.top.next_round()
        step(app)
    raise AssertionError("nobody's turn came")
