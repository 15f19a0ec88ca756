"""The UI theme at the current text size, and switching the Text size while the game runs.

pygame_gui's theme is the project's ``theme.json`` with the Lao font entries
(:func:`tacocat.ui.text.fonts.localise_theme`) and every font size scaled
(:func:`tacocat.ui.text.text_scale.scale_theme`). A switch reloads that theme, then
rebuilds each screen on the stack: widget screens relabel (their layouts are
built again, at the new sizes), drawn screens drop what they cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tacocat.ui.devices.assets import load_theme
from tacocat.ui.shell.language import preload_rich_text_fonts
from tacocat.ui.text import text_scale
from tacocat.ui.text.fonts import localise_theme

if TYPE_CHECKING:
    from tacocat.ui.stage.services import App


def ui_theme() -> dict[str, Any]:
    """The theme dict for the UIManager at the current text size."""
    return text_scale.scale_theme(localise_theme(load_theme()))


def switch_text_size(app: App, percent: int) -> None:
    """Make ``percent`` the text size everywhere and rebuild the screens on the stack."""
    if percent == text_scale.percent():
        return
    text_scale.set_percent(percent)
    # Fonts at the new sizes now, every element restyled now (not at the next update,
    # which would undo the shrink-to-fit the relabelled screens do next).
    # (pygame_gui types the argument as a file's text; it takes the theme dict too)
    app.ui.get_theme().update_theming(ui_theme(), rebuild_all=False)  # type: ignore[arg-type]
    # Rich text's bold/italic/heading styles at the new sizes, loaded now, not mid-frame.
    preload_rich_text_fonts(app.ui, app.settings.language)
    # The widget screens are laid out again below, at the new sizes: their old widgets go
    # first, so they are not restyled into rows too small for the new fonts.
    for scene in app.scenes.stack:
        root = getattr(scene, "root", None)
        if root is not None and hasattr(scene, "relabel"):
            root.kill()
    app.ui.rebuild_all_from_changed_theme_data()
    for scene in app.scenes.stack:
        for name in ("restyle", "relabel"):
            hook = getattr(scene, name, None)
            if hook is not None:
                hook()
