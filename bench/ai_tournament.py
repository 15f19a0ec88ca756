"""Tournament between two AI levels: who wins, how sure we are, how long they think.

    python bench/ai_tournament.py --p1 hard --p2 medium --games 400 --seed 1 --jobs 2

Games come in pairs on the same seed with the seats swapped, so the deal's
luck cancels out; wins are counted per player, not per seat. Progress goes to
stderr; the last line on stdout is one JSON object::

    {"games": N, "wins": [p1, p2], "win_rate_p1": ..., "ci95": [lo, hi],
     "latency_ms": {"LEVEL": {"p50": ..., "p95": ..., "p99": ...}, ...}}

``ci95`` is the Wilson score interval of p1's win rate. ``latency_ms`` is the
think time of each ``choose`` call, per level.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tacocat.ai import BOT_KINDS, make_bot  # noqa: E402
from tacocat.ai.arena import play_game  # noqa: E402

_BOTS: dict = {}


def _bot(kind: str, hard_budget: float | None):
    """One bot per level and process (bots are stateless but for caches)."""
    key = (kind, hard_budget)
    if key not in _BOTS:
        _BOTS[key] = make_bot(kind, time_budget=hard_budget) if kind == "hard" else make_bot(kind)
    return _BOTS[key]


def play_one(job: tuple[str, str, int, bool, float | None]) -> tuple[int, list[float], list[float]]:
    """Play one game; returns (winning player 0/1/-1, p1's think times, p2's)."""
    p1, p2, seed, swapped, hard_budget = job
    players = [_bot(p1, hard_budget), _bot(p2, hard_budget)]
    seats = [1, 0] if swapped else [0, 1]  # seats[player] = the seat that player takes
    bots = [None, None]
    rngs = [None, None]
    for player, seat in enumerate(seats):
        bots[seat] = players[player]
        rngs[seat] = random.Random(f"{seed}:{player}:{int(swapped)}")
    result = play_game(bots, seed, rngs)
    winner = -1 if result.winner is None else seats.index(result.winner)
    return winner, list(result.think_seconds[seats[0]]), list(result.think_seconds[seats[1]])


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = q / 100 * (len(ordered) - 1)
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--p1", choices=BOT_KINDS, required=True)
    parser.add_argument("--p2", choices=BOT_KINDS, required=True)
    parser.add_argument("--games", type=int, default=100, help="games in all (pairs of seats per seed)")
    parser.add_argument("--seed", type=int, default=0, help="first seed; game pairs use seed, seed+1, ...")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--hard-budget", type=float, default=None,
                        help="hard's time budget in seconds (default: the bot's own)")
    options = parser.parse_args(argv)
    budget = options.hard_budget
    if budget is None:
        from tacocat.ai.hard import DEFAULT_TIME_BUDGET
        budget = DEFAULT_TIME_BUDGET
    jobs = [(options.p1, options.p2, options.seed + i // 2, bool(i % 2), budget)
            for i in range(options.games)]
    wins = [0, 0]
    latency: dict[str, list[float]] = {options.p1: [], options.p2: []}
    started = time.perf_counter()
    if options.jobs > 1:
        pool = multiprocessing.Pool(options.jobs)
        results = pool.imap_unordered(play_one, jobs)
    else:
        pool = None
        results = map(play_one, jobs)
    try:
        for done, (winner, times1, times2) in enumerate(results, 1):
            if winner >= 0:
                wins[winner] += 1
            latency[options.p1].extend(times1)
            latency[options.p2].extend(times2)
            if done % 10 == 0 or done == len(jobs):
                print(f"{done}/{len(jobs)} games: {options.p1} {wins[0]} - {options.p2} {wins[1]} "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    games = len(jobs)
    lo, hi = wilson(wins[0], games)
    report = {
        "games": games,
        "wins": wins,
        "win_rate_p1": round(wins[0] / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "latency_ms": {
            level: {f"p{q}": round(percentile(times, q) * 1000, 2) for q in (50, 95, 99)}
            for level, times in latency.items()
        },
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
