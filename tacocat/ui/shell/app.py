"""The application: window, main loop, scene stack and the services scenes use.

:func:`run` is what the command line calls. :class:`App` owns the one window
(logical 1280×720, scaled by SDL), the one ``pygame_gui.UIManager``, the
:class:`~tacocat.ui.stage.scene.SceneManager`, :class:`~tacocat.ui.devices.assets.Assets`,
:class:`~tacocat.ui.devices.audio.Audio`, the settings, the statistics and the save store.

The loop (one :meth:`App.step` per frame): events go to pygame_gui first, then
to the top scene unless pygame_gui consumed them; the top scene updates; the
UI updates; scenes draw, then the UI; the frame is shown. When nothing
animates and no input arrived for a moment, the loop blocks in
``pygame.event.wait`` between frames (about 12 a second) instead of spinning
at 60, so an idle table costs almost no CPU.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.lock import claim_data_folder
from tacocat.persistence.logs import install_excepthook, setup_logging, write_crash_log
from tacocat.persistence.native_crash import enable_native_crash_log
from tacocat.persistence.paths import data_dir
from tacocat.persistence.problems import Problem
from tacocat.persistence.saves import SaveStore
from tacocat.persistence.settings import load_settings
from tacocat.persistence.stats import load_stats
from tacocat.ui.devices.assets import CORE_IMAGES, Assets
from tacocat.ui.devices.audio import SOUND_NAMES, Audio
from tacocat.ui.devices.window import LOGICAL_SIZE, NoDisplayError, check_pygame_ce
from tacocat.ui.shell.crash import show_crash_screen
from tacocat.ui.shell.idle_work import IdleWork
from tacocat.ui.shell.inputs import INPUT_EVENTS, Inputs
from tacocat.ui.shell.language import starting_settings
from tacocat.ui.shell.navigation import Navigation
from tacocat.ui.shell.notices import Notices, ReportingSaves, offer_unsaved_play
from tacocat.ui.shell.opening import open_screen
from tacocat.ui.shell.preferences import Preferences
from tacocat.ui.shell.screenshots import Screenshots
from tacocat.ui.speech.narrator import Narrator
from tacocat.ui.stage.scene import SceneLike, SceneManager, UIScene
from tacocat.ui.text import i18n
from tacocat.ui.text.problems import problem_text, problem_title
from tacocat.ui.widgets.style import palette

log = logging.getLogger(__name__)

FPS = 60
#: Wait between frames when idle (ms): ~12 frames a second keeps a blinking
#: text cursor alive while using a few percent of a core.
IDLE_WAIT_MS = 80
#: Longest frame time passed to scenes (a dragged window or a long pause must
#: not make animations jump).
MAX_DT = 0.1
#: While idle, a frame in which nothing happened is redrawn only this often
#: (or at the idle rate while a text field's cursor blinks).
IDLE_REDRAW_S = 0.5
#: After input, keep the full frame rate this long (hover effects, clicks).
BUSY_AFTER_INPUT = 0.6
#: Animation speed setting -> time multiplier (inf: every tween ends at once).
SPEED_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": math.inf}

#: Posted by :meth:`App.wake` (thread-safe) to end an idle wait at once.
WAKE_EVENT = pygame.event.custom_type()
#: Set (by bench/startup.py) to have the first shown frame reported on stderr.
BENCH_FIRST_FRAME_ENV = "TACOCAT_BENCH_FIRST_FRAME"
#: Modules the first table needs, imported while the title waits idle (so that
#: "Start" does not pay for them); each is one deferred job.
PREFETCH_MODULES = ("tacocat.rules", "tacocat.ui.scenes.new_game", "tacocat.ui.table.scene")


# --- the application ----------------------------------------------------------------


class App(Navigation, Preferences, Inputs):
    """The running game. Scenes reach everything through ``scene.app``.

    :param options: the parsed command line (see :mod:`tacocat.cli`).
    :param directory: the data folder (settings, saves, logs).
    :param saves: the save store (tests pass a fake).
    """

    def __init__(self, options: Any, directory: Path, saves: Any | None = None) -> None:
        self.options = options
        self.data_dir = Path(directory)
        self.settings, settings_problem = load_settings(self.data_dir)
        #: The player's statistics (``stats.json``); :meth:`finish_game` adds a game.
        self.stats, stats_problem = load_stats(self.data_dir)
        #: Non-blocking notices over the top of the window (e.g. a failed autosave).
        self.notices = Notices(lambda size, bold: self.assets.font(size, bold=bold))
        self.saves = ReportingSaves(saves if saves is not None else SaveStore(self.data_dir),
                                    self.notices.post)
        #: True while the table shows a game resumed from the autosave under
        #: ``--demo`` (see :meth:`continue_game` and :meth:`finish_demo`).
        self._demo_resumed = False
        self.size = LOGICAL_SIZE
        #: Called (no arguments) when the app ends, after the scenes' exit():
        #: autosave and the like. A failing hook is logged, the others still run.
        self.quit_hooks: list[Callable[[], None]] = []
        self.running = True
        self.exit_code = 0
        self.frame = 0

        self.settings = starting_settings(self.settings, self.data_dir, options)
        self.screen, self.ui = open_screen(self.settings)
        self.clock = pygame.time.Clock()
        self.assets = Assets()
        self.audio = Audio(self.settings.sound_volume, self.settings.music_volume, self.settings.muted)
        self.scenes = SceneManager(on_change=self._scene_changed)
        #: Speaks the table's text when the Narration setting is on (tests swap the engine).
        self.narrator = Narrator(enabled=self.settings.narration, language=self.settings.language)
        self.start_inputs()  # last input, controllers, focus (read aloud), the table's keys

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

        # Before the title, which asks the tutorial and stats; the stats' message may be reworded.
        repairs = self.start_up_repairs(stats_problem)
        self._first_scene()
        self._defer_prefetch()
        for problem in (settings_problem, *repairs):
            if problem:
                self.show_message(problem_title(problem), problem_text(problem))

    # --- start-up -------------------------------------------------------------------

    def _first_scene(self) -> None:
        from tacocat.ui.scenes.title import TitleScene

        self.scenes.switch(TitleScene(self))
        self.audio.start_music()  # start_game stops it when a table opens
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
        and its first animations read no file."""
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

    # --- the loop -----------------------------------------------------------------------

    def on_quit(self, hook: Callable[[], None]) -> Callable[[], None]:
        """Register ``hook`` in :attr:`quit_hooks` (usable as a decorator)."""
        self.quit_hooks.append(hook)
        return hook

    def quit(self, code: int = 0) -> None:
        """End the loop after this frame with exit code ``code``."""
        self.running = False
        self.exit_code = code

    def wake(self) -> None:
        """Keep the full frame rate for a moment; safe to call from other threads."""
        self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        with contextlib.suppress(pygame.error):  # the display may be gone already
            pygame.event.post(pygame.event.Event(WAKE_EVENT))

    def is_idle(self) -> bool:
        """True when the loop may slow down: nothing moves and no recent input."""
        return not (self.frame < 3 or time.monotonic() < self._busy_until or self.shots.pending
                    or self.scenes.is_animating() or self.notices.active
                    or self.gamepads.holding)

    def run(self) -> int:
        """Run until quit; returns the process exit code."""
        try:
            while self.running:
                self.step(self._wait_for_frame())
        except KeyboardInterrupt:
            log.info("interrupted; saving and closing")
            self._shutdown()
            return 130
        except Exception as error:
            return self._crash(error)
        self._shutdown()
        return self.exit_code

    def _wait_for_frame(self) -> float:
        """Pace the loop; returns the clamped frame time in seconds."""
        self._quiet = False
        if self.is_idle():
            if self._deferred and not pygame.event.peek():
                # Nothing moves and no input waits: a piece of deferred work
                # instead of the idle sleep.
                self._run_deferred()
                event = pygame.event.wait(1)
            else:
                event = pygame.event.wait(IDLE_WAIT_MS)
            if event.type != pygame.NOEVENT:
                self._carried.append(event)
            else:
                self._quiet = not pygame.event.peek()
            milliseconds = self.clock.tick()
        else:
            milliseconds = self.clock.tick(FPS)
        return min(milliseconds / 1000.0, MAX_DT)

    def step(self, dt: float) -> None:
        """One frame: events, updates, drawing, screenshots, flip."""
        events, self._carried = self._carried + pygame.event.get(), []
        for event in self.input_events(events, dt):  # controllers become key events
            self._dispatch(event)
            if not self.running:
                return
        self.scenes.update(dt)
        self.focus.update()
        self.ui.update(dt)
        self.notices.update(dt)
        if self._must_draw():
            if not self._covered():
                self.screen.fill(palette().table)
            self.scenes.draw(self.screen)
            self.ui.draw_ui(self.screen)
            self.focus.draw(self.screen)
            self.notices.draw(self.screen)
            self._take_screenshots()
            pygame.display.flip()
            self._last_draw = time.monotonic()
            if not self._first_frame_shown:
                self._first_frame_shown = True
                _report_first_frame()
        self.frame += 1
        if self.options.frames is not None and self.frame >= self.options.frames:
            self._take_screenshots(final=True)  # the last scene's shot, even mid-animation
            self.quit(0)

    def _covered(self) -> bool:
        """True when the first scene drawn paints every pixel (``covers_window``),
        so clearing the frame first would be wasted (~0.3 ms at 1280×720)."""
        for scene in reversed(self.scenes.stack):
            if scene.opaque:
                return scene.covers_window
        return False

    def _must_draw(self) -> bool:
        """Skip drawing quiet idle frames: the picture is the same as last time."""
        if not self._quiet or self.shots.pending:
            return True
        if time.monotonic() - self._last_draw >= IDLE_REDRAW_S:
            return True
        # A focused text field blinks its cursor: keep the (slow) idle rate for it.
        return any(
            isinstance(element, pygame_gui.elements.UITextEntryLine)
            for element in self.ui.get_focus_set() or ()
        )

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == WAKE_EVENT:
            return
        if event.type in INPUT_EVENTS:
            self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        if event.type == pygame.WINDOWSIZECHANGED:
            self.fit_text_to_window()  # (a window dragged smaller shows the frame smaller)
        if self.focus_takes(event):  # Tab, arrows, Enter, Space on a pygame_gui screen
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.ui.process_events(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            top = self.scenes.top
            if isinstance(top, UIScene) and top.clicks(event.ui_element):
                top.click()
        self.scenes.handle_event(event)

    # --- screenshots --------------------------------------------------------------------

    def screenshot(self, label: str) -> Path | None:
        """Save ``DIR/NNNN_<label>.png`` at the end of this frame (``--screenshots`` only).

        :returns: the path it will be written to, or None without ``--screenshots``.
        """
        return self.shots.request(label)

    def _scene_changed(self, top: SceneLike | None) -> None:
        # A text field of the scene below must not keep typing focus under an overlay.
        self.ui.set_focus_set(None)
        self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        if top is not None:
            self.shots.scene_changed(top.name)

    def _take_screenshots(self, final: bool = False) -> None:
        self.shots.take(self.screen, self.scenes.is_animating(), final)

    # --- ending -------------------------------------------------------------------------

    def _run_quit_hooks(self) -> None:
        """Exit every scene (top first), then run the quit hooks; nothing may stop them."""
        self.scenes.clear()
        if self._pending_settings_save:
            self.save_settings()
        for hook in self.quit_hooks:
            try:
                hook()
            except Exception:
                log.exception("quit hook %r failed", hook)

    def _shutdown(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._run_quit_hooks()
        self.narrator.close()
        self.audio.close()
        self.gamepads.close()
        pygame.display.quit()

    def _crash(self, error: Exception) -> int:
        """Log the traceback, save what can be saved, tell the player, return 1."""
        log.error("unexpected error in the game loop", exc_info=error)
        crash_log: Path | None = None
        try:
            crash_log = write_crash_log(self.data_dir, error)
        except Exception:
            log.exception("could not write a crash log")
        self._closed = True
        try:
            self._run_quit_hooks()
        except Exception:
            log.exception("saving on the way out failed")
        try:
            self._show_crash_screen(crash_log)
        except Exception:
            log.exception("could not show the crash message")
        try:
            self.audio.close()
            pygame.display.quit()
        except Exception:
            pass
        print(
            f"tacocat: the game stopped after an unexpected error; details in {crash_log}",
            file=sys.stderr,
        )
        return 1

    def _show_crash_screen(self, crash_log: Path | None) -> None:
        show_crash_screen(self.assets, crash_log, wait=self.options.frames is None)


def _report_first_frame() -> None:
    """With ``TACOCAT_BENCH_FIRST_FRAME`` set, print when the first frame was shown:
    ``TACOCAT-BENCH-FIRST-FRAME <time.time()> <time.process_time()>`` - wall-clock
    time (comparable across processes; bench/startup.py) and the CPU time the
    process has used so far (bench/first_frame.py: robust on a busy machine)."""
    if os.environ.get(BENCH_FIRST_FRAME_ENV) and sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(f"TACOCAT-BENCH-FIRST-FRAME {time.time()!r} {time.process_time()!r}",
                  file=sys.stderr, flush=True)


# --- entry point ------------------------------------------------------------------------

_hook_installed = False


def run(options: Any) -> int:
    """Start the desktop game; returns the exit code (0 ok, 1 error, 2 bad data folder/no display)."""
    try:
        check_pygame_ce()
    except RuntimeError as error:
        print(f"tacocat: {error}", file=sys.stderr)
        return 1
    try:
        directory = data_dir(options.data_dir)
    except PersistenceError as error:
        # A data folder that cannot be used is a bad argument like any other: exit 2.
        print(f"tacocat: {error}", file=sys.stderr)
        return 2
    with claim_data_folder(directory) as claim:  # one copy of the game per data folder
        return _run_app(options, claim.folder, directory if claim.shared else None, claim.problem)


def _run_app(options: Any, directory: Path, shared: Path | None,
             lock_problem: Problem | None = None) -> int:
    """:func:`run` once the data folder is claimed: ``directory`` is where this run writes;
    ``shared``: the data folder another copy holds or that cannot be locked (``lock_problem``)."""
    global _hook_installed
    setup_logging(directory, options.log_level)
    if not _hook_installed:
        install_excepthook(directory)
        enable_native_crash_log(directory)  # a fatal signal in SDL leaves a trace too
        _hook_installed = True
    try:
        app = App(options, directory)
    except NoDisplayError as error:
        log.info("no display: %s", error)
        print(
            "tacocat: no display found — run it on a desktop, set DISPLAY, "
            "or use --simulate N for a game without a window",
            file=sys.stderr,
        )
        return 2
    except Exception as error:
        log.error("the game could not start", exc_info=error)
        try:
            where = f"; details in {write_crash_log(directory, error)}"
        except Exception:
            where = ""
        print(f"tacocat: the game could not start: {error}{where}", file=sys.stderr)
        pygame.display.quit()
        return 1
    if shared is not None:
        offer_unsaved_play(app, shared, lock_problem)
    return app.run()


if TYPE_CHECKING:
    from tacocat.ui.stage import services

    def _provides_the_services(app: App) -> services.App:  # mypy: App offers every service
        return app
