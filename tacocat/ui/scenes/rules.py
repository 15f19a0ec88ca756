"""How to play: one page per rule, each with a picture drawn from the table's own cards and board.

Pages are stepped with ←/→ (a pad's d-pad left/right), the Previous / Next
buttons, or the mouse; ↑/↓ and Tab move the keyboard focus between the
buttons (each button is its own focus row, so ←/→ are left to the pages).
The text of page ``key`` is ``tacocat.howto.<key>.title`` / ``.text``; the
Accessibility page's is the "access" section's (issue #19 asks for it here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.input.actions import Action
from tacocat.ui.scenes.howto_pictures import PICTURE_SIZE, draw_picture
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.text_scale import grow, px, scale_markup
from tacocat.ui.widgets.cards import CardRenderer
from tacocat.ui.widgets.style import TextCache

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: Page keys in reading order: the rules in the order a round plays them, then Accessibility.
PAGES = (
    "goal",
    "deck",
    "replace",
    "duel",
    "attack",
    "answer",
    "jumbo",
    "showdown",
    "move",
    "win",
    "access",
)
PANEL_SIZE = (1160, 660)
MARGIN = 30
#: The gap between the picture and the text.
GAP = 24
BUTTON_H = 52
#: The heading's row at 100 % (it grows with the text; the picture and text start below it).
HEADING_H = 60
#: The theme's button font size (assets/theme.json, "button"), at 100 %.
BUTTON_FONT = 22


def page_title(page: str) -> str:
    """The heading of ``page``."""
    if page == "access":
        return tr("tacocat.access.rules_tab")
    return tr(f"tacocat.howto.{page}.title")


def page_text(page: str) -> str:
    """The rich text of ``page``: its heading, then its paragraphs (sizes scaled to the
    text size)."""
    if page == "access":
        return scale_markup(tr("tacocat.access.rules_page"))  # its heading is in the text
    return scale_markup(
        f"<font pixel_size=26><b>{page_title(page)}</b></font><br><br>"
        + tr(f"tacocat.howto.{page}.text")
    )


def rules_text() -> str:
    """All pages' text in reading order (for tests and for a future export)."""
    return "\n\n".join(page_text(page) for page in PAGES)


def content_top() -> int:
    """Where the picture and the text start: under the heading, which grows with the text."""
    return 18 + grow(HEADING_H)


def page_indicator(page: str) -> str:
    """ "3 / 11": numerals only, the same in every language."""
    return f"{PAGES.index(page) + 1} / {len(PAGES)}"


class RulesScene(Overlay):
    """The picture on the left, the page's text (scrollable) on the right, the page
    buttons below."""

    name = "rules"
    focus_order = (("previous_button",), ("next_button",), ("tutorial_button",), ("back_button",))
    focus_start = ("next_button",)

    def __init__(self, app: App, page: str = "goal") -> None:
        super().__init__(app)
        self.page = page if page in PAGES else PAGES[0]
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.picture: pygame_gui.elements.UIImage | None = None
        self.indicator: pygame_gui.elements.UILabel | None = None
        self._text = TextCache(lambda size, bold: app.assets.font(size, bold=bold))
        self._renderer = CardRenderer(app.assets)
        self._pictures: dict[str, pygame.Surface] = {}

    def build(self) -> None:
        screen_w, screen_h = self.app.size
        panel_w, panel_h = PANEL_SIZE
        self.text_box, self.picture = None, None
        self._pictures.clear()  # (a rebuild after a text size change may resize them)
        self.panel = self.frame(
            pygame.Rect((screen_w - panel_w) // 2, (screen_h - panel_h) // 2, panel_w, panel_h)
        )
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 10, panel_w, grow(HEADING_H)),
            tr("tacocat.rules.heading"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@heading"),
        )
        top_y = self._build_buttons()
        self.box(self.text_rect(top_y), self.panel)
        self._text_rect = self.text_rect(top_y).inflate(-6, -6)
        self._picture_rect = self.picture_rect(top_y)
        self.show_page(self.page)

    def _build_buttons(self) -> int:
        """The page buttons round the page number, then the guided game and Back; returns
        the top of the highest button row (the text box ends above it)."""
        panel_w, panel_h = PANEL_SIZE
        row_h = grow(BUTTON_H, 0.5)
        pager, others = self._widths()
        # One row when everything fits; with large text the guided game and Back get a row
        # of their own above the page buttons, and the text box ends above both.
        one_row = sum(pager) + sum(others) + 16 + 40 <= panel_w - 2 * MARGIN
        row_y = panel_h - 22 - row_h
        top_y = row_y if one_row else row_y - row_h - 12
        x = MARGIN
        self.previous_button = self._button(x, row_y, pager[0], row_h, "previous", "@secondary")
        x += pager[0]
        self.indicator = pygame_gui.elements.UILabel(
            pygame.Rect(x, row_y, pager[1], row_h),
            page_indicator(self.page),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#rules_page", "@ink"),
        )
        self.next_button = self._button(x + pager[1], row_y, pager[2], row_h, "next", "")
        tutorial_w, back_w = others
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(panel_w - MARGIN - back_w, top_y, back_w, row_h),
            tr("tacocat.rules.back"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#rules_back", "@secondary"),
        )
        self.tutorial_button = pygame_gui.elements.UIButton(
            pygame.Rect(panel_w - MARGIN - back_w - 16 - tutorial_w, top_y, tutorial_w, row_h),
            tr("tacocat.rules.tutorial"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#rules_tutorial", "@secondary"),
        )
        return top_y

    def _widths(self) -> tuple[tuple[int, int, int], tuple[int, int]]:
        """Button widths that hold their labels at the current text size: (Previous, page
        number, Next) and (guided game, Back)."""
        font = self.app.assets.font(px(BUTTON_FONT), bold=True)

        def width(text: str, least: int) -> int:
            return max(least, font.size(text)[0] + 48)

        pager = (
            width(tr("tacocat.howto.previous"), 180),
            width(f"{len(PAGES)} / {len(PAGES)}", 110) - 20,
            width(tr("tacocat.howto.next"), 180),
        )
        return pager, (
            width(tr("tacocat.rules.tutorial"), 260),
            width(tr("tacocat.rules.back"), 160),
        )

    def _button(
        self, x: int, y: int, w: int, h: int, key: str, class_id: str
    ) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            pygame.Rect(x, y, w, h),
            tr(f"tacocat.howto.{key}"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(f"#rules_{key}", class_id or None),
        )

    @staticmethod
    def picture_rect(row_y: int | None = None) -> pygame.Rect:
        """The picture's place: its own size, or smaller (same shape, centred in the
        column) when large text needs a second row of buttons."""
        top = content_top()
        room = (PANEL_SIZE[1] - 22 - BUTTON_H if row_y is None else row_y) - 16 - top
        width, height = PICTURE_SIZE
        if room < height:
            width, height = round(width * room / height), room
        return pygame.Rect(MARGIN + (PICTURE_SIZE[0] - width) // 2, top, width, height)

    @staticmethod
    def text_rect(row_y: int | None = None) -> pygame.Rect:
        """The text's box: right of the picture, down to the (highest) button row."""
        panel_w, panel_h = PANEL_SIZE
        bottom = (panel_h - 22 - BUTTON_H if row_y is None else row_y) - 16
        left, top = MARGIN + PICTURE_SIZE[0] + GAP, content_top()
        return pygame.Rect(left, top, panel_w - MARGIN - left, bottom - top)

    def picture_of(self, page: str) -> pygame.Surface:
        """``page``'s picture (drawn once per visit of the screen)."""
        surface = self._pictures.get(page)
        if surface is None:
            surface = draw_picture(page, self.app.assets, self._renderer, self._text)
            if surface.get_size() != self._picture_rect.size:
                surface = pygame.transform.smoothscale(surface, self._picture_rect.size)
            self._pictures[page] = surface
        return surface

    def show_page(self, page: str) -> None:
        """Replace the picture, the text and the page number with ``page``'s."""
        self.page = page
        if self.text_box is None:
            self.text_box = pygame_gui.elements.UITextBox(
                page_text(page),
                self._text_rect,
                manager=self.ui,
                container=self.panel,
                object_id=theme_id("#rules_text"),
            )
        else:
            self.text_box.set_text(page_text(page))
        if self.picture is not None:
            self.picture.kill()
        self.picture = pygame_gui.elements.UIImage(
            self._picture_rect,
            self.picture_of(page),
            manager=self.ui,
            container=self.panel,
        )
        if self.indicator is not None:
            self.indicator.set_text(page_indicator(page))
        index = PAGES.index(page)
        (self.previous_button.disable if index == 0 else self.previous_button.enable)()
        (self.next_button.disable if index == len(PAGES) - 1 else self.next_button.enable)()
        self.app.focus.announce(page_title(page), page_indicator(page))

    def clicks(self, element: Any) -> bool:
        """Previous and Next turn a page (a flip, not a click)."""
        return element not in (self.previous_button, self.next_button) and super().clicks(element)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            do = self.action(event)
            if do is Action.BACK:
                self.close()
            elif do is Action.RIGHT:
                self.turn(+1)
            elif do is Action.LEFT:
                self.turn(-1)
            return  # (Page Up / Page Down scroll the page: the focus manager does it)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back_button:
            self.close()
            return
        if event.ui_element is self.tutorial_button:
            self.app.start_tutorial()
        elif event.ui_element is self.previous_button:
            self.turn(-1)
        elif event.ui_element is self.next_button:
            self.turn(+1)

    def turn(self, step: int) -> None:
        """One page on (``+1``) or back (``-1``); nothing past the first or the last page."""
        index = PAGES.index(self.page) + step
        if not 0 <= index < len(PAGES):
            return
        self.app.audio.play("flip")
        self.show_page(PAGES[index])
