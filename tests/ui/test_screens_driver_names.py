"""The translators' screenshot driver names the seats as the game does, in the language shown.

It used GameConfig's English defaults, so fil, lv, lo and sq pictures showed "Sun", "Moon" and
"Computer" where the game shows the translated names (reviews fil, lo, sq: side notes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tacocat.languages import LANGUAGES
from tacocat.ui.text import i18n

_SPEC = importlib.util.spec_from_file_location(
    "screens_driver", Path(__file__).parents[1] / "screens" / "screens_driver.py"
)
assert _SPEC is not None and _SPEC.loader is not None
driver = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(driver)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_the_driver_shows_the_translated_seat_names(make_app, code):
    app = make_app("--lang", code)
    try:
        sun, moon, computer = (i18n.tr(f"tacocat.names.{k}") for k in ("sun", "moon", "computer"))
        assert driver.game_config(app, "vs_ai", seed=3).names == (sun, computer)
        assert driver.game_config(app, "demo", seed=5).names == (sun, moon)
        assert {"Sun", "Moon", "Computer"}.isdisjoint({sun, moon, computer})
    finally:
        i18n.set_language("en")
