"""The frozen hard level (bench/yardstick) stays what it was and can be played in a tournament."""

from __future__ import annotations

import hashlib
from pathlib import Path

from bench import ai_tournament
from bench.yardstick import YARDSTICKS

ROOT = Path(__file__).resolve().parents[2]
FROZEN = ROOT / "bench" / "yardstick" / "hard_2026_12"
#: sha256 of every frozen module (a yardstick that changes measures nothing).
DIGESTS = {
    "deadline.py": "9b3a6d30bd67db16",
    "duel.py": "e4306b5dadb32be3",
    "hard.py": "de9786e8c9b3d125",
    "heuristic.py": "2051cc82c2c61bca",
    "playout.py": "3a347ff73fdecb0a",
    "replacement.py": "f3fe0d9430882629",
    "sampling.py": "d2daa03f94e32dfe",
    "solver.py": "522ee7dc7a180674",
}


def test_the_frozen_copy_is_unchanged():
    found = {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16]
        for p in sorted(FROZEN.glob("*.py"))
        if p.name != "__init__.py"
    }
    assert found == DIGESTS


def test_a_tournament_accepts_the_yardstick_by_name():
    assert ai_tournament.player_name("hard-2026-12") == "hard-2026-12"
    player = ai_tournament.bot("hard-2026-12")
    assert player is ai_tournament.bot("hard-2026-12") and player.name == "hard-2026-12"
    assert "hard-2026-12" in YARDSTICKS
    ai_tournament._BOTS["hard-2026-12"] = YARDSTICKS["hard-2026-12"](
        time_budget=None, play_samples=4, duel_samples=4, replace_samples=4, screen_samples=4
    )
    try:
        winner, times1, _ = ai_tournament.play_one(("hard-2026-12", "random", 3, False, False))
    finally:
        del ai_tournament._BOTS["hard-2026-12"]
    assert winner in (-1, 0, 1) and times1
