"""Game review in the app: run it off the frame loop, keep it with the game, show it.

:class:`ReviewScene` is an overlay (over the History or the replay viewer).
If the game's file already holds a review of the seat (:data:`REVIEW_KEY`,
plain JSON data next to the record), it is shown at once; otherwise the review
runs in an AI worker process of its own (:meth:`AIWorker.review`) with a
progress bar and Cancel, and a kept game stores the result
(:meth:`HistoryStore.attach`) so it is computed once. The summary shows the
accuracy, the counts of mistakes and blunders and the three costliest moments,
each with a button that opens the replay viewer at that move, where
:func:`review_notes` marks every mistake and blunder with the better move.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tacocat.ai.reasons import Reason, explain
from tacocat.ai.review import Moment, Review
from tacocat.ai.worker import AIWorker
from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.gamefile import GameFile, GameFileError, GameInfo
from tacocat.rules import GameState
from tacocat.ui.replay.timeline import Note, NoteTone
from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.text import text_scale
from tacocat.ui.text.i18n import decimal, number, percent, tr
from tacocat.ui.text.reason_words import move_text, note_with_reason
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.style import palette
from tacocat.ui.widgets.text_box import draw_lines, line_step

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)

#: The game file's key that holds its review (see :meth:`Review.to_dict`).
REVIEW_KEY = "review"
BAR_HEIGHT = 22


def review_seat(info: GameInfo) -> int:
    """The seat a review rates: the human's against the computer, else the first."""
    return info.seating.home


def stored_review(extra: Mapping[str, Any], seat: int) -> Review | None:
    """The review kept in a game file for ``seat``, or None (none, another seat, damaged)."""
    data = extra.get(REVIEW_KEY)
    if data is None:
        return None
    try:
        review = Review.from_dict(data)
    except ValueError as error:
        log.warning("a kept game review is unusable and is made again: %s", error)
        return None
    return review if review.seat == seat else None


def _params(moment: Moment) -> dict[str, Any]:
    return {
        "played": move_text(moment.played),
        "best": move_text(moment.best),
        "played_pct": percent(moment.played_chance),
        "best_pct": percent(moment.best_chance),
        "cost": number(round(moment.cost)),
        "round": moment.round_number,
        "n": moment.step + 1,
    }


def summary_texts(review: Review) -> tuple[str, str]:
    """The summary's accuracy and counts lines, each number the locale's way ("51,3%")."""
    accuracy = tr("tacocat.review.accuracy", pct=percent(review.accuracy / 100, decimals=1))
    counts = tr(
        "tacocat.review.counts",
        decisions=number(len(review.moments)),
        mistakes=number(review.count("mistake")),
        blunders=number(review.count("blunder")),
        cost=decimal(review.mean_cost),
    )
    return accuracy, counts


def review_notes(review: Review, states: Sequence[GameState] = ()) -> dict[int, Note]:
    """The replay viewer's notes: each mistake and blunder at the decision (the replay's
    step ``i`` is the position before action ``i``), with the better move's cards lit
    up there, and again on the position after the move played, so stepping between the
    two keeps the explanation on screen.

    ``states`` (the timeline's, ``states[i]`` before action ``i``) give each note the
    reason the better move was better, read from the seat's observation at the decision
    (:func:`tacocat.ai.reasons.explain`); without them the note gives the odds alone."""
    notes: dict[int, Note] = {}
    marked = [(m, m.mark) for m in review.moments if m.mark is not None]
    for m, mark in marked:
        text = note_with_reason(
            tr(f"tacocat.review.note_{mark}", **_params(m)), moment_reasons(m, review.seat, states)
        )
        tone: NoteTone = "blunder" if mark == "blunder" else "mistake"
        notes[m.step] = Note(text, tone, decision=True, seat=review.seat, best=_cards_of(m.best))
    for m, _ in marked:
        notes.setdefault(
            m.step + 1, dataclasses.replace(notes[m.step], decision=False, seat=None, best=())
        )
    return notes


def moment_reasons(moment: Moment, seat: int, states: Sequence[GameState]) -> tuple[Reason, ...]:
    """Why the better move beat the one played, from ``seat``'s view at the decision."""
    if not 0 <= moment.step < len(states):
        return ()
    return explain(states[moment.step].observation(seat), moment.best, moment.played)


def _cards_of(action: Any) -> tuple[int, ...]:
    return tuple(action.values)


class ReviewScene(DrawnOverlay):
    """A game's review: progress while it is made, then its summary.

    :param game: the checked game file (record, info, kept review).
    :param game_id: the History's id of the game (its review is kept there), else None.
    :param on_close: where the replay viewer's Close goes when a moment is opened.
    """

    name = "review"
    panel_size = (900, 560)

    def __init__(
        self,
        app: App,
        game: GameFile,
        game_id: str | None = None,
        on_close: Callable[[], object] | None = None,
    ) -> None:
        # Larger text: room below, and wider rows for the costliest moments (up to 1170 × 700).
        self.panel_size = (text_scale.grow(900, 0.6), text_scale.grow(560, 0.5))
        super().__init__(app)
        assert game.info is not None  # a checked game file is always described
        self.game, self.info, self.game_id, self.on_close = game, game.info, game_id, on_close
        self.seat = review_seat(game.info)
        self.review = stored_review(game.extra, self.seat)
        self.progress = (0, 0)
        self.worker: AIWorker | None = None
        self.future: Any = None

    def enter(self) -> None:
        if self.review is None:
            self.worker = AIWorker()
            self.future = self.worker.review(self.game.record, self.seat, progress=self._report)
        self._build_buttons()

    def _report(self, done: int, total: int) -> None:
        self.progress = (done, total)

    # --- the review's course -------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.worker is None or self.future is None:
            return
        self.worker.poll()
        if self.future.done():
            self._finished()

    def _finished(self) -> None:
        future, self.future = self.future, None
        self._stop_worker()
        try:
            data = future.result()
        except Exception as error:  # the worker failed: say so, keep the viewer
            log.warning("game review failed: %s", error)
            self.app.scenes.pop(self)
            # The worker's exception is for the log: the player gets the sentence alone.
            self.app.show_message(
                tr("tacocat.review.failed_title"), tr("tacocat.review.failed_body")
            )
            return
        if data is None:  # cancelled
            self.app.scenes.pop(self)
            return
        self.review = Review.from_dict(data)
        self.game = dataclasses.replace(self.game, extra={**self.game.extra, REVIEW_KEY: data})
        self._keep(data)
        self._build_buttons()

    def _keep(self, data: dict[str, Any]) -> None:
        """Store the review next to the kept game's record (computed once)."""
        if self.game_id is None:
            return
        try:
            self.app.history.attach(self.game_id, REVIEW_KEY, data)
        except (GameFileError, PersistenceError, ValueError) as error:
            log.warning("the review of %s could not be kept: %s", self.game_id, error)

    def _stop_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def cancel(self) -> None:
        """Stop the review (it ends between two decisions) and leave."""
        if self.worker is not None and self.future is not None:
            self.worker.cancel(self.future)
        self._stop_worker()
        self.future = None
        self.app.scenes.pop(self)

    # --- buttons -------------------------------------------------------------------------

    def _build_buttons(self) -> None:
        self.buttons = []
        rect = self.panel_rect
        if self.review is None:
            self.buttons.append(
                Button(
                    "cancel",
                    pygame.Rect(rect.centerx - 100, rect.bottom - 80, 200, 50),
                    tr("tacocat.review.cancel"),
                )
            )
            return
        for i, moment in enumerate(self.review.costliest()):
            self.buttons.append(
                Button(
                    f"jump_{moment.step}",
                    pygame.Rect(rect.right - 230, rect.y + 282 + i * 60, 190, 40),
                    tr("tacocat.review.jump", n=moment.step + 1),
                    style="quiet",
                    font_size=16,
                )
            )
        for i, key in enumerate(("watch", "back")):
            self.buttons.append(
                Button(
                    key,
                    pygame.Rect(rect.centerx - 250 + i * 270, rect.bottom - 76, 230, 50),
                    tr(f"tacocat.review.{key}"),
                    style="primary" if key == "watch" else "secondary",
                )
            )

    def on_button(self, button: Button) -> None:
        if button.key == "cancel":
            self.cancel()
        elif button.key == "back":
            self.app.scenes.pop(self)
        elif button.key == "watch":
            self.watch(0)
        elif button.key.startswith("jump_"):
            self.watch(int(button.key[5:]))  # at the decision, where its note stands

    def on_cancel(self) -> None:
        self.cancel() if self.review is None else self.app.scenes.pop(self)

    def watch(self, start: int) -> None:
        """Open the replay viewer with this review's marks, at step ``start``."""
        self.app.open_replay(self.game, on_close=self.on_close, game_id=self.game_id, start=start)

    # --- drawing -------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        p = palette()
        y = self.heading(surface, tr("tacocat.review.heading"), self.panel_rect.y + 24)
        y = self.line(
            surface,
            tr("tacocat.review.seat", name=self.info.names[self.seat]),
            y + 8,
            size=17,
            colour=p.box_edge,
        )
        if self.review is None:
            self._draw_progress(surface, y + 60)
        else:
            self._draw_summary(surface, self.review, y + 18)

    def _draw_progress(self, surface: pygame.Surface, y: int) -> None:
        p = palette()
        done, total = self.progress
        text = (
            tr("tacocat.review.running", done=done, total=total)
            if total
            else tr("tacocat.review.starting")
        )
        y = self.line(surface, text, y, size=20)
        bar = pygame.Rect(self.panel_rect.x + 80, y + 20, self.panel_rect.width - 160, BAR_HEIGHT)
        pygame.draw.rect(surface, p.box_rim, bar, border_radius=BAR_HEIGHT // 2)
        if total:
            filled = bar.copy()
            filled.width = max(BAR_HEIGHT, bar.width * done // total)
            pygame.draw.rect(surface, p.cheese, filled, border_radius=BAR_HEIGHT // 2)
        pygame.draw.rect(surface, p.box_edge, bar, width=2, border_radius=BAR_HEIGHT // 2)

    def _draw_summary(self, surface: pygame.Surface, review: Review, y: int) -> None:
        p = palette()
        accuracy, counts = summary_texts(review)
        y = self.line(surface, accuracy, y, size=30, bold=True)
        y = self.line(surface, tr("tacocat.review.accuracy_note"), y, size=16, colour=p.box_edge)
        y = self.line(surface, counts, y + 8, size=18)
        y = self.line(surface, tr("tacocat.review.costliest"), y + 14, size=20, bold=True)
        costly = review.costliest()
        if not costly:
            self.line(surface, tr("tacocat.review.none_costly"), y + 10, size=18)
        left, width = self.panel_rect.x + 40, self.panel_rect.width - 300
        first = max(self.panel_rect.y + 282, y + 4)  # below the heading, however tall its script
        # Rows of 60 px, or (larger text, a tall script) what is left above Watch and Back.
        foot = (
            min(
                (b.rect.top for b in self.buttons if b.key in ("watch", "back")),
                default=self.app.size[1],
            )
            - 6
        )
        row = max(40, min(60, (foot - first) // max(1, len(costly))))
        for i, button in enumerate(b for b in self.buttons if b.key.startswith("jump_")):
            button.rect.top = first + i * row  # beside its moment
        for i, moment in enumerate(costly):
            colour = p.seat(1) if moment.mark == "blunder" else p.ink
            # Up to three lines in its row; smaller when it needs more.
            box = pygame.Rect(left, first + i * row, width, row)
            font = self.text.font(16)
            draw_lines(
                surface,
                self.text,
                tr("tacocat.review.moment", **_params(moment)),
                16,
                colour,
                box,
                gap=line_step(font, 19) - font.get_linesize(),
            )
