"""tools/translation_gaps.py: finds what a language lacks or has extra, and puts keys in order."""

from __future__ import annotations

import json

import pytest

from tools import translation_gaps as gaps

ENGLISH = {
    "a": {"title": "Title", "count": {"one": "1 card", "other": "%{count} cards"}},
    "b": "Gone soon",
    "c": "New",
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(gaps, "FOLDER", tmp_path)

    def save(code: str, tree: dict) -> None:
        (tmp_path / f"tacocat.{code}.json").write_text(json.dumps({code: tree}), encoding="utf-8")

    save("en", ENGLISH)
    return save


def test_lists_missing_extra_wrong_plural_and_order(folder):
    folder(
        "lv",
        {
            "b": "Drīz",
            "a": {
                "count": {"one": "%{count} kārts", "other": "%{count} kārtis"},
                "title": "Virsraksts",
            },
            "old": "Vecs",
        },
    )
    lines = gaps.gaps("lv", gaps.leaves(gaps.load("en")))
    assert 'missing c: "New"' in "\n".join(lines)
    assert 'extra   old: "Vecs"' in "\n".join(lines)
    assert any(line.startswith("  plural  a.count") and "'zero'" in line for line in lines)
    assert any(line.startswith("  order") for line in lines)


def test_reorder_follows_english_and_drops_extras_only(folder):
    folder("lo", {"old": "x", "c": "ໃໝ່", "a": {"title": "ຫົວ"}})
    gaps.main(["lo", "--reorder"])
    assert gaps.load("lo") == {"a": {"title": "ຫົວ"}, "c": "ໃໝ່"}
    assert list(gaps.load("lo")) == ["a", "c"]
    assert "\u0eab" in (gaps.FOLDER / "tacocat.lo.json").read_text(
        encoding="utf-8"
    )  # not \u-escaped


def test_shipped_files_are_complete_and_in_order(capsys):
    assert gaps.main([]) == 0, capsys.readouterr().out


def test_unused_sees_whole_keys_and_fstring_prefixes(tmp_path):
    (tmp_path / "screen.py").write_text(
        'tr("tacocat.menu.quit")\ntr(f"tacocat.table.log.{kind}", name=n)\n', encoding="utf-8"
    )
    keys = ["menu.quit", "menu.gone", "table.log.duel", "table.log.attack", "table.tip.draw"]
    assert gaps.unused(keys, (tmp_path,)) == ["menu.gone", "table.tip.draw"]


def test_every_english_key_is_asked_for_by_the_game():
    # A key no code asks for is a string translators keep paying for and players never see.
    assert gaps.unused(list(gaps.leaves(gaps.load("en")))) == []
