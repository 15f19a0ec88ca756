"""The guided first game: the real table with a coach.

:class:`TutorialScene` is the :class:`~tacocat.ui.table.scene.TableScene` with a
:class:`~.session.TutorialSession` behind it and a :class:`~.coach.CoachMark`
over it whenever the player is to move. The step reached is saved after every
move (and when the table is left: Esc, menu, Quit to title), so
``--tutorial`` or the title's button continues there; finishing it starts the
next one from the beginning and is not counted in the statistics.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from tacocat.persistence.tutorial import TutorialProgress, load_progress, save_progress
from tacocat.rules import GameState
from tacocat.seating import GameKind
from tacocat.tutorial import Tutorial
from tacocat.ui.stage.game_config import GameConfig
from tacocat.ui.table.scene import TableScene
from tacocat.ui.table.session import TableSession
from tacocat.ui.text.i18n import tr
from tacocat.ui.tutorial.coach import CoachMark
from tacocat.ui.tutorial.session import TutorialSession, coach_text
from tacocat.ui.tutorial.targets import move_rects, target_rects

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)


def tutorial_config(app: App) -> GameConfig:
    """The guided game's seats: the player first, the coach's computer second."""
    return GameConfig(
        GameKind.VS_AI, "easy", 0, (app.settings.player_names[0], tr("tacocat.names.computer"))
    )


class TutorialScene(TableScene):
    """The guided game. ``TutorialScene(app, step=None)``: None continues where it was left."""

    name = "tutorial"

    def __init__(self, app: App, step: int | None = None, tutorial: Tutorial | None = None) -> None:
        self.tutorial = tutorial or Tutorial()
        progress = load_progress(app.data_dir)
        self._finished_before = progress.finished
        if step is None:
            step = progress.step
        step = max(0, min(step, len(self.tutorial) - 1))
        state = self.tutorial.state_at(step) if step > 0 else None
        super().__init__(app, tutorial_config(app), state)
        self.coach: CoachMark | None = None

    def _make_session(self) -> TableSession:
        app = self.app
        return TutorialSession(
            self.config,
            self.tutorial,
            self._initial_state,
            speed=lambda: app.animation_speed,
            on_step=self._save_step,
            on_finished=self._completed,
        )

    @property
    def tutorial_session(self) -> TutorialSession:
        assert isinstance(self.session, TutorialSession)
        return self.session

    def enter(self) -> None:
        super().enter()
        self.coach = CoachMark(self.text)

    def exit(self) -> None:
        session = self.session
        if session is not None and not session.is_over:
            self._save_step(self.tutorial_session.step)
        super().exit()

    # --- progress -------------------------------------------------------------------------

    def _save_step(self, step: int) -> None:
        if step < len(self.tutorial):
            save_progress(self.app.data_dir, TutorialProgress(step, self._finished_before))

    def _completed(self, state: GameState) -> None:
        """The guided game is won: the next one starts afresh (no statistics: it was a lesson)."""
        self._finished_before = True
        save_progress(self.app.data_dir, TutorialProgress(0, True))
        log.info("the guided game is finished (%s rounds)", state.round_number)

    def rematch(self) -> None:
        """The lesson is over: hand the learner to a first real game, on easy (not the
        lesson again - How to play still offers it)."""
        names = (self.config.names[0], tr("tacocat.names.computer"))
        self.app.start_game(GameConfig(GameKind.VS_AI, "easy", 0, names))

    def rematch_label(self) -> str:
        return tr("tacocat.trust.tutorial.first_game")

    # --- the coach ------------------------------------------------------------------------

    def coach_showing(self) -> bool:
        """True when the coach mark is drawn: the player is to move and nothing covers it."""
        return (
            self.acting_seat() is not None
            and self.app.scenes.top is self
            and self.tutorial_session.step < len(self.tutorial)
        )

    def coach_targets(self) -> list[pygame.Rect]:
        """The rectangles the current step points at, most important first."""
        step = self.tutorial.steps[self.tutorial_session.step]
        rects = [rect for name in step.point_at for rect in target_rects(self, name)]
        if "hand" in step.point_at:
            # The arrow points at the first rectangle: the very cards the words name.
            expect = step.expect
            values = getattr(expect, "cards", None) or (getattr(expect, "card", None),)
            rects = move_rects(self, tuple(v for v in values if v is not None)) + rects
        return rects

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.coach is not None:
            self.coach.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.coach is None or not self.coach_showing():
            return
        step = self.tutorial_session.step
        self.coach.draw(
            surface,
            step,
            len(self.tutorial),
            coach_text(self.tutorial, step),
            self.coach_targets(),
            tuple(self.view.log),
            self.painter.prompt_rect,
        )
