"""The rule variants as a screen offers them: one check box and a line of explanation per
row of :data:`tacocat.rules.variants.VARIANTS` (New game, Host a game)."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from tacocat.rules.variants import VARIANTS
from tacocat.ui.stage.scene import UIScene, theme_id
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.layout import Layout

#: Height of one variant's row, in design pixels.
VARIANT_ROW = 100


def variant_rows(
    scene: UIScene, panel: Any, at: Layout, x: int, y: int, width: int, chosen: set[str]
) -> dict[str, pygame_gui.elements.UICheckBox]:
    """From design ``(x, y)``, ``width`` wide: a boxed row for each variant, ticked when
    its name is in ``chosen``. Returns the check boxes by variant name."""
    boxes: dict[str, pygame_gui.elements.UICheckBox] = {}
    for variant in VARIANTS:
        scene.box(at.rect(x - 14, y - 12, width + 28, 92), panel)
        boxes[variant.name] = pygame_gui.elements.UICheckBox(
            at.rect(x, y + 4, 28, 28),
            tr(variant.label_key),
            manager=scene.ui,
            container=panel,
            initial_state=variant.name in chosen,
        )
        pygame_gui.elements.UILabel(
            at.rect(x + 40, y + 40, width - 40, 26),
            tr(variant.hint_key),
            manager=scene.ui,
            container=panel,
            object_id=theme_id(class_id="@muted_left"),
        )
        y += VARIANT_ROW
    return boxes


def toggle_variant(event: pygame.event.Event, boxes: dict[str, Any], chosen: set[str]) -> bool:
    """A tick or untick of one of ``boxes``: ``chosen`` follows it. False: not one of them."""
    if event.type not in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
        return False
    for name, box in boxes.items():
        if event.ui_element is box:
            if event.type == pygame_gui.UI_CHECK_BOX_CHECKED:
                chosen.add(name)
            else:
                chosen.discard(name)
            return True
    return False
