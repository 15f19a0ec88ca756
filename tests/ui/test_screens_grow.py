"""Every pygame_gui screen makes room for 150 % text (issue #19, larger text).

For each screen (tests/ui/screen_growth.py), built at 100 % and again after the
Text size was switched to 150 % live from Settings: what pygame_gui renders grows
(the median label/button font by at least 1.4×, none less than 1.2×), no text is
clipped (measured, and pygame_gui's "Label Rect is too small" never warned), no two
focusable controls overlap, and each is inside the window or a scrolling panel.
"""

from __future__ import annotations

import statistics
import warnings

import pytest

from tacocat.ui.text import i18n, text_scale
from tests.ui.screen_growth import SCREENS, measure

#: The median label or button of a screen grows at least this much at 150 %...
MEDIAN_GROWTH = 1.4
#: ...and none grows less (a long word in a narrow button may shrink a little to fit).
LEAST_GROWTH = 1.2


def _open(app, run_frames, name: str):
    SCREENS[name](app)
    run_frames(app, 4)
    return measure(app, name)


@pytest.mark.parametrize("code", ["en", "lv", "lo"], ids=lambda c: f"lang_{c}")
def test_every_widget_screen_grows_with_the_text(make_app, run_frames, click, code):
    app = make_app("--lang", code)
    try:
        before = {name: _open(app, run_frames, name) for name in SCREENS}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.open("settings")
            run_frames(app, 2)
            click(app, app.scenes.top.text_size_buttons[150])  # the live switch
            assert text_scale.percent() == 150
            after = {name: _open(app, run_frames, name) for name in SCREENS}
        too_small = [str(w.message) for w in caught if "Label Rect is too small" in str(w.message)]
        assert not too_small, too_small
        problems = [p for screen in (*before.values(), *after.values()) for p in screen.problems]
        growth: dict[str, tuple[float, float]] = {}
        for name in SCREENS:
            common = before[name].fonts.keys() & after[name].fonts.keys()
            assert common, f"{name}: no label or button in common"
            ratios = [after[name].fonts[k] / before[name].fonts[k] for k in common]
            growth[name] = (statistics.median(ratios), min(ratios))
        slow = {n: g for n, g in growth.items() if g[0] < MEDIAN_GROWTH or g[1] < LEAST_GROWTH}
        assert not slow and not problems, (slow, problems)
    finally:
        i18n.set_language("en")
        text_scale.set_percent(100)


def _key(app, run_frames, code: int, mod: int = 0) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    run_frames(app, 2)


def test_the_keyboard_reaches_every_control_of_a_scrolling_screen(make_app, run_frames):
    """Settings at 150 % scrolls (one column): Tab walks every control in focus order, and
    each one the focus lands on is scrolled into view (inside the panel's visible part)."""
    import pygame

    from tacocat.ui.text.layout import scroller_of

    app = make_app()
    try:
        app.update_settings(text_size=150)
        app.open("settings")
        run_frames(app, 3)
        screen = app.scenes.top
        assert screen.one_column and scroller_of(screen.done_button) is not None
        _key(app, run_frames, pygame.K_TAB)  # the first key shows the ring where focus is
        seen = []
        for _ in range(40):
            element = app.focus.focused().target.element
            view = scroller_of(element)._view_container.rect
            assert view.contains(element.rect), (element, element.rect, view)
            seen.append(element)
            if element is screen.done_button:
                break
            _key(app, run_frames, pygame.K_TAB)
        assert screen.done_button in seen and screen.text_size_buttons[150] in seen
        # ...and back up with Shift-Tab to the first control, scrolled back into view.
        for _ in range(len(seen) - 1):
            _key(app, run_frames, pygame.K_TAB, pygame.KMOD_SHIFT)
        first = app.focus.focused().target.element
        assert first is seen[0] and scroller_of(first)._view_container.rect.contains(first.rect)
    finally:
        text_scale.set_percent(100)
