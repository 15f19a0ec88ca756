"""Numbers and percentages on screen and in speech are written the locale's way (Babel).

The review said "Saktësia 51.3%" and "19.7 pikë" in Albanian (review sq 13): an English
decimal point inside a translated sentence. Every percentage now comes from Babel, which also
places the sign; a translation holds ``%{pct}`` alone."""

from __future__ import annotations

import pytest

from tacocat.ai.hints import Hint
from tacocat.ai.review import Moment, Review
from tacocat.languages import LANGUAGES
from tacocat.rules import DuelCard, Replace
from tacocat.ui.replay.review import review_notes, summary_texts
from tacocat.ui.table.prompt import hint_words
from tacocat.ui.text import i18n
from tacocat.ui.text.reason_words import short_odds
from tools.translation_gaps import leaves, load

#: 2 of 3 decisions good: 66.7 % accuracy; mean cost 19.7 points.
REVIEW = Review(
    0,
    (
        Moment(0, 1, DuelCard(0, 9), DuelCard(0, 9), 0.5, 0.5),
        Moment(1, 1, DuelCard(0, 3), DuelCard(0, 9), 0.288, 0.779),
        Moment(2, 1, DuelCard(0, 8), DuelCard(0, 8), 0.6, 0.6),
    ),
)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("code", "accuracy", "cost"),
    [
        ("en", "66.7%", "16.4"),
        ("sq", "66,7%", "16,4"),
        ("lv", "66,7%", "16,4"),
        ("fil", "66.7%", "16.4"),
        ("lo", "66,7%", "16,4"),
    ],
)
def test_the_review_summary_writes_decimals_the_locale_way(code, accuracy, cost):
    i18n.set_language(code)
    shown, counts = summary_texts(REVIEW)
    assert accuracy in shown and cost in counts
    assert "66.7" not in shown or code in ("en", "fil")


def test_a_review_note_and_a_hint_carry_babel_percentages():
    i18n.set_language("sq")
    (note, *_) = review_notes(REVIEW).values()
    assert "29%" in note.text and "78%" in note.text
    hint = Hint(
        DuelCard(0, 9),
        "tacocat.hint.duel_odds",
        {"card": 9, "pct": 72, "alt_card": 3, "alt_pct": 55},
    )
    words = hint_words(hint)
    assert "72%" in words and "55%" in words and "%%" not in words
    assert "72%" in short_odds(72, Replace(0, (3,)), 55)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_translation_writes_its_own_percent_sign_after_a_number(code):
    """The sign is Babel's: ``%{pct}%`` would print "72%%" now (or "72 %%")."""
    wrong = [
        key
        for key, value in leaves(load(code)).items()
        for text in (value.values() if isinstance(value, dict) else [value])
        if "pct}" in text and "pct}%" in text.replace(" ", "").replace("\u00a0", "")
    ]
    assert wrong == []
