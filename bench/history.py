"""Benchmark: the History with its 500 games - adding one, listing them, opening one.

Run: ``python -m bench.history [--games N]``.
Fills a temporary data folder with N finished random games (default 500, the
History's bound), then times: adding the next game (game file + index, both
atomic and fsynced; the oldest game leaves), listing all of them (the index
only: what the History screen does when it opens), opening one (read, check,
replay) and building the replay viewer's timeline (every state kept).
Prints a summary, then one JSON line last (milliseconds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from tacocat.ai import RandomBot
from tacocat.ai.arena import play_game
from tacocat.persistence.gamefile import GameInfo
from tacocat.persistence.history import HistoryStore
from tacocat.rules import GameRecord, GameState
from tacocat.ui.replay.timeline import Timeline

CONFIG = {"mode": "vs_ai", "level": "hard", "human_seat": 0, "names": ["Ana", "Computer"]}
REPEATS = 20


def play(seed: int) -> GameState:
    """A whole random game, through the one game loop."""
    return play_game((RandomBot(), RandomBot()), seed, max_rounds=None).final_state


def timed(job, repeats: int = REPEATS) -> float:
    """The median time of ``job()`` in milliseconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    games = parser.parse_args().games
    states = [play(seed) for seed in range(16)]
    with tempfile.TemporaryDirectory() as folder:
        store = HistoryStore(Path(folder))
        start = time.perf_counter()
        for number in range(games):
            state = states[number % len(states)]
            store.add(GameRecord.from_state(state), GameInfo.of(state, CONFIG))
        fill_s = time.perf_counter() - start
        counter = iter(range(10**6))

        def add_one() -> None:
            state = states[next(counter) % len(states)]
            store.add(GameRecord.from_state(state), GameInfo.of(state, CONFIG))

        add_ms = timed(add_one)
        list_ms = timed(store.entries)
        listed = store.entries()
        newest = listed[0].id
        open_ms = timed(lambda: store.open(newest))
        record = store.open(newest)[0].record
        timeline_ms = timed(lambda: Timeline(record))
        on_disk = sum(p.stat().st_size for p in store.folder.rglob("*") if p.is_file())
    figures = {
        "games": len(listed),
        "fill_s": round(fill_s, 2),
        "add_ms": round(add_ms, 2),
        "list_ms": round(list_ms, 2),
        "open_ms": round(open_ms, 2),
        "timeline_ms": round(timeline_ms, 2),
        "actions": len(record.actions),
        "disk_kb": on_disk // 1024,
    }
    print(
        f"{len(listed)} games kept in {fill_s:.1f} s; adding one {add_ms:.1f} ms, "
        f"listing all {list_ms:.1f} ms, opening one {open_ms:.1f} ms, its timeline "
        f"({len(record.actions)} actions) {timeline_ms:.1f} ms; {on_disk // 1024} KB on disk"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
