"""A drawn button in the theme's look, with hover, press, focus and disabled states.

The table draws its own buttons (instead of pygame_gui's) so that one keyboard
focus ring can move over cards and buttons alike, and so that a click on a
disabled button can still say *why* it is disabled.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from tacocat.ui.text import text_scale
from tacocat.ui.widgets.focus_ring import draw_focus_ring
from tacocat.ui.widgets.style import Colour, TextCache, mix, palette, rounded_panel
from tacocat.ui.widgets.text_box import (
    cover,
    draw_lines,
    draw_text,
    fit_lines,
    fitted,
    fitted_size,
    inactive,
)

#: Space (pixels) kept clear between a label and the button's edges.
PADDING = 16
#: A label's trailing key hint, "Hint (H)": the part kept when the whole does not fit.
_KEY_HINT = re.compile(r"^(.+?)\s*\(\w{1,3}\)$")


class Button:
    """A rectangle that calls ``on_click`` when clicked (see :class:`ButtonGroup`).

    ``style``: ``"primary"`` (cheese), ``"secondary"`` (cream), ``"quiet"``
    (dark, for table furniture like Hint and Menu). ``sound``: a click on it sounds
    (the replay's transport steps silently: the cards make the sound).
    """

    def __init__(
        self,
        key: str,
        rect: pygame.Rect,
        label: str = "",
        *,
        style: str = "primary",
        on_click: Callable[[], None] | None = None,
        font_size: int = 20,
        icon: str | None = None,
        sound: bool = True,
    ) -> None:
        self.key = key
        self.rect = pygame.Rect(rect)
        self.label = label
        self.style = style
        self.on_click = on_click
        self.sound = sound
        self.font_size = font_size
        self.icon = icon
        self.enabled = True
        self.visible = True
        #: Why the button is disabled, said when it is clicked anyway.
        self.disabled_reason: str | None = None
        self.hovered = False
        self.pressed = False
        #: The buttons on this one's row (itself included) whose labels share one size:
        #: the largest at which every visible one fits (:meth:`label_size`).
        self.row: list[Button] = []
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse on this button: hover, press, release. True when ``event`` completes
        a click on it, the one meaning of a click: the left button pressed on it and
        released on it (a hidden button takes none; a disabled one is clicked too, so
        that its owner may say why it is disabled)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event.pos)
            return False
        if getattr(event, "button", None) != 1:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = self.contains(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            was, self.pressed = self.pressed, False
            return was and self.contains(event.pos)
        return False

    def _colours(self) -> tuple[Colour, Colour, Colour]:
        p = palette()
        if self.style == "primary":
            fill, text, border = p.cheese, p.ink, p.ink
        elif self.style == "secondary":
            fill, text, border = p.box_floor, p.ink, p.ink
        elif self.style == "danger":
            fill, text, border = p.salsa_dark, p.card_face, p.ink
        else:
            fill, text, border = p.table_light, p.card_face, p.table_deep
        if not self.enabled:
            # The theme's disabled look (as pygame_gui's buttons elsewhere).
            if self.style == "quiet":
                fill, text, border = (
                    mix(p.table_light, p.table, 0.5),
                    mix(p.card_face, p.table, 0.35),
                    p.table_deep,
                )
            else:
                fill, text, border = p.stone, p.stone_dark, p.stone_dark
        elif self.pressed:
            fill = mix(fill, p.ink, 0.15)
        elif self.hovered:  # lighter; a dark fill only a little, to keep its light text readable
            fill = mix(fill, p.white, 0.22 if self.style in ("primary", "secondary") else 0.1)
        return fill, text, border

    def label_box(self) -> pygame.Rect:
        """Where the label may go on the button's body: :data:`PADDING` clear on each side
        (less on a small square button such as the replay's « and »)."""
        padding = min(PADDING if self.style != "quiet" else 5, self.rect.width // 6)
        return pygame.Rect(3 + padding, 3 + 2, self.rect.width - 2 * padding, self.rect.height - 4)

    def label_image(self, text: TextCache, colour: Colour) -> pygame.Surface:
        """The label as drawn: a long one is set in a smaller font to keep its padding."""
        return fitted(
            text,
            self.shown_label(text),
            self.label_size(text),
            colour,
            self.label_box().size,
            bold=True,
        )[0]

    def _own_fit(self, text: TextCache, label: str) -> tuple[int, bool]:
        return fitted_size(text, label, self.font_size, self.label_box().size, bold=True)

    def _peers(self) -> list[Button]:
        return [b for b in self.row if b.visible and b.label] or [self]

    def _drops_key_hint(self, text: TextCache) -> bool:
        """True when the label's key hint must go ("Discards (D)" -> "Discards"): the whole
        does not fit at the smallest size."""
        return _KEY_HINT.match(self.label) is not None and self._own_fit(text, self.label)[1]

    def shown_label(self, text: TextCache) -> str:
        """The label, less its key hint ("Discards (D)" -> "Discards") when only that
        keeps it (or another label on its row: a row drops them together) from fitting
        at the smallest size (large text, long languages)."""
        short = _KEY_HINT.match(self.label)
        if short is None:
            return self.label
        drop = any(b._drops_key_hint(text) for b in self._peers())
        return short.group(1) if drop else self.label

    def label_size(self, text: TextCache) -> int:
        """The design size the label is drawn at: its own font size, shrunk to fit, and on a
        row the smallest of its peers' (labels side by side never differ in size)."""
        return min(b._own_fit(text, b.shown_label(text))[0] for b in self._peers())

    def _wraps(self, text: TextCache, label: str) -> bool:
        """True when ``label`` does not fit on one line even at the smallest size but fits
        wrapped over two or more (a long translation on a narrow button)."""
        box = self.label_box()
        _, squeezed = fitted(text, label, self.font_size, palette().ink, box.size, bold=True)
        return squeezed and not fit_lines(text, label, self.font_size, box, bold=True)[2]

    def draw(self, surface: pygame.Surface, text: TextCache, focused: bool = False) -> None:
        if not self.visible:
            return
        size = self.label_size(text)
        key = (
            self.label,
            self.style,
            self.enabled,
            self.pressed,
            self.hovered,
            self.rect.size,
            text_scale.percent(),
            size,
            tuple(b.label for b in self.row),
        )
        body = self._cache.get(key)
        if body is None:
            fill, colour, border = self._colours()
            if len(self._cache) > 24:
                self._cache.clear()
            body = rounded_panel(self.rect.size, fill, border, radius=12, border_width=2, shadow=3)
            label, box = self.shown_label(text), self.label_box()
            with contextlib.nullcontext() if self.enabled else inactive():
                if self._wraps(text, label):
                    draw_lines(
                        body,
                        text,
                        label,
                        self.font_size,
                        colour,
                        box,
                        bold=True,
                        align="centre",
                        middle=True,
                    )
                else:
                    draw_text(body, text, label, size, colour, box, bold=True)
            self._cache[key] = body
        offset = 2 if self.pressed and self.enabled else 0
        surface.blit(body, (self.rect.x - 3, self.rect.y - 3 + offset))
        cover(surface, self.rect, f"button {self.label!r}")
        if focused:
            draw_focus_ring(surface, self.rect)


class ButtonGroup:
    """Buttons that share the mouse and the keys, and the one place a press is carried out.

    :param click: plays the click (the scene's :meth:`~tacocat.ui.stage.scene.Scene.click`).
    :param refused: called with a disabled button that was pressed (the table says why);
        None: such a press does nothing.
    :param pressed: called with an enabled button that was pressed, after its
        ``on_click`` (None: ``on_click`` alone is the button's action).
    """

    def __init__(
        self,
        click: Callable[[], None],
        *,
        refused: Callable[[Button], None] | None = None,
        pressed: Callable[[Button], None] | None = None,
    ) -> None:
        self._click = click
        self._refused = refused
        self._pressed = pressed

    def handle_event(self, buttons: Iterable[Button], event: pygame.event.Event) -> Button | None:
        """Hover, press and release for ``buttons``; the one clicked is pressed and returned."""
        clicked = None
        for button in buttons:
            if button.handle_event(event) and clicked is None:
                clicked = button
        if clicked is not None:
            self.press(clicked)
        return clicked

    def press(self, button: Button) -> None:
        """A click, or Enter on the focused button: its sound and its action, or the refusal."""
        if not button.visible:
            return
        if not button.enabled:
            if self._refused is not None:
                self._refused(button)
            return
        if button.sound:
            self._click()
        if button.on_click is not None:
            button.on_click()
        if self._pressed is not None:
            self._pressed(button)
