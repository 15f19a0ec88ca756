"""Headless simulation: play whole games between bots and print statistics.

``python main.py --simulate N --p1 KIND --p2 KIND --seed S [--record-dir DIR]``
plays N games with no window. Seats alternate: in odd-numbered games the p1
player takes the first seat, in even-numbered games the second. The last line
printed is one JSON object::

    {"games": N, "wins": [p1, p2], "rounds_mean": ..., "tied_rounds": ...}

The same seed gives the same output (every bot gets its own seeded random
source). The games are played by :func:`tacocat.ai.arena.play_game`, the one
game loop (which also checks every choice is legal); the simulator only seats
the players, seeds them and sums up.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import TextIO

from tacocat.ai import make_bot
from tacocat.ai.arena import GameResult, play_game
from tacocat.rules import GameRecord

__all__ = ["GameResult", "game_seed", "play_game", "run_simulation", "simulate"]


def game_seed(seed: int, index: int) -> int:
    """The shuffling seed of game ``index`` in a run seeded with ``seed``."""
    return random.Random(f"tacocat-sim:{seed}:{index}").getrandbits(63)


def simulate(
    games: int, p1: str, p2: str, seed: int, record_dir: Path | None = None
) -> dict[str, object]:
    """Play ``games`` games between player kinds ``p1`` and ``p2``; return the summary."""
    players = (make_bot(p1), make_bot(p2))
    wins = [0, 0]
    rounds_total = tied_total = 0
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        # Alternate seats: player p1 sits first in even-indexed games.
        order = (0, 1) if index % 2 == 0 else (1, 0)
        bots = (players[order[0]], players[order[1]])
        rngs = (random.Random(f"{seed}:{index}:seat0"), random.Random(f"{seed}:{index}:seat1"))
        # No round limit: a simulated game is played to its end.
        result = play_game(bots, game_seed(seed, index), rngs, max_rounds=None)
        assert result.winner is not None  # played to the end
        wins[order[result.winner]] += 1
        rounds_total += result.rounds
        tied_total += result.tied_rounds
        if record_dir is not None:
            record = GameRecord.from_state(result.final_state).to_dict()
            record["players"] = [(p1, p2)[order[0]], (p1, p2)[order[1]]]
            (record_dir / f"game-{index + 1:05d}.json").write_text(json.dumps(record) + "\n")
    return {
        "games": games,
        "wins": wins,
        "rounds_mean": round(rounds_total / games, 3),
        "tied_rounds": tied_total,
    }


def run_simulation(options: argparse.Namespace, out: TextIO) -> int:
    """The ``--simulate`` entry point; prints the summary as the last line."""
    seed = options.seed if options.seed is not None else 0
    summary = simulate(options.simulate, options.p1, options.p2, seed, options.record_dir)
    print(json.dumps(summary), file=out)
    return 0
