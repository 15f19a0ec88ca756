"""tools/trust_shots.py still reaches its screens in a real window (Xvfb): the confirm step
with nothing played, a round and a game the computer wins, the guided game's hand-over."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
PICTURES = (
    "confirm",
    "lost-round-banner",
    "lost-round",
    "lost-game-banner",
    "lost-game",
    "tutorial-handover",
)


@pytest.mark.slow
def test_the_trust_pictures_show_what_they_are_named_after(tmp_path):
    if shutil.which("xvfb-run") is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run is missing: .ci/run installs it (apt-get install xvfb xauth)")
        pytest.skip("xvfb-run is not installed (sudo apt-get install xvfb xauth)")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    env["SDL_AUDIODRIVER"] = "dummy"
    result = subprocess.run(
        [
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x720x24",
            sys.executable,
            "-m",
            "tools.trust_shots",
            str(tmp_path),
            "en",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    # The tool checks each screen as it goes; these are what it found there.
    assert "button: Duel with the 7" in result.stdout
    assert "button: Play a real game (easy)" in result.stdout
    assert "sombre banner, no confetti: Computer wins the round" in result.stdout
    assert "sombre banner, no confetti: Computer brings Tacocat home\n" in result.stdout
    for name in PICTURES:
        surface = pygame.image.load(str(tmp_path / f"{name}-en.png"))
        assert surface.get_size() == (1280, 720), name
        small = pygame.transform.scale(surface, (160, 90))
        colours = {small.get_at((x, y))[:3] for x in range(160) for y in range(90)}
        assert len(colours) > 60, f"{name} looks blank"
