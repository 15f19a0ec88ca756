"""The application: window, main loop, scene stack and the services scenes use.

:func:`run` is what the command line calls. :class:`App` owns the one window
(logical 1280×720, scaled by SDL), the one ``pygame_gui.UIManager``, the
:class:`~tacocat.ui.scene.SceneManager`, :class:`~tacocat.ui.assets.Assets`,
:class:`~tacocat.ui.audio.Audio`, the settings, the statistics and the save store.

The loop (one :meth:`App.step` per frame): events go to pygame_gui first, then
to the top scene unless pygame_gui consumed them; the top scene updates; the
UI updates; scenes draw, then the UI; the frame is shown. When nothing
animates and no input arrived for a moment, the loop blocks in
``pygame.event.wait`` between frames (about 12 a second) instead of spinning
at 60, so an idle table costs almost no CPU.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import gc
import importlib
import logging
import math
import os
import sys
import time
import warnings
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.logs import install_excepthook, setup_logging, write_crash_log
from tacocat.persistence.paths import data_dir
from tacocat.persistence.saves import SaveStore
from tacocat.persistence.settings import Settings, load_settings, save_settings
from tacocat.persistence.stats import Stats, load_stats, save_stats
from tacocat.resources import asset_path
from tacocat.ui import i18n
from tacocat.ui.assets import CORE_IMAGES, Assets, load_theme
from tacocat.ui.audio import SOUND_NAMES, Audio
from tacocat.ui.fonts import localise_theme
from tacocat.ui.game_config import GameConfig
from tacocat.ui.i18n import tr
from tacocat.ui.language import rich_text_fonts, starting_settings, switch_language
from tacocat.ui.scene import Scene, SceneManager

log = logging.getLogger(__name__)

TITLE = "Tacocat Spelled Backwards"
#: The one logical resolution everything is laid out in; SDL scales the frame.
LOGICAL_SIZE = (1280, 720)
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
#: Window sizes offered in Settings (only those that fit the desktop are shown).
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))
#: Frames to wait after a scene change before its screenshot (so it is drawn);
#: the shot then waits for the scene's intro animation, up to SHOT_MAX_FRAMES.
SHOT_DELAY_FRAMES = 2
SHOT_MAX_FRAMES = 240

_INPUT_EVENTS = frozenset(
    {
        pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
        pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
        pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION,
        pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
        pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWFOCUSGAINED,
    }
)
#: Posted by :meth:`App.wake` (thread-safe) to end an idle wait at once.
WAKE_EVENT = pygame.event.custom_type()
#: Set (by bench/startup.py) to have the first shown frame reported on stderr.
BENCH_FIRST_FRAME_ENV = "TACOCAT_BENCH_FIRST_FRAME"
#: Modules the first table needs, imported while the title waits idle (so that
#: "Start" does not pay for them); each is one deferred job.
PREFETCH_MODULES = ("tacocat.rules", "tacocat.ui.scenes.new_game", "tacocat.ui.scenes.table")


class NoDisplayError(RuntimeError):
    """There is no screen to open a window on."""


def check_pygame_ce() -> None:
    """Fail clearly when plain pygame has overwritten pygame-ce."""
    if not getattr(pygame, "IS_CE", False):
        raise RuntimeError(
            "this game needs pygame-ce, but the plain 'pygame' package is installed over it. "
            "Repair: pip uninstall -y pygame pygame-ce && "
            "pip install --force-reinstall --no-deps pygame-ce"
        )


# --- the window ---------------------------------------------------------------------


def open_window(settings: Settings) -> pygame.Surface:
    """Open the window at the logical size, scaled by SDL, with title and icon.

    ``SCALED`` makes SDL stretch the whole 1280×720 frame to the window and
    translate mouse positions back, so scenes and pygame_gui only ever see
    logical coordinates. pygame-ce's ``SCALED`` uses integer scaling unless
    its ``SDL_HINT_RENDER_SCALE_QUALITY`` variable is set (a 1920×1080 window
    would show a 1280×720 frame with black borders); we set it for smooth,
    fractional scaling, and ask SDL for linear filtering of our painted art.

    :raises NoDisplayError: no display (SDL fell back to its off-screen or
        dummy driver without being asked to, or refused to open a window).
    """
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    if (
        sys.platform.startswith("linux")
        and not asked
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        # Checked before SDL probes (its Wayland probe prints its own error line).
        raise NoDisplayError("neither DISPLAY nor WAYLAND_DISPLAY is set")
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as error:
        raise NoDisplayError(str(error)) from error
    if not asked and driver in ("offscreen", "dummy"):
        pygame.display.quit()
        raise NoDisplayError(f"SDL found only its '{driver}' video driver")
    pygame.display.set_caption(TITLE)
    _set_icon()
    flags = pygame.SCALED | pygame.RESIZABLE
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no fast renderer available" is fine
            screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
    except pygame.error as error:
        pygame.display.quit()
        raise NoDisplayError(str(error)) from error
    window = _window()
    if window is not None and driver not in ("offscreen", "dummy"):
        # SCALED sets the logical size as the minimum; allow smaller windows.
        # (Not under the dummy driver: its fixed 1024×768 "desktop" would shrink
        # the window and make every flip a scaled copy, 2-3x slower.)
        window.minimum_size = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        if settings.fullscreen:
            _set_fullscreen(True)
        else:
            resize_window(settings.window_size)
    return screen


def _window() -> Any:
    """The display module's ``pygame.Window`` (for sizing), or None."""
    try:
        with warnings.catch_warnings():
            # Deprecated only as a way to render; we use it for size/position.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def _set_icon() -> None:
    path = asset_path("images", "icon.png")
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
    except (pygame.error, OSError) as error:
        log.warning("window icon %s could not be loaded (%s)", path, error)


def usable_desktop_size() -> tuple[int, int]:
    """The desktop size of the first display (room for title bars is left by callers)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    return sizes[0] if sizes else LOGICAL_SIZE


def fitting_window_sizes() -> list[tuple[int, int]]:
    """The offered window sizes that fit on the desktop (at least one)."""
    width, height = usable_desktop_size()
    fitting = [s for s in WINDOW_SIZES if s[0] <= width - 40 and s[1] <= height - 60]
    return fitting or [WINDOW_SIZES[0]]


def resize_window(size: tuple[int, int]) -> None:
    """Make the window ``size`` (clamped to the desktop) and centre it."""
    window = _window()
    if window is None:
        return
    desk_w, desk_h = usable_desktop_size()
    width = max(LOGICAL_SIZE[0] // 2, min(int(size[0]), desk_w))
    height = max(LOGICAL_SIZE[1] // 2, min(int(size[1]), desk_h))
    try:
        window.size = (width, height)
        window.position = pygame.WINDOWPOS_CENTERED
    except pygame.error as error:
        log.warning("could not resize the window (%s)", error)


def _set_fullscreen(on: bool) -> bool:
    """Switch full screen (desktop resolution) on or off; returns the new state."""
    window = _window()
    try:
        if window is not None:
            if on:
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
        elif on != pygame.display.is_fullscreen():
            pygame.display.toggle_fullscreen()
    except pygame.error as error:
        log.warning("could not switch full screen (%s)", error)
    return bool(pygame.display.is_fullscreen())


# --- memory -------------------------------------------------------------------------


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None (other systems, other C libraries)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here, not at start-up: only needed after the first game

    try:
        return ctypes.CDLL(None).malloc_trim  # the C library the process already uses
    except (OSError, AttributeError):  # e.g. musl has no malloc_trim
        return None


def release_memory() -> None:
    """Free what the last game left behind and hand it back to the system.

    Called between games. A game allocates and frees thousands of surfaces
    (card sizes, text, the table's layers); glibc keeps freed heap memory for
    reuse, so without this the process's resident memory climbed from ~210 MB
    after 10 games to ~375 MB after 200 (``bench/soak.py``) while the
    surfaces alive stayed at ~40 MB: nothing leaked, but a long session held
    memory it did not use. ``gc.collect`` first: the old table and its session
    reference each other, so only the cycle collector frees them.
    """
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        try:
            trim(0)
        except Exception:  # never let housekeeping stop a game
            log.debug("malloc_trim failed", exc_info=True)


# --- the application ----------------------------------------------------------------


class App:
    """The running game. Scenes reach everything through ``scene.app``.

    :param options: the parsed command line (see :mod:`tacocat.cli`).
    :param directory: the data folder (settings, saves, logs).
    :param saves: the save store (tests pass a fake).
    """

    def __init__(self, options: Any, directory: Path, saves: Any | None = None) -> None:
        self.options = options
        self.data_dir = Path(directory)
        self.settings, settings_problem = load_settings(self.data_dir)
        #: The player's statistics (``stats.json``); :meth:`record_game` adds a game.
        self.stats, stats_problem = load_stats(self.data_dir)
        self.saves = saves if saves is not None else SaveStore(self.data_dir)
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
        self.screen = open_window(self.settings)
        pygame.font.init()  # not pygame.init(): the mixer is Audio's (it may have no device)
        self.clock = pygame.time.Clock()
        self.ui = pygame_gui.UIManager(
            LOGICAL_SIZE,
            theme_path=localise_theme(load_theme()),  # + Lao font entries
            enable_live_theme_updates=False,
            starting_language=self.settings.language,
            translation_directory_paths=[str(i18n.translations_dir())],
        )
        # Styles used by rich text (rules, messages), loaded now rather than mid-frame.
        self.ui.preload_fonts(rich_text_fonts(self.settings.language))
        self.assets = Assets()
        self.audio = Audio(
            self.settings.sound_volume, self.settings.music_volume, self.settings.muted
        )
        self.scenes = SceneManager(on_change=self._scene_changed)

        self._closed = False
        self._busy_until = 0.0
        self._quiet = False  # this frame follows an idle wait in which nothing happened
        self._last_draw = 0.0
        self._carried: list[pygame.event.Event] = []
        self._shot_dir: Path | None = options.screenshots
        self._shot_count = 0
        self._shot_queue: list[tuple[str, Path]] = []
        self._scene_shot: tuple[int, str] | None = None  # (frames waited, label)
        self._pending_settings_save = False
        self._first_frame_shown = False
        #: Work nothing on screen needs yet, done while the loop would otherwise
        #: sleep idle (see :meth:`defer`).
        self._deferred: deque[Callable[[], None]] = deque()
        if self._shot_dir is not None:
            self._shot_dir = Path(self._shot_dir).absolute()
            self._shot_dir.mkdir(parents=True, exist_ok=True)

        self._first_scene()
        self._defer_prefetch()
        if settings_problem:
            self.show_message(tr("tacocat.message.settings_title"), settings_problem)
        if stats_problem:
            self.show_message(tr("tacocat.stats.reset_title"), stats_problem)

    # --- start-up -------------------------------------------------------------------

    def _first_scene(self) -> None:
        from tacocat.ui.scenes.title import TitleScene

        self.scenes.switch(TitleScene(self))
        self.audio.start_music()  # start_game stops it when a table opens
        if getattr(self.options, "resume", False):
            self.continue_game()
        elif self.options.vs_ai or self.options.hotseat or self.options.demo:
            self.start_game(self.config_from_options())

    def _defer_prefetch(self) -> None:
        """After the first frame, while idle: load the pictures, the sound effects
        and the modules the title does not need, so the first table opens quickly
        and its first animations read no file."""
        for name in CORE_IMAGES:
            self.defer(lambda name=name: self.assets.preload([name]))
        for name in SOUND_NAMES:
            self.defer(lambda name=name: self.audio.preload(name))
        for module in PREFETCH_MODULES:
            self.defer(lambda module=module: importlib.import_module(module))

    def defer(self, job: Callable[[], None]) -> None:
        """Run ``job`` (no arguments) later, in a moment when nothing moves and
        no input waits - one job per idle pause, never inside a busy frame. A
        job that fails is logged. Jobs are a head start only: whatever needs
        their result must still work when they have not run (``--frames`` runs,
        tests that call :meth:`step`)."""
        self._deferred.append(job)

    def _run_deferred(self) -> None:
        job = self._deferred.popleft()
        try:
            job()
        except Exception:
            log.exception("deferred job %r failed", job)

    def config_from_options(self) -> GameConfig:
        """The game the command line asked for (``--vs-ai``/``--hotseat``/``--demo``)."""
        level = self.options.level or self.settings.ai_level
        names = self.settings.player_names
        if self.options.vs_ai:
            return GameConfig("vs_ai", level, 0, (names[0], tr("tacocat.names.computer")),
                              seed=self.options.seed)
        if self.options.hotseat:
            return GameConfig("hotseat", level, 0, names, seed=self.options.seed)
        return GameConfig(
            "demo", level, 0,
            (tr("tacocat.names.computer_n", n=1), tr("tacocat.names.computer_n", n=2)),
            seed=self.options.seed,
        )

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

    # --- game flow --------------------------------------------------------------------

    def start_game(self, config: GameConfig, **table_options: Any) -> bool:
        """Switch to the table for a new game (or a resumed one, see :meth:`continue_game`).

        :returns: True when the table opened.
        """
        self._demo_resumed = False
        try:
            from tacocat.ui.scenes.table import TableScene
        except ModuleNotFoundError as error:
            if error.name != "tacocat.ui.scenes.table":
                raise
            log.warning("the table scene is not there yet")
            self.show_message(tr("tacocat.message.no_table_title"), tr("tacocat.message.no_table"))
            return False
        self.audio.stop_music()
        self.scenes.switch(TableScene(self, config, **table_options))
        release_memory()  # the previous game's table is gone now
        return True

    def continue_game(self) -> None:
        """Resume the autosaved game, or tell the player why it cannot be.

        The save store replays and checks the file; the table receives the
        :class:`~tacocat.persistence.saves.LoadResult` as ``saved=``. A file
        that cannot be used has already been moved aside by the store; its
        message (what was wrong, where the backup is) is shown here.

        With ``--demo`` (``--continue --demo``) the saved game, whatever its
        mode, is finished by the computer in both seats: the table gets a
        ``"demo"`` config with the saved names and tie rule, and the level of
        ``--level``, else the save's, else the settings'.
        """
        result = self.saves.load_autosave()
        if not getattr(result, "ok", False):
            problem = getattr(result, "problem", None) or tr("tacocat.message.no_save")
            log.info("nothing to continue: %s", problem)
            self.show_message(tr("tacocat.message.continue_title"), problem)
            return
        app_config = dict(result.app_config)
        demo = bool(self.options.demo)
        level = (self.options.level if demo else None) or app_config.get("level") \
            or self.settings.ai_level
        saved_seat = app_config.get("human_seat")
        config = GameConfig(
            mode="demo" if demo else app_config["mode"],
            level=level,
            human_seat=saved_seat if saved_seat in (0, 1) else 0,
            names=tuple(app_config["names"]),
            tie_to_arrow=bool(app_config["tie_to_arrow"]),
        )
        state = getattr(result, "state", None)
        log.info("continuing a %s game (saved as %s) after %s actions", config.mode,
                 app_config["mode"], len(state.actions) if state is not None else "?")
        if self.start_game(config, saved=result):
            self._demo_resumed = demo

    def finish_demo(self) -> None:
        """The table calls this when a demo game ends: ``--demo`` exits with 0, else the title.

        A game resumed by ``--continue --demo`` has now ended, so its autosave
        is cleared (a demo session does not clear the save it was resumed from).
        """
        if self._demo_resumed:
            self._demo_resumed = False
            try:
                self.saves.clear_autosave()
            except Exception as error:  # a locked file must not keep the demo running
                log.warning("could not clear the autosave: %s", error)
        if self.options.demo:
            self.quit(0)
        else:
            self.go_to_title()

    def go_to_title(self) -> None:
        """Back to the title screen (the table's exit() autosaves)."""
        from tacocat.ui.scenes.title import TitleScene

        self.scenes.switch(TitleScene(self))
        self.audio.start_music()
        release_memory()

    # --- overlays -----------------------------------------------------------------------

    def show_message(
        self, title: str, text: str, on_close: Callable[[], None] | None = None
    ) -> Scene:
        """Push a modal message with an OK button (errors, refused files)."""
        from tacocat.ui.scenes.message import MessageScene

        scene = MessageScene(self, title, text, on_close=on_close)
        self.scenes.push(scene)
        return scene

    def open_menu(self) -> None:
        """The in-game Esc menu (Resume, Rules, Settings, Quit to title)."""
        from tacocat.ui.scenes.menu import MenuScene

        if not isinstance(self.scenes.top, MenuScene):
            self.scenes.push(MenuScene(self))

    def open_rules(self) -> None:
        from tacocat.ui.scenes.rules import RulesScene

        self.scenes.push(RulesScene(self))

    def open_settings(self) -> None:
        from tacocat.ui.scenes.settings import SettingsScene

        self.scenes.push(SettingsScene(self))

    def open_stats(self) -> None:
        """The Statistics overlay (from the title and from the in-game menu)."""
        from tacocat.ui.scenes.stats import StatsScene

        self.scenes.push(StatsScene(self))

    def pass_device(
        self,
        name: str,
        on_ready: Callable[[], None],
        seat: int | None = None,
        other: str | None = None,
    ) -> Scene:
        """Cover everything until ``name`` confirms they hold the device (hot-seat).

        ``on_ready`` runs after the cover is removed; ``seat`` colours the name;
        ``other`` is asked to look away.
        """
        from tacocat.ui.scenes.pass_device import PassDeviceScene

        scene = PassDeviceScene(self, name, on_ready, seat=seat, other=other)
        self.scenes.push(scene)
        return scene

    # --- settings ---------------------------------------------------------------------

    def update_settings(self, save: bool = True, **changes: Any) -> Settings:
        """Replace some settings, apply them now, and save (unless ``save=False``,
        for slider drags: call :meth:`save_settings` when the drag ends)."""
        old = self.settings
        self.settings = dataclasses.replace(old, **changes)
        new = self.settings
        if (new.sound_volume, new.music_volume, new.muted) != (
            old.sound_volume, old.music_volume, old.muted
        ):
            self.audio.set_levels(new.sound_volume, new.music_volume, new.muted)
        if new.fullscreen != old.fullscreen:
            actual = _set_fullscreen(new.fullscreen)
            if actual != new.fullscreen and self.options.screenshots is None:
                log.info("full screen is not available here")
        if new.window_size != old.window_size and not new.fullscreen:
            resize_window(new.window_size)
        if new.language != old.language:
            switch_language(self, new.language)
        if save:
            self.save_settings()
        else:
            self._pending_settings_save = True
        return new

    def save_settings(self) -> bool:
        """Write the settings file now; a failure is shown to the player."""
        self._pending_settings_save = False
        try:
            save_settings(self.data_dir, self.settings)
        except PersistenceError as error:
            log.warning("settings not saved: %s", error)
            self.show_message(tr("tacocat.message.settings_not_saved_title"), str(error))
            return False
        return True

    # --- statistics -------------------------------------------------------------------

    def record_game(self, mode: str, **result: Any) -> Stats:
        """Count a finished game in :attr:`stats` and write ``stats.json``.

        The table calls this once per finished game; ``mode`` and ``result``
        are :meth:`Stats.record_game`'s arguments (a demo is not counted). A
        file that cannot be written is reported to the player; the figures in
        memory are kept, so the next game's save writes them too.

        :raises ValueError: the arguments do not describe a game (a caller bug).
        """
        updated = self.stats.record_game(mode, **result)
        if updated is self.stats:
            return updated
        self.stats = updated
        try:
            save_stats(self.data_dir, updated)
        except PersistenceError as error:
            log.warning("statistics not saved: %s", error)
            self.show_message(tr("tacocat.stats.not_saved_title"), str(error))
        return updated

    def toggle_fullscreen(self) -> None:
        """F11: switch full screen and remember it."""
        self.update_settings(fullscreen=not self.settings.fullscreen)

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
        return not (
            self.frame < 3
            or time.monotonic() < self._busy_until
            or self._shot_queue
            or self._scene_shot is not None
            or self.scenes.is_animating()
        )

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
        for event in events:
            self._dispatch(event)
            if not self.running:
                return
        self.scenes.update(dt)
        self.ui.update(dt)
        if self._must_draw():
            if not self._covered():
                self.screen.fill((23, 50, 58))
            self.scenes.draw(self.screen)
            self.ui.draw_ui(self.screen)
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
                return bool(getattr(scene, "covers_window", False))
        return False

    def _must_draw(self) -> bool:
        """Skip drawing quiet idle frames: the picture is the same as last time."""
        if not self._quiet or self._shot_queue or self._scene_shot is not None:
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
        if event.type in _INPUT_EVENTS:
            self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.ui.process_events(event):
            return
        self.scenes.handle_event(event)

    # --- screenshots --------------------------------------------------------------------

    def screenshot(self, label: str) -> Path | None:
        """Save ``DIR/NNNN_<label>.png`` at the end of this frame (``--screenshots`` only).

        :returns: the path it will be written to, or None without ``--screenshots``.
        """
        if self._shot_dir is None:
            return None
        self._shot_count += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label) or "shot"
        path = self._shot_dir / f"{self._shot_count:04d}_{safe}.png"
        self._shot_queue.append((label, path))
        return path

    def _scene_changed(self, top: Scene | None) -> None:
        # A text field of the scene below must not keep typing focus under an overlay.
        self.ui.set_focus_set(None)
        self._busy_until = time.monotonic() + BUSY_AFTER_INPUT
        if self._shot_dir is not None and top is not None:
            self._scene_shot = (0, top.name)

    def _take_screenshots(self, final: bool = False) -> None:
        """Save queued shots; the scene-change shot once the new scene has settled."""
        if self._scene_shot is not None:
            waited, label = self._scene_shot
            settled = waited >= SHOT_DELAY_FRAMES and not self.scenes.is_animating()
            if settled or final or waited >= SHOT_MAX_FRAMES:
                self._scene_shot = None
                self.screenshot(label)
            else:
                self._scene_shot = (waited + 1, label)
        for label, path in self._shot_queue:
            try:
                pygame.image.save(self.screen, str(path))
            except (pygame.error, OSError) as error:
                log.warning("screenshot %s not saved: %s", label, error)
        self._shot_queue.clear()

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
        self.audio.close()
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
        """A plain screen (no pygame_gui: it may be what broke) until a key or click."""
        screen = pygame.display.get_surface()
        if screen is None:
            return
        title_font, body_font = self.assets.font(34, bold=True), self.assets.font(20)
        lines = [tr("tacocat.crash.body"), tr("tacocat.crash.saved"),
                 tr("tacocat.crash.where", path=str(crash_log or "-")), "", tr("tacocat.crash.close")]
        screen.fill((23, 50, 58))
        panel = pygame.Rect(0, 0, 900, 300)
        panel.center = screen.get_rect().center
        pygame.draw.rect(screen, (244, 231, 197), panel, border_radius=22)
        pygame.draw.rect(screen, (43, 33, 24), panel, width=3, border_radius=22)
        y = panel.top + 36
        title = title_font.render(tr("tacocat.crash.title"), True, (217, 72, 59))
        screen.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += title.get_height() + 24
        for line in lines:
            text = body_font.render(line, True, (43, 33, 24))
            if text.get_width() > panel.width - 60:
                text = pygame.transform.smoothscale_by(text, (panel.width - 60) / text.get_width())
            screen.blit(text, text.get_rect(midtop=(panel.centerx, y)))
            y += body_font.get_linesize() + 4
        pygame.display.flip()
        if self.options.frames is not None:
            return  # unattended run: do not wait for a player
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            event = pygame.event.wait(500)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return


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
    """Start the desktop game; returns the exit code (0 ok, 1 error, 2 no display)."""
    global _hook_installed
    try:
        check_pygame_ce()
    except RuntimeError as error:
        print(f"tacocat: {error}", file=sys.stderr)
        return 1
    try:
        directory = data_dir(options.data_dir)
    except PersistenceError as error:
        print(f"tacocat: {error}", file=sys.stderr)
        return 1
    setup_logging(directory, options.log_level)
    if not _hook_installed:
        install_excepthook(directory)
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
    return app.run()
