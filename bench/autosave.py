"""Benchmark: how long one autosave takes (it runs after every action).

Run: ``python -m bench.autosave``.
Plays whole random games and times :meth:`SaveStore.write_autosave` after each
action, plus its parts: building the JSON, and the same write without fsync.
Prints a summary, then one JSON line last (microseconds).
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from tacocat.persistence import SaveStore, atomic_write_json
from tacocat.rules import GameRecord, GameState, new_game

VS_AI_CONFIG = {"mode": "vs_ai", "level": "medium", "human_seat": 0, "names": ["Ana", "Computer"]}

GAMES = 5


def play(seed: int, actions: int | None = None) -> GameState:
    """Random legal play from a new game: ``actions`` of them, or to the end."""
    rng = random.Random(seed)
    state, _ = new_game(seed)
    done = 0
    while not state.is_over and (actions is None or done < actions):
        state, _ = state.apply(rng.choice(state.legal_actions(rng.choice(state.to_act))))
        done += 1
    return state


def _micros(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_us": round(statistics.median(ordered) * 1e6, 1),
        "p95_us": round(ordered[int(len(ordered) * 0.95)] * 1e6, 1),
        "max_us": round(ordered[-1] * 1e6, 1),
    }


def main() -> None:
    write, encode, no_fsync, load = [], [], [], []
    sizes = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        store = SaveStore(folder)
        for seed in range(GAMES):
            full = play(seed)
            for n in range(1, len(full.actions)):
                state: GameState = play(seed, n)
                record = GameRecord.from_state(state)
                start = time.perf_counter()
                store.write_autosave(VS_AI_CONFIG, record)
                write.append(time.perf_counter() - start)
                start = time.perf_counter()
                text = json.dumps(
                    {"app": VS_AI_CONFIG, "record": record.to_dict()}, separators=(",", ":")
                )
                encode.append(time.perf_counter() - start)
                start = time.perf_counter()
                atomic_write_json(
                    folder / "nofsync.json", json.loads(text), compact=True, durable=False
                )
                no_fsync.append(time.perf_counter() - start)
                sizes.append(store.path.stat().st_size)
            start = time.perf_counter()
            assert store.load_autosave().ok
            load.append(time.perf_counter() - start)
    write_autosave = _micros(write)
    result = {
        "bench": "autosave",
        "writes": len(write),
        "write_autosave": write_autosave,
        "encode_only": _micros(encode),
        "write_without_fsync": _micros(no_fsync),
        "load_autosave_late_game": _micros(load),
        "file_bytes_max": max(sizes),
    }
    print(
        f"write_autosave over {len(write)} actions of {GAMES} games: "
        f"median {write_autosave['median_us']} µs, "
        f"p95 {write_autosave['p95_us']} µs (file up to {max(sizes)} bytes)"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
