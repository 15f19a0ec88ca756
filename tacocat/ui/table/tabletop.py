"""What lies on the table, painted from the view model: board, piles, play mat and cards.

:class:`TabletopPainter` draws the table's surface for :class:`~.painter.Painter`:
the static layer (background, board, play mat, the round's label; cached until a
tile lands, Tacocat moves or a round starts), what moves on the board, the tile
stack and the two piles with their counts, the empty play mat's caption, the duel
slots, every card sprite, and the marks on the mat (the attack's current target,
the answers' marks, the duellists' names). The panels over it are
:mod:`.panels`'s.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from tacocat.rules import Phase
from tacocat.ui.table.scoreboard import centre_caption
from tacocat.ui.table.view import TableView
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets import layout as L
from tacocat.ui.widgets.board import BoardView
from tacocat.ui.widgets.cards import CardRenderer
from tacocat.ui.widgets.style import TextCache, palette
from tacocat.ui.widgets.text_box import draw_lines, draw_pill, draw_text, fitted

#: Room for one line of a label (its font's line height, with a little to spare).
LABEL_HEIGHT = 24
#: The round label's room: from clear of the top hand (at most 870) to the score's right edge.
ROUND_LABEL_BOX = pygame.Rect(880, 4, L.SCORE_RECT.right - 880, LABEL_HEIGHT)
#: Each pile's count is centred under it, in a box no wider than the gap to its neighbour.
PILE_LABEL_WIDTH = {"tiles": 180, "piles": round(L.DISCARD_POS[0] - L.DRAW_POS[0]) - 4}
#: Pixels between "vs" and each duel card beside it.
VS_MARGIN = 3


def label_height(text: TextCache) -> int:
    """Room for one line of a 16 px label: :data:`LABEL_HEIGHT` at 100 %, more for
    larger text (the layout makes room rather than shrinking the label)."""
    return max(LABEL_HEIGHT, text.font(16, True).get_linesize() + 2)


class TabletopPainter:
    """Draws what lies on one table (see the module docstring).

    :param view: the view model it draws.
    :param assets: the app's images (the background).
    :param text: the table's text cache.
    :param renderer: draws card sprites.
    :param board: draws the board.
    """

    def __init__(
        self,
        view: TableView,
        assets: Any,
        text: TextCache,
        renderer: CardRenderer,
        board: BoardView,
    ) -> None:
        self.view = view
        self.text = text
        self.renderer = renderer
        self.board = board
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._slot_image: pygame.Surface | None = None
        background = assets.image("ui/background", (L.WIDTH, L.HEIGHT))
        try:
            self.background = background.convert() if pygame.display.get_surface() else background
        except pygame.error:
            self.background = background

    def draw_ground(self, surface: pygame.Surface) -> None:
        """What the panels cover: the static layer, the board's motion, the piles."""
        surface.blit(self.static_layer(), (0, 0))
        self._draw_board(surface)
        self._draw_piles(surface)

    def draw_play(self, surface: pygame.Surface) -> None:
        """What lies over the panels: the play mat's slots and caption, the cards (which
        fly over the name plates), and the marks on the mat."""
        self._draw_duel_slots(surface)
        self._draw_centre(surface)
        self._draw_cards(surface)
        self._draw_table_marks(surface)

    def static_layer(self) -> pygame.Surface:
        """Background, board, play mat and labels: one opaque blit a frame, redrawn
        only when a tile lands, Tacocat moves or a round starts."""
        view = self.view
        key = (view.track.covered, view.track.resting_on, view.round_caption, view.hand_size)
        if self._static is not None and key == self._static_key:
            return self._static
        p = palette()
        # One surface, repainted: a fresh 3.7 MB copy each time cost page faults too.
        layer = self._static
        if layer is None:
            layer = self.background.copy()
        else:
            layer.blit(self.background, (0, 0))
        self.board.draw(layer, view.track.covered, view.track.resting_on)
        # No taller than the gap above the score (which is drawn over it).
        box = pygame.Rect(
            ROUND_LABEL_BOX.topleft,
            (
                ROUND_LABEL_BOX.width,
                min(label_height(self.text), L.SCORE_RECT.y - ROUND_LABEL_BOX.y),
            ),
        )
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
        tile = view.track.falling_tile
        if tile is not None:
            image = board.screen_tile()
            rect = board.space_rect(tile.space)
            rect.y += round(tile.offset)
            if tile.alpha < 0.99:
                image = image.copy()
                image.set_alpha(int(255 * max(0.0, tile.alpha)))
            surface.blit(image, rect)
        board.draw_token(
            surface, view.track.position, view.track.hop_height, view.track.heading_left
        )

    def _draw_piles(self, surface: pygame.Surface) -> None:
        view, p, text = self.view, palette(), self.text
        # Tile stack: the tiles not yet placed.
        tile = self.board.screen_tile(0.62)
        x, y = L.TILE_STACK_POS
        for i in range(view.track.tiles_left):
            surface.blit(tile, tile.get_rect(center=(round(x), round(y - i * 4))))
        box = pygame.Rect(0, 0, PILE_LABEL_WIDTH["tiles"], label_height(self.text))
        box.midtop = (round(x), round(y + 38))
        draw_text(
            surface,
            text,
            tr("tacocat.table.tiles", n=view.track.tiles_left),
            16,
            p.box_floor,
            box,
            bold=True,
            anchor="midtop",
        )
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
        counts = (
            (L.DRAW_POS, tr("tacocat.table.draw_pile", n=view.draw_count)),
            (L.DISCARD_POS, tr("tacocat.table.discard_pile", n=len(view.discard_values))),
        )
        for (px, py), caption in counts:  # a long word and its number may take two lines
            box = pygame.Rect(0, 0, PILE_LABEL_WIDTH["piles"], 2 * label_height(self.text))
            box.midtop = (round(px), round(py) + size[1] // 2 + 8)
            draw_lines(surface, text, caption, 16, p.box_floor, box, bold=True, align="centre")

    def _draw_centre(self, surface: pygame.Surface) -> None:
        """On an empty play mat: what is being decided, and the piles' counts."""
        view = self.view
        turn = view.frame.turn
        if (
            turn.busy
            or turn.over
            or any(view.duel)
            or any(view.showdown)
            or view.attack
            or view.banners
            or (turn.seat is not None and turn.phase is Phase.DUEL)
        ):
            return  # cards are on the mat, or flying over it
        caption = centre_caption(turn, view.names, view.draw_count, len(view.discard_values))
        box = pygame.Rect(0, 0, L.PLAY_MAT.width - 40, 40)
        box.center = L.PLAY_MAT.center
        draw_text(surface, self.text, caption, 18, palette().box_floor, box, bold=True)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        view, renderer = self.view, self.renderer
        seat = view.frame.turn.seat
        playable = view.frame.turn.playable
        focus = view.frame.focus
        for sprite in view.all_sprites():
            show = view.shows_face(sprite)
            mine = seat is not None and sprite.zone == "hand" and sprite.owner == seat
            dim = bool(mine and playable is not None and sprite.value not in playable)
            committed = sprite.committed and sprite.owner in view.face_up_seats
            highlight = (mine and sprite.selected) or sprite.glow > 0.5 or committed
            renderer.draw(
                surface,
                sprite,
                show,
                dim=dim or committed,
                highlight=highlight,
                focus=sprite is focus,
            )

    def _draw_duel_slots(self, surface: pygame.Surface) -> None:
        """Dashed places for the two duel cards while a duel is on."""
        view = self.view
        dueling = any(s is not None for s in view.duel)
        turn = self.view.frame.turn
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
                pygame.draw.line(
                    slot, p.table_light, (x, rect.bottom - 1), (x + 6, rect.bottom - 1), 2
                )
            for y in range(rect.top + 8, rect.bottom - 8, 12):
                pygame.draw.line(slot, p.table_light, (rect.left, y), (rect.left, y + 6), 2)
                pygame.draw.line(
                    slot, p.table_light, (rect.right - 1, y), (rect.right - 1, y + 6), 2
                )
            self._slot_image = slot
        for cx, cy in L.DUEL_POS:
            surface.blit(slot, slot.get_rect(center=(round(cx), round(cy))))
        p = palette()
        # "vs" in the gap between the two slots, shrunk to fit it: a duel card lies on
        # each slot's edge, and a word reaching over it is cut ("kundër", review sq 12).
        gap = round(L.DUEL_POS[1][0] - L.DUEL_POS[0][0]) - slot.get_width() + 8 - 2 * VS_MARGIN
        box = pygame.Rect(0, 0, gap, max(30, label_height(self.text)))
        box.center = (round((L.DUEL_POS[0][0] + L.DUEL_POS[1][0]) / 2), round(L.DUEL_POS[0][1]))
        draw_text(surface, self.text, tr("tacocat.table.vs"), 18, p.box_floor, box, bold=True)

    def _draw_table_marks(self, surface: pygame.Surface) -> None:
        """The current target of a jumbo attack, answer marks, duel labels."""
        self._draw_attack_target(surface)
        self._draw_answer_marks(surface)
        self._draw_duel_names(surface)

    def _draw_attack_target(self, surface: pygame.Surface) -> None:
        """A pulsing ring round the attack's card to answer next, and "Answer this"."""
        view, p, text = self.view, palette(), self.text
        if not view.attack or len(view.responses) >= len(view.attack):
            return
        target = view.attack[len(view.responses)]
        if target.z > 0:
            return
        rect = self.renderer.rect_of(target)
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 180)
        ring = rect.inflate(10 + int(4 * pulse), 10 + int(4 * pulse))
        pygame.draw.rect(surface, p.cheese, ring, width=4, border_radius=12)
        # On the defender's side of the card, where the answer will land.
        box = pygame.Rect(0, 0, 2 * L.PLAY_STEP, label_height(self.text) + 4)
        if view.attacker is not None and view.side(view.attacker) == "bottom":
            box.midbottom, anchor = (rect.centerx, rect.top - 6), "midbottom"
        else:
            box.midtop, anchor = (rect.centerx, rect.bottom + 6), "midtop"
        draw_pill(
            surface,
            text,
            tr("tacocat.table.answer_this"),
            16,
            p.ink,
            p.cheese,
            box,
            pad=(8, 2),
            anchor=anchor,
        )

    def _draw_answer_marks(self, surface: pygame.Surface) -> None:
        """Under each answer at rest: defended or sacrificed."""
        view, p, text = self.view, palette(), self.text
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
            draw_pill(
                surface,
                text,
                tr(key),
                16,
                p.white,
                colour,
                box,
                pad=(6, 1),
                anchor="midtop",
                radius=9,
            )

    def _draw_duel_names(self, surface: pygame.Surface) -> None:
        """The player's name by each duel (or showdown) card at rest, on the player's side."""
        view, p, text = self.view, palette(), self.text
        for seat in (0, 1):
            shown = view.duel[seat] or view.showdown[seat]
            if shown is None or shown.z > 0:
                continue
            rect = self.renderer.rect_of(shown)
            box = pygame.Rect(0, 0, 130, label_height(self.text))
            if view.side(seat) == "top":
                box.midbottom, anchor = (rect.centerx, rect.top - 4), "midbottom"
            else:
                box.midtop, anchor = (rect.centerx, rect.bottom + 4), "midtop"
            draw_text(
                surface, text, view.names[seat], 16, p.box_floor, box, bold=True, anchor=anchor
            )
