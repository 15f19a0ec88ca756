"""The player's settings and statistics: changed, applied at once, and saved.

:class:`Preferences` is part of :class:`tacocat.ui.shell.app.App`; statistics are
recorded here and nowhere else (the table hands over a finished game's figures).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem
from tacocat.persistence.settings import Settings, save_settings
from tacocat.persistence.stats import Stats
from tacocat.ui.devices.window import frame_scale, resize_window, set_fullscreen
from tacocat.ui.shell.language import switch_language
from tacocat.ui.shell.restyle import switch_text_size
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.problems import not_saved_text, problem_text, problem_title
from tacocat.ui.text.text_scale import readable_percent

if TYPE_CHECKING:
    from argparse import Namespace

    import pygame_gui

    from tacocat.persistence.history import HistoryStore
    from tacocat.rules import GameState
    from tacocat.ui.devices.audio import Audio
    from tacocat.ui.speech.narrator import Narrator
    from tacocat.ui.stage.scene import Scene
    from tacocat.ui.stage.services import App, Saves

log = logging.getLogger(__name__)


class Preferences:
    """Settings and statistics (a part of :class:`~tacocat.ui.shell.app.App`)."""

    options: Namespace
    data_dir: Path
    settings: Settings
    stats: Stats
    audio: Audio
    narrator: Narrator
    ui: pygame_gui.UIManager
    _pending_settings_save: bool
    saves: Saves

    if TYPE_CHECKING:

        def show_message(
            self, title: str, text: str, on_close: Callable[[], object] | None = None
        ) -> Scene: ...

        def defer(self, job: Callable[[], object], owner: Any = None) -> None: ...

    # --- settings ---------------------------------------------------------------------

    def update_settings(self, save: bool = True, **changes: Any) -> Settings:
        """Replace some settings, apply them now, and save (unless ``save=False``,
        for slider drags: call :meth:`save_settings` when the drag ends)."""
        old = self.settings
        self.settings = dataclasses.replace(old, **changes)
        new = self.settings
        if (new.sound_volume, new.music_volume, new.muted) != (
            old.sound_volume,
            old.music_volume,
            old.muted,
        ):
            self.audio.set_levels(new.sound_volume, new.music_volume, new.muted)
        if new.fullscreen != old.fullscreen:
            actual = set_fullscreen(new.fullscreen)
            if actual != new.fullscreen and self.options.screenshots is None:
                log.info("full screen is not available here")
        if new.window_size != old.window_size and not new.fullscreen:
            resize_window(new.window_size)
        if new.language != old.language:
            switch_language(cast("App", self), new.language)
            self.narrator.set_language(new.language)
        if (new.text_size, new.window_size, new.fullscreen) != (
            old.text_size,
            old.window_size,
            old.fullscreen,
        ):
            self.fit_text_to_window()
        if new.narration != old.narration:
            self.narrator.set_enabled(new.narration)
        if save:
            self.save_settings()
        else:
            self._pending_settings_save = True
        return new

    def fit_text_to_window(self) -> None:
        """Draw at the chosen text size, raised while the window shows the frame smaller
        than 1280×720 (:func:`tacocat.ui.text.text_scale.readable_percent`); called when the
        text size or the window changes (the player may drag the window's edge too)."""
        switch_text_size(
            cast("App", self), readable_percent(self.settings.text_size, frame_scale())
        )

    def save_settings(self) -> bool:
        """Write the settings file now; a failure is shown to the player."""
        self._pending_settings_save = False
        try:
            save_settings(self.data_dir, self.settings)
        except PersistenceError as error:
            log.warning("settings not saved: %s", error)
            self.show_message(
                tr("tacocat.message.settings_not_saved_title"),
                not_saved_text("settings_not_saved", error),
            )
            return False
        return True

    # --- statistics -------------------------------------------------------------------

    # --- history ----------------------------------------------------------------------

    @functools.cached_property
    def history(self) -> HistoryStore:
        """The kept games (``history/`` in the data folder), opened when first needed."""
        from tacocat.persistence.history import HistoryStore

        return HistoryStore(self.data_dir)

    def finish_game(
        self,
        app_config: dict[str, Any],
        state: GameState,
        clear_autosave: Callable[[], None] | None,
        winner: int | None = None,
    ) -> str | None:
        """A game ended: keep it in the History, count it, then clear its autosave -
        one transaction (:mod:`tacocat.persistence.ending`): a kill at any moment
        leaves the unfinished game to continue or the finished game, recorded once.

        :param clear_autosave: deletes this game's autosave (None: it has none).
        :param winner: who won a game that ended before its last move (an online game
            resigned or expired); None: the state's winner.
        :returns: the game's History id (the game-over screen's Replay opens it), or None.
        """
        from tacocat.persistence.ending import record_game_end
        from tacocat.persistence.gamefile import GameInfo
        from tacocat.rules.record import GameRecord

        result = record_game_end(
            self.data_dir,
            self.history,
            self.stats,
            GameRecord.from_state(state),
            GameInfo.of(state, app_config, winner=winner),
            clear_autosave,
        )
        self.stats = result.stats
        for problem in result.problems:
            self.show_message(problem_title(problem), problem_text(problem))
        return result.game_id

    def start_up_repairs(self, stats_problem: Problem | None = None) -> list[Problem]:
        """Finish a game end that a kill cut short, rebuild lost statistics from the
        History, and check the tutorial's file (all cheap when there is nothing to
        do); the problems to show, :func:`load_stats`'s (reworded if rebuilt) first.

        Statistics that are merely behind the History are completed later, as idle
        work (:meth:`check_stats_against_history`): that reads the History's index.
        """
        from tacocat.persistence.ending import finish_interrupted_end
        from tacocat.persistence.stats_rebuild import lost_reason, repair_stats
        from tacocat.persistence.tutorial import read_progress

        lost = lost_reason(self.data_dir, stats_problem)  # before the journal writes the file
        self.stats, problems = finish_interrupted_end(
            self.data_dir, self.stats, self.saves.clear_autosave
        )
        if lost is not None:
            self.stats, stats_problem = repair_stats(
                self.data_dir, self.stats, lost, problem=stats_problem, history=self.history
            )
        else:
            self.defer(self.check_stats_against_history)
        tutorial_problem = read_progress(self.data_dir)[1]
        return [problem for problem in (stats_problem, *problems, tutorial_problem) if problem]

    def check_stats_against_history(self) -> None:
        """Idle work after start-up: statistics that count less than the History's
        kept games (a file that could not be written, an entry reset) are completed
        from them and written back, and the player is told."""
        from tacocat.persistence.stats_rebuild import SHORT, repair_stats

        self.stats, problem = repair_stats(self.data_dir, self.stats, SHORT, history=self.history)
        if problem is not None:
            self.show_message(problem_title(problem), problem_text(problem))

    def toggle_fullscreen(self) -> None:
        """F11: switch full screen and remember it."""
        self.update_settings(fullscreen=not self.settings.fullscreen)
