"""pygame_gui's theme, remembering each element's theming ids under a small key.

Every pygame_gui element asks the theme for its *combined ids* (``"panel.button"``,
``"#panel_scroll.#ok"``, ...: the names its look may be themed by), and the theme
remembers the answer for the id lists it was asked about.
pygame_gui 0.6.14 builds that memo's key with ``str.join`` the wrong way round
(``str(a).join(str(b).join(str(c)).join(str(d)))``): each list's text is put between
every character of the next, so the key's length is about the product of the four
lists' lengths. At the largest text size, where the menu screens' panels scroll
(one container deeper), a single button's key was 12 MB and the menu screens left
190 MB of keys in the theme for good (39 MB at 100 %); the joins also ran on every
element's creation, even when the answer was remembered.

:class:`CompactIdsTheme` keeps its own memo under the tuple of the four lists and
drops pygame_gui's keys: the combined ids themselves are still pygame_gui's.
"""

from __future__ import annotations

from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.resource_loaders import IResourceLoader

IdList = list[str | None] | list[str] | None
MemoKey = tuple[tuple[str | None, ...] | None, ...]


def _frozen(ids: IdList) -> tuple[str | None, ...] | None:
    return None if ids is None else tuple(ids)


class CompactIdsTheme(UIAppearanceTheme):
    """A :class:`UIAppearanceTheme` whose combined-id memo has small keys (see the module)."""

    def __init__(self, resource_loader: IResourceLoader, locale: str) -> None:
        super().__init__(resource_loader, locale)
        self._combined_ids: dict[MemoKey, list[str]] = {}

    def build_all_combined_ids(
        self,
        element_base_ids: list[str | None] | None,
        element_ids: list[str] | None,
        class_ids: list[str | None] | None,
        object_ids: list[str | None] | None,
    ) -> list[str]:
        key = (
            _frozen(element_base_ids),
            _frozen(element_ids),
            _frozen(class_ids),
            _frozen(object_ids),
        )
        found = self._combined_ids.get(key)
        if found is None:
            found = super().build_all_combined_ids(
                element_base_ids, element_ids, class_ids, object_ids
            )
            self.unique_theming_ids.clear()  # its one key, which may be megabytes long
            self._combined_ids[key] = found
        return found
