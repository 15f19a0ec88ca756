"""The UI reads its colours by name from the one palette (tools/assets/palette.py, written to
assets/palette.json): no colour numbers in tacocat/ui except where a reason is given here."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tacocat.resources import asset_path
from tacocat.ui.widgets import style
from tacocat.ui.widgets.safe_palette import MISSING, SAFE_PALETTE

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "tacocat" / "ui"

#: Modules that may write colours as numbers, and why.
ALLOWED = {
    "tacocat/ui/widgets/safe_palette.py": "the crash screen's and the missing-picture placeholder's colours: they must draw "
    "when assets/ (palette.json with it) cannot be read; the equality is tested below",
}

HEX = re.compile(r"#[0-9A-Fa-f]{6}(?:[0-9A-Fa-f]{2})?")


def colour_literals(source: str) -> list[str]:
    """``(r, g, b)`` / ``(r, g, b, a)`` tuples of byte constants, and ``"#rrggbb"`` strings."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) in (3, 4):
            head = node.elts[:3]
            if all(
                isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255
                for e in head
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and HEX.fullmatch(node.value)
        ):
            found.append(f"{node.lineno}: {node.value!r}")
    return found


def test_no_colour_numbers_in_the_ui_outside_the_allow_list():
    found = []
    for path in sorted(UI.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel not in ALLOWED:
            found += [f"{rel}:{hit}" for hit in colour_literals(path.read_text("utf-8"))]
    assert found == [], "read colours by name: style.palette().<name>"


def test_the_literal_finder_finds_tuples_and_hex_but_not_rects():
    source = (
        'a = (23, 50, 58)\nb = (8, 22, 26, alpha)\nc = "#F4E7C5"\n'
        'd = pygame.Rect(0, 0, 260, 52)\ne = (44, 290, 500)\nf = ("#overlay_dim", 1)\n'
    )
    assert colour_literals(source) == ["1: (23, 50, 58)", "2: (8, 22, 26, alpha)", "3: '#F4E7C5'"]


def _palette_json() -> dict[str, str]:
    return json.loads(asset_path("palette.json").read_text(encoding="utf-8"))


def test_the_safe_colours_are_the_palettes():
    written = _palette_json()
    for name, colour in SAFE_PALETTE.items():
        assert style._parse(written[name]) == colour, name


def test_every_name_the_ui_asks_for_is_in_the_palette():
    """``palette().name``, ``palette()["name"]``, ``p.name`` (after ``p = palette()`` in the
    same function) and the names given as strings (``rounded_box``, ``Scene.box``, notices)
    exist in palette.json: a misspelt name would draw magenta."""
    written = set(_palette_json()) | set(SAFE_PALETTE)
    asked: set[str] = {"box_floor", "ink", "salsa", "card_face", "box_rim"}  # as strings
    for path in UI.rglob("*.py"):
        for scope in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(scope, ast.FunctionDef):
                asked |= _names_asked(scope)
    asked -= {"seat"}  # the method palette().seat(seat, dark)
    assert len(asked) > 20
    assert sorted(asked - written) == []


def _names_asked(scope: ast.AST) -> set[str]:
    """Palette names read in one function: through ``palette()`` or a local holding it."""
    held = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            pairs = [(node.targets[0], node.value)]
            if isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(node.targets[0].elts, node.value.elts, strict=False))
            held |= {
                target.id
                for target, value in pairs
                if isinstance(target, ast.Name) and _is_palette_call(value)
            }
    asked = set()
    for node in ast.walk(scope):
        value = getattr(node, "value", None)
        if not (_is_palette_call(value) or isinstance(value, ast.Name) and value.id in held):
            continue
        if isinstance(node, ast.Attribute):
            asked.add(node.attr)
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            asked.add(node.slice.value)
    return asked


def _is_palette_call(node: object) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "palette"
    )


def test_an_unreadable_palette_falls_back_to_the_safe_colours(monkeypatch, tmp_path, caplog):
    broken = tmp_path / "palette.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(style, "asset_path", lambda name: broken)
    colours = style.Palette()
    assert colours.table == SAFE_PALETTE["table"] and colours["ink"] == SAFE_PALETTE["ink"]
    assert colours.cheese == MISSING  # loud, not a guess
    assert "palette.json could not be read" in caplog.text


def test_a_bad_colour_in_the_palette_is_reported_and_skipped(monkeypatch, tmp_path, caplog):
    odd = tmp_path / "palette.json"
    odd.write_text(json.dumps({"ink": "not a colour", "cheese": "#F2C14E"}), encoding="utf-8")
    monkeypatch.setattr(style, "asset_path", lambda name: odd)
    colours = style.Palette()
    assert colours.cheese == (242, 193, 78) and colours.ink == SAFE_PALETTE["ink"]
    assert "'ink' is not a colour" in caplog.text


@pytest.mark.parametrize("name", ["table", "ink", "seat_1", "stone", "night", "black"])
def test_the_shared_palette_reads_palette_json(name: str) -> None:
    assert style.palette()[name] == style._parse(_palette_json()[name])
