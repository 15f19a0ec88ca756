"""The stack of scenes: ``switch`` / ``push`` / ``pop``, and what it asks of a scene.

The stack knows a scene only by :class:`SceneLike` (its life cycle and the
frame's trio), so the :class:`~tacocat.ui.stage.services.App` protocol can name the
stack without naming the scene classes, which are typed against the App: no
module here imports :mod:`tacocat.ui.stage.scene` or :mod:`tacocat.ui.stage.services`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

import pygame

log = logging.getLogger(__name__)


class SceneLike(Protocol):
    """What the stack (and the app's frame loop) asks of a scene
    (implemented by :class:`tacocat.ui.stage.scene.Scene`)."""

    @property
    def name(self) -> str: ...

    @property
    def opaque(self) -> bool: ...

    @property
    def covers_window(self) -> bool: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def covered(self) -> None: ...

    def uncovered(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def update_covered(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def is_animating(self) -> bool: ...


class SceneManager:
    """A stack of scenes: ``switch`` / ``push`` / ``pop``.

    ``on_change(top)`` is called after every change (the app uses it for
    screenshots and to drop keyboard focus).
    """

    def __init__(self, on_change: Callable[[SceneLike | None], None] | None = None) -> None:
        self._stack: list[SceneLike] = []
        self._on_change = on_change

    @property
    def top(self) -> SceneLike | None:
        """The scene that receives events, or None when empty."""
        return self._stack[-1] if self._stack else None

    @property
    def stack(self) -> tuple[SceneLike, ...]:
        """All scenes, bottom first."""
        return tuple(self._stack)

    def __len__(self) -> int:
        return len(self._stack)

    def switch(self, scene: SceneLike) -> None:
        """Exit every scene (top first) and make ``scene`` the only one."""
        self.clear()
        self._stack.append(scene)
        scene.enter()
        self._changed()

    def push(self, scene: SceneLike) -> None:
        """Lay ``scene`` over the current one, which keeps its state."""
        if self._stack:
            self._stack[-1].covered()
        self._stack.append(scene)
        scene.enter()
        self._changed()

    def pop(self, scene: SceneLike | None = None) -> SceneLike | None:
        """Remove the top scene (or ``scene``, only if it is the top) and return it.

        Passing the scene guards against double pops: a dialog whose OK was
        clicked twice in one frame pops itself once.
        """
        if not self._stack or (scene is not None and self._stack[-1] is not scene):
            return None
        top = self._stack.pop()
        top.exit()
        if self._stack:
            self._stack[-1].uncovered()
        self._changed()
        return top

    def clear(self) -> None:
        """Exit every scene, top first (used when quitting too)."""
        while self._stack:
            scene = self._stack.pop()
            try:
                scene.exit()
            except Exception:  # one broken exit must not stop the others (autosave)
                log.exception("scene %s failed to exit", scene.name)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._stack:
            self._stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        """The top scene advances; those under it only hear from outside (see
        :meth:`~tacocat.ui.stage.scene.Scene.update_covered`)."""
        if self._stack:
            for scene in self._stack[:-1]:
                scene.update_covered(dt)
            self._stack[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upward."""
        first = 0
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index].opaque:
                first = index
                break
        for scene in self._stack[first:]:
            scene.draw(surface)

    def is_animating(self) -> bool:
        """Only the top scene is updated, so only it can be animating."""
        return bool(self._stack) and self._stack[-1].is_animating()

    def _changed(self) -> None:
        if self._on_change is not None:
            self._on_change(self.top)
