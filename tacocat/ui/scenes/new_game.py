"""New game: against the computer (level, seat, name) or hot-seat (two names), plus the
optional rule variants (one check box per row of :data:`tacocat.rules.variants.VARIANTS`).
Start hands a :class:`GameConfig` to ``app.start_game``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.levels import DEFAULT_LEVEL
from tacocat.persistence.fields import MAX_NAME_LENGTH, check_name
from tacocat.rules import Ruleset
from tacocat.rules.variants import ruleset_with
from tacocat.seating import GameKind
from tacocat.ui.focus import Column, Row
from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.variant_rows import toggle_variant, variant_rows
from tacocat.ui.stage.game_config import LEVELS, GameConfig
from tacocat.ui.stage.scene import UIScene, theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.names import default_names, seat_name, stored_names

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_RECT = pygame.Rect(220, 56, 840, 608)
LABEL_X, CONTROL_X, CONTROL_W = 44, 290, 500
ROW_H = 48


def clean_name(text: str, default: str) -> str:
    """A usable player name from what was typed (trimmed, one line), else ``default``."""
    name = " ".join(text.split())[:MAX_NAME_LENGTH]
    try:
        return check_name(name)
    except ValueError:
        return default


class NewGameScene(UIScene):
    """Choices are kept on the scene; Start builds the config and remembers the
    level and names in the settings for next time."""

    name = "new_game"
    focus_order = (
        Row("vs_ai_button", "hotseat_button", choice=True),
        Row("level_buttons", choice=True),
        Row("seat_buttons", choice=True),
        ("your_name",),
        ("first_name",),
        ("second_name",),
        Column("variant_boxes"),
        ("back_button", "start_button"),
    )
    focus_start = ("start_button",)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.mode = GameKind.VS_AI
        self.level = settings.ai_level if settings.ai_level in LEVELS else DEFAULT_LEVEL
        self.human_seat = 0
        #: The variants switched on (names from tacocat.rules.variants.VARIANTS).
        self.variants: set[str] = set()

    def build(self) -> None:
        self.background = self.app.assets.image(
            "ui/background", self.app.size, placeholder_size=self.app.size
        )
        # (The panel grows with the text size, and scrolls when it no longer fits.)
        panel, self.at = self.scaled_frame(PANEL_RECT.size)
        self.panel = panel
        width = PANEL_RECT.width
        self._label(self.at.rect(0, 14, width, 60), "tacocat.new_game.heading", "@heading")
        names = stored_names(self.app.settings.player_names)

        y = 90
        self._label(
            self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
            "tacocat.new_game.opponent",
            "@section",
        )
        self.vs_ai_button = self._choice(self.at.rect(CONTROL_X, y, 220, ROW_H), GameKind.VS_AI)
        self.hotseat_button = self._choice(
            self.at.rect(CONTROL_X + 232, y, 268, ROW_H), GameKind.HOTSEAT
        )

        self._build_vs_ai(panel, names)
        self._build_hotseat(panel, names)
        self._build_variants(panel, 412)
        self._build_buttons(panel)
        self._refresh()

    def _build_vs_ai(self, panel: Any, names: tuple[str, str]) -> None:
        """Against the computer: level, seat, your name."""
        y = 164
        self.ai_widgets: list[pygame_gui.core.UIElement] = []
        self.ai_widgets.append(
            self._label(
                self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
                "tacocat.new_game.level",
                "@ink_left",
            )
        )
        self.level_buttons = {
            level: self._choice(self.at.rect(CONTROL_X + i * 170, y, 160, ROW_H), level)
            for i, level in enumerate(LEVELS)
        }
        self.ai_widgets += self.level_buttons.values()
        y += ROW_H + 16
        self.ai_widgets.append(
            self._label(
                self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
                "tacocat.new_game.seat",
                "@ink_left",
            )
        )
        self.seat_buttons = {
            0: self._choice(self.at.rect(CONTROL_X, y, 160, ROW_H), "seat_first"),
            1: self._choice(self.at.rect(CONTROL_X + 170, y, 160, ROW_H), "seat_second"),
        }
        self.ai_widgets += self.seat_buttons.values()
        self.ai_widgets.append(
            self._label(
                self.at.rect(CONTROL_X, y + ROW_H + 2, CONTROL_W, 26),
                "tacocat.new_game.seat_hint",
                "@muted_left",
            )
        )
        y += ROW_H + 40
        self.ai_widgets.append(
            self._label(
                self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
                "tacocat.new_game.your_name",
                "@ink_left",
            )
        )
        self.your_name = self._entry(self.at.rect(CONTROL_X, y, CONTROL_W, ROW_H), names[0])
        self.ai_widgets.append(self.your_name)

    def _build_hotseat(self, panel: Any, names: tuple[str, str]) -> None:
        """Two people on one device: both names."""
        width = PANEL_RECT.width
        y = 164
        self.hotseat_widgets: list[pygame_gui.core.UIElement] = []
        self.hotseat_widgets.append(
            self._label(
                self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
                "tacocat.new_game.first_name",
                "@seat1_left",
            )
        )
        self.first_name = self._entry(self.at.rect(CONTROL_X, y, CONTROL_W, ROW_H), names[0])
        self.hotseat_widgets.append(self.first_name)
        y += ROW_H + 16
        self.hotseat_widgets.append(
            self._label(
                self.at.rect(LABEL_X, y, CONTROL_X - LABEL_X, ROW_H),
                "tacocat.new_game.second_name",
                "@seat2_left",
            )
        )
        self.second_name = self._entry(self.at.rect(CONTROL_X, y, CONTROL_W, ROW_H), names[1])
        self.hotseat_widgets.append(self.second_name)
        y += ROW_H + 14
        self.hotseat_widgets.append(
            pygame_gui.elements.UITextBox(
                tr("tacocat.new_game.hotseat_hint"),
                self.at.rect(LABEL_X - 4, y, width - 2 * LABEL_X, 80),
                manager=self.ui,
                container=panel,
                object_id=theme_id(class_id="@plain_text"),
            )
        )

    def _build_buttons(self, panel: Any) -> None:
        width = PANEL_RECT.width
        button_y = PANEL_RECT.height - 36 - 58
        self.back_button = pygame_gui.elements.UIButton(
            self.at.rect(LABEL_X, button_y, 200, 58),
            tr("tacocat.new_game.back"),
            manager=self.ui,
            container=panel,
            object_id=theme_id("#new_game_back", "@secondary"),
        )
        self.start_button = pygame_gui.elements.UIButton(
            self.at.rect(width - LABEL_X - 240, button_y, 240, 58),
            tr("tacocat.new_game.start"),
            manager=self.ui,
            container=panel,
            object_id=theme_id("#new_game_start", "@big"),
        )

    # --- widgets ------------------------------------------------------------------------

    def _label(self, rect: pygame.Rect, key: str, class_id: str) -> pygame_gui.elements.UILabel:
        return pygame_gui.elements.UILabel(
            rect,
            tr(key),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id=class_id),
        )

    def _choice(self, rect: pygame.Rect, key: str) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            rect,
            tr(f"tacocat.new_game.{key}"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(f"#choice_{key}", "@choice"),
        )

    def _entry(self, rect: pygame.Rect, text: str) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(rect, manager=self.ui, container=self.panel)
        entry.set_text_length_limit(MAX_NAME_LENGTH)
        entry.set_text(text)
        return entry

    def _refresh(self) -> None:
        """Selected states and which group of widgets is visible."""
        vs_ai = self.mode is GameKind.VS_AI
        (self.vs_ai_button.select if vs_ai else self.vs_ai_button.unselect)()
        (self.hotseat_button.unselect if vs_ai else self.hotseat_button.select)()
        for widget in self.ai_widgets:
            (widget.show if vs_ai else widget.hide)()
        for widget in self.hotseat_widgets:
            (widget.hide if vs_ai else widget.show)()
        for level, button in self.level_buttons.items():
            (button.select if level == self.level else button.unselect)()
        for seat, button in self.seat_buttons.items():
            (button.select if seat == self.human_seat else button.unselect)()

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) is Action.BACK:
            self._back()
            return
        if toggle_variant(event, self.variant_boxes, self.variants):
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        element = event.ui_element
        if element is self.start_button:
            self.start()
        elif element is self.back_button:
            self._back()
        elif element is self.vs_ai_button or element is self.hotseat_button:
            self.mode = GameKind.VS_AI if element is self.vs_ai_button else GameKind.HOTSEAT
            self._refresh()
        else:
            for level, button in self.level_buttons.items():
                if element is button:
                    self.level = level
                    self._refresh()
                    return
            for seat, button in self.seat_buttons.items():
                if element is button:
                    self.human_seat = seat
                    self._refresh()
                    return

    def _build_variants(self, panel: Any, y: int) -> None:
        """A check box and a line of explanation for each variant, for both modes."""
        self.variant_boxes = variant_rows(
            self, panel, self.at, LABEL_X, y, PANEL_RECT.width - 2 * LABEL_X, self.variants
        )

    def _back(self) -> None:
        self.app.open("title")

    def config(self) -> GameConfig:
        """The game the current choices describe."""
        defaults = default_names()
        if self.mode is GameKind.VS_AI:
            # A default name follows the seat: the human playing the Moon is "Moon".
            human = seat_name(clean_name(self.your_name.get_text(), defaults[0]), self.human_seat)
            computer = tr("tacocat.names.computer")
            names = (human, computer) if self.human_seat == 0 else (computer, human)
            return GameConfig(
                GameKind.VS_AI,
                self.level,
                self.human_seat,
                names,
                self._ruleset(),
                seed=self._seed(),
            )
        first = clean_name(self.first_name.get_text(), defaults[0])
        second = clean_name(self.second_name.get_text(), defaults[1])
        if second == first:
            second = clean_name(f"{second[: MAX_NAME_LENGTH - 2]} 2", defaults[1])
        return GameConfig(
            GameKind.HOTSEAT, self.level, 0, (first, second), self._ruleset(), seed=self._seed()
        )

    def _seed(self) -> int | None:
        """``--seed`` shuffles the games started here too (reproducible runs and tests)."""
        return getattr(self.app.options, "seed", None)

    def _ruleset(self) -> Ruleset:
        return ruleset_with(self.variants)

    def start(self) -> None:
        """Start the game - after the player's yes when it would replace a saved game."""
        from tacocat.ui.scenes.overwrite import confirm_new_game

        confirm_new_game(self.app, self._start_now)

    def _start_now(self) -> None:
        """Remember the choices for next time, then start the game."""
        config = self.config()
        person = config.seating.person
        if person is not None:
            human = config.names[person]
            names = (human, self.app.settings.player_names[1])
            self.app.update_settings(ai_level=config.level, player_names=names)
        else:
            self.app.update_settings(player_names=config.names)
        self.app.start_game(config)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
