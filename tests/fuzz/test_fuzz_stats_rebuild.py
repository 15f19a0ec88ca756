"""Fuzz the statistics' rebuild from the History: random evenings of games (modes, levels,
seats, names, a small History limit), then one random loss - the statistics file deleted,
damaged, left behind by its last games, or a game end cut short as well - and the next start.

What must hold every time: no crash; nothing counted that was not played; nothing the
History keeps left uncounted; when the History still holds every game played, exactly
what playing counted; and a later start changes nothing.
"""

from __future__ import annotations

import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tacocat.persistence.ending import ENDING_FILE, record_game_end
from tacocat.persistence.gamefile import GameFile, GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.persistence.stats import STATS_FILE, Stats, Tally, load_stats
from tacocat.persistence.stats_rebuild import counted_by_history
from tacocat.rules.record import GameRecord
from tests.persistence.games import play
from tests.persistence.test_stats_rebuild import start

TALLY: Counter[str] = Counter()
FUZZ = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None, derandomize=True
)
STATES = [play(seed) for seed in range(1, 5)]
NAMES = ["Ana", "Ben", "Carla"]
FAULTS = ["none", "deleted", "damaged", "behind", "cut-short", "cut-short-and-deleted"]


@st.composite
def configs(draw: Any) -> dict[str, Any]:
    mode = draw(st.sampled_from(["vs_ai", "vs_ai", "hotseat", "demo"]))
    if mode == "vs_ai":
        seat = draw(st.sampled_from([0, 1]))
        names = ["Ana", "Computer"] if seat == 0 else ["Computer", "Ana"]
        return {
            "mode": mode,
            "level": draw(st.sampled_from(["easy", "medium", "hard"])),
            "human_seat": seat,
            "names": names,
        }
    if mode == "hotseat":
        return {
            "mode": mode,
            "level": None,
            "human_seat": None,
            "names": draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=2)),
        }
    return {"mode": mode, "level": "easy", "human_seat": None, "names": ["C 1", "C 2"]}


def at_most(small: Stats, large: Stats) -> bool:
    """Every counter of ``small`` is no more than ``large``'s."""

    def tally_le(a: Tally, b: Tally) -> bool:
        return all(
            getattr(a, k) <= getattr(b, k) for k in ("wins", "losses", "rounds_won", "rounds_lost")
        )

    return (
        all(tally_le(small.vs_ai[lvl], large.vs_ai[lvl]) for lvl in small.vs_ai)
        and all(tally_le(t, large.hotseat.get(n, Tally())) for n, t in small.hotseat.items())
        and small.tied_rounds <= large.tied_rounds
        and small.best_streak <= large.best_streak
    )


@settings(FUZZ, max_examples=150)
@given(
    st.lists(st.tuples(st.integers(0, len(STATES) - 1), configs()), min_size=1, max_size=7),
    st.integers(2, 6),
    st.sampled_from(FAULTS),
    st.binary(max_size=40),
)
def test_fuzz_statistics_rebuilt_from_the_history(
    games: list[tuple[int, dict[str, Any]]], limit: int, fault: str, garbage: bytes
) -> None:
    with tempfile.TemporaryDirectory(prefix="tacocat-fuzz-") as name:
        folder = Path(name)
        store, played = HistoryStore(folder, limit=limit), Stats()
        before_last = b""
        for number, (index, config) in enumerate(games):
            if number == len(games) - 1 and (folder / STATS_FILE).exists():
                before_last = (folder / STATS_FILE).read_bytes()
            state = STATES[index]
            record, info = GameRecord.from_state(state), GameInfo.of(state, config)
            if number == len(games) - 1 and fault.startswith("cut-short"):
                # Killed after the History took the game, before the statistics counted it.
                (folder / ENDING_FILE).write_text(
                    json.dumps(
                        {
                            "format": "tacocat-ending",
                            "version": 1,
                            "game": GameFile(record, info).to_dict(),
                        }
                    )
                )
                store.add(record, info)
                played = record_game_end(
                    folder / "truth", HistoryStore(folder / "truth"), played, record, info, None
                ).stats
                continue
            played = record_game_end(folder, store, played, record, info, None).stats
        if fault in ("deleted", "cut-short-and-deleted"):
            (folder / STATS_FILE).unlink(missing_ok=True)
        elif fault == "damaged":
            (folder / STATS_FILE).write_bytes(b"\xff" + garbage)
        elif fault == "behind" and before_last:
            (folder / STATS_FILE).write_bytes(before_last)
        TALLY[f"{fault} inputs"] += 1
        stats, problems = start(folder, limit=limit)
        kept = HistoryStore(folder, limit=limit).entries(adopt=0)
        from_history = counted_by_history(entry.info for entry in reversed(kept))[0]
        if not at_most(stats, played):
            TALLY["counted twice"] += 1
        if not at_most(from_history, stats):
            TALLY["kept but not counted"] += 1
        assert at_most(stats, played), "counted more than was played"
        assert at_most(from_history, stats), "a kept game is not counted"
        if len(games) <= limit:  # the History still holds every game played
            assert stats == played
        assert load_stats(folder)[0] == stats  # written back
        assert start(folder, limit=limit) == (stats, [])  # and a later start changes nothing


def test_report_the_stats_rebuild_fuzz(capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\nstats rebuild fuzz: {dict(sorted(TALLY.items()))}")
