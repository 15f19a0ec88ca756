"""``--screenshots DIR``: a PNG at every scene change and whenever a scene asks for one.

A scene-change shot waits until the new scene has been drawn and its intro
animation has settled; asked-for shots are saved at the end of the frame.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from tacocat.persistence.text import printable

log = logging.getLogger(__name__)

#: Frames to wait after a scene change before its screenshot (so it is drawn);
#: the shot then waits for the scene's intro animation, up to SHOT_MAX_FRAMES.
SHOT_DELAY_FRAMES = 2
SHOT_MAX_FRAMES = 240


class Screenshots:
    """Numbered PNGs in ``directory`` (None: screenshots are off and nothing is saved)."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = Path(directory).absolute() if directory is not None else None
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)
        self._count = 0
        self._queue: list[tuple[str, Path]] = []
        self._scene_shot: tuple[int, str] | None = None  # (frames waited, label)

    @property
    def pending(self) -> bool:
        """True while a shot waits to be taken (the loop keeps drawing meanwhile)."""
        return bool(self._queue) or self._scene_shot is not None

    def request(self, label: str) -> Path | None:
        """Queue ``DIR/NNNN_<label>.png``; returns its path, or None when shots are off."""
        if self.directory is None:
            return None
        self._count += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label) or "shot"
        path = self.directory / f"{self._count:04d}_{safe}.png"
        self._queue.append((label, path))
        return path

    def scene_changed(self, name: str) -> None:
        """A new scene is on top: shoot it once it has settled."""
        if self.directory is not None:
            self._scene_shot = (0, name)

    def take(self, screen: pygame.Surface, animating: bool, final: bool = False) -> None:
        """Save the queued shots of this frame; the scene-change shot once settled (or ``final``)."""
        if self._scene_shot is not None:
            waited, label = self._scene_shot
            settled = waited >= SHOT_DELAY_FRAMES and not animating
            if settled or final or waited >= SHOT_MAX_FRAMES:
                self._scene_shot = None
                self.request(label)
            else:
                self._scene_shot = (waited + 1, label)
        for label, path in self._queue:
            try:
                # Through a Python file: SDL cannot open a name that is not UTF-8
                # (a surrogate-escaped byte), Python's open() can.
                with open(path, "wb") as handle:
                    pygame.image.save(screen, handle, path.name)
            except (pygame.error, OSError) as error:
                log.warning("screenshot %s not saved: %s", label, printable(str(error)))
        self._queue.clear()
