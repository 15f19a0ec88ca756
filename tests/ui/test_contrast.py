"""Every text/background pair the game uses has a WCAG contrast of at least 4.5:1
(3:1 for text of 24 px and more), computed from the theme, the palette and the table's
own drawing, so that a new colour cannot slip below it.

* pygame_gui's widgets: each button class's states, each label class on the
  background it is placed on (:data:`LABEL_BACKGROUNDS`), check boxes, text
  boxes, text fields and tool tips, from ``assets/theme.json`` as pygame_gui
  merges it (defaults, element, class, id). Every class in the theme must be
  classified here, so a new one is judged too.
* the table's drawn buttons: each style and state (``Button._colours``).
* everything the game draws itself: a whole demo game, a hot-seat hand-over
  and the overlays, with each piece of text's colour and the mean colour under
  it recorded (``text_box.recording``).

Disabled controls are exempt (WCAG 1.4.3 exempts inactive components).
"""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from tacocat.resources import asset_path
from tacocat.ui.widgets.button import Button
from tacocat.ui.widgets.style import contrast_ratio, mix

#: Where each label class is placed: the colours behind it.
PANEL = ("#F4E7C5", "#FFF8EC")  # the cream panel (box floor, card face)
TABLE = ("#17323A", "#1D3F48", "#2A5560")  # the table, its lightest spots, table_light
LABEL_BACKGROUNDS = {
    None: TABLE,
    "@heading": PANEL,
    "@heading_light": TABLE,
    "@dialog_title": PANEL,
    "@muted_left": PANEL,
    "@seat1_left": PANEL,
    "@seat2_left": PANEL,
    "@pass_heading": TABLE,
    "@pass_name": TABLE,
    "@pass_name_1": TABLE,
    "@pass_name_2": TABLE,
    "@ink": PANEL,
    "@ink_left": PANEL,
    "@section": PANEL,
    "@muted": PANEL,
    "@tagline": TABLE,
    "@pass_note": TABLE,
    "@footer": TABLE,
    "@value": PANEL,
    "@seat1": PANEL,
    "@seat2": PANEL,
    "@notice": "own",
    "@invite": PANEL,
}
BUTTON_CLASSES = (
    None,
    "@secondary",
    "@danger",
    "@choice",
    "@choice_small",
    "@tab",
    "@small",
    "@big",
)
#: Theme blocks with no text of their own (panels, scroll bars, slider parts, font-only ids).
NO_TEXT = (
    "panel",
    "#overlay_dim",
    "#overlay_opaque",
    "text_box.vertical_scroll_bar",
    "vertical_scroll_bar.#sliding_button",
    "horizontal_slider",
    "horizontal_slider.#sliding_button",
    "drop_down_menu.#expand_button",
    "defaults",
)
STATES = ("normal", "hovered", "selected", "active")


def _theme() -> dict[str, Any]:
    with open(asset_path("theme.json"), encoding="utf-8") as handle:
        return json.load(handle)


def _rgb(text: str) -> tuple[int, int, int]:
    colour = pygame.Color(text)
    return (colour.r, colour.g, colour.b)


def _merged(theme: dict[str, Any], *blocks: str | None) -> tuple[dict[str, str], int]:
    """The colours and font size pygame_gui gives an element of these blocks (later wins)."""
    colours = dict(theme["defaults"]["colours"])
    size = int(theme["defaults"]["font"]["size"])
    for name in blocks:
        block = theme.get(name, {}) if name else {}
        colours.update(block.get("colours", {}))
        if "font" in block:
            size = int(block["font"]["size"])
    return colours, size


def _need(size: int) -> float:
    return 3.0 if size >= 24 else 4.5


def theme_pairs() -> list[tuple[str, str, str, int]]:
    """(what, text colour, background colour, font px) for every text the theme styles."""
    theme, pairs = _theme(), []
    for cls in BUTTON_CLASSES:
        colours, size = _merged(theme, "button", cls)
        for state in STATES:
            pairs.append(
                (
                    f"button {cls or ''} {state}",
                    colours[f"{state}_text"],
                    colours[f"{state}_bg"],
                    size,
                )
            )
    for cls, backgrounds in LABEL_BACKGROUNDS.items():
        colours, size = _merged(theme, "label", cls)
        behind = (colours["dark_bg"],) if backgrounds == "own" else backgrounds
        for background in behind:
            pairs.append((f"label {cls or ''}", colours["normal_text"], background, size))
    box, size = _merged(theme, "check_box")
    for state in ("normal", "hovered", "selected"):  # the tick is text on the box
        if box[f"{state}_text"] != box[f"{state}_bg"] and state == "selected":
            pairs.append((f"check box {state}", box[f"{state}_text"], box[f"{state}_bg"], size))
    label, size = _merged(theme, "label", "check_box.label")
    pairs += [("check box label", label["normal_text"], bg, size) for bg in PANEL]
    text, size = _merged(theme, "text_box", "@plain_text")
    pairs += [("text box", text["normal_text"], bg, size) for bg in PANEL]
    pairs += [("text box link", text["link_text"], bg, size) for bg in PANEL]
    entry, size = _merged(theme, "text_entry_line")
    pairs += [
        ("text field", entry["normal_text"], entry["dark_bg"], size),
        ("text field selection", entry["selected_text"], entry["selected_bg"], size),
    ]
    tip, size = _merged(theme, "tool_tip")
    pairs.append(("tool tip", tip["normal_text"], tip["dark_bg"], size))
    menu, size = _merged(theme, "drop_down_menu")
    pairs += [
        (f"drop-down {s}", menu[f"{s}_text"], menu[f"{s}_bg"], size)
        for s in ("normal", "hovered", "selected")
    ]
    return pairs


def test_every_theme_block_is_judged():
    theme = _theme()
    known = (
        set(NO_TEXT)
        | set(LABEL_BACKGROUNDS)
        | set(BUTTON_CLASSES)
        | {
            "button",
            "label",
            "check_box",
            "check_box.label",
            "text_box",
            "@plain_text",
            "text_entry_line",
            "tool_tip",
            "drop_down_menu",
        }
    )
    font_only = {
        name
        for name, block in theme.items()
        if isinstance(block, dict) and set(block) <= {"font", "misc"}
    }
    assert set(theme) - known - font_only == set(), "classify the new theme block here"


@pytest.mark.parametrize(
    ("what", "text", "background", "size"),
    theme_pairs(),
    ids=lambda v: v if isinstance(v, str) and not v.startswith("#") else "",
)
def test_theme_text_has_contrast(what, text, background, size):
    ratio = contrast_ratio(_rgb(text), _rgb(background[:7]))
    assert ratio >= _need(size), f"{what}: {text} on {background} is {ratio:.2f}:1 at {size} px"


@pytest.mark.parametrize("style", ["primary", "secondary", "danger", "quiet"])
def test_the_tables_buttons_have_contrast(style):
    for state in ("normal", "hovered", "pressed"):
        button = Button("b", pygame.Rect(0, 0, 100, 40), "Label", style=style)
        button.hovered, button.pressed = state == "hovered", state == "pressed"
        fill, text, _ = button._colours()
        ratio = contrast_ratio(text, fill)
        assert ratio >= 4.5, f"{style} button, {state}: {ratio:.2f}:1"


def drawn_problems(placements, seen: dict[tuple, float]) -> list[str]:
    """Placements whose text colour on the colour under it is below the threshold."""
    problems = []
    for p in placements:
        if p.backdrop is None or not p.colour or not p.ink.width or p.inactive:
            continue
        colour = p.colour[:3]
        if len(p.colour) == 4 and p.colour[3] < 255:  # translucent text: what the eye gets
            colour = mix(p.backdrop, colour, p.colour[3] / 255)
        ratio = contrast_ratio(colour, p.backdrop)
        key = (p.text[:30], colour, p.backdrop)
        seen[key] = ratio
        if ratio < _need(p.size):
            problems.append(
                f"{p.text[:40]!r}: {colour} on {p.backdrop} is {ratio:.2f}:1 at {p.size} px"
            )
    return problems


def test_text_the_game_draws_has_contrast(make_app):
    """A demo game to its end, with the round results and the game over, then a hot-seat
    table at its hand-over, every frame's self-drawn text measured."""
    from tacocat.ui.stage.game_config import GameConfig
    from tacocat.ui.widgets import text_box

    app = make_app()
    app.options.speed = 40.0
    found: list[str] = []
    seen: dict[tuple, float] = {}

    def frames(count: int, done=lambda: False) -> None:
        for _ in range(count):
            with text_box.recording() as ledger:
                app.step(1 / 30)
            for line in drawn_problems(ledger, seen):
                if line not in found:
                    found.append(line)
            if done():
                return

    app.start_game(GameConfig("demo", "easy", seed=5))
    frames(20000, done=lambda: app.scenes.top.name == "game_over")
    frames(30)
    app.start_game(GameConfig("vs_ai", "easy", human_seat=0, seed=3))
    frames(60)
    app.scenes.top.open_discards()
    frames(20)
    assert len(seen) > 40  # the measure saw the table's texts
    assert not found, "\n".join(found)
