"""What the replay viewer's controls may ask of the viewer: the :class:`ReplayPlayer`
protocol, and the speeds it offers.

:class:`~tacocat.ui.replay.controls.ReplayControls` turns buttons, keys and the
scrubber into the viewer's verbs (step, jump, play, pause, speed). The viewer
(:class:`~tacocat.ui.replay.scene.ReplayScene`) owns whether it is playing; the
controls only ask and command, so the two modules need not know each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tacocat.persistence.gamefile import GameInfo
    from tacocat.ui.replay.timeline import Note, Timeline
    from tacocat.ui.stage.services import App
    from tacocat.ui.table.view import TableView
    from tacocat.ui.widgets.style import TextCache

#: Replay speeds offered (× the app's animation speed).
SPEEDS = (0.5, 1.0, 2.0, 4.0)


class ReplayPlayer(Protocol):
    """The replay viewer as its controls see it."""

    @property
    def app(self) -> App: ...

    @property
    def text(self) -> TextCache: ...

    @property
    def view(self) -> TableView: ...

    @property
    def info(self) -> GameInfo: ...

    @property
    def timeline(self) -> Timeline: ...

    @property
    def notes(self) -> Mapping[int, Note]: ...

    @property
    def playing(self) -> bool: ...

    @property
    def speed(self) -> float: ...

    @property
    def index(self) -> int: ...

    def has_review(self) -> bool: ...

    # --- verbs: each one a command of the player's (a step or a jump pauses) -----------

    def go(self, index: int) -> None: ...

    def step_forward(self) -> None: ...

    def step_back(self) -> None: ...

    def next_round(self) -> None: ...

    def previous_round(self) -> None: ...

    def to_round(self, number: int) -> None: ...

    def toggle_play(self) -> None: ...

    def pause(self) -> None: ...

    def set_speed(self, speed: float) -> None: ...

    def change_speed(self, delta: int) -> None: ...

    def open_review(self) -> None: ...

    def open_file(self, path: Path) -> None: ...

    def close(self) -> None: ...

    def click(self) -> None:
        """The click of a pressed button (:meth:`tacocat.ui.stage.scene.Scene.click`)."""
