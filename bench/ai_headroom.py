"""What more samples could buy the hard level: its decisions re-valued on ten times the samples.

    python bench/ai_headroom.py [--games 6] [--seed 1] [--player hard] [--against hard-2026-12]

Plays ``--games`` seeded games of ``--player`` (the hard level or one of its
tournament variants, fixed samples, no deadline) against ``--against`` (a
tournament player name, seats alternating), then re-values every decision of
the player's seat with the same model (the
hard level's analysis) on a **reference** bot with ``--reference-scale``
times the samples and another seed, as ``bench/review_quality.py`` does. A
decision's **loss** is the reference's best value less the reference's value
of the move played, in points (a point is 1 % of a round's chance). Per
phase: decisions, the mean loss, and the share of decisions losing 2 and 5
points or more; ``per_round``: the mean loss summed over a round's decisions.

The reference's best is the largest of noisy averages, so a loss is an upper
bound of what the samples cost: what the hard level would gain, at most, from
playing its own analysis without sampling noise. It says nothing of what its
model of the game misses (the exact solver assumes both players see both
hands, for one). Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ai_tournament  # noqa: E402
from review_quality import OTHER_SEED, plain_values, reference_counts  # noqa: E402

from tacocat.ai.analysis import observation_seed  # noqa: E402
from tacocat.ai.hard import HardBot  # noqa: E402
from tacocat.ai.review import decisions, kind_of  # noqa: E402
from tacocat.rules import GameRecord  # noqa: E402
from tacocat.sim import game_seed, play_game  # noqa: E402


def game(index: int, seed: int, player: str, against: str) -> tuple[GameRecord, int]:
    """Game ``index``: ``player`` against ``against``, seats alternating; (record, its seat)."""
    ai_tournament._OPTIONS.update(ai_tournament.FIXED)
    hard, other = ai_tournament.bot(player), ai_tournament.bot(against)
    seat = index % 2
    bots = (hard, other) if seat == 0 else (other, hard)
    rngs = (random.Random(f"{seed}:{index}:0"), random.Random(f"{seed}:{index}:1"))
    result = play_game(bots, game_seed(seed, index), rngs)
    return GameRecord.from_state(result.final_state), seat


def losses(record: GameRecord, seat: int, reference: HardBot) -> list[tuple[str, int, float]]:
    """(phase, round, loss in points) of each of ``seat``'s decisions."""
    out = []
    for _, observation, legal, action in decisions(record, seat):
        rng = random.Random(observation_seed(observation) ^ OTHER_SEED)
        analysis = reference.analyse(observation, legal, rng, must=(action,))
        values = plain_values(analysis)
        played = values[analysis.actions.index(action)]
        out.append((kind_of(action), observation.round_number, 100 * (max(values) - played)))
    return out


def summary(found: list[tuple[str, int, float]], rounds: int) -> dict[str, Any]:
    by_phase: dict[str, list[float]] = defaultdict(list)
    for phase, _, loss in found:
        by_phase[phase].append(loss)
    out: dict[str, Any] = {}
    for phase, values in sorted(by_phase.items()):
        n = len(values)
        out[phase] = {"decisions": n, "mean_loss": round(sum(values) / n, 2),
                      "share_2": round(sum(v >= 2 for v in values) / n, 3),
                      "share_5": round(sum(v >= 5 for v in values) / n, 3)}
    out["per_round"] = round(sum(loss for _, _, loss in found) / rounds, 2) if rounds else None
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", type=ai_tournament.player_name, default="hard")
    parser.add_argument("--against", type=ai_tournament.player_name, default="hard-2026-12")
    parser.add_argument("--reference-scale", type=int, default=10,
                        help="the reference's samples, in multiples of the review's")
    options = parser.parse_args(argv)
    counts = reference_counts(options.reference_scale)
    reference = HardBot(time_budget=None, **counts)
    found: list[tuple[str, int, float]] = []
    rounds = 0
    for index in range(options.games):
        record, seat = game(index, options.seed, options.player, options.against)
        mine = losses(record, seat, reference)
        found.extend(mine)
        rounds += len({r for _, r, _ in mine})
        print(f"game {index + 1}/{options.games}: {len(mine)} decisions", file=sys.stderr, flush=True)
    print(json.dumps({"bench": "ai_headroom", "games": options.games, "seed": options.seed,
                      "player": options.player, "against": options.against, "reference": counts, "rounds": rounds,
                      **summary(found, rounds)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
