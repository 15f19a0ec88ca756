"""The few colours drawn when the palette itself may be what is broken.

Every other colour is read by name from ``assets/palette.json`` (:func:`.style.palette`).
The crash screen (:mod:`tacocat.ui.shell.crash`) and the missing-picture placeholder
(:func:`tacocat.ui.devices.assets.draw_placeholder`) must still draw when ``assets/`` cannot be
read, so they take these instead: the same colours as the palette's ``table``,
``box_floor``, ``ink`` and ``salsa`` (tests/ui/test_palette_by_name.py keeps them equal),
written here as numbers on purpose. The palette falls back to them too.
"""

from __future__ import annotations

SAFE_PALETTE: dict[str, tuple[int, int, int]] = {
    "table": (23, 50, 58),
    "box_floor": (244, 231, 197),
    "ink": (43, 33, 24),
    "salsa": (217, 72, 59),
}

#: A name the palette does not have: loud magenta, as a missing picture is loud.
MISSING: tuple[int, int, int] = (255, 0, 255)
