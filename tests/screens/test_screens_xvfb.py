"""Every screen renders in a real window (Xvfb): not blank, its regions present."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tacocat.ui.stage.screens import SCREENS as SCREENS_REGISTERED

DRIVER = Path(__file__).with_name("screens_driver.py")
SCREENS = (
    "title",
    "rules",
    "howto_duel",
    "howto_answer",
    "settings",
    "keys",
    "about",
    "stats",
    "new_game",
    "table",
    "hint",
    "menu",
    "pass_device",
    "round_result",
    "game_over",
    "history",
    "replay",
    "review",
    "review_mistake",
)
#: The online screens' pictures (screens_driver.shoot_online), by the scene each shows.
ONLINE = {
    "online_title": "title",
    "online_menu": "online_menu",
    "online_host": "online_host",
    "online_host_waiting": "online_host",
    "online_join_wrong_code": "online_join",
    "online_lan": "online_lan",
    "online_games": "online_games",
    "online_menu_resign": "menu",
    "online_resign_confirm": "choice",
    "online_menu_no_server": "online_menu",
    "settings_server_bad": "settings",
}
PANEL_SCREENS = (
    "rules",
    "settings",
    "stats",
    "new_game",
    "menu",
    "round_result",
    "game_over",
    "history",
)

CHEESE = (0xF2, 0xC1, 0x4E)
BOX_RIM = (0xD9, 0xA5, 0x5B)
PANEL = (0xF4, 0xE7, 0xC5)
PAPER = (0xFF, 0xF8, 0xEC)  # text boxes and card faces
CARD_BACK_RED = (0xD9, 0x48, 0x3B)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    if shutil.which("xvfb-run") is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run is missing: .ci/run installs it (apt-get install xvfb xauth)")
        pytest.skip("xvfb-run is not installed (sudo apt-get install xvfb xauth)")
    out = tmp_path_factory.mktemp("screens")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env["SDL_AUDIODRIVER"] = "dummy"
    result = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x720x24",
            sys.executable,
            str(DRIVER),
            str(out),
            str(out / "data"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "x11" in result.stdout, f"not a real X window: {result.stdout!r}"
    return out


def load(shots: Path, name: str) -> pygame.Surface:
    surface = pygame.image.load(str(shots / f"{name}.png"))
    assert surface.get_size() == (1280, 720)
    return surface


def pixels_like(surface: pygame.Surface, colour, region: pygame.Rect, tolerance: int = 24) -> int:
    """How many pixels of ``region`` are within ``tolerance`` of ``colour``."""
    area = (
        surface.subsurface(region).convert(24)
        if surface.get_bitsize() != 24
        else surface.subsurface(region)
    )
    mask = pygame.mask.from_threshold(area, colour, (tolerance, tolerance, tolerance, 255))
    return mask.count()


@pytest.mark.slow
@pytest.mark.parametrize("name", SCREENS + tuple(ONLINE))
def test_each_screen_renders_something(shots, name):
    surface = load(shots, name)
    small = pygame.transform.scale(surface, (160, 90))
    colours = {small.get_at((x, y))[:3] for x in range(160) for y in range(90)}
    assert len(colours) > 60, f"{name} looks blank ({len(colours)} colours)"


@pytest.mark.slow
def test_each_picture_shows_the_screen_it_is_named_after(shots):
    import json

    top = json.loads((shots / "scenes.json").read_text())
    # The review's marked mistake is the replay viewer, opened from the review.
    # Two How to play pages are the rules screen; the hint is the table's.
    assert top == {
        **{name: name for name in SCREENS},
        "review_mistake": "replay",
        "howto_duel": "rules",
        "howto_answer": "rules",
        "hint": "table",
        **ONLINE,
    }
    # Every registered screen is in a picture (a new one is not left out unseen).
    assert set(SCREENS_REGISTERED) <= set(top.values())


@pytest.mark.slow
def test_title_shows_the_logo(shots):
    assert pixels_like(load(shots, "title"), CHEESE, pygame.Rect(240, 60, 800, 200)) > 5000


@pytest.mark.slow
def test_table_shows_the_board_and_the_hands(shots):
    table = load(shots, "table")
    assert pixels_like(table, BOX_RIM, pygame.Rect(180, 80, 920, 210)) > 5000  # the opened box
    assert pixels_like(table, CARD_BACK_RED, pygame.Rect(400, 0, 500, 100)) > 1000  # their hand
    bottom = pygame.Rect(300, 540, 700, 180)
    assert table.subsurface(bottom).get_bounding_rect().width > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", PANEL_SCREENS)
def test_panel_screens_show_their_panel(shots, name):
    surface, centre = load(shots, name), pygame.Rect(340, 160, 600, 400)
    assert pixels_like(surface, PANEL, centre) + pixels_like(surface, PAPER, centre) > 20000


@pytest.mark.slow
def test_pass_device_screen_hides_the_whole_table(shots):
    cover = load(shots, "pass_device")
    for side in (pygame.Rect(180, 80, 150, 210), pygame.Rect(950, 80, 150, 210)):  # the goals
        assert pixels_like(cover, BOX_RIM, side) < 50
    assert pixels_like(cover, CARD_BACK_RED, pygame.Rect(0, 520, 1280, 200)) < 200
    assert pixels_like(cover, CHEESE, pygame.Rect(340, 400, 600, 160)) > 3000  # the button


@pytest.mark.slow
def test_replay_shows_the_board_and_both_hands_face_up(shots):
    replay = load(shots, "replay")
    assert pixels_like(replay, BOX_RIM, pygame.Rect(180, 80, 920, 210)) > 5000  # the board
    # Both hands face up: card faces, not red backs, at the top and at the bottom.
    assert pixels_like(replay, CARD_BACK_RED, pygame.Rect(400, 0, 500, 100)) < 300
    assert pixels_like(replay, PAPER, pygame.Rect(400, 0, 500, 100)) > 1500
    assert pixels_like(replay, PAPER, pygame.Rect(300, 560, 700, 160)) > 5000
    assert pixels_like(replay, CHEESE, pygame.Rect(300, 540, 680, 20)) > 50  # the scrubber
