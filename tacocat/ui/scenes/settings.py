"""Settings: sound, animation, language, the online server, display and accessibility;
every change applies and is saved at once.

Two columns: sound, animation, language and the server's address on the left; display and
accessibility
(text size, narration) on the right. When a larger text size cannot grow across two
columns, the right-hand one goes under the left-hand one and the panel scrolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat.languages import LANGUAGES
from tacocat.persistence.settings import (
    MAX_SERVER_URL,
    TEXT_SIZES,
    ServerUrlError,
    check_server_url,
)
from tacocat.ui.devices.window import fitting_window_sizes
from tacocat.ui.focus import Row
from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import percent, tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_SIZE = (1220, 640)
SPEEDS = ("slow", "normal", "fast", "instant")
#: A dragged slider is saved this long after it stops moving (not 60 times a second).
SAVE_DELAY = 0.4
#: Shortest gap between two preview clicks while dragging the effects slider.
PREVIEW_GAP = 0.15
LABEL_X, CONTROL_X = 40, 270
#: The language row's width at 100 % (five buttons of 90 px, 4 apart); a button is at least
#: 90 px and as wide as its name; languages past the row's end wrap onto a row below.
LANGUAGE_ROW_W, LANGUAGE_W, LANGUAGE_GAP = 466, 90, 4
#: The language buttons' font size at 100 % (the theme's @choice_small) and the room their
#: border and text margins take (a 90 px button holds 78 px of text).
LANGUAGE_FONT, LANGUAGE_PAD = 16, 12
ROW_H = 44
#: The right-hand column: its left edge and width.
RIGHT_X, RIGHT_W = 810, 370
#: One column (when larger text cannot grow across two): its width, where the right-hand
#: column's rows start under the left-hand ones, and the height of it all.
ONE_COLUMN_W = 780
#: The server address's row and its note, under the languages.
SERVER_ROWS_H = 96
ONE_COLUMN_RIGHT = 76 + 410 + SERVER_ROWS_H
ONE_COLUMN_H = PANEL_SIZE[1] + 410 + SERVER_ROWS_H
SERVER_W = 466


class SettingsScene(Overlay):
    """An overlay, so it opens the same way from the title and from the in-game menu."""

    name = "settings"
    #: The focus order, row by row (a new control: its attribute name in one more row).
    focus_order = (
        # The left column, then the right one (Tab reads down each), then the footer.
        ("sound_slider",),
        ("music_slider",),
        ("mute_box",),
        Row("speed_buttons", choice=True),
        ("motion_box",),
        ("language_buttons",),
        ("server_entry",),
        ("fullscreen_box",),
        Row("size_buttons", choice=True),
        Row("text_size_buttons", choice=True),
        ("narration_box",),
        ("keys_button", "about_button", "done_button"),
    )

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._save_in: float | None = None
        self._since_preview = PREVIEW_GAP

    def build(self) -> None:
        # Two columns while the text can grow across in them; one (scrolling) when not.
        self.one_column = self.layout(PANEL_SIZE[0]).narrow
        self._language_places = self._place_languages()
        extra = self._language_places[-1][1] * (ROW_H + 6)  # (more languages wrap below)
        panel_w, panel_h = (
            (ONE_COLUMN_W, ONE_COLUMN_H + extra)
            if self.one_column
            else (PANEL_SIZE[0], PANEL_SIZE[1] + extra)
        )
        self.right_x, self.right_w, right_top = (
            (LABEL_X, ONE_COLUMN_W - 2 * LABEL_X, ONE_COLUMN_RIGHT + extra)
            if self.one_column
            else (RIGHT_X, RIGHT_W, 76)
        )
        self.panel, self.at = self.scaled_frame((panel_w, panel_h))
        self._label((0, 12, panel_w, 60), "tacocat.settings.heading", "@heading")
        y = self._sound_rows(76)
        y = self._motion_rows(y + 44)
        self.language_buttons = self._language_row(y + ROW_H + 20)
        self._server_rows(y + ROW_H + 20 + extra + ROW_H + 16)
        y = self._display_rows(right_top)
        self._access_rows(y + ROW_H + 44, panel_h)
        # The footer: Keys…, About and Done, 216 px each with 16 px between them.
        footer_x = (panel_w - 3 * 216 - 2 * 16) // 2
        self.keys_button = pygame_gui.elements.UIButton(
            self.at.rect(footer_x, panel_h - 76, 216, 54),
            tr("tacocat.focus.settings_keys"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#settings_keys", "@secondary"),
        )
        self.about_button = pygame_gui.elements.UIButton(
            self.at.rect(footer_x + 232, panel_h - 76, 216, 54),
            tr("tacocat.about.button"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#settings_about", "@secondary"),
        )
        self.done_button = pygame_gui.elements.UIButton(
            self.at.rect(footer_x + 464, panel_h - 76, 216, 54),
            tr("tacocat.settings.done"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#settings_done"),
        )
        self._refresh()

    def _sound_rows(self, y: int) -> int:
        """The sound section from ``y``; returns the y of its last row."""
        settings = self.app.settings
        self._label((LABEL_X, y, 400, 34), "tacocat.settings.sound", "@section")
        y += 36
        self.sound_slider, self.sound_value = self._slider(y, "sound_volume", settings.sound_volume)
        y += ROW_H + 6
        self.music_slider, self.music_value = self._slider(y, "music_volume", settings.music_volume)
        y += ROW_H + 8
        self.mute_box = self._checkbox(y, "tacocat.settings.muted", settings.muted)
        return y

    def _motion_rows(self, y: int) -> int:
        """The animation section from ``y``; returns the y of its last row."""
        self._label((LABEL_X, y, 400, 34), "tacocat.settings.motion", "@section")
        y += 36
        self._label((LABEL_X, y, CONTROL_X - LABEL_X, ROW_H), "tacocat.settings.speed", "@ink_left")
        self.speed_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for index, speed in enumerate(SPEEDS):
            self.speed_buttons[speed] = pygame_gui.elements.UIButton(
                self.at.rect(CONTROL_X + index * 118, y, 110, ROW_H),
                tr(f"tacocat.settings.speed_{speed}"),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(f"#speed_{speed}", "@choice"),
            )
        y += ROW_H + 10
        self.motion_box = self._checkbox(
            y, "tacocat.settings.reduced_motion", self.app.settings.reduced_motion
        )
        return y

    def _display_rows(self, y: int) -> int:
        """The display section from ``y``; returns the y of its last row."""
        settings = self.app.settings
        self._label((self.right_x, y, self.right_w, 34), "tacocat.settings.display", "@section")
        y += 36
        self.fullscreen_box = self._checkbox(
            y, "tacocat.settings.fullscreen", settings.fullscreen, x=self.right_x
        )
        y += 42
        self._label(
            (self.right_x, y, self.right_w, 34), "tacocat.settings.window_size", "@ink_left"
        )
        y += 36
        sizes = fitting_window_sizes()
        current = (settings.window_size[0], settings.window_size[1])
        if current not in sizes:
            sizes = sorted({*sizes, current})
        self.size_buttons: dict[tuple[int, int], pygame_gui.elements.UIButton] = {}
        half = (self.right_w - 10) // 2
        for index, (w, h) in enumerate(sizes[:4]):
            if index == 2:
                y += ROW_H + 8
            self.size_buttons[(w, h)] = pygame_gui.elements.UIButton(
                self.at.rect(self.right_x + (index % 2) * (half + 10), y, half, ROW_H),
                tr("tacocat.settings.size_option", w=w, h=h),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(f"#size_{w}x{h}", "@choice_small"),
            )
        return y

    def _access_rows(self, y: int, panel_h: int) -> int:
        """The accessibility section (text size, narration) from ``y``; returns its last row's y."""
        settings = self.app.settings
        self._label((self.right_x, y, self.right_w, 34), "tacocat.access.heading", "@section")
        y += 36
        self._label((self.right_x, y, self.right_w, 34), "tacocat.access.text_size", "@ink_left")
        y += 36
        self.text_size_buttons: dict[int, pygame_gui.elements.UIButton] = {}
        third = (self.right_w - 20) // 3
        for index, size in enumerate(TEXT_SIZES):
            self.text_size_buttons[size] = pygame_gui.elements.UIButton(
                self.at.rect(self.right_x + index * (third + 10), y, third, ROW_H),
                percent(size / 100),
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(f"#text_size_{size}", "@choice"),
            )
        y += ROW_H + 10
        self.narration_box = self._checkbox(
            y, "tacocat.access.narration", settings.narration, x=self.right_x
        )
        y += 36
        room = panel_h - 84 - y  # down to the Done button
        pygame_gui.elements.UITextBox(
            tr("tacocat.access.narration_note"),
            self.at.rect(self.right_x - 4, y, self.right_w + 8, room),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#narration_note", "@plain_text"),
        )
        return y

    def _server_rows(self, y: int) -> None:
        """The online server's address (``ws://`` or ``wss://``), and a note: what to type,
        or why what is typed is not an address."""
        self._label(
            (LABEL_X, y, CONTROL_X - LABEL_X, ROW_H), "tacocat.settings.server", "@ink_left"
        )
        self.server_entry = pygame_gui.elements.UITextEntryLine(
            self.at.rect(CONTROL_X, y, SERVER_W, ROW_H),
            manager=self.ui,
            container=self.panel,
            placeholder_text=tr("tacocat.settings.server_example"),
        )
        self.server_entry.set_text_length_limit(MAX_SERVER_URL)
        self.server_entry.set_text(self.app.settings.server_url)
        note = (CONTROL_X, y + ROW_H + 2, SERVER_W, 26)
        self.server_hint = self._label(note, "tacocat.settings.server_hint", "@muted_left")
        self.server_error = pygame_gui.elements.UILabel(
            self.at.rect(*note),
            "",
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@seat2_left"),
        )
        self.server_error.hide()

    def _server_typed(self) -> None:
        """A valid address (or none) is kept; a bad one is said and the last good one kept."""
        try:
            url = check_server_url(self.server_entry.get_text())
        except ServerUrlError as bad:
            self.server_hint.hide()
            self.server_error.set_text(tr(f"tacocat.settings.server_bad.{bad.code}"))
            self.server_error.show()
            return
        self.server_error.hide()
        self.server_hint.show()
        if url != self.app.settings.server_url:
            self.app.update_settings(save=False, server_url=url)
            self._save_in = SAVE_DELAY

    # --- widgets ------------------------------------------------------------------------

    def _language_row(self, y: int) -> dict[str, pygame_gui.elements.UIButton]:
        """One button per language, each named in its own language (and script)."""
        self._label(
            (LABEL_X, y, CONTROL_X - LABEL_X, ROW_H), "tacocat.settings.language", "@ink_left"
        )
        buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for (code, own_name), (x, row, width) in zip(
            LANGUAGES.items(), self._language_places, strict=True
        ):
            buttons[code] = pygame_gui.elements.UIButton(
                self.at.rect(CONTROL_X + x, y + row * (ROW_H + 6), width, ROW_H),
                own_name,
                manager=self.ui,
                container=self.panel,
                object_id=theme_id(f"#language_{code}", "@choice_small"),
            )
        return buttons

    def _place_languages(self) -> list[tuple[int, int, int]]:
        """Each language button's (x, row, width) in design units, left to right."""
        font = self.app.assets.font(LANGUAGE_FONT, bold=True)
        places: list[tuple[int, int, int]] = []
        x = row = 0
        for own_name in LANGUAGES.values():
            width = max(LANGUAGE_W, font.size(own_name)[0] + LANGUAGE_PAD)
            if x and x + width > LANGUAGE_ROW_W:
                x, row = 0, row + 1
            places.append((x, row, width))
            x += width + LANGUAGE_GAP
        return places

    def _label(
        self, rect: tuple[int, int, int, int], key: str, class_id: str
    ) -> pygame_gui.elements.UILabel:
        """A label at the design rect ``rect``."""
        return pygame_gui.elements.UILabel(
            self.at.rect(*rect),
            tr(key),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id=class_id),
        )

    def _slider(
        self, y: int, field: str, value: float
    ) -> tuple[pygame_gui.elements.UIHorizontalSlider, pygame_gui.elements.UILabel]:
        self._label(
            (LABEL_X, y, CONTROL_X - LABEL_X, ROW_H), f"tacocat.settings.{field}", "@ink_left"
        )
        slider = pygame_gui.elements.UIHorizontalSlider(
            self.at.rect(CONTROL_X, y + 6, 370, ROW_H - 12),
            round(value * 100),
            (0, 100),
            manager=self.ui,
            container=self.panel,
            click_increment=5,
            object_id=theme_id(f"#{field}"),
        )
        label = pygame_gui.elements.UILabel(
            self.at.rect(CONTROL_X + 380, y, 90, ROW_H),
            percent(round(value, 2)),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@value"),
        )
        return slider, label

    def _checkbox(
        self, y: int, key: str, checked: bool, x: int | None = None
    ) -> pygame_gui.elements.UICheckBox:
        x = LABEL_X if x is None else x
        return pygame_gui.elements.UICheckBox(
            self.at.rect(x, y + 4, 28, 28),
            tr(key),
            manager=self.ui,
            container=self.panel,
            initial_state=checked,
        )

    def fitted(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        """Show the current choices as selected buttons."""
        settings = self.app.settings
        for speed, button in self.speed_buttons.items():
            (button.select if speed == settings.animation_speed else button.unselect)()
        for size, button in self.size_buttons.items():
            (button.select if size == tuple(settings.window_size) else button.unselect)()
            (button.disable if settings.fullscreen else button.enable)()
        if self.fullscreen_box.is_checked != settings.fullscreen:
            self.fullscreen_box.set_state(settings.fullscreen)
        for code, button in self.language_buttons.items():
            (button.select if code == settings.language else button.unselect)()
        for text_size, button in self.text_size_buttons.items():
            (button.select if text_size == settings.text_size else button.unselect)()

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) is Action.BACK:
            self.close()
        elif (
            event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.server_entry
        ):
            self._server_typed()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self._slider_moved(event.ui_element)
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.mute_box:
                self.app.update_settings(muted=checked)
            elif event.ui_element is self.motion_box:
                self.app.update_settings(reduced_motion=checked)
            elif event.ui_element is self.fullscreen_box:
                self.app.update_settings(fullscreen=checked)
                self._refresh()
            elif event.ui_element is self.narration_box:
                self.app.update_settings(narration=checked)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button_pressed(event.ui_element)

    def _slider_moved(self, element: object) -> None:
        if element is self.sound_slider:
            value = element.get_current_value() / 100
            self.sound_value.set_text(percent(value))
            self.app.update_settings(save=False, sound_volume=value)
            if self._since_preview >= PREVIEW_GAP:
                self._since_preview = 0.0
                self.app.audio.play("click")
        elif element is self.music_slider:
            value = element.get_current_value() / 100
            self.music_value.set_text(percent(value))
            self.app.update_settings(save=False, music_volume=value)
        else:
            return
        self._save_in = SAVE_DELAY

    def _button_pressed(self, element: object) -> None:
        if element is self.done_button:
            self.close()
            return
        if element is self.about_button:
            self.app.open("about")
            return
        if element is self.keys_button:
            self.app.open("keys")
            return
        for speed, button in self.speed_buttons.items():
            if element is button:
                self.app.update_settings(animation_speed=speed)
                self._refresh()
                return
        for size, button in self.size_buttons.items():
            if element is button:
                self.app.update_settings(window_size=size)
                self._refresh()
                return
        for code, button in self.language_buttons.items():
            if element is button:
                self.app.update_settings(language=code)  # rebuilds this screen in it
                self._refresh()
                return
        for text_size, button in self.text_size_buttons.items():
            if element is button:
                self.app.update_settings(text_size=text_size)  # rebuilds this screen in it
                self._refresh()
                return

    def update(self, dt: float) -> None:
        self._since_preview += dt
        if self.fullscreen_box.is_checked != self.app.settings.fullscreen:
            self._refresh()  # F11 was pressed while this screen is open
        if self._save_in is not None:
            self._save_in -= dt
            if self._save_in <= 0:
                self._save_in = None
                self.app.save_settings()

    def is_animating(self) -> bool:
        return self._save_in is not None

    def exit(self) -> None:
        if self._save_in is not None:
            self._save_in = None
            self.app.save_settings()
        super().exit()
