"""The panels over the table, painted from the view model: plates, score, log, prompt, banners.

:class:`PanelPainter` draws for :class:`~.painter.Painter` what is written over the
table: the two name plates, the score, the opponent's card count and the round log;
then, over the cards, the prompt line and the banners; and last, over the buttons,
the tooltip. Each panel is drawn once and blitted from a cache until what it says
changes (the log keeps only its current panel: it only grows or is cleared).
"""

from __future__ import annotations

from typing import Any

import pygame

from tacocat.seating import Seating
from tacocat.ui.table.plates import draw_plate
from tacocat.ui.table.scoreboard import scoreboard
from tacocat.ui.table.tabletop import label_height
from tacocat.ui.table.tooltips import place, tooltip_panel
from tacocat.ui.table.view import TableView
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.style import SurfaceLRU, TextCache, mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_lines, draw_text, fit_lines, fitted, line_step
from tacocat.ui.widgets.tones import BannerTone, PromptTone

LOG_FONT = 16
LOG_LINE = 20
#: The log panel's fill over the table (its older lines must read against it).
LOG_FILL_ALPHA = 200
#: The widest the prompt line and a banner may grow.
PROMPT_ROOM = (740, 54)
#: The smallest size a prompt takes to stay on one line before it wraps to two.
PROMPT_ONE_LINE_MIN = 16
#: The smallest size a prompt takes on two lines before it wraps to three (a hint or a
#: review's note with its reason): 19 px text squeezed to 16 reads worse than a third line.
PROMPT_TWO_LINES_MIN = 18
PROMPT_LINES = 3
BANNER_ROOM = (900, 44)
#: Pixel memory for name plates and banners, and for prompt lines (each a few tens of KB).
PANEL_CACHE_BYTES = 2 * 2**20
PROMPT_CACHE_BYTES = 2**20


def banner_colours(tone: BannerTone) -> tuple[Any, Any, Any]:
    """(fill, ink, outline) of a banner: green for the player's win, sombre slate for
    their loss, the winner's colour on a shared screen, cheese for news."""
    p = palette()
    if tone == "good":  # the dark green: white text on it keeps 4.5:1 (tests/ui/test_contrast.py)
        return p.avocado_dark, p.white, p.ink
    if tone == "bad":
        return p.table_deep, p.card_face, p.ink
    if tone == "seat0" or tone == "seat1":
        return p.seat(0 if tone == "seat0" else 1, dark=True), p.white, p.ink
    return p.cheese, p.ink, p.card_face


def log_colour(index: int, count: int) -> tuple[int, int, int]:
    """Log entry ``index`` of ``count`` (oldest first): the newest in full, older ones
    softer but never below a 4.5:1 contrast with the panel (tested)."""
    p = palette()
    if index >= count - 1:
        return p.card_face
    return mix(p.table_light, p.card_face, 0.66 + 0.24 * (index + 1) / count)


class PanelPainter:
    """Draws the panels of one table (see the module docstring).

    :param view: the view model it draws.
    :param assets: the app's images (the plates' goals).
    :param text: the table's text cache.
    :param seating: who plays each seat (one person against the computer: the bottom
        plate says "you").
    :param rounds_to_win: pips on each name plate.
    """

    def __init__(
        self, view: TableView, assets: Any, text: TextCache, seating: Seating, rounds_to_win: int
    ) -> None:
        self.view = view
        self.assets = assets
        self.text = text
        self.seating = seating
        self.rounds_to_win = rounds_to_win
        #: The prompt on its panel, and how far a two-line one is lifted.
        self._prompt_cache = SurfaceLRU[tuple[pygame.Surface, int]](PROMPT_CACHE_BYTES)
        self._panel_cache = SurfaceLRU[pygame.Surface](PANEL_CACHE_BYTES)
        self._log_panel: tuple[Any, pygame.Surface] | None = None
        #: Where the prompt line was last drawn (tests check it clears the raised cards).
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)

    def draw_panels(self, surface: pygame.Surface) -> None:
        """Name plates, the log, the opponent's card count (these change often)."""
        view = self.view
        for seat in (0, 1):
            side = view.side(seat)
            rect = L.plate_rect(side)
            surface.blit(self.plate(seat, side), (rect.x - 4, rect.y - 4))
        self._draw_log(surface)
        key = ("score", view.names, tuple(view.wins))
        board = self._panel_cache.get(key)
        if board is None:
            board = self._panel_cache.put(key, scoreboard(self.text, view.names, view.wins))
        surface.blit(board, (L.SCORE_RECT.x - 3, L.SCORE_RECT.y - 3))
        top = 1 - view.bottom_seat
        count = len(view.hands[top])
        if count:
            p = palette()
            slots = L.hand_slots("top", count)
            # Left of the hand (the score sits to its right), clear of the name plate.
            left = L.plate_rect("top").right + 12
            box = pygame.Rect(left, 0, round(slots[0][0] - 50) - left, label_height(self.text))
            box.centery = round(L.HAND_Y["top"])
            draw_text(
                surface,
                self.text,
                tr("tacocat.table.cards_in_hand", count=count),
                16,
                p.box_floor,
                box,
                bold=True,
                anchor="midright",
            )

    def _plate_key(self, seat: int, side: str) -> tuple[Any, ...]:
        view = self.view
        turn = view.frame.turn.mover == seat
        return (
            "plate",
            seat,
            side,
            view.names[seat],
            view.wins[seat],
            view.attacker == seat,
            view.committed[seat],
            turn,
        )

    def plate(self, seat: int, side: str) -> pygame.Surface:
        key = self._plate_key(seat, side)
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        surface = draw_plate(
            self.view,
            self.assets,
            self.text,
            seat,
            side,
            self.seating,
            self.rounds_to_win,
            attacker=key[5],
            turn=key[7],
        )
        return self._panel_cache.put(key, surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = tuple(self.view.log)
        key = ("log", lines)
        # Only the current log is kept: it only ever grows or is cleared.
        cached = self._log_panel[1] if self._log_panel and self._log_panel[0] == key else None
        if cached is None:
            p, text = palette(), self.text
            rect = L.LOG_RECT
            cached = rounded_panel(
                rect.size, (*p.table_deep, LOG_FILL_ALPHA), None, radius=14, shadow=0
            )
            draw_text(
                cached,
                text,
                tr("tacocat.table.log_heading"),
                16,
                p.cheese,
                pygame.Rect(12, 6, rect.width - 24, label_height(self.text)),
                bold=True,
                anchor="topleft",
            )
            # Whole entries, newest last, as many as fit.
            entries: list[list[str]] = []
            # Each line's box is the font's line height, kept inside the panel.
            line_h = text.font(LOG_FONT, True).get_linesize() + 3  # Lao's marks, mixed lines
            step = line_step(text.font(LOG_FONT, True), LOG_LINE)
            top = 6 + label_height(self.text) + 2
            room = (rect.height - top - (line_h - step) - 2) // step
            for line in reversed(lines):
                # The newest entry is bold: wrap it as bold.
                wrapped = text.wrap(line, LOG_FONT, rect.width - 24, bold=not entries)
                if len(wrapped) > room:
                    break
                entries.insert(0, wrapped)
                room -= len(wrapped)
            y = top
            for i, entry in enumerate(entries):
                newest = i == len(entries) - 1
                colour = log_colour(i, len(entries))
                for part in entry:
                    box = pygame.Rect(12, y, rect.width - 24, line_h)
                    draw_text(
                        cached, text, part, LOG_FONT, colour, box, bold=newest, anchor="topleft"
                    )
                    y += step
            self._log_panel = (key, cached)
        surface.blit(cached, L.LOG_RECT.topleft)

    def draw_prompt(self, surface: pygame.Surface) -> None:
        text, tone = self.view.frame.prompt
        if not text or (self.view.banners and tone == "info"):
            return  # a banner says what just happened in the same place
        key = (text, tone)
        cached = self._prompt_cache.get(key)
        if cached is None:
            panel = self._prompt_panel(text, tone)
            # A two-line prompt grows upwards: its foot stays clear of the hand (and the
            # replay's scrubber) where a one-line prompt's is.
            one_line = self.text.font(19, True).get_linesize() + 12 + 6
            cached = self._prompt_cache.put(
                key, (panel, max(0, panel.get_height() - one_line) // 2), panel
            )
        panel, lift = cached
        self.prompt_rect = panel.get_rect(center=(L.WIDTH // 2, L.PROMPT_Y - lift))
        surface.blit(panel, self.prompt_rect)

    def _prompt_panel(self, text: str, tone: PromptTone) -> pygame.Surface:
        """The prompt on its panel: one line (a size or two smaller if need be), else two,
        else three (a hint or a review's note with its reason, in Filipino)."""
        p = palette()
        fill, ink = {
            "error": (p.salsa_dark, p.white),
            "hint": (p.cheese, p.ink),
            "do": (p.box_floor, p.ink),
            "info": (mix(p.table_deep, p.table, 0.3), p.card_face),
        }.get(tone, (p.box_floor, p.ink))
        lines, size = self._prompt_lines(text)
        font = self.text.font(size, True)
        box = pygame.Rect(
            3 + 18,
            3 + 6,
            max(font.size(line)[0] for line in lines),
            len(lines) * font.get_linesize(),
        )
        panel = rounded_panel(
            (box.width + 36, box.height + 12),
            fill,
            p.ink if tone != "info" else None,
            radius=18,
            shadow=3,
        )
        draw_lines(panel, self.text, text, 19, ink, box, bold=True, align="centre")
        return panel

    def _prompt_lines(self, text: str) -> tuple[list[str], int]:
        """The prompt's lines and size: the fewest lines (up to :data:`PROMPT_LINES`, then one
        more as a last resort) that hold it without squeezing it below each step's size."""
        line_height = self.text.font(19, True).get_linesize()
        lines: list[str] = []
        size = 19
        for count in range(1, PROMPT_LINES + 2):
            height = {1: line_height, 2: PROMPT_ROOM[1]}.get(count, count * line_height)
            room = pygame.Rect(0, 0, PROMPT_ROOM[0], height)
            lines, size, over = fit_lines(self.text, text, 19, room, bold=True)
            least = PROMPT_ONE_LINE_MIN if count == 1 else PROMPT_TWO_LINES_MIN
            if not over and (size >= least or count >= PROMPT_LINES):
                break
        return lines, size

    def draw_banners(self, surface: pygame.Surface) -> None:
        p = palette()
        for banner in self.view.banners:
            if banner.alpha <= 0.02:
                continue
            key = ("banner", banner.text, banner.tone)
            cached = self._panel_cache.get(key)
            if cached is None:
                fill, ink, edge = banner_colours(banner.tone)
                label, _ = fitted(
                    self.text, banner.text, 26, ink, BANNER_ROOM, bold=True, outline=edge
                )
                cached = rounded_panel(
                    (label.get_width() + 40, label.get_height() + 14),
                    fill,
                    p.ink,
                    radius=20,
                    border_width=3,
                    shadow=5,
                )
                box = label.get_rect(center=(cached.get_width() // 2, cached.get_height() // 2 - 1))
                draw_text(cached, self.text, banner.text, 26, ink, box, bold=True, outline=edge)
                self._panel_cache.put(key, cached)
            image = cached
            if banner.alpha < 0.98:
                image = cached.copy()
                image.set_alpha(int(255 * banner.alpha))
            surface.blit(image, image.get_rect(center=(L.WIDTH // 2, L.BANNER_Y + round(banner.y))))

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip of what the resting pointer is on (over the buttons too)."""
        tip = self.view.frame.tooltip
        if tip is None:
            return
        key = ("tip", tip[0])
        panel = self._panel_cache.get(key)
        if panel is None:
            panel = self._panel_cache.put(key, tooltip_panel(self.text, tip[0]))
        surface.blit(panel, place(panel.get_size(), tip[1]))
