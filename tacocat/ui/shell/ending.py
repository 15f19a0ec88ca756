"""How the app ends: every scene exited and the quit hooks run (autosave), whatever
happens, and an unexpected error logged, reported and shown instead of a vanished
window. :class:`Ending` is a part of :class:`~tacocat.ui.shell.app.App`."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.persistence.logs import write_crash_log
from tacocat.ui.shell.crash import show_crash_screen

if TYPE_CHECKING:
    from tacocat.ui.devices.assets import Assets
    from tacocat.ui.devices.audio import Audio
    from tacocat.ui.input.gamepad import Gamepads
    from tacocat.ui.speech.narrator import Narrator
    from tacocat.ui.stage.scene import SceneManager

log = logging.getLogger(__name__)


class Ending:
    """Quit hooks, a clean shutdown and the crash path (a part of the App)."""

    options: Any
    data_dir: Path
    scenes: SceneManager
    assets: Assets
    audio: Audio
    narrator: Narrator
    gamepads: Gamepads
    quit_hooks: list[Callable[[], None]]
    _closed: bool
    _pending_settings_save: bool

    if TYPE_CHECKING:  # the App's other parts

        def save_settings(self) -> bool: ...

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
