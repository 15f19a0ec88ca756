"""The five translation files: complete, same placeholders, CLDR plural forms, really translated."""

from __future__ import annotations

import json
import re

import pytest

from tacocat.languages import LANGUAGES
from tacocat.resources import asset_path
from tacocat.rules.errors import REASONS
from tacocat.ui.text import i18n
from tools.translation_gaps import leaves  # the translators' script flattens the same way

PLACEHOLDER = re.compile(r"%\{(\w+)\}")
TAG = re.compile(r"<[^>]+>")
#: Texts that may read the same as English: numbers, names, symbols and loanwords
#: the language really uses (each checked by hand, see docs/glossary.md).
SAME_AS_ENGLISH = {
    "settings.size_option",
    "stats.no_rate",
    "stats.rounds",
    "table.result.score",
    "table.button.menu",  # fil: "Menu" is the Filipino word too
    "io_reason.other",  # only the system's own message, which the game cannot translate
    "history.refused_body",
    "history.score",
    "replay.speed",  # placeholders and symbols only
    "table.vs",  # sq: "vs", as Albanian sports pages write it ("kundër" was cut by the duel card)
    "reason.hint",
    "reason.note",
    "reason.with_fact",  # placeholders and punctuation only
    "settings.server_example",  # an address, the same in every language
}
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def load(code: str) -> dict:
    data = json.loads(
        asset_path("translations", f"tacocat.{code}.json").read_text(encoding="utf-8")
    )
    assert list(data) == [code]
    return data[code]


def texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]  # type: ignore[list-item]


ENGLISH = leaves(load("en"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_has_exactly_the_english_keys(code):
    assert set(leaves(load(code))) == set(ENGLISH)


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_and_markup_match_english(code):
    for key, value in leaves(load(code)).items():
        english = ENGLISH[key]
        mine = {name for text in texts(value) for name in PLACEHOLDER.findall(text)}
        theirs = {name for text in texts(english) for name in PLACEHOLDER.findall(text)}
        assert mine == theirs, key
        for text in texts(value):
            assert sorted(TAG.findall(text)) == sorted(TAG.findall(texts(english)[0])), key


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_entries_have_exactly_the_cldr_categories(code):
    wanted = i18n.plural_categories(code)
    for key, value in leaves(load(code)).items():
        if isinstance(value, dict):
            assert set(value) == wanted, (key, sorted(value))
            assert all(isinstance(text, str) and text.strip() for text in value.values())
        else:
            assert isinstance(value, str) and value.strip(), key
        assert isinstance(ENGLISH[key], dict) == isinstance(value, dict), key


@pytest.mark.parametrize("code", TRANSLATED)
def test_nothing_is_left_in_english(code):
    same = {
        key
        for key, value in leaves(load(code)).items()
        if texts(value) == texts(ENGLISH[key]) or value == ENGLISH[key]
    }
    assert same <= SAME_AS_ENGLISH


def test_lao_puts_zero_width_spaces_between_words():
    lao = leaves(load("lo"))
    letters = re.compile(r"[\u0e80-\u0eff]{2,}")
    long_runs = [
        key
        for key, value in lao.items()
        for text in texts(value)
        if any(len(run) > 24 for run in letters.findall(text))
    ]
    assert not long_runs  # a Lao run this long is several words with no break between them
    assert sum(text.count("\u200b") for value in lao.values() for text in texts(value)) > 500
    assert not any(
        "\u200b" in text
        for code in TRANSLATED
        if code != "lo"
        for value in leaves(load(code)).values()
        for text in texts(value)
    )


def test_every_refusal_reason_has_words():
    keys = {key for key in ENGLISH if key.startswith("refusal.")}
    for reason in REASONS:
        assert f"refusal.{reason}" in keys or any(
            k.startswith(f"refusal.{reason}.") for k in keys
        ), reason
