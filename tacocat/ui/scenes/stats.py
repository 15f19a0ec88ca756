"""Statistics: games and rounds won against each computer level, streaks, hot-seat players.

An overlay, like Settings and How to play, so it opens the same way from the
title and from the in-game menu. It only reads ``app.stats`` (kept up to date
by :meth:`tacocat.ui.shell.app.App.finish_game`); nothing here writes a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.persistence.fields import AI_LEVELS
from tacocat.persistence.stats import Stats, Tally
from tacocat.seating import GameKind
from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text import text_scale
from tacocat.ui.text.i18n import number, percent, tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_SIZE = (960, 680)
#: Hot-seat players listed (most games first); the rest are counted in one line.
HOTSEAT_ROWS = 3
ROW_H = 32
LEFT = 40
#: (column, x, width) of the number columns; the first column (level / player) is wider,
#: and the last one holds its heading in one line ("Raunde të fituara – të humbura", sq).
COLUMNS = (
    ("games", 250, 85),
    ("won", 340, 80),
    ("lost", 425, 90),
    ("rate", 520, 165),
    ("rounds", 690, 260),
)
NAME_WIDTH = 205
#: Room kept free in a cell (the label's own padding).
CELL_MARGIN = 12


def fit_text(text: str, font: pygame.font.Font, width: int) -> str:
    """``text``, cut and ended with "…" if it is wider than ``width`` pixels in ``font``."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def win_rate(tally: Tally) -> str:
    """``"57%"`` (as the language writes percentages), or a dash before the first game."""
    if tally.games == 0:
        return tr("tacocat.stats.no_rate")
    return percent(round(tally.wins / tally.games, 2))


def tally_cells(tally: Tally) -> dict[str, str]:
    """The number columns of one row, as text."""
    return {
        "games": number(tally.games),
        "won": number(tally.wins),
        "lost": number(tally.losses),
        "rate": win_rate(tally),
        "rounds": tr(
            "tacocat.stats.rounds", won=number(tally.rounds_won), lost=number(tally.rounds_lost)
        ),
    }


def hotseat_rows(
    stats: Stats, limit: int = HOTSEAT_ROWS, kind: GameKind = GameKind.HOTSEAT
) -> tuple[list[tuple[str, Tally]], int]:
    """The hot-seat players (or online opponents) to list, most games first, then by
    name, and how many are left out."""
    names = stats.online if kind is GameKind.ONLINE else stats.hotseat
    ranked = sorted(names.items(), key=lambda item: (-item[1].games, item[0].casefold()))
    return ranked[:limit], max(0, len(ranked) - limit)


class StatsScene(Overlay):
    """The player's statistics; Done, Esc or Enter closes it.

    ``rows`` maps each table row to its cells' text, for tests and for a
    future export: ``("vs_ai", "easy")``, ``("vs_ai", "all")`` and
    ``("hotseat", name)`` -> ``{"games": "3", "won": "2", ...}``.
    """

    name = "stats"
    focus_order = (("people_button",), ("history_button", "done_button"))
    focus_start = ("done_button",)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: dict[tuple[str, str], dict[str, str]] = {}
        self.lines: dict[str, str] = {}
        self.done_button: pygame_gui.elements.UIButton | None = None
        self.history_button: pygame_gui.elements.UIButton | None = None
        #: Switches the second table between hot-seat players and online opponents
        #: (shown once an online game was counted: one panel holds one of them).
        self.people_button: pygame_gui.elements.UIButton | None = None
        self.people = GameKind.HOTSEAT

    def build(self) -> None:
        stats: Stats = self.app.stats
        self.rows = {}
        panel_w = PANEL_SIZE[0]
        self.panel, self.at = self.scaled_frame(PANEL_SIZE)
        self._label(self.at.rect(0, 10, panel_w, 60), tr("tacocat.stats.heading"), "@heading")
        if stats.games_played:
            summary = tr("tacocat.stats.games_played", count=stats.games_played)
        else:
            summary = tr("tacocat.stats.empty")
        self._line("summary", self.at.rect(LEFT, 68, panel_w - 2 * LEFT, 32), summary, "@ink")
        y = self._build_vs_ai(stats, 106)
        self._build_hotseat(stats, y + ROW_H + 14)
        self._build_footer(stats)

    def _build_vs_ai(self, stats: Stats, y: int) -> int:
        """The table against the computer (a row per level, then all levels) and the
        streaks under it, from ``y``; returns the streaks' y."""
        self._label(self.at.rect(LEFT, y, 500, 34), tr("tacocat.stats.vs_ai"), "@section")
        y += 38
        self._header(y, tr("tacocat.stats.column_level"))
        y += ROW_H - 4
        for level in AI_LEVELS:
            self._row(
                y, (GameKind.VS_AI, level), tr(f"tacocat.stats.level_{level}"), stats.vs_ai[level]
            )
            y += ROW_H
        self._row(
            y,
            (GameKind.VS_AI, "all"),
            tr("tacocat.stats.level_all"),
            stats.vs_ai_total,
            name_class="@section",
        )
        y += ROW_H + 8
        self._line(
            "current_streak",
            self.at.rect(LEFT, y, 400, ROW_H),
            tr("tacocat.stats.current_streak", count=stats.current_streak),
            "@ink_left",
        )
        self._line(
            "best_streak",
            self.at.rect(460, y, 400, ROW_H),
            tr("tacocat.stats.best_streak", count=stats.best_streak),
            "@ink_left",
        )
        return y

    def _build_footer(self, stats: Stats) -> None:
        """The tied rounds (never counted), then History (from the title only) and Done."""
        panel_w, panel_h = PANEL_SIZE
        footer_y = panel_h - 76
        self._line(
            "tied_rounds",
            self.at.rect(LEFT, footer_y - 40, panel_w - 2 * LEFT, 28),
            tr("tacocat.stats.tied_rounds", count=stats.tied_rounds)
            + "  ·  "
            + tr("tacocat.stats.not_counted"),
            "@muted",
        )
        # The History replaces the screens under it: offered only when no game is under them.
        self.history_button = None
        done_x = (panel_w - 200) // 2
        if self._over_title():
            done_x = panel_w // 2 + 10
            self.history_button = pygame_gui.elements.UIButton(
                self.at.rect(panel_w // 2 - 230, footer_y, 220, 54),
                tr("tacocat.stats.history"),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id("#stats_history", "@secondary"),
            )
        self.done_button = pygame_gui.elements.UIButton(
            self.at.rect(done_x, footer_y, 200, 54),
            tr("tacocat.stats.done"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#stats_done"),
        )

    def _over_title(self) -> bool:
        """True when the statistics were opened from the title (no game under them)."""
        stack = self.app.scenes.stack
        return bool(stack) and stack[0].name == "title"

    def _build_hotseat(self, stats: Stats, y: int) -> None:
        """The hot-seat table (a row per player, the most active first), or the online
        one (a row per opponent, from this player's side)."""
        online = self.people is GameKind.ONLINE
        heading = "tacocat.stats.online" if online else "tacocat.stats.hotseat"
        self._label(self.at.rect(LEFT, y, 500, 34), tr(heading), "@section")
        self.people_button = None
        if stats.online:
            other = "tacocat.stats.show_hotseat" if online else "tacocat.stats.show_online"
            self.people_button = pygame_gui.elements.UIButton(
                self.at.rect(540, y - 4, 380, 40),
                tr(other),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id("#stats_people", "@secondary"),
            )
        y += 38
        listed, left_out = hotseat_rows(stats, kind=self.people)
        if listed:
            self._header(
                y, tr("tacocat.stats.column_opponent" if online else "tacocat.stats.column_player")
            )
            y += ROW_H - 4
            for name, tally in listed:
                self._row(y, (self.people, name), name, tally)
                y += ROW_H
            if left_out:
                self._line(
                    "more_players",
                    self.at.rect(LEFT, y, 600, ROW_H - 4),
                    tr("tacocat.stats.more_players", count=left_out),
                    "@muted_left",
                )
        else:
            self._line(
                "no_hotseat",
                self.at.rect(LEFT, y, 600, ROW_H),
                tr("tacocat.stats.no_hotseat"),
                "@muted_left",
            )

    # --- widgets ------------------------------------------------------------------------

    def _label(self, rect: pygame.Rect, text: str, class_id: str) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(
            rect,
            text,
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id=class_id),
        )

    def _line(self, key: str, rect: pygame.Rect, text: str, class_id: str) -> None:
        self.lines[key] = text
        self._label(rect, text, class_id)

    def _header(self, y: int, first: str) -> None:
        self._label(self.at.rect(LEFT, y, NAME_WIDTH, ROW_H - 4), first, "@muted_left")
        for column, x, width in COLUMNS:
            self._label(
                self.at.rect(x, y, width, ROW_H - 4), tr(f"tacocat.stats.column_{column}"), "@muted"
            )

    def _row(
        self, y: int, key: tuple[str, str], name: str, tally: Tally, name_class: str = "@ink_left"
    ) -> None:
        cells = tally_cells(tally)
        self.rows[key] = cells
        # A hot-seat name may be 24 wide letters: cut it to its column.
        font = self.app.assets.font(
            text_scale.px(22 if name_class == "@section" else 20), bold=name_class == "@section"
        )
        shown = fit_text(name, font, self.at.x(NAME_WIDTH) - CELL_MARGIN)
        self._label(self.at.rect(LEFT, y, NAME_WIDTH, ROW_H), shown, name_class)
        for column, x, width in COLUMNS:
            self._label(self.at.rect(x, y, width, ROW_H), cells[column], "@ink")

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            self.action(event) in (Action.BACK, Action.CONFIRM)
            or event.type == pygame_gui.UI_BUTTON_PRESSED
            and event.ui_element is self.done_button
        ):
            self.close()
        elif (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.history_button is not None
            and event.ui_element is self.history_button
        ):
            self.app.open("history")
        elif (
            event.type == pygame_gui.UI_BUTTON_PRESSED
            and self.people_button is not None
            and event.ui_element is self.people_button
        ):
            self.people = GameKind.HOTSEAT if self.people is GameKind.ONLINE else GameKind.ONLINE
            self.relabel()  # the focus stays on this button (it is found by its name)
