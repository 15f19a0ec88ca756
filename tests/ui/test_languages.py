"""Choosing the language: the locale on a first start, --lang, Settings, plural rules, numbers."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tacocat.languages import LANGUAGES, match_language, startup_language, system_language
from tacocat.rules import IllegalAction
from tacocat.ui.text import i18n
from tacocat.ui.text.i18n import tr
from tacocat.ui.text.refusals import refusal_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("lv_LV.UTF-8", "lv"),
        ("fil_PH", "fil"),
        ("tl_PH.UTF-8", "fil"),
        ("lo_LA", "lo"),
        ("sq-AL", "sq"),
        ("en_GB.UTF-8", "en"),
        ("de_DE.UTF-8", None),
        ("C", None),
        ("", None),
    ],
)
def test_locale_tags_map_to_our_languages(tag, code):
    assert match_language(tag) == code


def test_posix_variables_decide_in_order_and_unknown_falls_back_to_english():
    assert system_language({"LC_ALL": "sq_AL.UTF-8", "LANG": "lv_LV.UTF-8"}, lambda: None) == "sq"
    assert system_language({"LC_MESSAGES": "lo_LA", "LANG": "lv_LV"}, lambda: None) == "lo"
    assert system_language({"LANG": "lv_LV.UTF-8"}, lambda: None) == "lv"
    assert (
        system_language({"LANG": "de_DE.UTF-8"}, lambda: "lv_LV") == "en"
    )  # LANG is set: it decides


def test_without_variables_the_user_locale_decides():
    # Windows and macOS: no LANG for a windowed program; the locale module knows.
    assert system_language({}, lambda: "Latvian_Latvia") == "en"  # a Windows name we do not parse
    assert system_language({}, lambda: "lv_LV") == "lv"
    assert system_language({}, lambda: None) == "en"


def test_cli_choice_beats_saved_choice_beats_system(monkeypatch):
    monkeypatch.setenv("LC_ALL", "sq_AL.UTF-8")
    assert startup_language("lv", "lo") == "lo"
    assert startup_language("lv", None) == "lv"
    assert startup_language(None, None) == "sq"  # first start: the system's


def test_first_start_follows_the_locale_then_the_saved_setting(tmp_path, monkeypatch):
    from tacocat.cli import parse_args
    from tacocat.ui.shell.app import App

    monkeypatch.setenv("LC_ALL", "lv_LV.UTF-8")
    app = App(parse_args(["--data-dir", str(tmp_path)]), tmp_path)
    try:
        assert app.settings.language == "lv" and i18n.language() == "lv"
        assert app.scenes.top.buttons["new_game"].text == "Jauna spēle"
        app.update_settings(language="sq")  # saved
    finally:
        app._shutdown()
    monkeypatch.setenv("LC_ALL", "lo_LA.UTF-8")
    again = App(parse_args(["--data-dir", str(tmp_path)]), tmp_path)
    try:
        assert again.settings.language == "sq"  # the saved choice, not the locale
    finally:
        again._shutdown()


def test_unknown_lang_is_one_line_and_exit_2():
    result = subprocess.run(
        [sys.executable, "main.py", "--lang", "xx"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "xx" in lines[0] and all(code in lines[0] for code in LANGUAGES)


def test_settings_lists_each_language_in_its_own_name_and_switches_at_once(
    make_app, run_frames, click
):
    app = make_app()
    app.open("settings")
    run_frames(app, 2)
    settings = app.scenes.top
    assert {code: b.text for code, b in settings.language_buttons.items()} == LANGUAGES
    title = app.scenes.stack[0]
    click(app, settings.language_buttons["sq"])
    assert i18n.language() == "sq" and app.settings.language == "sq"
    settings = app.scenes.top  # rebuilt in place, still on top
    assert settings.name == "settings" and settings.done_button.text == "Gati"
    assert title.buttons["new_game"].text == "Lojë e re"  # the screen below was redrawn too
    assert settings.language_buttons["sq"].is_selected


@pytest.mark.parametrize(
    ("code", "count", "expected"),
    [
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("lv", 0, "0 kāršu"),
        ("lv", 1, "1 kārts"),
        ("lv", 2, "2 kārtis"),
        ("lv", 10, "10 kāršu"),
        ("lv", 21, "21 kārts"),
        ("lv", 11, "11 kāršu"),
        ("sq", 1, "1 letër"),
        ("sq", 5, "5 letra"),
        ("lo", 1, "1\u00a0ໃບ"),
        ("lo", 7, "7\u00a0ໃບ"),  # a count joined to its classifier (lo 41)
    ],
)
def test_plural_forms_follow_cldr(code, count, expected):
    i18n.set_language(code)
    assert tr("tacocat.table.cards_in_hand", count=count) == expected


def test_plural_categories_come_from_babel():
    assert i18n.plural_category(21, "lv") == "one" and i18n.plural_category(11, "lv") == "zero"
    assert i18n.plural_category(4, "fil") == "other" and i18n.plural_category(5, "fil") == "one"
    assert i18n.plural_categories("lo") == {"other"}


def test_numbers_and_dates_follow_the_locale():
    assert i18n.number(12345, "en") == "12,345" and i18n.number(12345, "lv") == "12\xa0345"
    assert i18n.percent(0.5, "en") == "50%" and i18n.percent(0.5, "sq") != ""
    day = datetime.date(2026, 12, 1)
    assert "2026" in i18n.date(day, "lv") and i18n.date(day, "lv") != i18n.date(day, "en")


def test_refusals_are_worded_in_the_players_language():
    error = IllegalAction("respond_too_low", card=3, target=9, lowest=2)
    i18n.set_language("en")
    assert refusal_text(error) == (
        "The 3 is lower than the attack card 9: defend with a 9 or higher, "
        "or sacrifice your lowest card, the 2."
    )
    i18n.set_language("lv")
    assert "9" in refusal_text(error) and "upurējiet" in refusal_text(error)
    held = IllegalAction("not_held", seat=1, cards=(4, 5, 6))
    assert refusal_text(held, ("Ana", "Ben")).startswith("Ben")
    i18n.set_language("en")
    assert refusal_text(held) == "The second player does not hold 4-5-6."


@pytest.mark.slow
def test_a_whole_demo_game_in_lao_exits_cleanly(tmp_path):
    shots, data = tmp_path / "shots", tmp_path / "data"
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--lang",
            "lo",
            "--demo",
            "--seed",
            "3",
            "--speed",
            "20",
            "--screenshots",
            str(shots),
            "--data-dir",
            str(data),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert any(path.name.endswith("game-over.png") for path in shots.iterdir())
