"""The analysis' reasons in words, in all five languages; cards to replace as a set."""

from __future__ import annotations

import json
import re

import pytest

from tacocat.ai.reasons import CODES, PLURAL, Reason
from tacocat.languages import LANGUAGES
from tacocat.resources import asset_path
from tacocat.rules import Attack, DuelCard, Replace
from tacocat.ui.table.prompt import hint_line
from tacocat.ui.text import i18n
from tacocat.ui.text.card_words import card_list
from tacocat.ui.text.reason_words import hint_with_reason, note_with_reason, why

PLACEHOLDER = re.compile(r"%\{(\w+)\}")
#: A value for every parameter a reason can take.
SAMPLE = {
    "card": 3,
    "alt_card": 9,
    "kept": 10,
    "cards": (5, 5, 7),
    "count": 2,
    "target": 8,
    "low": 2,
    "avg": 6,
    "floor": 4,
}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def section(code: str) -> dict:
    path = asset_path("translations", f"tacocat.{code}.json")
    return json.loads(path.read_text(encoding="utf-8"))[code]["reason"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_is_worded_with_its_parameters(lang):
    words = section(lang)
    for code, params in CODES.items():
        entry = words[code]
        forms = list(entry.values()) if isinstance(entry, dict) else [entry]
        assert isinstance(entry, dict) == (code in PLURAL), code  # counts have plural forms
        for text in forms:
            assert text.strip(), (lang, code)
            found = set(PLACEHOLDER.findall(text))
            # ``count`` may only pick the plural form; every other parameter is said.
            assert set(params) - {"count"} <= found <= set(params), (lang, code, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_renders_in_every_language(lang):
    i18n.set_language(lang)
    for code, params in CODES.items():
        text = why([Reason.of(code, **{p: SAMPLE[p] for p in params})])
        assert text and "%{" not in text and "tacocat." not in text, (lang, code, text)
    main = Reason.of("showdown_keep", card=1)
    fact = Reason.of("fact_below_seen", low=4, card=1)
    both = why([main, fact])
    assert why([main]) in both and why([fact]) in both


def test_the_issues_example_in_english():
    text = why([Reason.of("showdown_keep", card=1), Reason.of("fact_below_seen", low=4, card=1)])
    assert text == (
        "keep the 1: the lower card wins the showdown; every card under 4 is "
        "yours or face up, so the 1 cannot lose"
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "5, 5 and 7"), ("fil", "5, 5 at 7"), ("lv", "5, 5 un 7"), ("sq", "5, 5 dhe 7")],
)
def test_cards_to_replace_read_as_a_set_not_a_sequence(lang, words):
    i18n.set_language(lang)
    assert card_list((5, 5, 7)) == words
    assert card_list((9,)) == "9" and card_list(()) == ""
    hint = hint_line(Replace(0, (5, 5, 7)), "")
    assert words in hint and "5-5-7" not in hint
    assert "3-4-5" in hint_line(Attack(0, (3, 4, 5)), "")  # an attack's sequence keeps its look


def test_a_hint_puts_the_reason_before_the_odds():
    odds = "the 9 wins the round in about 72% of the deals that fit what you have seen"
    reasons = (Reason.of("showdown_keep", card=3),)
    text = hint_line(DuelCard(0, 9), odds, reasons)
    assert text == (
        "Hint: duel with the 9 — keep the 3: the lower card wins the showdown. "
        "The 9 wins the round in about 72% of the deals that fit what you have seen"
    )
    assert hint_line(DuelCard(0, 9), odds) == f"Hint: duel with the 9 — {odds}"  # no reason
    assert hint_with_reason("Hint", "", ()) == "Hint"


def test_a_review_note_ends_with_the_reason():
    note = "Blunder (−96 points): replacing 1, 11 and 12 had 0%; replacing 4 and 7 had 96%."
    reasons = (Reason.of("replace_keep_low", card=1, avg=6),)
    assert note_with_reason(note, reasons) == (
        note + " Keep the 1: a new card is about 6 on average, and the lower card wins the "
        "showdown."
    )
    assert note_with_reason(note, ()) == note


def test_the_round_log_words_replaced_cards_as_a_set():
    from tacocat.rules import events as ev
    from tacocat.ui.text.narration import describe

    replaced = describe(ev.Replaced(0, (5, 5, 7)), ["Ana", "Ben"])
    assert replaced == i18n.tr(
        "tacocat.table.log.replaced", name="Ana", count=3, cards="5, 5 and 7"
    )
    assert "5-5-7" not in (replaced or "")
