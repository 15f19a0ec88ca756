"""Benchmark: reviewing whole games (both seats' decisions rated by the hard level's analysis).

Run: ``python -m bench.review [--games N] [--seed S] [--p1 KIND] [--p2 KIND]``.
Plays N seeded games as ``--simulate`` does (same seeds, seats alternating;
default heuristic vs medium: a realistic length), then reviews each game for
both seats, timing every review (CPU and wall clock). Prints one line a
review, a summary, then one JSON line last (seconds). The aim: a whole
game's review (one seat) in 10 s or less on this machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from tacocat.ai import make_bot
from tacocat.ai.arena import play_game
from tacocat.ai.medium import MediumBot
from tacocat.ai.review import review_game
from tacocat.rules import GameRecord
from tacocat.sim import game_seed

AIM_S = 10.0


def player(kind: str):  # noqa: ANN201 - a bot of the given kind, machine-independent
    return MediumBot(time_budget=None) if kind == "medium" else make_bot(kind)


def record_of(index: int, seed: int, kinds: tuple[str, str]) -> GameRecord:
    order = kinds if index % 2 == 0 else kinds[::-1]
    rngs = (random.Random(f"{seed}:{index}:seat0"), random.Random(f"{seed}:{index}:seat1"))
    result = play_game((player(order[0]), player(order[1])), game_seed(seed, index), rngs)
    return GameRecord.from_state(result.final_state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--p1", default="heuristic")
    parser.add_argument("--p2", default="medium")
    options = parser.parse_args(argv)
    walls, cpus, decisions = [], [], []
    for index in range(options.games):
        record = record_of(index, options.seed, (options.p1, options.p2))
        for seat in (0, 1):
            wall, cpu = time.perf_counter(), time.process_time()
            review = review_game(record, seat)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            decisions.append(len(review.moments))
            print(
                f"game {index + 1} seat {seat}: {len(record.actions)} actions, "
                f"{len(review.moments)} decisions, {walls[-1]:.2f} s wall, {cpus[-1]:.2f} s CPU"
            )
    result = {
        "bench": "review",
        "reviews": len(walls),
        "aim_s": AIM_S,
        "wall_mean_s": round(statistics.mean(walls), 3),
        "wall_max_s": round(max(walls), 3),
        "cpu_mean_s": round(statistics.mean(cpus), 3),
        "cpu_max_s": round(max(cpus), 3),
        "decisions_mean": round(statistics.mean(decisions), 1),
        "per_decision_ms": round(1000 * sum(walls) / max(1, sum(decisions)), 1),
        "within_aim": max(walls) <= AIM_S,
    }
    print(
        f"{len(walls)} reviews: mean {result['wall_mean_s']} s, worst {result['wall_max_s']} s "
        f"(aim {AIM_S:g} s)"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
