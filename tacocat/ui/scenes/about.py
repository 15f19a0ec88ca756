"""About: the game's name, version and licence, the credits, and every licence it ships with.

An overlay, like Settings and How to play, reachable from the title and from Settings. The
left column says what the game is and lists each library and font with its version and
licence (``assets/third-party.json``; Python packages with the version installed, when
there is package metadata); a click on one shows its licence text on the right
(its section of ``assets/THIRD-PARTY-NOTICES.txt``, in English as the licences are). Both
files are written by tools/notices.py, so the screen and the shipped notices always agree.

The whole notices file takes pygame_gui about three seconds to lay out, so the right-hand box
shows one section at a time: the opening part (how to replace the LGPL libraries) first.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from tacocat import __version__
from tacocat.ui.devices.window import TITLE
from tacocat.ui.input.actions import Action
from tacocat.ui.scenes import licences
from tacocat.ui.scenes.licences import LGPL_SECTION, reflow
from tacocat.ui.scenes.overlay import Overlay
from tacocat.ui.stage.scene import theme_id
from tacocat.ui.text import i18n
from tacocat.ui.text.fonts import theme_font_names
from tacocat.ui.text.i18n import tr

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

PANEL_SIZE = (1160, 660)
LEFT_W = 450
#: Height of the credits box; the list of libraries fills the rest of the left column.
CREDITS_H = 318
RIGHT_X = 30 + LEFT_W + 20
#: The link that shows the notices' opening part, and the one for the LGPL's full text.
INTRO, LGPL = "#intro", "#lgpl"
#: Point sizes of #about_credits and #about_notices (assets/theme.json), which show bold.
BOLD_SIZES = (16, 15)
#: Share of the text one Up/Down press scrolls.
SCROLL_STEP = 0.04


def escape(text: str) -> str:
    """Plain text for UITextBox, which reads a small HTML subset."""
    text = text.expandtabs(8)  # the fonts have no tab glyph
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
    )


class AboutScene(Overlay):
    """Credits and licences on the left, the chosen licence text on the right; Back or Esc
    closes it, Left/Right show the previous/next text, Up/Down scroll it."""

    name = "about"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.components = licences.components()
        self.sections = licences.sections()
        #: Link targets in list order: the opening part, each component, the LGPL text.
        self.targets = [INTRO] + [c.title for c in self.components if c.title in self.sections]
        if LGPL_SECTION in self.sections:
            self.targets.append(LGPL)
        self.shown = INTRO
        self.back_button: pygame_gui.elements.UIButton | None = None
        self.notices_box: pygame_gui.elements.UITextBox | None = None
        self.credits_box: pygame_gui.elements.UITextBox | None = None
        self.libraries_box: pygame_gui.elements.UITextBox | None = None

    def build(self) -> None:
        self._preload_bold_fonts()
        self.panel, self.at = self.scaled_frame(PANEL_SIZE)
        pygame_gui.elements.UILabel(
            self.at.rect(0, 10, PANEL_SIZE[0], 60),
            tr("tacocat.about.heading"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@heading"),
        )
        self._build_credits_and_libraries()
        self._build_notices()
        self.show(self.shown)

    def _preload_bold_fonts(self) -> None:
        """The bold headings of this screen's smaller text (the app preloads only 19 and 26)."""
        name = theme_font_names().get(i18n.language(), "noto_sans")
        with warnings.catch_warnings():  # the second time round, they are loaded already
            warnings.filterwarnings("ignore", "Trying to pre-load font", UserWarning)
            self.ui.preload_fonts(
                [
                    {"name": name, "point_size": size, "style": "bold", "antialiased": "1"}
                    for size in BOLD_SIZES
                ]
            )

    def _build_credits_and_libraries(self) -> None:
        """The left column: the credits box, then the list of libraries and fonts."""
        panel_h = PANEL_SIZE[1]
        credits = self.at.rect(30, 74, LEFT_W, CREDITS_H)
        self.box(credits, self.panel)
        self.credits_box = pygame_gui.elements.UITextBox(
            self.credits_html(),
            credits.inflate(-6, -6),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#about_credits"),
        )
        bottom = 74 + CREDITS_H
        pygame_gui.elements.UILabel(
            self.at.rect(30, bottom + 6, LEFT_W, 34),
            tr("tacocat.about.libraries_title"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@section"),
        )
        # The list runs to the panel's foot: Back sits under the right-hand column.
        listing = self.at.rect(30, bottom + 44, LEFT_W, panel_h - 30 - bottom - 44)
        self.box(listing, self.panel)
        self.libraries_box = pygame_gui.elements.UITextBox(
            self.libraries_html(),
            listing.inflate(-6, -6),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#about_libraries"),
        )

    def _build_notices(self) -> None:
        """The right column: the hint, Back under it, and the frame of the licence text
        (:meth:`show` fills it)."""
        panel_w, panel_h = PANEL_SIZE
        pygame_gui.elements.UILabel(
            self.at.rect(RIGHT_X, 74, panel_w - RIGHT_X - 30, 30),
            tr("tacocat.about.notices_hint"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id(class_id="@muted_left"),
        )
        self.back_button = pygame_gui.elements.UIButton(
            self.at.rect(panel_w - 30 - 180, panel_h - 74, 180, 52),
            tr("tacocat.about.back"),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#about_back", "@secondary"),
        )
        self.box(self.notices_rect(), self.panel)
        self.notices_box = None

    def notices_rect(self) -> pygame.Rect:
        panel_w, panel_h = PANEL_SIZE
        return self.at.rect(RIGHT_X, 108, panel_w - RIGHT_X - 30, panel_h - 108 - 90)

    def credits_html(self) -> str:
        """Name, version, the game's licence and the credits."""
        return "".join(
            [
                f"<b>{escape(TITLE)}</b> · ",
                escape(tr("tacocat.about.version", version=__version__)),
                f"<br><b>{escape(tr('tacocat.about.licence_title'))}</b><br>",
                escape(tr("tacocat.about.licence")),
                f"<br><b>{escape(tr('tacocat.about.credits_title'))}</b><br>",
                escape(tr("tacocat.about.credits_art")),
                "<br>",
                escape(tr("tacocat.about.credits_fonts")),
            ]
        )

    def libraries_html(self) -> str:
        """Each library and font with its version and licence, a link to its text."""
        if not self.sections:
            return escape(tr("tacocat.about.missing"))
        rows = [f"<a href='{INTRO}'>{escape(tr('tacocat.about.notices_intro'))}</a>"]
        for component in self.components:
            if component.title in self.sections:  # the link: its section; the label: installed
                label = f"{component.name} {licences.installed_version(component)}".strip()
                rows.append(
                    f"<a href='{escape(component.title)}'>{escape(label)}</a>"
                    f" · {escape(component.license)}"
                )
        if LGPL_SECTION in self.sections:
            rows.append(f"<a href='{LGPL}'>{escape(tr('tacocat.about.lgpl'))}</a>")
        return "<br>".join(rows)

    def notices_text(self, target: str) -> tuple[str, str]:
        """(title, text) the right-hand box shows for a link ``target`` (no title for the
        notices' opening part, which starts with its own)."""
        if not self.sections:
            return "", tr("tacocat.about.missing")
        if target == INTRO:
            return "", reflow(self.sections[""])
        title = LGPL_SECTION if target == LGPL else target
        return title, reflow(self.sections[title])

    def notices_html(self, target: str) -> str:
        title, text = self.notices_text(target)
        html = (f"<b>{escape(title)}</b><br><br>" if title else "") + escape(text)
        if target != LGPL and LGPL_SECTION in text and LGPL in self.targets:
            # pygame-ce and the LGPL libraries refer to the full text: one click away.
            html += f"<br><br><a href='{LGPL}'>{escape(tr('tacocat.about.lgpl'))}</a>"
        return html

    def show(self, target: str) -> None:
        """Show ``target``'s licence text on the right, scrolled to its top."""
        if target not in self.targets and self.sections:
            return
        self.shown = target
        if self.notices_box is not None:
            self.notices_box.kill()
        self.notices_box = pygame_gui.elements.UITextBox(
            self.notices_html(target),
            self.notices_rect().inflate(-6, -6),
            manager=self.ui,
            container=self.panel,
            object_id=theme_id("#about_notices"),
        )

    def _turn(self, step: int) -> None:
        if self.targets:
            index = (self.targets.index(self.shown) + step) % len(self.targets)
            self.app.audio.play("flip")
            self.show(self.targets[index])

    def _scroll(self, step: float) -> None:
        bar = self.notices_box.scroll_bar if self.notices_box is not None else None
        if bar is not None:
            bar.set_scroll_from_start_percentage(bar.start_percentage + step)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            do = self.action(event)
            if do is Action.BACK:
                self.close()
            elif do in (Action.RIGHT, Action.PAGE_NEXT):
                self._turn(+1)
            elif do in (Action.LEFT, Action.PAGE_PREVIOUS):
                self._turn(-1)
            elif do in (Action.DOWN, Action.UP):
                self._scroll(SCROLL_STEP if do is Action.DOWN else -SCROLL_STEP)
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            links = (self.libraries_box, self.notices_box)
            if event.ui_element in links and event.link_target != self.shown:
                self.app.audio.play("flip")
                self.show(event.link_target)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back_button:
            self.close()
