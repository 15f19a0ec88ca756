"""How to play: every rule and every ruling, in pages with a small picture each."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tacocat.ui.focus import Column
from tacocat.ui.i18n import tr
from tacocat.ui.scene import theme_id
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.text_scale import scale_markup

#: Page keys in reading order (text in tacocat.rules.pages.<key>, tab in .tabs.<key>;
#: the accessibility page's in the "access" section: :func:`page_text`).
PAGES = ("goal", "setup", "replace", "duel", "play", "showdown", "move", "access")
PANEL_SIZE = (1160, 660)
TAB_SIZE = (240, 50)
PICTURE_SIZE = (240, 120)
CARD_SMALL = (54, 76)


def page_text(page: str) -> str:
    """The text of ``page`` (its explicit heading size scaled to the text size)."""
    if page == "access":
        return scale_markup(tr("tacocat.access.rules_page"))
    return scale_markup(tr(f"tacocat.rules.pages.{page}"))


def page_tab(page: str) -> str:
    """The tab label of ``page``."""
    if page == "access":
        return tr("tacocat.access.rules_tab")
    return tr(f"tacocat.rules.tabs.{page}")


def rules_text() -> str:
    """All pages' text in reading order (for tests and for a future export)."""
    return "\n\n".join(page_text(page) for page in PAGES)


class RulesScene(Overlay):
    """Tabs on the left, the page text (scrollable) on the right."""

    name = "rules"
    focus_order = (Column("tabs", choice=True), ("tutorial_button", "back_button"))
    focus_start = ("back_button",)

    def __init__(self, app, page: str = "goal") -> None:
        super().__init__(app)
        self.page = page if page in PAGES else PAGES[0]
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.picture: pygame_gui.elements.UIImage | None = None

    def build(self) -> None:
        screen_w, screen_h = self.app.size
        panel_w, panel_h = PANEL_SIZE
        self.panel = self.frame(
            pygame.Rect((screen_w - panel_w) // 2, (screen_h - panel_h) // 2, panel_w, panel_h)
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 10, panel_w, 60), tr("tacocat.rules.heading"),
            manager=self.ui, container=self.panel, object_id=theme_id(class_id="@heading"),
        )
        for index, page in enumerate(PAGES):
            self.tabs[page] = pygame_gui.elements.UIButton(
                pygame.Rect((30, 78 + index * (TAB_SIZE[1] + 8)), TAB_SIZE),
                page_tab(page), manager=self.ui, container=self.panel,
                object_id=theme_id(f"#rules_tab_{page}", "@tab"),
            )
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(panel_w - 30 - 180, panel_h - 74, 180, 52), tr("tacocat.rules.back"),
            manager=self.ui, container=self.panel, object_id=theme_id("#rules_back", "@secondary"),
        )
        self.tutorial_button = pygame_gui.elements.UIButton(
            pygame.Rect(panel_w - 30 - 180 - 16 - 300, panel_h - 74, 300, 52),
            tr("tacocat.rules.tutorial"), manager=self.ui, container=self.panel,
            object_id=theme_id("#rules_tutorial"),
        )
        self.box(self.text_rect(), self.panel)
        self.show_page(self.page)

    @staticmethod
    def text_rect() -> pygame.Rect:
        panel_w, panel_h = PANEL_SIZE
        return pygame.Rect(296, 78, panel_w - 296 - 30, panel_h - 78 - 90)

    def show_page(self, page: str) -> None:
        """Replace the text and picture with ``page``'s."""
        self.page = page
        for key, tab in self.tabs.items():
            (tab.select if key == page else tab.unselect)()
        panel_h = PANEL_SIZE[1]
        if self.text_box is None:
            self.text_box = pygame_gui.elements.UITextBox(
                page_text(page), self.text_rect().inflate(-6, -6),
                manager=self.ui, container=self.panel, object_id=theme_id("#rules_text"),
            )
        else:
            self.text_box.set_text(page_text(page))
        if self.picture is not None:
            self.picture.kill()
        image = self._picture(page)
        self.picture = pygame_gui.elements.UIImage(
            pygame.Rect((30, panel_h - 30 - PICTURE_SIZE[1]), PICTURE_SIZE), image,
            manager=self.ui, container=self.panel,
        )

    def _picture(self, page: str) -> pygame.Surface:
        """A small illustration for ``page`` made from the game's own art."""
        assets = self.app.assets
        surface = pygame.Surface(PICTURE_SIZE, pygame.SRCALPHA)

        def card(value: int | None) -> pygame.Surface:
            name = "cards/card_back" if value is None else f"cards/card_{value:02d}"
            return assets.image(name, CARD_SMALL)

        def row(values: list[int | None], gap: int = 8) -> None:
            width = len(values) * CARD_SMALL[0] + (len(values) - 1) * gap
            x = (PICTURE_SIZE[0] - width) // 2
            for value in values:
                surface.blit(card(value), (x, (PICTURE_SIZE[1] - CARD_SMALL[1]) // 2))
                x += CARD_SMALL[0] + gap

        if page == "goal":
            token = assets.image("token/tacocat", (120, 100))
            surface.blit(token, token.get_rect(center=(PICTURE_SIZE[0] // 2, PICTURE_SIZE[1] // 2)))
        elif page == "setup":
            row([None, None, None])
        elif page == "replace":
            row([3, None])
        elif page == "duel":
            row([9, 5], gap=40)
        elif page == "play":
            row([4, 5, 6])
        elif page == "showdown":
            row([2, 11], gap=40)
        elif page == "move":
            tile = assets.image("board/tile", (96, 96))
            token = assets.image("token/tacocat", (96, 80))
            surface.blit(tile, (18, 12))
            surface.blit(token, (126, 20))
        elif page == "access":
            row([1, 6, 9])  # numerals and pips, never colour alone
        return surface

    def clicks(self, element: Any) -> bool:
        """The page tabs turn a page (a flip, not a click)."""
        return element not in self.tabs.values() and super().clicks(element)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_RIGHT:
                self._turn(+1)
            elif event.key == pygame.K_LEFT:
                self._turn(-1)
            return  # (Page Up / Page Down scroll the page: the focus manager does it)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back_button:
            self.close()
            return
        if event.ui_element is self.tutorial_button:
            self.app.start_tutorial()
            return
        for page, tab in self.tabs.items():
            if event.ui_element is tab and page != self.page:
                self.app.audio.play("flip")
                self.show_page(page)
                return

    def _turn(self, step: int) -> None:
        index = (PAGES.index(self.page) + step) % len(PAGES)
        self.app.audio.play("flip")
        self.show_page(PAGES[index])
