"""Labels side by side share one size (issue 23: "labels on one row auto-fitted to different
sizes", the Albanian "Të hedhurat (D)" ≈ 9 px): the table's Hint and Discards buttons, in
every language and text size, are drawn at one size, never below the 16 px floor, and drop
their key hints together or not at all."""

from __future__ import annotations

import pytest

from tacocat.languages import LANGUAGES
from tacocat.ui.table import buttons as table_buttons
from tacocat.ui.text import i18n, text_scale
from tacocat.ui.text.fit import MIN_PX
from tacocat.ui.text.i18n import tr
from tacocat.ui.widgets.style import TextCache
from tacocat.ui.widgets.text_box import fitted_size


@pytest.mark.parametrize("percent", [100, 125, 150])
@pytest.mark.parametrize("code", LANGUAGES)
def test_hint_and_discards_share_one_size(make_app, code, percent):
    app = make_app("--lang", code)
    text = TextCache(lambda size, bold: app.assets.font(size, bold=bold))
    try:
        text_scale.set_percent(percent)
        for keys in (("H", "D"), ("Y", "X"), ("F1", "Tab")):  # keyboard, pads, rebound keys
            buttons = table_buttons.build()
            hint, discards = buttons["hint"], buttons["discards"]
            hint.label = tr("tacocat.focus.table.hint", button=keys[0])
            discards.label = tr("tacocat.focus.table.discards", button=keys[1])
            sizes = {hint.label_size(text), discards.label_size(text)}
            assert len(sizes) == 1, (hint.label, discards.label, sizes)
            size = sizes.pop()
            assert text_scale.px(size) >= MIN_PX
            shown = [hint.shown_label(text), discards.shown_label(text)]
            kept = [label == b.label for label, b in zip(shown, (hint, discards), strict=True)]
            assert kept[0] == kept[1], shown  # both keep their key hint, or both drop it
            for label, button in zip(shown, (hint, discards), strict=True):
                _, squeezed = fitted_size(text, label, size, button.label_box().size, bold=True)
                assert not squeezed, label  # drawn at that size, not scaled down
    finally:
        text_scale.set_percent(100)
        i18n.set_language("en")
