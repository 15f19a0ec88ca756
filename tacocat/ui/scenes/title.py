"""The title screen: logo over the table, the main buttons, the version."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat import __version__
from tacocat.geometry import LOGO_SIZE
from tacocat.ui.devices.assets import CORE_IMAGES
from tacocat.ui.input.actions import Action
from tacocat.ui.stage.scene import UIScene, theme_id
from tacocat.ui.stage.tween import Tweener, ease_out_back, ease_out_cubic
from tacocat.ui.text.fit import fit_text
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.layout import layout_for

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

BUTTON_SIZE = (320, 54)
BUTTON_GAP = 12
#: How to play, Statistics, History and Settings share one row (eight stacked buttons
#: would not fit under the logo).
ROW_BUTTON_WIDTH = 210
#: A button alone on its row (New game, Continue, the guided game): room for long names.
SINGLE_WIDTH = 460
#: Two buttons on a row (New game and Play online).
PAIR_WIDTH = 340
#: Seconds between two counts of the online games waiting for your move.
ONLINE_COUNT_EVERY = 1.0
LOGO_TOP = 46
#: The logo is never made smaller than this (for larger text, see ``TitleScene._logo``).
LOGO_MIN_H = 80


def missing_summary(missing: list[str], shown: int = 3) -> str:
    """``"cards/card_01, ui/background and 4 more"``: short enough for one line."""
    names = [name.rsplit(".", 1)[0] for name in dict.fromkeys(missing)]
    text = ", ".join(names[:shown])
    if len(names) > shown:
        text += " " + tr("tacocat.title.more", n=len(names) - shown)
    return text


class _Offset:
    """A tweenable vertical offset for one animated element."""

    def __init__(self, y: float) -> None:
        self.y = y


class TitleScene(UIScene):
    """Buttons: Continue (only with an autosave, or online games kept), New game and Play
    online side by side, then How to play, Statistics, History and Settings side by side,
    then About and Quit."""

    name = "title"
    #: The background picture covers the window (the app skips clearing it).
    covers_window = True
    focus_order = (
        # As laid out: Continue (when a game is saved) above New game.
        ("buttons.continue",),
        ("buttons.new_game", "buttons.online"),
        ("buttons.tutorial",),
        ("buttons.rules", "buttons.stats", "buttons.history", "buttons.settings"),
        ("buttons.about", "buttons.quit"),
    )
    focus_start = ("buttons.continue", "buttons.new_game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.tweener = Tweener(speed=lambda: app.animation_speed)
        self.logo_offset = _Offset(0.0)
        #: The buttons shown, by key (as :meth:`_rows` lays them out).
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._offsets: list[_Offset] = []
        self._bases: list[tuple[int, int]] = []
        #: Online games waiting for your move, as the Play online button shows it.
        self.online_waiting = 0
        self._online_in = 0.0

    def build(self) -> None:
        assets = self.app.assets
        # Every core image is checked (a broken install is reported here), but only
        # the title's own are loaded now; the app loads the others while idle.
        assets.check(CORE_IMAGES)
        self.background = assets.image(
            "ui/background", self.app.size, placeholder_size=self.app.size
        )
        self.decor = self._decor()
        width, height = self.app.size
        has_save = self._has_autosave() or self._has_online_games()
        rows = self._rows(has_save)
        # At a larger text size the buttons grow (across as far as the widest row lets
        # them), and the logo gives up the height they need.
        widest = max(len(row) * ROW_BUTTON_WIDTH + (len(row) - 1) * BUTTON_GAP for row in rows)
        self.at = at = layout_for(widest, width - 40)
        logo_top = self._logo_top()
        self.logo = self._logo(height - logo_top - at.y(52 + 40) - self._rows_height(rows))
        logo_bottom = logo_top + self.logo.get_height()

        self.tagline = pygame_gui.elements.UILabel(
            pygame.Rect(0, logo_bottom + at.y(2), width, at.y(34)),
            tr("tacocat.title.tagline"),
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id="@tagline"),
        )
        self._build_buttons(rows, logo_bottom + at.y(52), width)

        pygame_gui.elements.UILabel(
            pygame.Rect((width - at.x(300)) // 2, height - at.y(34), at.x(300), at.y(26)),
            tr("tacocat.title.version", version=__version__),
            manager=self.ui,
            container=self.root,
            object_id=theme_id(class_id="@footer"),
        )
        self.notice = None
        if assets.missing:
            names = missing_summary(assets.missing)
            self.notice = pygame_gui.elements.UILabel(
                pygame.Rect(40, height - at.y(78), width - 80, at.y(34)),
                tr("tacocat.title.missing_images", names=names),
                manager=self.ui,
                container=self.root,
                object_id=theme_id(class_id="@notice"),
            )
        self._intro()

    def enter(self) -> None:
        super().enter()
        self.app.audio.start_music()  # (a table stops it)

    def _actions(self) -> dict[str, Callable[[], object]]:
        """What each button does, by key."""
        app = self.app
        return {
            "continue": self._continue,
            "new_game": lambda: app.open("new_game"),
            "online": lambda: app.open("online_menu"),
            "tutorial": app.start_tutorial,
            "rules": lambda: app.open("rules"),
            "stats": lambda: app.open("stats"),
            "history": lambda: app.open("history"),
            "settings": lambda: app.open("settings"),
            "about": lambda: app.open("about"),
            "quit": self.ask_to_quit,
        }

    def _rows(self, has_save: bool) -> list[list[tuple[str, str | None]]]:
        """Rows of (key, theme class): one wide button, or several side by side.
        A game in progress: Continue is the big first button, New game the smaller
        second (the one that would replace it asks first, see overwrite.py)."""
        rows: list[list[tuple[str, str | None]]] = (
            [[("continue", "@big")], [("new_game", "@secondary"), ("online", "@secondary")]]
            if has_save
            else [[("new_game", "@big"), ("online", "@secondary")]]
        )
        if self._offer_tutorial():
            rows.append([("tutorial", None)])
        rows += [
            [
                ("rules", "@secondary"),
                ("stats", "@secondary"),
                ("history", "@secondary"),
                ("settings", "@secondary"),
            ],
            [("about", "@secondary"), ("quit", "@danger")],
        ]
        return rows

    def _rows_height(self, rows: list[list[tuple[str, str | None]]]) -> int:
        return len(rows) * self.at.y(BUTTON_SIZE[1]) + (len(rows) - 1) * self.at.y(BUTTON_GAP)

    def _logo(self, room: int) -> pygame.Surface:
        """The logo, made smaller when the buttons' larger text leaves it less than
        its height (never below :data:`LOGO_MIN_H`)."""
        logo = self.app.assets.image("ui/title_logo", placeholder_size=LOGO_SIZE)
        if room >= logo.get_height():
            return logo
        scale = max(LOGO_MIN_H, room) / logo.get_height()
        return pygame.transform.smoothscale(
            logo, (round(logo.get_width() * scale), round(logo.get_height() * scale))
        )

    def _logo_top(self) -> int:
        return LOGO_TOP if self.at.sy == 1 else round(LOGO_TOP / self.at.sy)

    def _build_buttons(
        self, rows: list[list[tuple[str, str | None]]], top: int, width: int
    ) -> None:
        """The main buttons, row by row, centred, in :attr:`buttons` by key."""
        for row_index, row in enumerate(rows):
            at = self.at
            y = top + row_index * (at.y(BUTTON_SIZE[1]) + at.y(BUTTON_GAP))
            button_w = at.x({1: SINGLE_WIDTH, 2: PAIR_WIDTH}.get(len(row), ROW_BUTTON_WIDTH))
            row_w = len(row) * button_w + (len(row) - 1) * at.x(BUTTON_GAP)
            x = (width - row_w) // 2
            for key, class_id in row:
                # About's label is in the "about" section, with the screen it opens.
                text = tr("tacocat.about.button" if key == "about" else f"tacocat.title.{key}")
                if key == "online" and self.online_waiting:
                    text = tr("tacocat.title.online_count", count=self.online_waiting)
                button = pygame_gui.elements.UIButton(
                    pygame.Rect((x, y), (button_w, at.y(BUTTON_SIZE[1]))),
                    text,
                    manager=self.ui,
                    container=self.root,
                    object_id=theme_id(f"#title_{key}", class_id),
                )
                self.buttons[key] = button
                self._bases.append((x, y))
                x += button_w + at.x(BUTTON_GAP)

    def _decor(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Two fans of cards in the bottom corners (rotated once here, not per frame)."""
        assets = self.app.assets
        width, height = self.app.size
        placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
        fans = (
            (("cards/card_12", "cards/card_07", "cards/card_01"), (118, height - 28), 1),
            (
                ("cards/card_back", "cards/card_back", "cards/card_back"),
                (width - 118, height - 28),
                -1,
            ),
        )
        for names, (cx, cy), side in fans:
            # Outer card tilted most; the inner card (drawn last) sits on top.
            for index, name in enumerate(names):
                card = assets.image(name, (100, 140))
                card = pygame.transform.rotozoom(card, side * (30 - 18 * index), 1.2)
                centre = (cx + side * (index - 1) * 62, cy - index * 12)
                placed.append((card, card.get_rect(center=centre).topleft))
        return placed

    def _offer_tutorial(self) -> bool:
        """The guided game is offered to a player who has never finished a game (nor it)."""
        from tacocat.persistence.tutorial import load_progress

        return self.app.stats.games_played == 0 and not load_progress(self.app.data_dir).finished

    def _continue(self) -> None:
        """The game in progress here; without one, the online games kept (a game closed or
        cut off mid-round comes back from there)."""
        if self._has_autosave():
            self.app.continue_game()
            return
        self.app.open("online_games")

    def _has_online_games(self) -> bool:
        # The file alone: the network side is not even imported for a player who never
        # plays online (it costs ~6 MB of memory).
        from tacocat.persistence.online_seats import OnlineSeats

        try:
            return bool(OnlineSeats(self.app.data_dir).peek())
        except Exception:  # a damaged list is reported at start-up, not here
            return False

    def _has_autosave(self) -> bool:
        try:
            return bool(self.app.saves.has_autosave())
        except Exception:  # a broken save folder must not hide the title
            return False

    def _intro(self) -> None:
        """The logo drops in and the buttons rise, one after another."""
        if self.app.reduced_motion or self.app.instant:
            return
        self.logo_offset.y = -(self._logo_top() + self.logo.get_height())
        self.tweener.to(self.logo_offset, "y", 0.0, 0.7, ease_out_back)
        for index in range(len(self.buttons)):
            offset = _Offset(self.app.size[1] - self._bases[index][1] + 40)
            self._offsets.append(offset)
            self.tweener.to(offset, "y", 0.0, 0.55, ease_out_cubic, delay=0.25 + 0.07 * index)
        self._place_buttons()

    def _place_buttons(self) -> None:
        for button, offset, (x, y) in zip(
            self.buttons.values(), self._offsets, self._bases, strict=False
        ):
            button.set_relative_position((x, round(y + offset.y)))

    def _skip_intro(self) -> None:
        self.tweener.skip_all()
        self._place_buttons()

    def covered(self) -> None:
        # Scenes under an overlay are not updated: land the intro now, not when it closes.
        self._skip_intro()

    def focus_paused(self) -> bool:
        # While the buttons fly in, Enter and Space land them (then they press).
        return self.tweener.is_animating()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.action(event) in (Action.SELECT, Action.CONFIRM):
            self._skip_intro()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        for key, button in self.buttons.items():
            if event.ui_element is button:
                self._actions()[key]()
                return

    def ask_to_quit(self) -> None:
        """Quit sits where "Quit to title" was: one click too many must not close the game."""
        from tacocat.ui.scenes.choice import ChoiceScene

        body = "tacocat.trust.quit.saved" if self._has_autosave() else "tacocat.trust.quit.body"
        self.app.scenes.push(
            ChoiceScene(
                self.app,
                tr("tacocat.trust.quit.title"),
                tr(body),
                [
                    (tr("tacocat.trust.quit.stay"), lambda: None),
                    (tr("tacocat.trust.quit.quit"), lambda: self.app.quit(0)),
                ],
            )
        )

    def update(self, dt: float) -> None:
        if self.tweener.is_animating():
            self.tweener.update(dt)
            self._place_buttons()
        self._online_in -= dt
        if self._online_in <= 0:
            self._online_in = ONLINE_COUNT_EVERY
            self._count_online()

    def _count_online(self) -> None:
        """Play online shows how many online games wait for your move (once they are
        followed again: see ``App.resume_online``)."""
        if not self.app.online_resumed or not self.app.online_started:
            return
        from tacocat.ui.scenes.online_common import moves_waiting

        waiting = moves_waiting(self.app)
        button = self.buttons.get("online")
        if waiting != self.online_waiting and button is not None:
            self.online_waiting = waiting
            button.set_text(
                tr("tacocat.title.online_count", count=waiting)
                if waiting
                else tr("tacocat.title.online")
            )
            fit_text(self.ui, self.root)  # a longer label may need a smaller font

    def is_animating(self) -> bool:
        return self.tweener.is_animating()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        for card, position in self.decor:
            surface.blit(card, position)
        x = (self.app.size[0] - self.logo.get_width()) // 2
        surface.blit(self.logo, (x, round(self._logo_top() + self.logo_offset.y)))
