"""A lost History index of many games is rebuilt while the app is idle, never in one frame
(reliability review: 9,000 files took 4.3 s on the UI thread)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from tacocat.persistence.gamefile import GameInfo
from tacocat.persistence.history import ADOPT_PER_LISTING, HistoryStore
from tacocat.rules import GameRecord
from tests.persistence.games import play

GAMES = 3 * ADOPT_PER_LISTING + 7


def lose_the_index(folder: Path, count: int = GAMES) -> None:
    """``count`` kept game files and no index (it was lost, or the folder was copied)."""
    store = HistoryStore(folder)
    state = play(2)
    config = {"mode": "vs_ai", "level": "hard", "human_seat": 0, "names": ["Ana", "Computer"]}
    first = store.add(GameRecord.from_state(state), GameInfo.of(state, config))
    raw = json.loads((store.games_folder / f"{first.id}.json").read_text())
    for n in range(1, count):
        raw["game"]["finished_at"] = (
            f"2026-11-{1 + n // 1440:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00+00:00"
        )
        (store.games_folder / f"20261101-{n:06d}.json").write_text(json.dumps(raw))
    store.index_path.unlink()


def test_each_listing_reads_a_few_files_until_all_are_listed(tmp_path: Path) -> None:
    lose_the_index(tmp_path)
    store = HistoryStore(tmp_path)
    sizes = []
    while True:
        started = time.perf_counter()
        listed = store.entries()
        assert time.perf_counter() - started < 0.5
        sizes.append(len(listed))
        if not store.pending:
            break
    assert sizes == [ADOPT_PER_LISTING * k for k in range(1, len(sizes))] + [GAMES]
    assert len(HistoryStore(tmp_path).entries()) == GAMES and HistoryStore(tmp_path).pending == 0


def test_the_history_screen_fills_in_while_the_app_is_idle(tmp_path: Path, make_app) -> None:
    lose_the_index(tmp_path)
    app = make_app()
    app.open("history")
    app.step(1 / 60)
    scene = app.scenes.stack[-1]
    assert len(scene.entries) == ADOPT_PER_LISTING  # the first frame reads only a few
    jobs = 0
    while app._deferred and jobs < 100:
        app._run_deferred()  # what the loop does in idle moments
        jobs += 1
    assert len(scene.entries) == GAMES


def test_idle_rebuilding_writes_the_index_once_all_are_in(tmp_path: Path) -> None:
    lose_the_index(tmp_path)
    store = HistoryStore(tmp_path)
    store.entries()
    while store.pending:
        started = time.perf_counter()
        store.adopt_more()  # one idle job: the index is not read again
        assert time.perf_counter() - started < 0.25
    assert len(HistoryStore(tmp_path).entries(adopt=0)) == GAMES  # the whole list was written
