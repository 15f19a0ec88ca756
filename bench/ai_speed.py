"""AI micro-benchmark: today's hard level against the frozen one, side by side in one run.

    python -m bench.ai_speed [--games 6] [--rounds 5] [--seed 100]

Collects real decisions (every choice with two or more legal actions of
``--games`` heuristic-vs-medium games), then times each hot path of the hard
level on the same positions with the same seeds and fixed sample counts (no
deadline), the frozen copy (``bench/yardstick/hard_2026_12``, "old") and the
live code ("new") alternating round by round, so load on the machine falls
on both alike. Times are CPU seconds (``process_time``); each round starts
with fresh solvers, so caches do not carry over from one round to the next.

Paths:

* ``sampling`` - dealing the hidden cards (200 samples a position);
* ``play`` - an attack or answer: every action over 96 samples, exact solves;
* ``duel`` - a duel card: 24 samples against the modelled opponent;
* ``replace`` - a replacement: screening playouts, then exact values;
* ``duel_matrix`` - the full duel matrix game of sampled hands (exact values
  of every pair of cards, then the matrix solved).

Prints per path the median ms per position (old, new) and old/new, whether
both gave the same decisions (same values on every position), and one JSON
line last.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import bench.yardstick.hard_2026_12 as old
from bench.yardstick.hard_2026_12 import sampling as old_sampling
from tacocat.ai import hard as new_hard
from tacocat.ai import sampling as new_sampling
from tacocat.ai import solver as new_solver
from tacocat.ai.arena import play_game
from tacocat.ai.base import Bot
from tacocat.ai.heuristic import HeuristicBot
from tacocat.ai.medium import MediumBot
from tacocat.rules import Action, Observation

Position = tuple[Observation, tuple[Action, ...]]
PHASES = {"play": ("attack", "defend"), "duel": ("duel",), "replace": ("replace",)}
SAMPLES = 200
#: The frozen level's sample counts, given to both sides: the same work on each.
OLD_COUNTS = dict(
    play_samples=96, duel_samples=24, replace_samples=32, screen_samples=16, finalists=4
)


def positions(games: int, seed: int) -> dict[str, list[Position]]:
    """Every real choice of ``games`` heuristic-vs-medium games, by phase."""
    found: dict[str, list[Position]] = {}

    def record(seat: int, observation: Observation, legal: Any, action: Action) -> None:
        if len(legal) > 1:
            found.setdefault(observation.phase, []).append((observation, tuple(legal)))

    for index in range(games):
        bots: list[Bot] = [HeuristicBot(), MediumBot(time_budget=None)]
        play_game(bots if index % 2 else bots[::-1], seed + index, on_decision=record)
    return found


def analyse_all(module: Any, todo: list[Position]) -> list[Any]:
    """Each position's analysis by ``module``'s HardBot (fixed samples, no deadline)."""
    # The search alone: the frozen copy has no opponent model (issue #20's, on by default now).
    options = {"model": False} if "model" in module.HardBot.__init__.__code__.co_varnames else {}
    bot = module.HardBot(time_budget=None, **OLD_COUNTS, **options)
    return [
        tuple(bot.analyse(o, legal, random.Random(i)).values) for i, (o, legal) in enumerate(todo)
    ]


def dealt(observation: Observation, rng: random.Random, count: int) -> list[Any]:
    """Today's dealing of ``count`` samples in order from ``rng`` (the frozen copy's ``samples``)."""
    dealer = new_sampling.Dealer(observation)
    return [dealer.deal(rng) for _ in range(count)]


def sample_all(
    deal: Callable[[Observation, random.Random, int], list[Any]], todo: list[Position]
) -> list[Any]:
    out: list[Any] = []
    for i, (o, _) in enumerate(todo):
        out.extend((s.opponent_hand, s.pile) for s in deal(o, random.Random(i), SAMPLES))
    return out


def matrix_all(module: Any, hands: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[Any]:
    solver = module.Solver()
    return [module.solve_matrix(solver.duel_matrix(mine, theirs)[2])[0] for mine, theirs in hands]


def duel_hands(todo: list[Position]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """A few sampled hands per duel position (mine and a guess at theirs)."""
    hands = []
    for i, (o, _) in enumerate(todo):
        rng = random.Random(i)
        for _ in range(4):
            hands.append((o.hand, new_sampling.Dealer(o).deal(rng).opponent_hand))
    return hands


def timed(run: Callable[[], list[Any]]) -> tuple[float, list[Any]]:
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def paths(found: dict[str, list[Position]]) -> dict[str, tuple[int, Callable[[Any], list[Any]]]]:
    everything = [p for phase in found.values() for p in phase]
    todo = {
        name: [p for ph in phases for p in found.get(ph, [])] for name, phases in PHASES.items()
    }
    hands = duel_hands(found.get("duel", []))
    return {
        "sampling": (len(everything), lambda m: sample_all(m[1], everything)),
        "play": (len(todo["play"]), lambda m: analyse_all(m[0], todo["play"])),
        "duel": (len(todo["duel"]), lambda m: analyse_all(m[0], todo["duel"])),
        "replace": (len(todo["replace"]), lambda m: analyse_all(m[0], todo["replace"])),
        "duel_matrix": (len(hands), lambda m: matrix_all(m[2], hands)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5, help="old/new alternations per path")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--paths", nargs="*", default=None)
    options = parser.parse_args(argv)
    found = positions(options.games, options.seed)
    sides = {"old": (old, old_sampling.samples, old.solver), "new": (new_hard, dealt, new_solver)}
    report: dict[str, Any] = {
        "bench": "ai_speed",
        "games": options.games,
        "rounds": options.rounds,
        "positions": {k: len(v) for k, v in found.items()},
        "paths": {},
    }
    for name, (count, run) in paths(found).items():
        if options.paths and name not in options.paths:
            continue
        times: dict[str, list[float]] = {"old": [], "new": []}
        results: dict[str, list[Any]] = {}
        for round_index in range(options.rounds):
            order = ("old", "new") if round_index % 2 == 0 else ("new", "old")
            for side in order:
                seconds, results[side] = timed(functools.partial(run, sides[side]))
                times[side].append(seconds)
        ms = {
            side: 1000 * statistics.median(values) / max(1, count) for side, values in times.items()
        }
        same = results["old"] == results["new"]
        report["paths"][name] = {
            "positions": count,
            "old_ms": round(ms["old"], 3),
            "new_ms": round(ms["new"], 3),
            "speedup": round(ms["old"] / ms["new"], 2) if ms["new"] else None,
            "same_results": same,
        }
        print(
            f"{name:12s} {count:4d} positions  old {ms['old']:8.3f} ms  new {ms['new']:8.3f} ms  "
            f"x{ms['old'] / ms['new']:.2f}  same={same}",
            file=sys.stderr,
            flush=True,
        )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
