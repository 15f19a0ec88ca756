"""Every player-facing string of the table comes from the translation file."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FILES = [
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "tacocat/ui/table").glob("*.py"))),
    "tacocat/ui/scenes/round_result.py",
    "tacocat/ui/scenes/game_over.py",
    "tacocat/ui/scenes/discard_viewer.py",
    "tacocat/ui/results/score.py",
    "tacocat/ui/scenes/recap.py",
]
#: Keys built with an f-string, and the endings they take.
DYNAMIC = {
    "tacocat.table.banner.{key}": ("trick_defence", "trick_attack"),
    "tacocat.table.log.{key}": ("trick_defence", "trick_attack", "round_won", "round_won_tie_rule"),
    "tacocat.table.shape.{event.shape}": ("single", "set", "sequence"),
    "tacocat.table.tip.{key}": ("arrow", "arrow_two", "draw", "tiles"),
}


def _english() -> dict:
    return json.loads((ROOT / "assets/translations/tacocat.en.json").read_text("utf-8"))["en"]


def _has(tree: dict, key: str) -> bool:
    node = tree
    for part in key.split(".")[1:]:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return isinstance(node, (str, dict))


def test_every_table_text_key_exists_in_english():
    english = _english()
    used = set()
    for name in FILES:
        source = (ROOT / name).read_text("utf-8")
        used |= set(re.findall(r'tr\(\s*f?"(tacocat\.table\.[A-Za-z_.{}]+)"', source))
    assert len(used) > 60
    for key in sorted(used):
        if "{" in key:
            assert key in DYNAMIC, f"unlisted dynamic key {key}"
            for ending in DYNAMIC[key]:
                full = key[: key.index("{")] + ending
                assert _has(english, full), full
        else:
            assert _has(english, key), key


def test_the_engine_shape_names_are_the_ones_translated():
    from tacocat.rules import classify_attack

    shapes = {classify_attack((4,)), classify_attack((4, 4)), classify_attack((4, 5, 6))}
    assert shapes == set(DYNAMIC["tacocat.table.shape.{event.shape}"])
