"""What a scene may ask of the application: the typed :class:`App` protocol.

Scenes receive the running :class:`tacocat.ui.shell.app.App` as ``scene.app``; they
are typed against this protocol instead, so a scene depends on the services it
uses rather than on the app module (which imports the scenes), and tests may
pass a stand-in. Navigation goes one way: through :attr:`App.scenes`
(``switch``/``push``/``pop``), ``open(name)`` for a registered screen
(:mod:`tacocat.ui.stage.screens`), and the app's helpers below that build a scene from
what it shows and push or switch to it.
"""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame_gui

    from tacocat.online.games import OnlineGames
    from tacocat.persistence.gamefile import GameFile, GameFileError
    from tacocat.persistence.history import HistoryStore
    from tacocat.persistence.online_seats import OnlineSeat
    from tacocat.persistence.saves import LoadResult
    from tacocat.persistence.settings import Settings
    from tacocat.persistence.stats import Stats
    from tacocat.rules import GameRecord, GameState
    from tacocat.ui.devices.assets import Assets
    from tacocat.ui.devices.audio import Audio
    from tacocat.ui.focus import FocusManager
    from tacocat.ui.input.actionmap import ActionMap
    from tacocat.ui.input.state import InputState
    from tacocat.ui.speech.narrator import Narrator
    from tacocat.ui.stage.game_config import GameConfig
    from tacocat.ui.stage.scene_stack import SceneLike, SceneManager
    from tacocat.ui.stage.screen_names import ScreenName


class Saves(Protocol):
    """The autosave slot (``tacocat.persistence.saves.SaveStore``, through the app's
    ``ReportingSaves``, which shows a failed write to the player)."""

    def has_autosave(self) -> bool: ...

    def load_autosave(self) -> LoadResult: ...

    def write_autosave(self, app_config: dict[str, Any], record: GameRecord) -> None: ...

    def clear_autosave(self) -> None: ...


class App(Protocol):
    """The services of the running game (implemented by :class:`tacocat.ui.shell.app.App`)."""

    options: Namespace
    data_dir: Path
    settings: Settings
    stats: Stats
    saves: Saves
    size: tuple[int, int]
    ui: pygame_gui.UIManager
    assets: Assets
    audio: Audio
    scenes: SceneManager
    #: Keyboard/controller focus of the pygame_gui screens, and the last input used.
    focus: FocusManager
    input: InputState
    #: Speaks the screens' text when the Narration setting is on.
    narrator: Narrator

    @property
    def animation_speed(self) -> float: ...

    @property
    def instant(self) -> bool: ...

    @property
    def reduced_motion(self) -> bool: ...

    @property
    def keys(self) -> ActionMap: ...

    # --- navigation -------------------------------------------------------------------

    def start_game(self, config: GameConfig, **table_options: Any) -> bool: ...

    def continue_game(self) -> None: ...

    def start_tutorial(self, step: int | None = None) -> bool: ...

    def finish_demo(self) -> None: ...

    def open(self, name: ScreenName, **options: Any) -> SceneLike: ...

    def show_message(
        self, title: str, text: str, on_close: Callable[[], object] | None = None
    ) -> SceneLike: ...

    def open_replay(
        self,
        game: GameFile,
        on_close: Callable[[], object] | None = None,
        game_id: str | None = None,
        start: int = 0,
    ) -> None: ...

    def open_review(
        self,
        game: GameFile,
        game_id: str | None = None,
        on_close: Callable[[], object] | None = None,
    ) -> None: ...

    def open_game_file(self, path: Path, on_close: Callable[[], object] | None = None) -> bool: ...

    def refuse_game_file(self, name: str, error: GameFileError, kept: bool = False) -> None: ...

    def pass_device(
        self,
        name: str,
        on_ready: Callable[[], None],
        seat: int | None = None,
        other: str | None = None,
    ) -> SceneLike: ...

    def quit(self, code: int = 0) -> None: ...

    # --- settings, statistics, housekeeping -------------------------------------------

    def update_settings(self, save: bool = True, **changes: Any) -> Settings: ...

    def save_settings(self) -> bool: ...

    def toggle_fullscreen(self) -> None: ...

    @property
    def history(self) -> HistoryStore: ...

    def finish_game(
        self,
        app_config: dict[str, Any],
        state: GameState,
        clear_autosave: Callable[[], None] | None,
        winner: int | None = None,
    ) -> str | None: ...

    @property
    def online(self) -> OnlineGames: ...

    #: True once the kept online games are followed again (at start-up, while idle).
    online_resumed: bool

    @property
    def online_started(self) -> bool: ...

    def resume_online(self) -> None: ...

    def open_online_game(self, seat: OnlineSeat) -> bool: ...

    def defer(self, job: Callable[[], object], owner: Any = None) -> None: ...

    def screenshot(self, label: str) -> Path | None: ...
