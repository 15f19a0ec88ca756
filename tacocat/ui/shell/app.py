"""The application: the one window, the scene stack and the services scenes use.

:class:`App` owns the one window (logical 1280×720, scaled by SDL), the one
``pygame_gui.UIManager``, the :class:`~tacocat.ui.stage.scene.SceneManager`,
:class:`~tacocat.ui.devices.assets.Assets`, :class:`~tacocat.ui.devices.audio.Audio`,
the settings, the statistics and the save store. It is put together from parts, one
job each: :class:`~.navigation.Navigation` (screens and overlays),
:class:`~.preferences.Preferences` (settings, statistics), :class:`~.inputs.Inputs`
(keys, controllers, focus), :class:`~.frame_loop.FrameLoop` (one frame, paced) and
:class:`~.ending.Ending` (quit hooks, shutdown, crashes). :func:`tacocat.ui.shell.launch.run`
starts it.
"""

from __future__ import annotations

import functools
import importlib
import logging
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.persistence.saves import SaveStore
from tacocat.persistence.settings import load_settings
from tacocat.persistence.stats import load_stats
from tacocat.ui.devices.assets import CORE_IMAGES, Assets
from tacocat.ui.devices.audio import SOUND_NAMES, Audio
from tacocat.ui.devices.window import LOGICAL_SIZE
from tacocat.ui.shell.ending import Ending
from tacocat.ui.shell.frame_loop import FrameLoop
from tacocat.ui.shell.idle_work import IdleWork
from tacocat.ui.shell.inputs import Inputs
from tacocat.ui.shell.language import starting_settings
from tacocat.ui.shell.navigation import Navigation
from tacocat.ui.shell.notices import Notices, ReportingSaves
from tacocat.ui.shell.opening import open_screen
from tacocat.ui.shell.preferences import Preferences
from tacocat.ui.shell.screenshots import Screenshots
from tacocat.ui.speech.narrator import Narrator
from tacocat.ui.stage.scene import SceneManager
from tacocat.ui.text import i18n
from tacocat.ui.text.problems import problem_text, problem_title

if TYPE_CHECKING:
    from tacocat.persistence.problems import Problem

log = logging.getLogger(__name__)

#: Animation speed setting -> time multiplier (inf: every tween ends at once).
SPEED_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": math.inf}

#: Modules the first table needs, imported while the title waits idle (so that
#: "Start" does not pay for them); each is one deferred job.
PREFETCH_MODULES = ("tacocat.rules", "tacocat.ui.scenes.new_game", "tacocat.ui.table.scene")


class App(Navigation, Preferences, Inputs, FrameLoop, Ending):
    """The running game. Scenes reach everything through ``scene.app``.

    :param options: the parsed command line (see :mod:`tacocat.cli`).
    :param directory: the data folder (settings, saves, logs).
    :param saves: the save store (tests pass a fake).
    """

    def __init__(self, options: Any, directory: Path, saves: Any | None = None) -> None:
        self.options = options
        self.data_dir = Path(directory)
        settings_problem, stats_problem = self._load_data(saves)
        self.size = LOGICAL_SIZE
        #: Called (no arguments) when the app ends, after the scenes' exit():
        #: autosave and the like. A failing hook is logged, the others still run.
        self.quit_hooks: list[Callable[[], None]] = []
        self.running = True
        self.exit_code = 0
        self.frame = 0

        self._open_window(options)
        self._init_frame_state(options)

        # Before the title, which asks the tutorial and stats; the stats' message may be reworded.
        repairs = self.start_up_repairs(stats_problem)
        self._first_scene()
        self._defer_prefetch()
        for problem in (settings_problem, *repairs):
            if problem:
                self.show_message(problem_title(problem), problem_text(problem))

    def _load_data(self, saves: Any | None) -> tuple[Problem | None, Problem | None]:
        """The settings, the statistics and the save store from the data folder; returns
        what was wrong with the settings and the statistics files (None: nothing)."""
        self.settings, settings_problem = load_settings(self.data_dir)
        #: The player's statistics (``stats.json``); :meth:`finish_game` adds a game.
        self.stats, stats_problem = load_stats(self.data_dir)
        #: Non-blocking notices over the top of the window (e.g. a failed autosave).
        self.notices = Notices(lambda size, bold: self.assets.font(size, bold=bold))
        self.saves = ReportingSaves(
            saves if saves is not None else SaveStore(self.data_dir), self.notices.post
        )
        #: True while the table shows a game resumed from the autosave under
        #: ``--demo`` (see :meth:`continue_game` and :meth:`finish_demo`).
        self._demo_resumed = False
        return settings_problem, stats_problem

    def _open_window(self, options: Any) -> None:
        """The window and the services scenes use: pictures, sound, the scene stack, speech
        and input (the settings first settle the language)."""
        self.settings = starting_settings(self.settings, self.data_dir, options)
        self.screen, self.ui = open_screen(self.settings)
        self.clock = pygame.time.Clock()
        self.assets = Assets()
        self.audio = Audio(
            self.settings.sound_volume, self.settings.music_volume, self.settings.muted
        )
        self.scenes = SceneManager(on_change=self._scene_changed)
        #: Speaks the table's text when the Narration setting is on (tests swap the engine).
        self.narrator = Narrator(enabled=self.settings.narration, language=self.settings.language)
        self.start_inputs()  # last input, controllers, focus (read aloud), the table's keys

    def _init_frame_state(self, options: Any) -> None:
        """What the frame loop keeps between frames, before the first one."""
        self._closed = False
        self._busy_until = 0.0
        self._quiet = False  # this frame follows an idle wait in which nothing happened
        self._last_draw = 0.0
        self._carried: list[pygame.event.Event] = []
        self.shots = Screenshots(options.screenshots)
        self._pending_settings_save = False
        self._first_frame_shown = False
        #: Work nothing on screen needs yet, done while the loop would otherwise
        #: sleep idle (see :meth:`defer`).
        self._deferred = IdleWork()

    # --- start-up -------------------------------------------------------------------

    def _first_scene(self) -> None:
        self.open("title")  # (its music plays until a table opens)
        if getattr(self.options, "resume", False):
            self.continue_game()
        elif getattr(self.options, "tutorial", False):
            self.start_tutorial()
        elif self.options.demo:
            self.start_game(self.config_from_options())  # a demo never replaces the save
        elif self.options.vs_ai or self.options.hotseat:
            from tacocat.ui.scenes.overwrite import confirm_new_game

            confirm_new_game(self, lambda: self.start_game(self.config_from_options()))
        elif getattr(self.options, "replay", None) is not None:
            self.open_game_file(self.options.replay)

    def _defer_prefetch(self) -> None:
        """After the first frame, while idle: load the pictures, the sound effects
        and the modules the title does not need, so the first table opens quickly
        and its first animations read no file. First of all, the kept online games are
        followed again (the title counts those waiting for a move)."""
        self.defer(self.resume_online)
        for name in CORE_IMAGES:
            self.defer(functools.partial(self.assets.preload, [name]))
        for name in SOUND_NAMES:
            self.defer(functools.partial(self.audio.preload, name))
        for module in PREFETCH_MODULES:
            self.defer(functools.partial(importlib.import_module, module))
        # Babel reads its locale data on the first plural (~45 ms): not in the first deal's frame.
        self.defer(lambda: i18n.plural_category(1))
        self.defer(self.gamepads.start)

    def defer(self, job: Callable[[], object], owner: Any = None) -> None:
        """Run ``job`` (no arguments) later, in a moment when nothing moves and
        no input waits - one job per idle pause, never inside a busy frame. A
        job that fails is logged. Jobs are a head start only: whatever needs
        their result must still work when they have not run (``--frames`` runs,
        tests that call :meth:`step`). ``owner``: see :mod:`tacocat.ui.shell.idle_work`.
        """
        self._deferred.add(job, owner)

    def _run_deferred(self) -> None:
        """One idle job (bench/frames.py times this as the loop's idle work)."""
        self._deferred.run_one()

    # --- animation & motion -----------------------------------------------------------

    @property
    def animation_speed(self) -> float:
        """Time multiplier for animations: settings speed × ``--speed``; ``inf`` = instant."""
        factor = SPEED_FACTORS.get(self.settings.animation_speed, 1.0)
        return factor * (self.options.speed or 1.0)

    @property
    def instant(self) -> bool:
        """True when animations should complete at once."""
        return math.isinf(self.animation_speed)

    @property
    def reduced_motion(self) -> bool:
        """The player asked for fades instead of movement and no shaking."""
        return bool(self.settings.reduced_motion)


if TYPE_CHECKING:
    from tacocat.ui.stage import services

    def _provides_the_services(app: App) -> services.App:  # mypy: App offers every service
        return app
