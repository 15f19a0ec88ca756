"""The hot-seat screen: hides everything until the right player holds the device."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.layout import Layout, layout_for

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: Clicks and keys this soon after the screen appears are ignored, so the
#: player who just acted cannot click straight through it.
GUARD_SECONDS = 0.3
BUTTON_SIZE = (560, 68)
#: The token's top, and the design y where the text under it starts and ends (100 %).
TOKEN_TOP, TEXT_TOP, HINT_BOTTOM = 118, 118 + 140, 548 + 34


class PassDeviceScene(Overlay):
    """An opaque screen naming who must take the device.

    :param name: the player who must take the device now.
    :param on_ready: called once, after this screen is removed, when they confirm.
    :param seat: 0 or 1, to show the name in the seat's colour.
    :param other: the other player's name, asked to look away.
    """

    focus_order = (("button",),)

    name = "pass_device"
    opaque = True  # nothing below is drawn: no card may show through
    panel_id = "#overlay_opaque"

    def __init__(
        self,
        app: App,
        name: str,
        on_ready: Callable[[], None],
        seat: int | None = None,
        other: str | None = None,
    ) -> None:
        super().__init__(app)
        self.player_name = name
        self.on_ready = on_ready
        self.seat = seat
        self.other = other
        self.elapsed = 0.0
        self.done = False
        self.button: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        width = self.app.size[0]
        token, at, top, base = self._placement()

        def row(y: int, h: int) -> pygame.Rect:
            return pygame.Rect(0, base + at.y(y), width, at.y(h))

        pygame_gui.elements.UIImage(
            pygame.Rect(((width - token.get_width()) // 2, top), token.get_size()),
            token,
            manager=self.ui,
            container=self.root,
        )
        self._build_names(row)
        self._build_button(at, row)
        self._speak()
        pygame_gui.elements.UILabel(
            row(548, 34),
            tr("tacocat.pass.hint"),
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id="@pass_note"),
        )

    def _placement(self) -> tuple[pygame.Surface, Layout, int, int]:
        """The token, the layout of the rows under it, the token's top, and the pixel y
        that is design y 0 of those rows."""
        width, height = self.app.size
        token = self.app.assets.image("token/tacocat", (168, 140))
        # The rows under the token grow with the text size; the stack is then centred.
        at = layout_for(BUTTON_SIZE[0], width - 40)
        top = TOKEN_TOP
        if at.sy != 1:
            top = max(8, (height - token.get_height() - at.y(HINT_BOTTOM - TEXT_TOP)) // 2)
        base = top + token.get_height() - at.y(TEXT_TOP)  # a design y under the token → pixels
        return token, at, top, base

    def _build_names(self, row: Callable[[int, int], pygame.Rect]) -> None:
        """The heading, the name of who takes the device (in their seat's colour) and who
        is to look away."""
        pygame_gui.elements.UILabel(
            row(276, 44),
            tr("tacocat.pass.heading"),
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id="@pass_heading"),
        )
        seat_classes: dict[int | None, str] = {0: "@pass_name_1", 1: "@pass_name_2"}
        seat_class = seat_classes.get(self.seat, "@pass_name")
        pygame_gui.elements.UILabel(
            row(318, 92),
            self.player_name,
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id=seat_class),
        )
        if self.other:
            pygame_gui.elements.UILabel(
                row(408, 34),
                tr("tacocat.pass.look_away", other=self.other),
                manager=self.ui,
                container=self.root,
                object_id=theme_id(class_id="@pass_note"),
            )

    def _build_button(self, at: Layout, row: Callable[[int, int], pygame.Rect]) -> None:
        """The "I have it" button, disabled until the guard time has passed."""
        width = self.app.size[0]
        self.button = pygame_gui.elements.UIButton(
            pygame.Rect(
                ((width - at.x(BUTTON_SIZE[0])) // 2, row(458, 0).y), at.size(*BUTTON_SIZE)
            ),
            tr("tacocat.pass.button", name=self.player_name),
            manager=self.ui,
            container=self.root,
            object_id=theme_id("#pass_ready", "@big"),
        )
        self.button.disable()

    def _speak(self) -> None:
        """Say the whole screen at once, cutting off whatever was being said."""
        self.app.narrator.speak(
            " ".join(
                part
                for part in (
                    tr("tacocat.pass.heading"),
                    self.player_name,
                    tr("tacocat.pass.look_away", other=self.other) if self.other else "",
                    tr("tacocat.pass.hint"),
                )
                if part
            ),
            interrupt=True,
        )

    @property
    def armed(self) -> bool:
        """True once the guard time has passed."""
        return self.elapsed >= GUARD_SECONDS

    def update(self, dt: float) -> None:
        was_armed = self.armed
        self.elapsed += dt
        if self.armed and not was_armed and self.button is not None:
            self.button.enable()

    def is_animating(self) -> bool:
        # Keep frames coming until the guard ends, so the button enables on time.
        return not self.armed

    def clicks(self, element: Any) -> bool:
        """Silent here: the hand-over clicks when it is confirmed (button or key, once armed)."""
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        do = self.action(event)
        if do is Action.BACK:
            self.app.open("menu")  # never reveals the hand: the menu covers it too
            return
        if not self.armed:
            return
        pressed_key = do in (Action.CONFIRM, Action.SELECT)
        pressed_button = (
            event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button
        )
        if pressed_key or pressed_button:
            self.confirm()

    def confirm(self) -> None:
        """The named player has the device: remove the cover, then call back (once)."""
        if self.done:
            return
        self.done = True
        self.click()
        self.app.scenes.pop(self)
        self.on_ready()
