"""Play the last move of a game through the app's own game-end path, and SIGKILL this
process at one fixed point of it (``python -m tests.kill.driver FOLDER POINT [last|save]``).

The game is the table's: a :class:`GameSession` with the real save store, whose
``on_finished`` is the table's own ``_record_result`` with an app made of the real
:class:`Preferences` (History and statistics). Only the moment of death is injected:
``POINT`` is ``<file>:<when>`` - ``games``, ``index.json``, ``stats.json`` or
``ending.json`` written ``before``/``mid`` (a temporary file half written)/``after``,
or ``autosave.json``/``ending.json`` deleted ``before``/``after`` - or ``none``.
"""

from __future__ import annotations

import functools
import os
import pathlib
import signal
import sys
from pathlib import Path
from typing import Any

from tacocat.ai.worker import AIWorker
from tacocat.persistence import atomic
from tacocat.persistence.lock import lock_data_folder
from tacocat.persistence.saves import SaveStore
from tacocat.rules.record import GameRecord
from tacocat.ui.shell.preferences import Preferences
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.scene import TableScene
from tacocat.ui.table.session import GameSession, config_to_dict
from tests.persistence.games import play

SEED = 11
CONFIG = GameConfig("vs_ai", "medium", 0, ("Ana", "Computer"))


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def matches(path: Path, target: str) -> bool:
    path = Path(path)
    return path.parent.name == "games" if target == "games" else path.name == target


def install(point: str) -> None:
    if point == "none":
        return
    target, when = point.split(":")
    write_text = atomic.atomic_write_text
    unlink = pathlib.Path.unlink

    @functools.wraps(write_text)
    def killing_write(path: Path, text: str, *, durable: bool = True) -> None:
        if not matches(path, target):
            return write_text(path, text, durable=durable)
        if when == "before":
            die()
        if when == "mid":  # the kernel kept half of a temporary file, then the process died
            part = (
                Path(path).parent
                / f"{atomic.TEMP_PREFIX}{Path(path).name}.k1ll{atomic.TEMP_SUFFIX}"
            )
            part.write_text(text[: len(text) // 2])
            die()
        write_text(path, text, durable=durable)
        die()

    def killing_unlink(self: pathlib.Path, missing_ok: bool = False) -> None:
        if self.name != target:
            return unlink(self, missing_ok=missing_ok)
        if when == "before":
            die()
        unlink(self, missing_ok=missing_ok)
        die()

    atomic.atomic_write_text = killing_write  # type: ignore[assignment]
    pathlib.Path.unlink = killing_unlink  # type: ignore[method-assign]


class App(Preferences):
    """The app's statistics and History part, with no window."""

    def __init__(self, folder: Path) -> None:
        from tacocat.persistence.settings import load_settings
        from tacocat.persistence.stats import load_stats

        self.data_dir = folder
        self.settings = load_settings(folder)[0]
        self.stats = load_stats(folder)[0]
        self.messages: list[str] = []

    def show_message(self, title: str, text: str, on_close: Any = None) -> None:
        self.messages.append(text)


class Table:
    """What ``TableScene._record_result`` reads of its table."""

    def __init__(self, app: App, config: GameConfig) -> None:
        self.app, self.config = app, config


def main(folder: Path, point: str, move: str) -> None:
    """``move``: ``last`` plays the game's last move (the game-end path), ``save`` one
    move before it (the autosave path)."""
    lock = lock_data_folder(folder)
    assert lock is not None
    full = play(SEED)
    back = 1 if move == "last" else 2
    before_end = play(SEED, len(full.actions) - back)
    saves = SaveStore(folder)
    saves.write_autosave(config_to_dict(CONFIG), GameRecord.from_state(before_end))
    app = App(folder)
    table = Table(app, CONFIG)
    session = GameSession(
        CONFIG,
        before_end,
        worker=AIWorker(mode="inline"),
        saves=saves,
        on_finished=lambda state: TableScene._record_result(table, state),
    )
    table.session = session  # type: ignore[attr-defined]
    install(point)
    session._apply(full.actions[-back])
    print("finished", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "last")
