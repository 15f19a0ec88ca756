"""The frame loop: one :meth:`FrameLoop.step` per frame, paced to 60 a second or idle.

Events go to the focus and pygame_gui first, then to the top scene unless pygame_gui
consumed them; the top scene updates; the UI updates; scenes draw, then the UI; the
frame is shown. When nothing animates and no input arrived for a moment, the loop
blocks in ``pygame.event.wait`` between frames (about 12 a second) instead of spinning
at 60, so an idle table costs almost no CPU, and does one piece of deferred work
(:mod:`tacocat.ui.shell.idle_work`) in such a pause. :class:`FrameLoop` is a part of
:class:`~tacocat.ui.shell.app.App`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.shell.inputs import INPUT_EVENTS
from tacocat.ui.stage.scene import UIScene
from tacocat.ui.widgets.style import palette

if TYPE_CHECKING:
    from tacocat.ui.focus import FocusManager
    from tacocat.ui.input.actionmap import ActionMap
    from tacocat.ui.input.gamepad import Gamepads
    from tacocat.ui.shell.idle_work import IdleWork
    from tacocat.ui.shell.notices import Notices
    from tacocat.ui.shell.screenshots import Screenshots
    from tacocat.ui.stage.scene import SceneLike, SceneManager

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
#: Posted by :meth:`FrameLoop.wake` (thread-safe) to end an idle wait at once.
WAKE_EVENT = pygame.event.custom_type()
#: Set (by bench/startup.py) to have the first shown frame reported on stderr.
BENCH_FIRST_FRAME_ENV = "TACOCAT_BENCH_FIRST_FRAME"


class FrameLoop:
    """Pacing, one frame's work and the events' way to the scenes (a part of the App)."""

    options: Any
    screen: pygame.Surface
    ui: pygame_gui.UIManager
    clock: pygame.time.Clock
    scenes: SceneManager
    focus: FocusManager
    gamepads: Gamepads
    notices: Notices
    shots: Screenshots
    quit_hooks: list[Callable[[], None]]
    running: bool
    exit_code: int
    frame: int
    _busy_until: float
    _quiet: bool
    _last_draw: float
    _carried: list[pygame.event.Event]
    _first_frame_shown: bool
    _deferred: IdleWork

    if TYPE_CHECKING:  # the App's other parts

        def input_events(
            self, events: list[pygame.event.Event], dt: float
        ) -> Iterable[pygame.event.Event]: ...
        def focus_takes(self, event: pygame.event.Event) -> bool: ...
        def fit_text_to_window(self) -> None: ...
        def toggle_fullscreen(self) -> None: ...
        @property
        def keys(self) -> ActionMap: ...
        def _run_deferred(self) -> None: ...
        def _shutdown(self) -> None: ...
        def _crash(self, error: Exception) -> int: ...

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
            or self.shots.pending
            or self.scenes.is_animating()
            or self.notices.active
            or self.gamepads.holding
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
        if self.keys.action(event, Scope.EVERYWHERE) is Action.FULL_SCREEN:
            self.toggle_fullscreen()
            return
        if self.ui.process_events(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            top = self.scenes.top
            if isinstance(top, UIScene) and top.clicks(event.ui_element):
                top.click()
        self.scenes.handle_event(event)

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


def _report_first_frame() -> None:
    """With ``TACOCAT_BENCH_FIRST_FRAME`` set, print when the first frame was shown:
    ``TACOCAT-BENCH-FIRST-FRAME <time.time()> <time.process_time()>`` - wall-clock
    time (comparable across processes; bench/startup.py) and the CPU time the
    process has used so far (bench/first_frame.py: robust on a busy machine)."""
    if os.environ.get(BENCH_FIRST_FRAME_ENV) and sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(
                f"TACOCAT-BENCH-FIRST-FRAME {time.time()!r} {time.process_time()!r}",
                file=sys.stderr,
                flush=True,
            )
