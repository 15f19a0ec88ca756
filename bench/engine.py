"""Benchmark the rules engine: random-vs-random complete games per second.

    python -m bench.engine [--games N] [--seed S]

Two loops on one core, timed in CPU time (process_time, so other load on the
machine does not count), both uniformly random over the legal actions:

* ``engine``: ``legal_actions`` + ``apply`` only - the engine's own cost;
* ``with_observations``: whole games through the one game loop
  (:func:`tacocat.ai.arena.play_game`, which ``--simulate`` uses): each mover's
  ``Observation``, a :class:`RandomBot`'s choice and the legality check.

The ``engine`` loop stays a bare loop on purpose: it measures the engine
without any player around it.

The last line printed is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from tacocat.ai import RandomBot
from tacocat.ai.arena import play_game
from tacocat.rules import new_game


def engine_loop(games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    actions = 0
    start = time.process_time()
    for index in range(games):
        state, _ = new_game(seed + index)
        while not state.is_over:
            legal = state.legal_actions(state.to_act[0])
            state, _ = state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    return time.process_time() - start, actions


def observed_loop(games: int, seed: int) -> tuple[float, int]:
    """Whole games through the one game loop (:func:`tacocat.ai.arena.play_game`), as
    ``--simulate`` plays them: observations, a bot's choice, the legality check."""
    bots = (RandomBot(), RandomBot())
    actions = 0
    start = time.process_time()
    for index in range(games):
        rngs = (random.Random(f"{seed}:{index}:0"), random.Random(f"{seed}:{index}:1"))
        actions += play_game(bots, seed + index, rngs, max_rounds=None).decisions
    return time.process_time() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine_loop(50, args.seed)  # warm up
    results = {}
    for name, loop in (("engine", engine_loop), ("with_observations", observed_loop)):
        seconds, actions = loop(args.games, args.seed)
        results[name] = {
            "games_per_s": round(args.games / seconds, 1),
            "us_per_action": round(seconds / actions * 1e6, 2),
            "actions_per_game": round(actions / args.games, 1),
        }
        print(f"{name}: {results[name]}", file=sys.stderr)
    print(json.dumps({"games": args.games, "seed": args.seed, **results}))


if __name__ == "__main__":
    main()
