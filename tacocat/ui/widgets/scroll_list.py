"""A drawn list with columns, one selected row, scrolling by keys, wheel and scroll bar.

Only the rows in view are rendered, so a list of 500 games costs what ten
rows cost. The owner gives the rows as tuples of text, one per column, and
reacts to :meth:`ScrollList.handle` answering ``"activate"`` (Enter, a double
click) or ``"select"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tacocat.ui.widgets.style import TextCache, mix, palette
from tacocat.ui.widgets.text_box import draw_text

#: Two clicks on one row within this many milliseconds open it.
DOUBLE_CLICK_MS = 450
SCROLL_BAR_W = 12


@dataclass(frozen=True)
class Column:
    """A column: its heading, left edge (from the list's left), width, alignment."""

    heading: str
    x: int
    width: int
    align: str = "left"


class ScrollList:
    """Rows of text in columns inside ``rect`` (headings above it).

    :param rect: where the rows are drawn (the headings take the 28 px above).
    :param columns: the columns, left to right.
    :param row_height: pixels per row.
    """

    def __init__(self, rect: pygame.Rect, columns: Sequence[Column], row_height: int = 38) -> None:
        self.rect = pygame.Rect(rect)
        self.columns = tuple(columns)
        self.row_height = row_height
        self.rows: list[tuple[str, ...]] = []
        self.selected = 0
        self.top = 0
        self.focused = True
        self._last_click: tuple[int, int] = (-1, -DOUBLE_CLICK_MS)
        #: Milliseconds now (replaceable: a test's frames may be slower than a double click).
        self.clock = pygame.time.get_ticks
        self._dragging = False

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_height)

    def set_rows(self, rows: Sequence[tuple[str, ...]], selected: int = 0) -> None:
        self.rows = list(rows)
        self.select(selected)

    # --- moving -------------------------------------------------------------------------

    def select(self, index: int) -> None:
        """Select row ``index`` (clamped) and scroll it into view."""
        self.selected = max(0, min(len(self.rows) - 1, index)) if self.rows else 0
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1
        self._clamp_top()

    def scroll(self, rows: int) -> None:
        self.top += rows
        self._clamp_top()

    def _clamp_top(self) -> None:
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.visible_rows)))

    def move(self, action: str | None) -> str | None:
        """Up/Down, a page back/on, the first/last row move; confirm answers
        ``"activate"``. ``action`` is a :class:`tacocat.ui.input.actions.Action` (a
        name: this layer is below the input's)."""
        steps = {
            "up": -1,
            "down": 1,
            "page_previous": -self.visible_rows,
            "page_next": self.visible_rows,
        }
        if action in steps:
            self.select(self.selected + steps[action])
            return "select"
        if action in ("first", "last"):
            self.select(0 if action == "first" else len(self.rows) - 1)
            return "select"
        if action == "confirm" and self.rows:
            return "activate"
        return None

    # --- the mouse ----------------------------------------------------------------------

    def bar_rect(self) -> pygame.Rect | None:
        """The scroll bar's thumb, or None when every row fits."""
        total = len(self.rows)
        if total <= self.visible_rows:
            return None
        track = self.rect.height
        height = max(24, track * self.visible_rows // total)
        y = self.rect.y + (track - height) * self.top // max(1, total - self.visible_rows)
        return pygame.Rect(self.rect.right - SCROLL_BAR_W, y, SCROLL_BAR_W, height)

    def handle(self, event: pygame.event.Event) -> str | None:
        """A mouse event: ``"select"``, ``"activate"`` (double click) or None."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._dragging = False
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self._drag_to(event.pos[1])
        return None

    def _press(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        if pos[0] >= self.rect.right - SCROLL_BAR_W and self.bar_rect() is not None:
            self._dragging = True
            self._drag_to(pos[1])
            return None
        index = self.top + (pos[1] - self.rect.y) // self.row_height
        if index >= len(self.rows):
            return None
        now = self.clock()
        double = self._last_click[0] == index and now - self._last_click[1] <= DOUBLE_CLICK_MS
        self._last_click = (index, now)
        self.select(index)
        return "activate" if double else "select"

    def _drag_to(self, y: int) -> None:
        fraction = (y - self.rect.y) / max(1, self.rect.height)
        self.top = round(fraction * len(self.rows) - self.visible_rows / 2)
        self._clamp_top()

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        p = palette()
        for column in self.columns:
            self._cell(
                surface,
                text,
                column,
                column.heading,
                self.rect.y - 28,
                p.table_light,
                bold=True,
                size=16,
            )
        for offset, row in enumerate(self.rows[self.top : self.top + self.visible_rows]):
            index = self.top + offset
            y = self.rect.y + offset * self.row_height
            band = pygame.Rect(
                self.rect.x, y, self.rect.width - SCROLL_BAR_W - 4, self.row_height - 4
            )
            if index == self.selected:
                fill = p.cheese if self.focused else mix(p.cheese, p.box_floor, 0.5)
                pygame.draw.rect(surface, fill, band, border_radius=8)
                pygame.draw.rect(surface, p.ink, band, width=2, border_radius=8)
            elif offset % 2:
                pygame.draw.rect(surface, mix(p.box_floor, p.box_rim, 0.25), band, border_radius=8)
            for column, cell in zip(self.columns, row, strict=False):
                self._cell(
                    surface,
                    text,
                    column,
                    cell,
                    y + (self.row_height - 4 - 22) // 2,
                    p.ink,
                    bold=index == self.selected,
                )
        thumb = self.bar_rect()
        if thumb is not None:
            track = pygame.Rect(thumb.x, self.rect.y, SCROLL_BAR_W, self.rect.height)
            pygame.draw.rect(surface, mix(p.box_rim, p.box_floor, 0.5), track, border_radius=6)
            pygame.draw.rect(surface, p.box_edge, thumb, border_radius=6)

    def _cell(
        self,
        surface: pygame.Surface,
        text: TextCache,
        column: Column,
        value: str,
        y: int,
        colour: tuple[int, int, int],
        bold: bool = False,
        size: int = 17,
    ) -> None:
        box = pygame.Rect(
            self.rect.x + column.x + 4,
            y,
            column.width - 8,
            text.font(size, bold).get_linesize() + 4,
        )  # Lao's stacked marks
        anchor = {"right": "topright", "center": "midtop"}.get(column.align, "topleft")
        draw_text(surface, text, value, size, colour, box, bold=bold, anchor=anchor)
