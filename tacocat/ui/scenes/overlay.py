"""The two kinds of modal layer, in one place.

:class:`Overlay` is a pygame_gui layer (menu, rules, settings, statistics,
messages, the pass-the-device screen): a full-window panel that dims what is
under it. :class:`DrawnOverlay` is a drawn layer over the table (round result,
game over, discard viewer).

DrawnOverlay is drawn by hand rather than with pygame_gui, because these layers show cards and
pygame_gui paints its panels *over* everything a scene draws. Buttons are the
table's own :class:`~tacocat.ui.widgets.button.Button`, with the same keyboard
focus: Left/Right/Tab move, Enter/Space press.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.stage.scene import OVERLAY_LAYER, Scene, UIScene
from tacocat.ui.widgets.button import Button, ButtonGroup
from tacocat.ui.widgets.style import TextCache, palette, rounded_panel
from tacocat.ui.widgets.text_box import draw_lines, draw_text, unrecorded

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: How much the dimming layer hides of the table (0..255).
DIM_ALPHA = 170
#: The least room a drawn panel leaves above and below it when it grows.
WINDOW_MARGIN = 8


class Overlay(UIScene):
    """A modal layer over the scene below: a full-window panel that dims what
    is under it (widgets included) and swallows clicks meant for it.

    ``panel_id`` picks the theme look of that full-window panel
    (``#overlay_dim`` = translucent, ``#overlay_opaque`` = covers all).
    """

    opaque = False
    panel_id = "#overlay_dim"

    def make_root(self) -> Any:
        # Each stacked overlay sits a full band above the one below it.
        # (Its place in the stack, so a rebuild after a language switch keeps the order.)
        stack = self.app.scenes.stack
        depth = max(1, stack.index(self) + 1 if self in stack else len(stack))
        return pygame_gui.elements.UIPanel(
            pygame.Rect((0, 0), self.app.size),
            starting_height=OVERLAY_LAYER * depth,
            manager=self.ui,
            object_id=pygame_gui.core.ObjectID(object_id=self.panel_id),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        # Esc (a controller's B) closes most overlays; subclasses may override.
        if self.action(event) is Action.BACK:
            self.close()

    def close(self) -> None:
        """Remove this overlay if it is on top."""
        self.app.scenes.pop(self)


def share_rows(buttons: list[Button]) -> None:
    """Buttons at one height form a row whose labels share one size (Button.row)."""
    rows: dict[int, list[Button]] = {}
    for button in buttons:
        rows.setdefault(button.rect.y, []).append(button)
    for row in rows.values():
        for button in row:
            button.row = row if len(row) > 1 else []


class DrawnOverlay(Scene):
    """Dims what is below and draws a panel; subclasses fill it in."""

    opaque = False
    panel_size = (640, 420)
    #: Seconds of fade-in.
    appear = 0.18
    #: Seconds during which input is ignored (a click meant for the table, a key
    #: pressed just before this layer appeared, must not press its buttons).
    guard = 0.0

    def __init__(self, app: App, text: TextCache | None = None) -> None:
        super().__init__(app)
        self.text = text or TextCache(lambda size, bold: app.assets.font(size, bold=bold))
        self.buttons: list[Button] = []
        #: One meaning of a click and its sound (a disabled button does nothing here).
        self._group = ButtonGroup(self.click, pressed=self.on_button)
        self.focus = 0
        self.keyboard = False
        self.elapsed = 0.0
        self._dim: pygame.Surface | None = None
        self._panel: pygame.Surface | None = None
        self.panel_rect = pygame.Rect((0, 0), self.panel_size)
        self.panel_rect.center = (app.size[0] // 2, app.size[1] // 2)
        #: True while :meth:`grow_to_fit` measures the content.
        self.measuring = False

    # --- to override ------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw inside :attr:`panel_rect` (over the panel)."""

    def on_button(self, button: Button) -> None:
        """A button was pressed."""

    def on_cancel(self) -> None:
        """Esc (default: the first button)."""
        if self.buttons:
            self.on_button(self.buttons[0])

    # --- scene ------------------------------------------------------------------------------

    @property
    def armed(self) -> bool:
        return self.elapsed >= self.guard

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def is_animating(self) -> bool:
        return self.elapsed < self.appear + 0.05

    def _press(self, button: Button) -> None:
        self._group.press(button)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._group.handle_event(self.buttons, event)
            for index, button in enumerate(self.buttons):
                if button.hovered:
                    self.focus = index  # the focus follows the mouse (its ring hides)
            return
        if not self.armed:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if self._group.handle_event(self.buttons, event) is not None:
                self.keyboard = False
            elif event.type == pygame.MOUSEBUTTONUP:
                self.on_click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)

    def on_click(self, pos: tuple[int, int]) -> None:
        """A click that hit no button."""

    def on_key(self, event: pygame.event.Event) -> None:
        do = self.action(event)
        if do is Action.BACK:
            self.on_cancel()
        elif do in (Action.LEFT, Action.UP, Action.PREVIOUS):
            self._move_focus(-1)
        elif do in (Action.RIGHT, Action.DOWN, Action.NEXT):
            self._move_focus(1)
        elif do in (Action.CONFIRM, Action.SELECT) and self.buttons:
            self._press(self.buttons[self.focus % len(self.buttons)])

    def _move_focus(self, step: int) -> None:
        self.keyboard = True
        self.focus = (self.focus + step) % max(1, len(self.buttons))
        if self.buttons:  # e.g. for narration (see FocusManager.on_focus_changed)
            self.app.focus.announce(self.buttons[self.focus].label)

    def close(self) -> None:
        self.app.scenes.pop(self)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        p = palette()
        if self._dim is None:
            # One opaque colour with a surface alpha: the fade-in changes the alpha
            # instead of copying a 1280×720 per-pixel-alpha layer every frame.
            self._dim = pygame.Surface(surface.get_size())
            self._dim.fill(p.table_deep)
        fade = min(1.0, self.elapsed / self.appear) if self.appear > 0 else 1.0
        self._dim.set_alpha(int(DIM_ALPHA * fade))
        surface.blit(self._dim, (0, 0))
        if self._panel is None:
            self._panel = rounded_panel(
                self.panel_rect.size, p.box_floor, p.box_edge, radius=22, border_width=4, shadow=10
            )
            inner = pygame.Rect(10, 10, *self.panel_rect.size).inflate(-16, -16)
            pygame.draw.rect(self._panel, p.box_rim, inner, width=2, border_radius=16)
        surface.blit(self._panel, (self.panel_rect.x - 10, self.panel_rect.y - 10))
        self.draw_content(surface)
        share_rows(self.buttons)
        for index, button in enumerate(self.buttons):
            button.draw(surface, self.text, focused=self.keyboard and index == self.focus)

    def grow_to_fit(
        self,
        content_bottom: Callable[[pygame.Surface], int],
        below: Sequence[Button],
        gap: int = 12,
    ) -> int:
        """Make the panel taller (up to the window) until the content clears the ``below``
        buttons: a long recap, a tall script or larger text need more than the usual room.

        ``content_bottom`` draws the content on a scratch surface (nothing is recorded;
        :attr:`measuring` is true, so text bounded by a button can take its natural size)
        and returns its lowest y. Returns how far the panel's top moved (negative: up);
        buttons not in ``below`` move with the top, the others with the bottom.
        """
        self.measuring = True
        try:
            with unrecorded():
                bottom = content_bottom(pygame.Surface(self.app.size))
        finally:
            self.measuring = False
        excess = bottom + gap - min((b.rect.top for b in below), default=bottom + gap)
        room = self.app.size[1] - 2 * WINDOW_MARGIN - self.panel_rect.height
        grow = max(0, min(excess, room))
        if not grow:
            return 0
        old = self.panel_rect.copy()
        self.panel_rect.height += grow
        self.panel_rect.centery = self.app.size[1] // 2
        self._panel = None
        for button in self.buttons:
            edge = "bottom" if button in below else "top"
            button.rect.y += getattr(self.panel_rect, edge) - getattr(old, edge)
        return self.panel_rect.top - old.top

    def heading(
        self,
        surface: pygame.Surface,
        text: str,
        y: int,
        size: int = 34,
        colour: tuple[int, int, int] | None = None,
    ) -> int:
        """One line of ``text`` centred across the panel from ``y``; returns the y below it."""
        box = pygame.Rect(
            self.panel_rect.x + 30,
            y,
            self.panel_rect.width - 60,
            self.text.font(size, True).get_linesize(),
        )
        draw_text(
            surface, self.text, text, size, colour or palette().ink, box, bold=True, anchor="midtop"
        )
        return box.bottom

    def line(
        self,
        surface: pygame.Surface,
        text: str,
        y: int,
        size: int = 19,
        colour: tuple[int, int, int] | None = None,
        bold: bool = False,
        bottom: int | None = None,
    ) -> int:
        """``text`` wrapped and centred across the panel from ``y`` (shrunk, rather than run
        past the panel's foot, or past ``bottom`` when given); returns the y below it."""
        rect = self.panel_rect
        end = rect.bottom - 16 if bottom is None else bottom
        box = pygame.Rect(rect.x + 40, y, rect.width - 80, max(0, end - y))
        covered = draw_lines(
            surface,
            self.text,
            text,
            size,
            colour or palette().ink,
            box,
            bold=bold,
            gap=2,
            align="centre",
        )
        return covered.bottom + 2 if covered.height else y
