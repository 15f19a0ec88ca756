"""tools/translation_platform.py: files out to a platform's nested JSON and back, unchanged."""

from __future__ import annotations

import json
import shutil

import pytest

from tools import translation_platform as platform
from tools.lao_breaks import ZWSP

CODES = ["en", "fil", "lv", "lo", "sq"]


@pytest.fixture
def game_files(tmp_path, monkeypatch):
    """A copy of the game's translation folder that import may overwrite."""
    folder = tmp_path / "translations"
    shutil.copytree(platform.FOLDER, folder)
    monkeypatch.setattr(platform, "FOLDER", folder)
    return folder


def test_export_drops_the_language_root_so_keys_match_across_languages(tmp_path):
    platform.export(tmp_path / "out", CODES)
    trees = {
        code: json.loads((tmp_path / "out" / f"{code}.json").read_text(encoding="utf-8"))
        for code in CODES
    }
    assert all(code not in tree for code, tree in trees.items())
    assert trees["lv"]["title"].keys() == trees["en"]["title"].keys()
    assert "new_game" in trees["en"]["title"]


def test_round_trip_gives_the_same_files_byte_for_byte(tmp_path, game_files):
    before = {code: (game_files / f"tacocat.{code}.json").read_bytes() for code in CODES}
    platform.export(tmp_path / "out", CODES)
    platform.import_(tmp_path / "out", CODES[1:])
    assert {code: (game_files / f"tacocat.{code}.json").read_bytes() for code in CODES} == before


def test_import_puts_lao_breaks_back_and_english_order(tmp_path, game_files):
    platform.export(tmp_path / "out", ["lo"])
    path = tmp_path / "out" / "lo.json"
    tree = json.loads(path.read_text(encoding="utf-8").replace(ZWSP, ""))
    tree = dict(reversed(list(tree.items())))  # a platform may write keys in its own order
    tree["settings"]["window_size"] = "ຂະໜາດໜ້າຕ່າງ"
    path.write_text(json.dumps(tree, ensure_ascii=False), encoding="utf-8")
    platform.import_(tmp_path / "out", ["lo"])
    lao = json.loads((game_files / "tacocat.lo.json").read_text(encoding="utf-8"))["lo"]
    english = json.loads((game_files / "tacocat.en.json").read_text(encoding="utf-8"))["en"]
    assert list(lao) == list(english)
    assert lao["settings"]["window_size"] == f"ຂະໜາດ{ZWSP}ໜ້າຕ່າງ"
    assert sum(text.count(ZWSP) for text in json.dumps(lao, ensure_ascii=False).split('"')) > 1500


def test_main_refuses_an_unknown_language(tmp_path):
    with pytest.raises(SystemExit):
        platform.main(["export", str(tmp_path), "xx"])
