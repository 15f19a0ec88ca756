"""Scenes (one class per screen); the stack that runs them is :mod:`.scene_stack`.

Modelled on Python Arcade's ``View``: a scene has ``enter``/``exit`` and the
per-frame trio ``handle_event``/``update(dt)``/``draw``. The
:class:`SceneManager` keeps a stack: ``switch`` replaces everything,
``push`` lays an overlay (the Esc menu, a message) over the current scene and
``pop`` removes it. Only the top scene gets events and updates; every scene
from the topmost *opaque* one upward is drawn, so the table stays visible
under a translucent menu.

Scenes that use pygame_gui derive from :class:`UIScene`: they build their
widgets in a container in :meth:`UIScene.build` and the base class kills the
container on exit. Compare ``event.ui_element is self.some_button`` when
handling UI events: a press from a previous scene can arrive a frame late.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from tacocat.ui.focus.order import FocusRow
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.stage.scene_stack import SceneLike, SceneManager
from tacocat.ui.text.fit import fit_text, shrinking_follows
from tacocat.ui.text.layout import Layout, Placed, panel_layout, panel_rect, scrolling_panel

__all__ = ["OVERLAY_LAYER", "Scene", "SceneLike", "SceneManager", "UIScene", "theme_id"]

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App

#: pygame_gui layer from which overlay panels start, far above any scene's widgets.
OVERLAY_LAYER = 100


class Scene:
    """One screen. Override what you need; every method has a harmless default.

    ``name`` labels screenshots and logs. ``opaque`` says the scene paints
    the whole window, so scenes below it need not be drawn.
    """

    name: str = "scene"
    opaque: bool = True
    #: An opaque scene that paints every pixel (the app then skips clearing the frame).
    covers_window: bool = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack (also when the app quits)."""

    def covered(self) -> None:
        """An overlay was pushed over this scene: it stops getting events and updates
        (but is still drawn). Finish or pause animations here."""

    def uncovered(self) -> None:
        """The overlay above was popped: this scene is on top again."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """An event pygame_gui did not consume (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def update_covered(self, dt: float) -> None:
        """Each frame while an overlay covers this scene: take in what came from outside
        (an online game's messages) without moving on screen. Nothing by default."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto ``surface`` (1280×720 logical); pygame_gui draws on top."""

    def is_animating(self) -> bool:
        """True while something moves, so the app keeps the full frame rate."""
        return False

    def action(self, event: pygame.event.Event, *scopes: Scope) -> Action | None:
        """What key (or controller) ``event`` asks this screen for, looked up in
        ``scopes`` (default: the menus' moving, pressing and going back)."""
        return self.app.keys.action(event, *(scopes or (Scope.MENUS,)))

    def click(self) -> None:
        """A button of this screen was pressed: its click sound (the one place it is played,
        for drawn buttons through :class:`~tacocat.ui.widgets.button.ButtonGroup` and for
        pygame_gui ones through :meth:`UIScene.clicks`)."""
        self.app.audio.play("click")


class UIScene(Scene):
    """A scene with pygame_gui widgets, all inside ``self.root``.

    Override :meth:`build` to create widgets with ``container=self.root`` and
    ``manager=self.ui``; they are killed on exit.

    Keyboard and controller focus (:mod:`tacocat.ui.focus`) come from data:
    ``focus_order`` lists the controls' attribute names row by row (None: every
    focusable element, in reading order) and ``focus_start`` the ones focus starts
    on, the most likely action first.
    """

    focus_order: Sequence[FocusRow] | None = None
    focus_start: tuple[str, ...] = ()

    def focus_paused(self) -> bool:
        """True while this screen takes the focus keys itself (e.g. during an intro)."""
        return False

    def clicks(self, element: Any) -> bool:
        """Whether a press of ``element`` sounds the click (the app plays it, through
        :meth:`Scene.click`, before this screen handles the press): any button of this
        screen's own - not a part of a composite widget (a scroll bar's arrows), nor a
        late press from the screen before. A screen with a silent button says so here."""
        if not isinstance(element, pygame_gui.elements.UIButton) or element.parent_element:
            return False
        if self.root is None:
            return False
        mine = self.root.get_container()
        container: Any = element.ui_container
        while container is not None:
            if container is mine:
                return True
            parent = getattr(container, "ui_container", None)
            container = parent if parent is not container else None
        return False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.root: Any = None

    @property
    def ui(self) -> pygame_gui.UIManager:
        return self.app.ui

    def make_root(self) -> Any:
        """The container widgets live in: an invisible full-window container."""
        return pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.size), manager=self.ui, starting_height=1
        )

    def enter(self) -> None:
        self.root = self.make_root()
        with shrinking_follows():
            self.build()
        fit_text(self.ui, self.root)  # long translations shrink rather than clip
        self.fitted()

    def build(self) -> None:
        """Create this scene's widgets inside ``self.root``."""

    def fitted(self) -> None:
        """Called once the widgets' text is fitted (a shrunk button was rebuilt, which
        forgets that it was selected: a screen selects its choices again here)."""

    def relabel(self) -> None:
        """Rebuild the widgets in the current language (the language was just switched)."""
        if self.root is not None:
            if self.root.alive():
                self.root.kill()
            self.root = self.make_root()
            with shrinking_follows():
                self.build()
            fit_text(self.ui, self.root)
            self.fitted()

    def exit(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None

    def frame(self, rect: pygame.Rect, container: Any = None) -> Any:
        """A cream panel at ``rect``: returns the container to put its widgets in.

        The look is a cached picture (``Assets.panel``) shown by a ``UIImage``
        under an invisible container, not a pygame_gui panel: pygame_gui's
        rounded shapes take ~0.3 s to build at this size.
        """
        from tacocat.ui.devices.assets import PANEL_MARGIN

        parent = container if container is not None else self.root
        pygame_gui.elements.UIImage(
            rect.inflate(2 * PANEL_MARGIN, 2 * PANEL_MARGIN),
            self.app.assets.panel(rect.size),
            manager=self.ui,
            container=parent,
        )
        return pygame_gui.core.UIContainer(rect, manager=self.ui, container=parent)

    def layout(self, design_width: int) -> Layout:
        """How this screen's design (``design_width`` wide) grows with the text size."""
        return panel_layout(design_width, self.app.size)

    def scaled_frame(
        self, design: tuple[int, int], layout: Layout | None = None
    ) -> tuple[Any, Layout]:
        """A centred cream panel for a ``design``-sized (100 %) layout, grown with the text
        (:mod:`tacocat.ui.text.layout`): returns the container for its widgets (scrolled when it
        is taller than the window) and the layout that turns design lengths into pixels."""
        layout = layout or self.layout(design[0])
        return self.place_panel(layout.size(*design)).container, layout

    def place_panel(self, content: tuple[int, int]) -> Placed:
        """A centred cream panel for ``content`` pixels of widgets, scrolling down when
        they are taller than the window."""
        rect, scrolls = panel_rect(content, self.app.size)
        frame = self.frame(rect)
        if not scrolls:
            return Placed(rect, frame)
        return scrolling_panel(frame, rect, content, self.ui)

    def box(
        self, rect: pygame.Rect, container: Any, fill: str = "card_face", border: str = "box_rim"
    ) -> Any:
        """A rounded card-coloured box drawn under later widgets (e.g. a text area);
        ``fill`` and ``border`` are palette names."""
        return pygame_gui.elements.UIImage(
            rect,
            self.app.assets.rounded_box(rect.size, fill, border),
            manager=self.ui,
            container=container,
        )


def theme_id(object_id: str | None = None, class_id: str | None = None) -> Any:
    """A pygame_gui ``ObjectID``: ``#id`` picks one element's look, ``@class`` a shared one."""
    return pygame_gui.core.ObjectID(object_id=object_id, class_id=class_id)
