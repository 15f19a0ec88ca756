"""Paints the table from the view model - and from nothing else.

:class:`Painter` draws the static layer (background, board, play mat), what moves
on the board, the piles, name plates, the round log, the cards, the marks on
the play mat, the prompt line, banners and confetti. Everything it shows comes
from :class:`~tacocat.ui.table.view.TableView` (including this frame's
:class:`~tacocat.ui.table.turn.Turn`, prompt and keyboard focus, which the
scene stores there before drawing); it never reads the game state. Layers that
rarely change are cached.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from tacocat.geometry import CONFETTI_CELL
from tacocat.rules import Phase
from tacocat.ui.i18n import tr
from tacocat.ui.table.plates import draw_plate
from tacocat.ui.table.scoreboard import centre_caption, scoreboard
from tacocat.ui.table.tooltips import place, tooltip_panel
from tacocat.ui.table.view import TableView
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer
from tacocat.ui.widgets.style import SurfaceLRU, TextCache, mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import (
    draw_lines,
    draw_pill,
    draw_text,
    fit_lines,
    fitted,
    line_step,
)

LOG_FONT = 16
LOG_LINE = 20
#: Room for one line of a label (its font's line height, with a little to spare).
LABEL_HEIGHT = 24
#: The round label's room: from clear of the top hand (at most 870) to the score's right edge.
ROUND_LABEL_BOX = pygame.Rect(880, 4, L.SCORE_RECT.right - 880, LABEL_HEIGHT)
#: Each pile's count is centred under it, in a box no wider than the gap to its neighbour.
PILE_LABEL_WIDTH = {"tiles": 180, "piles": round(L.DISCARD_POS[0] - L.DRAW_POS[0]) - 4}
#: The widest the prompt line and a banner may grow.
PROMPT_ROOM = (740, 54)
#: The smallest size a prompt takes to stay on one line before it wraps to two.
PROMPT_ONE_LINE_MIN = 16
#: The smallest size a prompt takes on two lines before it wraps to three (a hint or a
#: review's note with its reason): 19 px text squeezed to 16 reads worse than a third line.
PROMPT_TWO_LINES_MIN = 18
PROMPT_LINES = 3
BANNER_ROOM = (900, 44)
#: Pixels between "vs" and each duel card beside it.
VS_MARGIN = 3
#: Pixel memory for name plates and banners, and for prompt lines (each a few tens of KB).
PANEL_CACHE_BYTES = 2 * 2**20
PROMPT_CACHE_BYTES = 2**20


#: The log panel's fill over the table (its older lines must read against it).
LOG_FILL_ALPHA = 200


def banner_colours(tone: str) -> tuple[Any, Any, Any]:
    """(fill, ink, outline) of a banner: green for the player's win, sombre slate for
    their loss, the winner's colour on a shared screen, cheese for news."""
    p = palette()
    if tone == "good":  # the dark green: white text on it keeps 4.5:1 (tests/ui/test_contrast.py)
        return p.avocado_dark, p.white, p.ink
    if tone == "bad":
        return p.table_deep, p.card_face, p.ink
    if tone in ("seat0", "seat1"):
        return p.seat(int(tone[-1]), dark=True), p.white, p.ink
    return p.cheese, p.ink, p.card_face


def log_colour(index: int, count: int) -> tuple[int, int, int]:
    """Log entry ``index`` of ``count`` (oldest first): the newest in full, older ones
    softer but never below a 4.5:1 contrast with the panel (tested)."""
    p = palette()
    if index >= count - 1:
        return p.card_face
    return mix(p.table_light, p.card_face, 0.66 + 0.24 * (index + 1) / count)


class Painter:
    """Draws one table.

    :param view: the view model it draws.
    :param assets: the app's images and fonts.
    :param text: the table's text cache.
    :param renderer: draws card sprites.
    :param board: draws the board.
    :param mode: the game's mode (``"vs_ai"`` marks the bottom plate "you").
    :param rounds_to_win: pips on each name plate.
    """

    def __init__(self, view: TableView, assets: Any, text: TextCache, renderer: CardRenderer,
                 board: BoardView, mode: str, rounds_to_win: int) -> None:
        self.view = view
        self.assets = assets
        self.text = text
        self.renderer = renderer
        self.board = board
        self.mode = mode
        self.rounds_to_win = rounds_to_win
        self._prompt_cache = SurfaceLRU(PROMPT_CACHE_BYTES)
        self._panel_cache = SurfaceLRU(PANEL_CACHE_BYTES)
        self._log_panel: tuple[Any, pygame.Surface] | None = None
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._slot_image: pygame.Surface | None = None
        self._confetti_sheet: pygame.Surface | None = None
        #: Where the prompt line was last drawn (tests check it clears the raised cards).
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        background = assets.image("ui/background", (L.WIDTH, L.HEIGHT))
        try:
            self.background = background.convert() if pygame.display.get_surface() else background
        except pygame.error:
            self.background = background

    def draw(self, surface: pygame.Surface) -> None:
        """The table under the buttons: everything but the buttons and confetti."""
        surface.blit(self.static_layer(), (0, 0))
        self._draw_board(surface)
        self._draw_piles(surface)
        self._draw_panels(surface)
        self._draw_duel_slots(surface)
        self._draw_centre(surface)
        self._draw_cards(surface)
        self._draw_table_marks(surface)
        self._draw_prompt(surface)
        self._draw_banners(surface)

    def label_height(self) -> int:
        """Room for one line of a 16 px label: :data:`LABEL_HEIGHT` at 100 %, more for
        larger text (the layout makes room rather than shrinking the label)."""
        return max(LABEL_HEIGHT, self.text.font(16, True).get_linesize() + 2)

    def static_layer(self) -> pygame.Surface:
        """Background, board, play mat and labels: one opaque blit a frame, redrawn
        only when a tile lands, Tacocat moves or a round starts."""
        view = self.view
        key = (view.covered, view.token_rest, view.round_caption, view.hand_size)
        if self._static is not None and key == self._static_key:
            return self._static
        p = palette()
        # One surface, repainted: a fresh 3.7 MB copy each time cost page faults too.
        layer = self._static
        if layer is None:
            layer = self.background.copy()
        else:
            layer.blit(self.background, (0, 0))
        self.board.draw(layer, view.covered, view.token_rest)
        # No taller than the gap above the score (which is drawn over it).
        box = pygame.Rect(ROUND_LABEL_BOX.topleft, (ROUND_LABEL_BOX.width, min(
            self.label_height(), L.SCORE_RECT.y - ROUND_LABEL_BOX.y)))
        caption = tr("tacocat.table.round_cards", round=view.round_caption, cards=view.hand_size)
        if fitted(self.text, caption, 16, p.box_floor, box.size, bold=True)[1]:
            caption = view.round_caption  # the hand size is on the plates' side anyway
        draw_text(layer, self.text, caption, 16, p.box_floor, box, bold=True, anchor="topright")
        # The play mat: where duels, attacks and answers are laid.
        mat = pygame.Surface(L.PLAY_MAT.size, pygame.SRCALPHA)
        pygame.draw.rect(mat, (*p.table_deep, 80), mat.get_rect(), border_radius=28)
        pygame.draw.rect(mat, (*p.table_light, 110), mat.get_rect(), width=2, border_radius=28)
        layer.blit(mat, L.PLAY_MAT)
        size = self.renderer.size_for(L.PILE_SCALE)
        outline = pygame.Rect(0, 0, *size)
        for pos, colour in ((L.DRAW_POS, p.table_deep), (L.DISCARD_POS, p.table_light)):
            outline.center = (round(pos[0]), round(pos[1]))
            pygame.draw.rect(layer, colour, outline.inflate(8, 8), width=2, border_radius=10)
        self._static, self._static_key = layer, key
        return layer

    def _draw_board(self, surface: pygame.Surface) -> None:
        """What moves on the board: a falling tile and Tacocat."""
        view, board = self.view, self.board
        tile = view.falling_tile
        if tile is not None:
            image = board.screen_tile()
            rect = board.space_rect(tile.space)
            rect.y += round(tile.offset)
            if tile.alpha < 0.99:
                image = image.copy()
                image.set_alpha(int(255 * max(0.0, tile.alpha)))
            surface.blit(image, rect)
        board.draw_token(surface, view.token, view.token_height, view.token_left)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        view, p, text = self.view, palette(), self.text
        # Tile stack: the tiles not yet placed.
        tile = self.board.screen_tile(0.62)
        x, y = L.TILE_STACK_POS
        for i in range(view.tiles_left):
            surface.blit(tile, tile.get_rect(center=(round(x), round(y - i * 4))))
        box = pygame.Rect(0, 0, PILE_LABEL_WIDTH["tiles"], self.label_height())
        box.midtop = (round(x), round(y + 38))
        draw_text(surface, text, tr("tacocat.table.tiles", n=view.tiles_left), 16, p.box_floor, box,
                  bold=True, anchor="midtop")
        # Draw pile: a few backs, offset, with the count.
        size = self.renderer.size_for(L.PILE_SCALE)
        back = self.renderer.back(size)
        shadow = self.renderer.shadow(size)
        dx, dy = L.DRAW_POS
        layers = min(5, (view.draw_count + 5) // 6)
        if layers:
            surface.blit(shadow, shadow.get_rect(center=(round(dx) + 2, round(dy) + 4)))
        for i in range(layers):
            surface.blit(back, back.get_rect(center=(round(dx) - i, round(dy) - i * 2)))
        # Each pile's count under it (the discards' cards are sprites; their outline is static).
        counts = ((L.DRAW_POS, tr("tacocat.table.draw_pile", n=view.draw_count)),
                  (L.DISCARD_POS, tr("tacocat.table.discard_pile", n=len(view.discard_values))))
        for (px, py), caption in counts:  # a long word and its number may take two lines
            box = pygame.Rect(0, 0, PILE_LABEL_WIDTH["piles"], 2 * self.label_height())
            box.midtop = (round(px), round(py) + size[1] // 2 + 8)
            draw_lines(surface, text, caption, 16, p.box_floor, box, bold=True, align="centre")

    def _draw_centre(self, surface: pygame.Surface) -> None:
        """On an empty play mat: what is being decided, and the piles' counts."""
        view = self.view
        turn = view.turn
        if (turn.busy or turn.over or any(view.duel) or any(view.showdown) or view.attack
                or view.banners or (turn.seat is not None and turn.phase is Phase.DUEL)):
            return  # cards are on the mat, or flying over it
        caption = centre_caption(turn, view.names, view.draw_count, len(view.discard_values))
        box = pygame.Rect(0, 0, L.PLAY_MAT.width - 40, 40)
        box.center = L.PLAY_MAT.center
        draw_text(surface, self.text, caption, 18, palette().box_floor, box, bold=True)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        view, renderer = self.view, self.renderer
        seat = view.turn.seat
        playable = view.turn.playable
        focus = view.focus
        for sprite in view.all_sprites():
            show = view.shows_face(sprite)
            mine = seat is not None and sprite.zone == "hand" and sprite.owner == seat
            dim = bool(mine and playable is not None and sprite.value not in playable)
            committed = sprite.committed and sprite.owner in view.face_up_seats
            highlight = (mine and sprite.selected) or sprite.glow > 0.5 or committed
            renderer.draw(surface, sprite, show, dim=dim or committed, highlight=highlight,
                          focus=sprite is focus)

    def _draw_duel_slots(self, surface: pygame.Surface) -> None:
        """Dashed places for the two duel cards while a duel is on."""
        view = self.view
        dueling = any(s is not None for s in view.duel)
        turn = self.view.turn
        if not dueling and not (turn.seat is not None and turn.phase is Phase.DUEL):
            return
        slot = self._slot_image
        if slot is None:
            p = palette()
            w, h = self.renderer.size_for(L.TABLE_SCALE)
            slot = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            rect = slot.get_rect().inflate(-4, -4)
            pygame.draw.rect(slot, (*p.table_deep, 120), rect, border_radius=10)
            for x in range(rect.left + 8, rect.right - 8, 12):
                pygame.draw.line(slot, p.table_light, (x, rect.top), (x + 6, rect.top), 2)
                pygame.draw.line(slot, p.table_light, (x, rect.bottom - 1), (x + 6, rect.bottom - 1), 2)
            for y in range(rect.top + 8, rect.bottom - 8, 12):
                pygame.draw.line(slot, p.table_light, (rect.left, y), (rect.left, y + 6), 2)
                pygame.draw.line(slot, p.table_light, (rect.right - 1, y), (rect.right - 1, y + 6), 2)
            self._slot_image = slot
        for cx, cy in L.DUEL_POS:
            surface.blit(slot, slot.get_rect(center=(round(cx), round(cy))))
        p = palette()
        # "vs" in the gap between the two slots, shrunk to fit it: a duel card lies on
        # each slot's edge, and a word reaching over it is cut ("kundër", review sq 12).
        gap = round(L.DUEL_POS[1][0] - L.DUEL_POS[0][0]) - slot.get_width() + 8 - 2 * VS_MARGIN
        box = pygame.Rect(0, 0, gap, max(30, self.label_height()))
        box.center = (round((L.DUEL_POS[0][0] + L.DUEL_POS[1][0]) / 2), round(L.DUEL_POS[0][1]))
        draw_text(surface, self.text, tr("tacocat.table.vs"), 18, p.box_floor, box, bold=True)

    def _draw_table_marks(self, surface: pygame.Surface) -> None:
        """The current target of a jumbo attack, answer marks, duel labels."""
        view, p, text = self.view, palette(), self.text
        if view.attack and len(view.responses) < len(view.attack):
            target = view.attack[len(view.responses)]
            if target.z <= 0:
                rect = self.renderer.rect_of(target)
                pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 180)
                ring = rect.inflate(10 + int(4 * pulse), 10 + int(4 * pulse))
                pygame.draw.rect(surface, p.cheese, ring, width=4, border_radius=12)
                # On the defender's side of the card, where the answer will land.
                box = pygame.Rect(0, 0, 2 * L.PLAY_STEP, self.label_height() + 4)
                if view.attacker is not None and view.side(view.attacker) == "bottom":
                    box.midbottom, anchor = (rect.centerx, rect.top - 6), "midbottom"
                else:
                    box.midtop, anchor = (rect.centerx, rect.bottom + 6), "midtop"
                draw_pill(surface, text, tr("tacocat.table.answer_this"), 16, p.ink, p.cheese, box,
                          pad=(8, 2), anchor=anchor)
        for sprite in view.responses:
            if sprite.z > 0 or sprite.mark is None:
                continue
            rect = self.renderer.rect_of(sprite)
            good = sprite.mark == "defended"
            colour = p.avocado_dark if good else p.salsa_dark  # white text: 4.9 and 6.9:1
            key = "tacocat.table.mark.defended" if good else "tacocat.table.mark.sacrificed"
            # No wider than the step between two answers, so neighbours' marks never meet.
            # Two answers' width, every other one a row lower: neighbours' marks never meet.
            row = text.font(16, True).get_linesize() + 2
            box = pygame.Rect(0, 0, 2 * L.PLAY_STEP - 8, row)
            box.midtop = (rect.centerx, rect.bottom - 10 + row * (view.responses.index(sprite) % 2))
            draw_pill(surface, text, tr(key), 16, p.white, colour, box, pad=(6, 1), anchor="midtop",
                      radius=9)
        for seat in (0, 1):
            shown = view.duel[seat] or view.showdown[seat]
            if shown is None or shown.z > 0:
                continue
            rect = self.renderer.rect_of(shown)
            box = pygame.Rect(0, 0, 130, self.label_height())
            if view.side(seat) == "top":
                box.midbottom, anchor = (rect.centerx, rect.top - 4), "midbottom"
            else:
                box.midtop, anchor = (rect.centerx, rect.bottom + 4), "midtop"
            draw_text(surface, text, view.names[seat], 16, p.box_floor, box, bold=True,
                      anchor=anchor)

    def _draw_panels(self, surface: pygame.Surface) -> None:
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
            box = pygame.Rect(left, 0, round(slots[0][0] - 50) - left, self.label_height())
            box.centery = round(L.HAND_Y["top"])
            draw_text(surface, self.text, tr("tacocat.table.cards_in_hand", count=count), 16,
                      p.box_floor, box, bold=True, anchor="midright")

    def _plate_key(self, seat: int, side: str) -> tuple[Any, ...]:
        view = self.view
        turn = view.turn.mover == seat
        return ("plate", seat, side, view.names[seat], view.wins[seat], view.attacker == seat,
                view.committed[seat], turn)

    def plate(self, seat: int, side: str) -> pygame.Surface:
        key = self._plate_key(seat, side)
        cached = self._panel_cache.get(key)
        if cached is not None:
            return cached
        surface = draw_plate(self.view, self.assets, self.text, seat, side, self.mode,
                             self.rounds_to_win, attacker=key[5], turn=key[7])
        return self._panel_cache.put(key, surface)

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = tuple(self.view.log)
        key = ("log", lines)
        # Only the current log is kept: it only ever grows or is cleared.
        cached = self._log_panel[1] if self._log_panel and self._log_panel[0] == key else None
        if cached is None:
            p, text = palette(), self.text
            rect = L.LOG_RECT
            cached = rounded_panel(rect.size, (*p.table_deep, LOG_FILL_ALPHA), None, radius=14,
                                   shadow=0)
            draw_text(cached, text, tr("tacocat.table.log_heading"), 16, p.cheese,
                      pygame.Rect(12, 6, rect.width - 24, self.label_height()), bold=True, anchor="topleft")
            # Whole entries, newest last, as many as fit.
            entries: list[list[str]] = []
            # Each line's box is the font's line height, kept inside the panel.
            line_h = text.font(LOG_FONT, True).get_linesize() + 3  # Lao's marks, mixed lines
            step = line_step(text.font(LOG_FONT, True), LOG_LINE)
            top = 6 + self.label_height() + 2
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
                    draw_text(cached, text, part, LOG_FONT, colour, box, bold=newest, anchor="topleft")
                    y += step
            self._log_panel = (key, cached)
        surface.blit(cached, L.LOG_RECT.topleft)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        text, tone = self.view.prompt
        if not text or (self.view.banners and tone == "info"):
            return  # a banner says what just happened in the same place
        key = (text, tone)
        cached = self._prompt_cache.get(key)
        if cached is None:
            panel = self._prompt_panel(text, tone)
            # A two-line prompt grows upwards: its foot stays clear of the hand (and the
            # replay's scrubber) where a one-line prompt's is.
            one_line = self.text.font(19, True).get_linesize() + 12 + 6
            cached = self._prompt_cache.put(key, (panel, max(0, panel.get_height() - one_line) // 2),
                                            panel)
        panel, lift = cached
        self.prompt_rect = panel.get_rect(center=(L.WIDTH // 2, L.PROMPT_Y - lift))
        surface.blit(panel, self.prompt_rect)

    def _prompt_panel(self, text: str, tone: str) -> pygame.Surface:
        """The prompt on its panel: one line (a size or two smaller if need be), else two,
        else three (a hint or a review's note with its reason, in Filipino)."""
        p = palette()
        fill, ink = {
            "error": (p.salsa_dark, p.white), "hint": (p.cheese, p.ink),
            "do": (p.box_floor, p.ink), "info": (mix(p.table_deep, p.table, 0.3), p.card_face),
        }.get(tone, (p.box_floor, p.ink))
        lines, size = self._prompt_lines(text)
        font = self.text.font(size, True)
        box = pygame.Rect(3 + 18, 3 + 6, max(font.size(line)[0] for line in lines),
                          len(lines) * font.get_linesize())
        panel = rounded_panel((box.width + 36, box.height + 12), fill,
                              p.ink if tone != "info" else None, radius=18, shadow=3)
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

    def _draw_banners(self, surface: pygame.Surface) -> None:
        p = palette()
        for banner in self.view.banners:
            if banner.alpha <= 0.02:
                continue
            key = ("banner", banner.text, banner.tone)
            cached = self._panel_cache.get(key)
            if cached is None:
                fill, ink, edge = banner_colours(banner.tone)
                label, _ = fitted(self.text, banner.text, 26, ink, BANNER_ROOM, bold=True, outline=edge)
                cached = rounded_panel((label.get_width() + 40, label.get_height() + 14), fill, p.ink,
                                       radius=20, border_width=3, shadow=5)
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
        tip = self.view.tooltip
        if tip is None:
            return
        key = ("tip", tip[0])
        panel = self._panel_cache.get(key)
        if panel is None:
            panel = self._panel_cache.put(key, tooltip_panel(self.text, tip[0]))
        surface.blit(panel, place(panel.get_size(), tip[1]))

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """Confetti pieces (the game-over screen draws them over its panel too)."""
        sheet = self._confetti_sheet
        if sheet is None:
            original = self.assets.image("ui/confetti")
            sheet = pygame.transform.scale_by(original, 2)
            self._confetti_sheet = sheet
        cell_w, cell_h = CONFETTI_CELL[0] * 2, CONFETTI_CELL[1] * 2
        for p in self.view.particles:
            frame = int(p.angle) % 4
            area = pygame.Rect(p.colour * cell_w, frame * cell_h, cell_w, cell_h)
            surface.blit(sheet, (round(p.x), round(p.y)), area)
