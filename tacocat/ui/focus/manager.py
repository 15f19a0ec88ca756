"""The focus manager: keyboard and controller focus on every pygame_gui screen.

pygame_gui 0.6 has no focus traversal, so the app owns one :class:`FocusManager`
that works on whichever pygame_gui screen (:class:`~tacocat.ui.stage.scene.UIScene`)
is on top. The screen declares its order as data (``focus_order`` /
``focus_start``, see :mod:`.order`); the manager

* moves the focus with Tab / Shift-Tab and the arrows (:mod:`.order`);
* presses with Enter / Space through the same event a click posts
  (:mod:`.targets`); ←/→ step a slider; a check box toggles; Page Up / Page Down
  scroll the screen's long text (How to play, a long message);
* follows the mouse (hover and clicks move the focus too) and hides its ring
  while the mouse is the last input; the first move key after the mouse only
  shows it (a key the manager would not use still goes to the screen);
* draws the ring above the UI;
* tells listeners ``(label, state)`` whenever the focused control or its state
  changes (:meth:`on_focus_changed`), e.g. for narration.

The keys are read as actions of :data:`~tacocat.ui.input.actions.Scope.MENUS`
(:mod:`tacocat.ui.input.bindings`), so a controller's D-pad, A and LB/RB do the same.
Esc stays the screen's own (back/close). Drawn screens (the table, its overlays,
the History) keep their own focus, drawn with the same ring.
A screen pauses the manager while it wants the keys itself (``focus_paused()``,
e.g. the title's intro, or a key being captured for rebinding).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from tacocat.ui.focus import order
from tacocat.ui.focus.order import FocusRow, Grid, Slot
from tacocat.ui.input.actions import Action, Scope
from tacocat.ui.text.layout import scroll_into_view
from tacocat.ui.widgets.focus_ring import draw_focus_ring

if TYPE_CHECKING:
    from tacocat.ui.input.actionmap import ActionMap
    from tacocat.ui.input.state import InputState

FocusListener = Callable[[str, str], None]


class FocusScreen(Protocol):
    """What the manager reads of a pygame_gui screen (a
    :class:`~tacocat.ui.stage.scene.UIScene` is one; see :mod:`.order` for the order)."""

    #: The screen's root container (pygame_gui's), None until the screen is built.
    root: Any
    #: Its controls' attribute names row by row, or None: every control in reading order.
    focus_order: Sequence[FocusRow] | None
    #: The controls the focus starts on, the most likely first.
    focus_start: tuple[str, ...]

    def focus_paused(self) -> bool:
        """True while the screen takes the focus keys itself."""
        ...


#: The actions the manager uses (in :data:`Scope.MENUS`); any other goes to the screen.
_MOVES = frozenset(
    {Action.NEXT, Action.PREVIOUS, Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT}
)
_PRESSES = frozenset({Action.CONFIRM, Action.SELECT})


class FocusManager:
    """See the module docstring. ``top`` returns the scene on top when it is a pygame_gui
    screen (a :class:`~tacocat.ui.stage.scene.UIScene`), else None: the app decides which
    scenes are screens, so this module need not import the scenes."""

    def __init__(
        self,
        top: Callable[[], FocusScreen | None],
        ui: Any,
        input_state: InputState,
        keys: Callable[[], ActionMap],
    ) -> None:
        self._top = top
        #: The app's action map (looked up each time: a change of keys rebuilds it).
        self._keys = keys
        self._ui = ui
        self.input = input_state
        self._paths: weakref.WeakKeyDictionary[FocusScreen, tuple[Any, ...]] = (
            weakref.WeakKeyDictionary()
        )
        self._listeners: list[FocusListener] = []
        self._announced: tuple[Any, ...] | None = None
        self._grid: tuple[tuple[int, int], Grid] | None = None

    # --- for the app and for listeners ---------------------------------------------------

    def on_focus_changed(self, listener: FocusListener) -> FocusListener:
        """Call ``listener(label, state)`` when the focus or the focused control's state
        changes (usable as a decorator)."""
        self._listeners.append(listener)
        return listener

    def announce(self, label: str, state: str = "") -> None:
        """Tell the listeners about a focus that a drawn screen moved itself."""
        for listener in self._listeners:
            listener(label, state)

    @property
    def ring_shown(self) -> bool:
        return not self.input.pointing

    def scene(self) -> FocusScreen | None:
        """The top scene if the manager works on it (a built pygame_gui screen), else None."""
        top = self._top()
        if top is not None and top.root is not None:
            return top
        return None

    def grid(self, scene: FocusScreen) -> Grid:
        """The scene's controls now. Kept between frames (building it costs ~0.2 ms) until
        the screen is another or rebuilt, or input arrives (it may have changed them)."""
        key = (id(scene), id(scene.root))
        if self._grid is not None and self._grid[0] == key:
            return self._grid[1]
        declared = scene.focus_order
        grid = (
            order.discovered_grid([scene.root])
            if declared is None
            else order.declared_grid(scene, declared)
        )
        self._grid = (key, grid)
        return grid

    def focused(self, scene: FocusScreen | None = None, grid: Grid | None = None) -> Slot | None:
        """The focused control of ``scene`` (default: the top one), placed on its start
        control when it has none yet or its control became unusable."""
        scene = scene if scene is not None else self.scene()
        if scene is None:
            return None
        grid = grid if grid is not None else self.grid(scene)
        where = order.locate(grid, self._paths.get(scene))
        if where is not None:
            slot = grid[where[0]][where[1]]
            if slot.target.usable():
                return slot
        start = order.first_usable(grid, scene.focus_start)
        if start is not None:
            self._paths[scene] = start.target.path
            if start.target.takes_text:  # a screen that starts on a field takes typing at once
                self._ui.set_focus_set(start.target.control)
        return start

    # --- per frame -----------------------------------------------------------------------

    def update(self) -> None:
        """Tell the listeners when the focused control, its label or its state changed."""
        scene = self.scene()
        slot = self.focused(scene) if scene is not None else None
        if slot is None:
            self._announced = None
            return
        target = slot.target
        now = (id(scene), target.path, target.label(), target.state())
        if now != self._announced:
            if self._announced is None or now[:2] != self._announced[:2]:
                self._reveal(target)
            self._announced = now
            self.announce(now[2], now[3])

    def _reveal(self, target: Any) -> None:
        """A control the focus moved to (or started on) in a scrolling panel (larger text,
        :mod:`tacocat.ui.text.layout`) is scrolled into view, unless the mouse leads."""
        element = getattr(target, "element", None)
        if element is not None and self.ring_shown:
            scroll_into_view(element)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.ring_shown:
            return
        slot = self.focused()
        if slot is not None:
            draw_focus_ring(surface, slot.target.rect, light=True)

    # --- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Move or press with ``event``; True when it was used (nobody else gets it)."""
        self._grid = None  # input may have changed the screen's controls
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._point(event.pos)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        scene = self.scene()
        if scene is None or scene.focus_paused():
            return False
        do = self._keys().action(event, Scope.MENUS)
        if do in (Action.PAGE_PREVIOUS, Action.PAGE_NEXT):
            return self._scroll(scene, 1 if do is Action.PAGE_NEXT else -1)
        grid = self.grid(scene)
        slot = self.focused(scene, grid)
        if slot is None or not (do in _MOVES or do in _PRESSES):
            return False
        assert do is not None
        return self._key(scene, grid, slot, do)

    def _key(self, scene: FocusScreen, grid: Grid, slot: Slot, do: Action) -> bool:
        target = slot.target
        path = target.path
        if do in (Action.NEXT, Action.PREVIOUS):
            step = -1 if do is Action.PREVIOUS else 1
            return self._move(scene, slot, order.tab(grid, path, step), pick=False)
        if do in (Action.UP, Action.DOWN):
            return self._move(scene, slot, order.across(grid, path, -1 if do is Action.UP else 1))
        if do in (Action.LEFT, Action.RIGHT):
            step = -1 if do is Action.LEFT else 1
            if target.steps:
                if not self.input.just_switched:
                    target.step(step)
                return True
            if target.takes_text:
                return False  # the text cursor moves
            return self._move(scene, slot, order.along(grid, path, step))
        if target.takes_text:
            if do is Action.SELECT:
                return False  # Space is typed (pygame_gui's text field takes it)
            return self._move(scene, slot, order.tab(grid, path, 1), pick=False)  # Enter: next
        target.activate()
        return True

    def _move(self, scene: FocusScreen, old: Slot, new: Slot | None, pick: bool = True) -> bool:
        """Focus ``new`` (None: nowhere to go, the key is left to the screen); ``pick``:
        an arrow key, which also picks ``new`` when it is in ``old``'s choice group."""
        if new is None:
            return False
        if new is old or self.input.just_switched:
            return True  # (the first key after the mouse only shows where the focus is)
        self._paths[scene] = new.target.path
        if old.target.takes_text:
            self._ui.set_focus_set(None)
        if new.target.takes_text:
            self._ui.set_focus_set(new.target.control)
        if pick and new.group is not None and new.group == old.group:
            new.target.activate()  # a choice group picks what the arrows reach
        return True

    def _scroll(self, scene: FocusScreen, screens: int) -> bool:
        """Page Up / Page Down (a pad's LB / RB): a long text on the screen (How to play,
        a long message) scrolls a screenful, which a keyboard had no other way to do."""
        box = order.scrollable_text([scene.root])
        if box is None:
            return False
        order.scroll_text(box, screens)
        return True

    def _point(self, pos: tuple[int, int]) -> None:
        """The mouse is over (or clicked) a control: the focus follows it."""
        scene = self.scene()
        if scene is None:
            return
        for slot in order.flat(self.grid(scene)):
            if slot.target.usable() and slot.target.rect.collidepoint(pos):
                self._paths[scene] = slot.target.path
                return
