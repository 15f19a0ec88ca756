"""What the focus can land on: one small adapter per kind of control.

A :class:`Target` wraps a pygame_gui element (button, check box, slider, text
field) or one of the project's drawn :class:`~tacocat.ui.widgets.button.Button`\\ s
and answers the few questions the focus manager asks: where is it, can it be
used, what is it called and what state is it in (for narration), and what
happens on Enter/Space or ←/→.

Activation goes through the same path as a click: a pygame_gui button posts
``UI_BUTTON_PRESSED`` (``on_self_event``, exactly what its mouse handler
calls), a check box flips with ``set_state`` (which posts
``UI_CHECK_BOX_CHECKED``/``UNCHECKED``), a slider moves and posts
``UI_HORIZONTAL_SLIDER_MOVED``. Screens keep one code path for mouse and keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from tacocat.ui.widgets.button import Button

#: The pygame_gui element classes that take focus, found in a screen's containers.
FOCUSABLE_ELEMENTS: tuple[type, ...] = (
    pygame_gui.elements.UIButton,
    pygame_gui.elements.UICheckBox,
    pygame_gui.elements.UIHorizontalSlider,
    pygame_gui.elements.UITextEntryLine,
)


class Target:
    """A focusable control (see the module docstring). ``path`` names it across rebuilds."""

    #: A text field takes the printable keys (and ←/→) itself.
    takes_text = False
    #: ←/→ change its value instead of moving the focus.
    steps = False

    def __init__(self, path: tuple[Any, ...]) -> None:
        self.path = path

    @property
    def rect(self) -> pygame.Rect:
        raise NotImplementedError

    def usable(self) -> bool:
        raise NotImplementedError

    def label(self) -> str:
        return ""

    def state(self) -> str:
        """``"selected"``, ``"checked"``, ``"unchecked"``, ``"45"`` (a slider) or ``""``."""
        return ""

    def activate(self) -> None:
        """Enter/Space: what a click would do."""

    def step(self, direction: int) -> bool:
        """←/→ on a slider; True when it changed."""
        return False

    def same_control(self, other: object) -> bool:
        return isinstance(other, Target) and other.control is self.control

    @property
    def control(self) -> Any:
        raise NotImplementedError


class ElementTarget(Target):
    """A pygame_gui element."""

    def __init__(self, path: tuple[Any, ...], element: Any) -> None:
        super().__init__(path)
        self.element = element

    @property
    def control(self) -> Any:
        return self.element

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.element.rect)

    def usable(self) -> bool:
        element = self.element
        return bool(element.alive() and element.visible and element.is_enabled and _shown(element))

    def label(self) -> str:
        """The element's own text, else the label beside it on its row (a slider's or a
        text field's name, e.g. "Music")."""
        own = str(getattr(self.element, "text", "") or "")
        if own or isinstance(self, ButtonTarget):
            return own
        if self._beside is None:
            self._beside = _label_beside(self.element)
        return self._beside

    _beside: str | None = None


class ButtonTarget(ElementTarget):
    def state(self) -> str:
        return "selected" if self.element.is_selected else ""

    def activate(self) -> None:
        self.element.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})


class CheckBoxTarget(ElementTarget):
    def state(self) -> str:
        return "checked" if self.element.is_checked else "unchecked"

    def activate(self) -> None:
        self.element.set_state(not self.element.is_checked)  # posts CHECKED / UNCHECKED


class SliderTarget(ElementTarget):
    steps = True

    def state(self) -> str:
        return f"{self.element.current_value:g}"

    def step(self, direction: int) -> bool:
        slider = self.element
        low, high = sorted(slider.value_range)
        old = slider.current_value
        slider.set_current_value(min(high, max(low, old + direction * slider.increment)), False)
        if slider.current_value == old:
            return False
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                {
                    "value": slider.current_value,
                    "ui_element": slider,
                    "ui_object_id": slider.most_specific_combined_id,
                },
            )
        )
        return True


class TextTarget(ElementTarget):
    takes_text = True

    def state(self) -> str:
        return str(self.element.get_text())


class DrawnTarget(Target):
    """One of the project's drawn buttons; ``press`` does what its click does."""

    def __init__(
        self, path: tuple[Any, ...], button: Button, press: Callable[[Button], None]
    ) -> None:
        super().__init__(path)
        self.button = button
        self._press = press

    @property
    def control(self) -> Any:
        return self.button

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.button.rect)

    def usable(self) -> bool:
        return self.button.visible and self.button.enabled

    def label(self) -> str:
        return self.button.label

    def activate(self) -> None:
        self._press(self.button)


def _label_beside(element: Any) -> str:
    """The text of the nearest label left of ``element`` on the same row, or ""."""
    rect = element.rect
    labels = [
        other
        for other in getattr(element.ui_container, "elements", ())
        if isinstance(other, pygame_gui.elements.UILabel)
        and other.rect.right <= rect.left + 4
        and other.rect.top < rect.bottom
        and rect.top < other.rect.bottom
    ]
    if not labels:
        return ""
    return str(max(labels, key=lambda label: label.rect.right).text)


def _shown(element: Any) -> bool:
    """False when a container the element sits in is hidden."""
    container = getattr(element, "ui_container", None)
    while container is not None:
        if not getattr(container, "visible", True):
            return False
        parent = getattr(container, "ui_container", None)
        container = parent if parent is not container else None
    return True


def target_for(
    path: tuple[Any, ...], control: Any, press: Callable[[Button], None] | None = None
) -> Target | None:
    """The adapter for ``control``, or None for something the focus cannot use."""
    if isinstance(control, Button):
        return DrawnTarget(path, control, press or _click)
    if isinstance(control, pygame_gui.elements.UICheckBox):
        return CheckBoxTarget(path, control)
    if isinstance(control, pygame_gui.elements.UIButton):
        return ButtonTarget(path, control)
    if isinstance(control, pygame_gui.elements.UIHorizontalSlider):
        return SliderTarget(path, control)
    if isinstance(control, pygame_gui.elements.UITextEntryLine):
        return TextTarget(path, control)
    return None


def _click(button: Button) -> None:
    if button.on_click is not None:
        button.on_click()
