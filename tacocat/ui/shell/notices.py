"""Notices that do not stop play, and the app's reports about its data folder.

* :class:`Notices` - short messages drawn over the top of the window for a few
  seconds ("Your game could not be saved: the disk is full."); play goes on
  underneath and they take no input.
* :class:`ReportingSaves` - wraps the save store so that a failed autosave
  reaches the player as a notice (once per run of failures, and again when
  saving works again). The game session retries after every move anyway.

A failed write is worded by :func:`tacocat.ui.text.problems.io_reason`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.problems import Problem
from tacocat.persistence.text import printable
from tacocat.ui.stage.services import App
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.problems import io_reason
from tacocat.ui.widgets.style import TextCache, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_lines, fit_lines

if TYPE_CHECKING:
    from pathlib import Path

    from tacocat.persistence.saves import LoadResult
    from tacocat.rules import GameRecord
    from tacocat.ui.stage.services import Saves

log = logging.getLogger(__name__)

#: Seconds a notice stays (real time: it must be readable at any game speed),
#: the last FADE_S of them fading out.
NOTICE_S = 7.0
FADE_S = 0.6
#: Narrow enough to leave the table's top corners (names, round, Menu) visible.
MAX_WIDTH = 640
#: A long notice (a path in it) gets smaller text rather than cover the table.
MAX_HEIGHT = 200
PADDING = 14
FONT_SIZE = 20
TOP = 10
#: Palette names: a cream panel with a salsa border and ink text.
FILL, BORDER, INK = "box_floor", "salsa", "ink"


@dataclass
class _Notice:
    text: str
    left: float = NOTICE_S
    #: The drawn panel, made on first draw and kept (a notice lasts many frames).
    panel: pygame.Surface | None = None


class Notices:
    """Non-blocking notices, one shown at a time (newest last in the queue).

    :param fonts: ``fonts(size, bold)`` gives the font to draw with (the language's own).
    """

    def __init__(self, fonts: Callable[[int, bool], pygame.font.Font]) -> None:
        self._text = TextCache(fonts)
        self._queue: list[_Notice] = []

    def post(self, text: str) -> None:
        """Show ``text`` for a few seconds (after the notices already waiting)."""
        log.info("notice: %s", text)
        if not any(notice.text == text for notice in self._queue):
            self._queue.append(_Notice(printable(text)))

    @property
    def active(self) -> bool:
        """True while a notice is on screen (the app keeps drawing frames)."""
        return bool(self._queue)

    @property
    def texts(self) -> list[str]:
        """The notices shown or waiting, oldest first."""
        return [notice.text for notice in self._queue]

    def update(self, dt: float) -> None:
        if self._queue:
            self._queue[0].left -= dt
            if self._queue[0].left <= 0:
                self._queue.pop(0)

    def draw(self, surface: pygame.Surface) -> None:
        if not self._queue:
            return
        notice = self._queue[0]
        if notice.panel is None:
            notice.panel = self._panel(notice.text)
        notice.panel.set_alpha(int(255 * min(1.0, notice.left / FADE_S)))
        surface.blit(notice.panel, notice.panel.get_rect(midtop=(surface.get_width() // 2, TOP)))

    def _panel(self, text: str) -> pygame.Surface:
        room = pygame.Rect(PADDING, PADDING, MAX_WIDTH - 2 * PADDING, MAX_HEIGHT - 2 * PADDING)
        lines, size, _ = fit_lines(self._text, text, FONT_SIZE, room)
        font = self._text.font(size)
        room.size = (max(font.size(line)[0] for line in lines), len(lines) * font.get_linesize())
        colours = palette()
        panel = rounded_panel(
            room.inflate(2 * PADDING, 2 * PADDING).size,
            colours[FILL],
            colours[BORDER],
            radius=12,
            border_width=3,
        )
        draw_lines(panel, self._text, text, FONT_SIZE, colours[INK], room)
        return panel


class ReportingSaves:
    """The save store, with failed writes reported to the player.

    Everything but :meth:`write_autosave` and :meth:`clear_autosave` passes
    straight to ``store``. The game session tries again after the next move.

    :param report: shows a notice (the app's :meth:`Notices.post`).
    """

    def __init__(self, store: Saves, report: Callable[[str], None]) -> None:
        self.store = store
        self._report = report
        self._failing = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def has_autosave(self) -> bool:
        return self.store.has_autosave()

    def load_autosave(self) -> LoadResult:
        return self.store.load_autosave()

    def write_autosave(self, app_config: dict[str, Any], record: GameRecord) -> None:
        """Write through to the store. The first failure of a run of them is
        raised (the session logs it) and shown; the next ones, until a save
        works again, are only logged here at INFO, so that a full disk does not
        print a warning per move."""
        try:
            self.store.write_autosave(app_config, record)
        except PersistenceError as error:
            if self._failing:
                log.info("autosave failed again: %s", error)
                return
            self._failing = True
            self._report(tr("tacocat.notice.save_failed", reason=io_reason(error)))
            raise
        if self._failing:
            self._failing = False
            self._report(tr("tacocat.notice.saved_again"))

    def clear_autosave(self) -> None:
        try:
            self.store.clear_autosave()
        except PersistenceError as error:
            # The store remembers the game is over, so this run never offers it;
            # the player should know the next start might.
            self._report(tr("tacocat.notice.finished_not_cleared", reason=io_reason(error)))
            raise


class NoticeHost(App, Protocol):
    """The app with its notices (:class:`tacocat.ui.shell.app.App`)."""

    notices: Notices


def offer_unsaved_play(app: NoticeHost, folder: Path, problem: Problem | None = None) -> None:
    """Another copy of the game holds the data folder ``folder`` - or, with a
    ``problem``, its lock cannot be used - so this one plays in a scratch
    folder. Ask the player whether to play on without saving or quit; an
    unattended run (``--demo``, ``--frames``) plays on and says so."""
    if problem is not None:
        from tacocat.ui.text.problems import problem_text

        notice = tr("tacocat.problem.playing_unsaved_lock")
        title, body = tr("tacocat.problem.title.lock"), problem_text(problem)
    else:
        notice = tr("tacocat.notice.playing_unsaved")
        title = tr("tacocat.already_open.title")
        body = tr("tacocat.already_open.body", path=printable(folder))
    if getattr(app.options, "demo", False) or getattr(app.options, "frames", None) is not None:
        log.warning(
            "another copy of the game is using %s: playing without saving", printable(folder)
        )
        app.notices.post(notice)
        return
    from tacocat.ui.scenes.choice import ChoiceScene

    app.scenes.push(
        ChoiceScene(
            app,
            title,
            body,
            [
                (tr("tacocat.already_open.play"), lambda: app.notices.post(notice)),
                (tr("tacocat.already_open.quit"), lambda: app.quit(0)),
            ],
        )
    )
