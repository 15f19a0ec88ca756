"""The History screen: every kept game (date, players and level, score, rounds, rules),
to watch again in the replay viewer, export to a file, or to open a game file.

A drawn screen (like the table), so the replay viewer and the file list can
follow it without pygame_gui widgets showing through. It reads the History's
index only (:meth:`HistoryStore.entries`); a game's file is read when it is
opened or exported. Files dropped on the window open in the replay viewer.
"""

from __future__ import annotations

import logging
import weakref
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from tacocat.persistence.errors import PersistenceError
from tacocat.persistence.gamefile import GameFile, GameFileError, GameInfo
from tacocat.persistence.history import MAX_GAMES, HistoryEntry
from tacocat.rules.variants import VARIANTS
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.input.prompts import key_label, prompt
from tacocat.ui.scenes.overlay import DrawnOverlay
from tacocat.ui.text import text_scale
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.problems import io_reason
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.scroll_list import Column, ScrollList
from tacocat.ui.widgets.style import palette
from tacocat.ui.widgets.text_box import draw_text

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

log = logging.getLogger(__name__)

PANEL_SIZE = (1180, 672)
LIST_TOP = 132
ROW_H = 38
VISIBLE_ROWS = 11
#: (key, left, width, align) of the list's columns, inside the panel's margins.
COLUMNS = (
    ("date", 0, 190, "left"),
    ("opponent", 190, 330, "left"),
    ("level", 520, 120, "left"),
    ("score", 640, 190, "left"),
    ("rounds", 830, 140, "left"),
    ("rules", 970, 140, "left"),
)
BUTTONS = (
    ("replay", "primary"),
    ("review", "secondary"),
    ("export", "secondary"),
    ("open_file", "secondary"),
    ("back", "secondary"),
)


def when_text(info: GameInfo) -> str:
    """The finish time in the player's local time, ``2026-12-01 04:05``."""
    try:
        return datetime.fromisoformat(info.finished_at).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return info.finished_at[:16]


def row_cells(info: GameInfo) -> tuple[str, ...]:
    """One game's cells: date, players, level, score, rounds, rules."""
    first, second = info.names
    seating = info.seating
    if seating.person is not None:  # one person played here: their side, their result
        human = seating.person
        players = tr(f"tacocat.history.mode_{info.mode}", name=info.names[1 - human])
        score = tr("tacocat.history.score", first=info.wins[human], second=info.wins[1 - human])
        if info.winner is not None:
            score += " · " + tr(
                "tacocat.history.won" if info.winner == human else "tacocat.history.lost"
            )
    else:
        players = tr(f"tacocat.history.mode_{info.mode}", first=first, second=second)
        score = tr("tacocat.history.score", first=info.wins[0], second=info.wins[1])
    level = (
        tr(f"tacocat.stats.level_{info.level}")
        if info.level and seating.plays_computer
        else tr("tacocat.history.level_hotseat")
        if seating.shares_screen
        else tr("tacocat.history.level_online")
        if seating.online
        else "–"
    )
    rounds = (
        tr("tacocat.history.rounds", n=info.rounds, tied=info.tied_rounds)
        if info.tied_rounds
        else str(info.rounds)
    )
    rules = rules_text(info.variants)
    if info.undos:  # a game won with moves taken back says so
        rules += " · " + tr("tacocat.trust.history.undos", count=info.undos)
    return (when_text(info), players, level, score, rounds, rules)


def rules_text(variants: tuple[str, ...]) -> str:
    """``Standard``, or the variants that were on."""
    if not variants:
        return tr("tacocat.history.rules_standard")
    known = {v.name: v for v in VARIANTS}
    return ", ".join(tr(known[name].history_key) if name in known else name for name in variants)


class HistoryScene(DrawnOverlay):
    """The kept games, newest first. ``select``: the id of the game to select."""

    name = "history"
    opaque = True
    covers_window = True
    panel_size = PANEL_SIZE
    appear = 0.0

    def __init__(self, app: App, select: str | None = None) -> None:
        super().__init__(app)
        self._select = select
        self.entries: list[HistoryEntry] = []
        left = self.panel_rect.x + 30
        # Larger text: the heading and the summary take more room above the list.
        needed = (
            22
            + self.text.font(34, True).get_linesize()
            + 4
            + self.text.font(17).get_linesize()
            + 2
            + 30
        )
        top = max(text_scale.grow(LIST_TOP, 0.5), needed)
        rows = VISIBLE_ROWS - (top - LIST_TOP + ROW_H - 1) // ROW_H
        self.list = ScrollList(
            pygame.Rect(left, self.panel_rect.y + top, self.panel_rect.width - 60, rows * ROW_H),
            [
                Column(tr(f"tacocat.history.column_{key}"), x, w, align)
                for key, x, w, align in COLUMNS
            ],
            ROW_H,
        )
        self.background = app.assets.image("ui/background", app.size, placeholder_size=app.size)

    def enter(self) -> None:
        self._build_buttons()
        self.refresh(self._select)
        if self.app.history.problem is not None:
            self._tell(self.app.history.problem)

    def _tell(self, problem: tuple[str, int]) -> None:
        code, count = problem
        self.app.show_message(
            tr("tacocat.history.problem_title"),
            tr("tacocat.problem.history_beyond_limit", count=count, limit=self.app.history.limit)
            if code == "beyond_limit"
            else tr(f"tacocat.history.{code}"),
        )

    def _build_buttons(self) -> None:
        width, gap = 200, 16
        x = self.panel_rect.centerx - (len(BUTTONS) * width + (len(BUTTONS) - 1) * gap) // 2
        y = self.panel_rect.bottom - 70
        for key, style in BUTTONS:
            self.buttons.append(
                Button(key, pygame.Rect(x, y, width, 50), tr(f"tacocat.history.{key}"), style=style)
            )
            x += width + gap

    def refresh(self, select: str | None = None, more: bool = False) -> None:
        """Read the list again (after a game was refused) and select ``select``;
        ``more``: only add the next game files of a lost index (idle work)."""
        history = self.app.history
        self.entries = history.adopt_more() if more else history.entries()
        if more and not history.pending and history.problem is not None:
            self._tell(history.problem)  # games beyond the limit, found while rebuilding
        if history.pending:
            # The index was lost: the rest of the games are read while the app is idle,
            # a few at a time (the job holds the scene weakly: a closed screen stops it).
            scene = weakref.ref(self)
            self.app.defer(lambda: _adopt_more(scene()), owner=self)
        ids = [entry.id for entry in self.entries]
        index = ids.index(select) if select in ids else 0
        self.list.set_rows([row_cells(entry.info) for entry in self.entries], index)
        has_games = bool(self.entries)
        for button in self.buttons:
            if button.key in ("replay", "review", "export"):
                button.enabled = has_games

    @property
    def chosen(self) -> HistoryEntry | None:
        """The selected game, or None when the list is empty."""
        return self.entries[self.list.selected] if self.entries else None

    # --- actions ------------------------------------------------------------------------

    def _open_chosen(self) -> tuple[HistoryEntry, GameFile] | None:
        """The selected game, opened; None (and the player told why) when it cannot be."""
        entry = self.chosen
        if entry is None:
            return None
        try:
            game, _ = self.app.history.open(entry.id)
        except GameFileError as error:
            self.refresh()
            self.app.refuse_game_file(f"{entry.id}.json", error, kept=True)
            return None
        return entry, game

    def replay(self) -> None:
        opened = self._open_chosen()
        if opened is not None:
            entry, game = opened
            self.app.open_replay(
                game, on_close=lambda: self.app.open("history", select=entry.id), game_id=entry.id
            )

    def review(self) -> None:
        """The selected game's review (made once, then kept with the game)."""
        opened = self._open_chosen()
        if opened is not None:
            entry, game = opened
            self.app.open_review(
                game, entry.id, on_close=lambda: self.app.open("history", select=entry.id)
            )

    def export(self) -> None:
        entry = self.chosen
        if entry is None:
            return
        try:
            path = self.app.history.export(entry.id)
        except GameFileError as error:
            self.refresh()
            self.app.refuse_game_file(f"{entry.id}.json", error, kept=True)
            return
        except PersistenceError as error:
            self.app.show_message(
                tr("tacocat.history.export_failed_title"),
                tr("tacocat.history.export_failed_body", reason=io_reason(error)),
            )
            return
        self.app.show_message(
            tr("tacocat.history.exported_title"),
            tr("tacocat.history.exported_body", file=path.name, folder=str(path.parent)),
        )

    def open_file(self) -> None:
        from tacocat.ui.scenes.game_files import GameFilesScene

        self.app.scenes.push(GameFilesScene(self.app, self.open_path))

    def open_path(self, path: Path) -> None:
        """Open a game file in the replay viewer; Close comes back here."""
        self.app.open_game_file(path, on_close=lambda: self.app.open("history"))

    def back(self) -> None:
        self.app.open("title")

    # --- input --------------------------------------------------------------------------

    def on_button(self, button: Button) -> None:
        getattr(self, button.key)()

    def on_cancel(self) -> None:
        self.back()

    def _keys_line(self) -> str:
        """The footer: the controller's buttons, or the keys (the History's as chosen)."""
        keys = self.app.keys
        if self.app.input.controller:
            words = (("move", Action.UP), ("select", Action.SELECT), ("back", Action.BACK))
            return tr(
                "tacocat.focus.history_keys",
                **{
                    word: prompt(action, keys, self.app.input, Scope.MENUS)
                    for word, action in words
                },
            )
        return tr(
            "tacocat.history.keys",
            export=key_label(keys.key_for(Action.EXPORT, Scope.HISTORY)),
            open=key_label(keys.key_for(Action.OPEN_FILE, Scope.HISTORY)),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.open_path(Path(event.file))
            return
        if self.list.handle(event) == "activate":  # the list takes only mouse events
            self.replay()
            return
        super().handle_event(event)

    def on_key(self, event: pygame.event.Event) -> None:
        do = self.action(event, Scope.HISTORY, Scope.MENUS)
        if do in (Action.CONFIRM, Action.SELECT) and self.keyboard:
            super().on_key(event)  # press the button the keyboard focus is on
            return
        answer = self.list.move(do)
        if answer == "activate":
            self.replay()
        elif answer == "select":
            self.keyboard = False
        elif do is Action.EXPORT:
            self.export()
        elif do is Action.OPEN_FILE:
            self.open_file()
        else:
            super().on_key(event)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        p = palette()
        y = self.heading(surface, tr("tacocat.history.heading"), self.panel_rect.y + 22)
        if self.entries:  # one line, between the heading and the list's column headings
            room = pygame.Rect(
                self.panel_rect.x + 40,
                y + 4,
                self.panel_rect.width - 80,
                self.list.rect.top - 30 - (y + 4),
            )  # headings: 28 px
            draw_text(
                surface,
                self.text,
                tr("tacocat.trust.history.summary", count=len(self.entries), limit=MAX_GAMES),
                17,
                p.box_edge,
                room,
                anchor="midtop",
            )
            self.list.draw(surface, self.text)
        else:
            self.line(surface, tr("tacocat.history.empty"), self.panel_rect.y + 260, size=21)
        keys = self._keys_line()
        # Ends above the buttons (a long line wraps upward), shrunk rather than hidden by them.
        foot = min((b.rect.top for b in self.buttons), default=self.panel_rect.bottom - 70) - 4
        lines = len(self.text.wrap(keys, 16, self.panel_rect.width - 80))
        top = foot - lines * (self.text.font(16).get_linesize() + 2)
        self.line(
            surface,
            keys,
            max(min(top, self.panel_rect.bottom - 104), self.list.rect.bottom),
            size=16,
            colour=p.box_edge,
            bottom=foot,
        )


def _adopt_more(scene: HistoryScene | None) -> None:
    """Idle work: read the next game files of a lost index, keeping the selection."""
    if scene is not None:
        chosen = scene.chosen
        scene.refresh(chosen.id if chosen is not None else None, more=True)
