"""tools/review_state.py: each string's review state, so that no change slips by unreviewed."""

from __future__ import annotations

import json

import pytest

from tools import review_state as rs
from tools import translation_gaps as gaps

CODES = ["fil", "lv", "lo", "sq"]
ENGLISH = {
    "m": {"a": "Attack", "b": "Back"},
    "c": {"one": "%{count} card", "other": "%{count} cards"},
}


def latvian(a: str, b: str) -> dict:
    return {
        "m": {"a": a, "b": b},
        "c": {"zero": "%{count} kāršu", "one": "%{count} kārts", "other": "%{count} kārtis"},
    }


@pytest.fixture
def files(tmp_path, monkeypatch):
    """A tiny English and Latvian file, a state file and a ledger, all in ``tmp_path``."""
    monkeypatch.setattr(gaps, "FOLDER", tmp_path)

    def save(code: str, tree: dict) -> None:
        (tmp_path / f"tacocat.{code}.json").write_text(json.dumps({code: tree}), encoding="utf-8")

    save("en", ENGLISH)
    save("lv", latvian("Uzbrukt", "Atpakaļ"))
    ledger = tmp_path / "ledger.md"
    ledger.write_text(
        "## Latvian (lv)\n\n| # | Key | What we did |\n|---|---|---|\n"
        "| 1 | m.a | applied |\n| 2 | m.b | applied differently: shorter |\n\n"
        f"{rs.BEGIN}\n{rs.END}\n",
        encoding="utf-8",
    )
    return save, tmp_path / "state.json", ledger


def test_a_fingerprint_ignores_line_break_points_only():
    assert rs.fingerprint("ຫຼິ້ນ\u200bເກມ 3\u00a0ໃບ") == rs.fingerprint("ຫຼິ້ນເກມ 3 ໃບ")
    assert rs.fingerprint("Uzbrukt") != rs.fingerprint("Uzbrūk")
    assert len(rs.fingerprint({"one": "x", "other": "y"})) == 12


def test_a_changed_translation_or_english_needs_review(files):
    save, state_file, _ = files
    assert rs.mark("lv", None, state_file) == []
    state = rs.read_state(state_file)
    assert rs.needs_review("lv", state) == {}
    save("lv", latvian("Uzbrūk", "Atpakaļ"))
    save("en", {**ENGLISH, "m": {"a": "Attack", "b": "Go back"}, "d": "New"})
    assert rs.needs_review("lv", state) == {"m.a": rs.TRANSLATION, "m.b": rs.ENGLISH}
    assert rs.mark("lv", ["m.a", "zz"], state_file) == ["zz"]
    assert rs.needs_review("lv", rs.read_state(state_file)) == {"m.b": rs.ENGLISH}


def test_the_ledger_catches_a_change_to_a_string_it_calls_applied(files):
    save, state_file, ledger = files
    rs.mark("lv", None, state_file)
    state = rs.read_state(state_file)
    assert rs.contradictions(["lv"], state, ledger) == []
    save("lv", latvian("Uzbrūk", "Atpakaļ!"))
    # "a" was answered applied: its change is a contradiction; "b" was applied differently
    # (the ledger itself says it differs from what was reviewed), so it only needs review.
    assert rs.contradictions(["lv"], state, ledger) == [
        "lv m.a: the ledger says applied, but translation changed"
    ]
    assert set(rs.needs_review("lv", state)) == {"m.a", "m.b"}


def test_the_shipped_ledger_answers_every_round_2_item_as_recorded():
    """No key the ledger last answered applied, declined or kept has changed since."""
    assert rs.contradictions(CODES) == []


def test_the_ledger_lists_what_needs_review_as_it_stands():
    text = rs.LEDGER.read_text(encoding="utf-8")
    start, end = text.index(rs.BEGIN), text.index(rs.END) + len(rs.END)
    assert text[start:end] == rs.ledger_section(CODES), "run: python -m tools.review_state ledger"


def test_every_string_of_every_language_has_a_recorded_state_or_is_listed():
    state = rs.read_state()
    english = gaps.leaves(gaps.load("en"))
    for code in CODES:
        recorded = set(state[code]) | set(rs.needs_review(code, state))
        assert recorded >= set(english) - {
            k for k in english if k not in gaps.leaves(gaps.load(code))
        }
        assert set(state[code]) <= set(english), "a state for a key English no longer has"


def test_translation_gaps_prints_what_needs_review(capsys):
    assert gaps.main(["lv"]) == 0
    out = capsys.readouterr().out
    for key in rs.needs_review("lv"):
        assert f"review  {key}:" in out
    assert gaps.main(["lv", "--review"]) == (1 if rs.needs_review("lv") else 0)
