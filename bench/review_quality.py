"""Can the game review be trusted? Re-value its decisions on many more samples and count.

    python bench/review_quality.py [--games 10] [--seed 1] [--variants old new]

Plays ``--games`` seeded games, medium against hard (both without a deadline:
fixed samples, so the games do not depend on the machine), reviews medium's
seat with each variant, then re-values every rated decision with the same
model (the hard level's analysis) on a **reference** bot with many more
samples and another seed, given the move played and each variant's "better
move" to value. Against the reference, per variant:

* ``precision`` - of the moves marked mistake or blunder, the share that cost
  at least 5 points by the re-valuation;
* ``recall`` - of the moves that cost at least 10 points by the re-valuation,
  the share marked;
* ``wrong_better`` - the share of decisions whose "better move" is itself at
  least 5 points worse than the reference's best (``wrong_better_replace``:
  among replacements);
* ``cpu_s_per_game`` / ``wall_s_per_game`` - the review's time, one seat.

The reference has ``--reference-scale`` (10) times the new review's samples
(1,280 play, 640 duel, 640 exact replacement deals, 320 screening deals, 8
finalists): a reference no better than the review would count its own noise
as the review's errors.

Variants: ``old`` is the review as it was before issue #20 (the frozen hard
level, 32/12/12 samples, 8 screening samples and 3 finalists, the plain best
average, a mistake at 10 points); ``new`` is :func:`tacocat.ai.review.review_game`.
Issue #20's targets: precision >= 0.95, recall >= 0.85, wrong_better <= 0.02,
10 s a game. Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.yardstick.hard_2026_12 import HardBot as OldHard  # noqa: E402
from tacocat.ai.analysis import observation_seed  # noqa: E402
from tacocat.ai.hard import Analysis, HardBot  # noqa: E402
from tacocat.ai.medium import MediumBot  # noqa: E402
from tacocat.ai.review import MISTAKE, Moment, decisions, kind_of, review_bot, review_game  # noqa: E402
from tacocat.rules import GameRecord  # noqa: E402
from tacocat.sim import game_seed, play_game  # noqa: E402


def reference_counts(scale: int) -> dict[str, Any]:  # keyword arguments of HardBot
    """The reference: ``scale`` times the new review's first samples (ten by default, so
    more than its doubtful decisions get too), ten times its screening, eight finalists."""
    base = review_bot()
    return dict(play_samples=base.play_samples * scale, duel_samples=base.duel_samples * scale,
                replace_samples=base.replace_samples * scale,
                screen_samples=base.screen_samples * 10, finalists=8)

OTHER_SEED = 0x5EED_0F_20


def game(index: int, seed: int) -> tuple[GameRecord, int]:
    """Game ``index``: medium against hard, seats alternating; (record, medium's seat)."""
    hard = HardBot(time_budget=None, play_samples=96, duel_samples=24, replace_samples=32,
                   screen_samples=16, model=False)  # the opponent of issue #20's measurement
    medium = MediumBot(time_budget=None)
    seat = index % 2
    bots = (medium, hard) if seat == 0 else (hard, medium)
    rngs = (random.Random(f"{seed}:{index}:0"), random.Random(f"{seed}:{index}:1"))
    result = play_game(bots, game_seed(seed, index), rngs)
    return GameRecord.from_state(result.final_state), seat


def old_review(record: GameRecord, seat: int) -> list[Moment]:
    """The review before issue #20: plain best average, a mistake at 10 points."""
    bot = OldHard(time_budget=None, play_samples=32, duel_samples=12, replace_samples=12,
                  screen_samples=8, finalists=3)
    moments = []
    for step, observation, legal, action in decisions(record, seat):
        rng = random.Random(observation_seed(observation))
        analysis = bot.analyse(observation, legal, rng, must=(action,))
        best = analysis.best
        moments.append(Moment(step, observation.round_number, action, best,
                              analysis.value_of(action), analysis.value_of(best)))
    return moments


def old_mark(moment: Moment) -> bool:
    return moment.cost >= MISTAKE


def reference_values(record: GameRecord, seat: int, reviews: dict[str, list[Moment]],
                     bot: HardBot) -> list[dict[Any, float]]:
    """Per decision: the reference's value of each action it valued (plain averages)."""
    out = []
    for index, (_, observation, legal, action) in enumerate(decisions(record, seat)):
        must = [action] + [moments[index].best for moments in reviews.values()]
        rng = random.Random(observation_seed(observation) ^ OTHER_SEED)
        analysis = bot.analyse(observation, legal, rng, must=must)
        out.append(dict(zip(analysis.actions, plain_values(analysis), strict=True)))
    return out


def plain_values(analysis: Analysis) -> list[float]:
    """Each action's plain average over the analysis's samples (a replacement's
    ``values`` are discounted towards the heuristic's discard)."""
    if not analysis.rows:
        return list(analysis.values)
    n = len(analysis.rows)
    return [sum(row[i] for row in analysis.rows) / n for i in range(len(analysis.actions))]


def score(moments: list[Moment], reference: list[dict[Any, float]], marked: Any) -> dict[str, Any]:
    """Precision, recall and wrong "better moves" of one variant against the reference."""
    flagged = hits = real = found = wrong = replaces = wrong_replace = 0
    for moment, values in zip(moments, reference, strict=True):
        top = max(values.values())
        cost = 100 * (top - values[moment.played])
        is_marked = marked(moment)
        flagged += is_marked
        hits += is_marked and cost >= 5
        real += cost >= 10
        found += cost >= 10 and is_marked
        bad = moment.best != moment.played and 100 * (top - values[moment.best]) >= 5
        wrong += bad
        if kind_of(moment.played) == "replace":
            replaces += 1
            wrong_replace += bad
    n = len(moments)
    return {"decisions": n, "marked": flagged, "real_mistakes": real,
            "precision": round(hits / flagged, 3) if flagged else None,
            "recall": round(found / real, 3) if real else None,
            "wrong_better": round(wrong / n, 4) if n else None,
            "wrong_better_replace": round(wrong_replace / replaces, 4) if replaces else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", nargs="*", default=["old", "new"], choices=["old", "new"])
    parser.add_argument("--reference-scale", type=int, default=10,
                        help="the reference's samples, in multiples of the new review's")
    options = parser.parse_args(argv)
    counts = reference_counts(options.reference_scale)
    reference_bot = HardBot(time_budget=None, **counts)
    runs: dict[str, dict[str, list[Any]]] = {v: {"moments": [], "cpu": [], "wall": []}
                                            for v in options.variants}
    references: list[dict[Any, float]] = []
    for index in range(options.games):
        record, seat = game(index, options.seed)
        reviews: dict[str, list[Moment]] = {}
        for variant in options.variants:
            wall, cpu = time.perf_counter(), time.process_time()
            if variant == "old":
                reviews[variant] = old_review(record, seat)
            else:
                reviews[variant] = list(review_game(record, seat).moments)
            runs[variant]["cpu"].append(time.process_time() - cpu)
            runs[variant]["wall"].append(time.perf_counter() - wall)
            runs[variant]["moments"].extend(reviews[variant])
        references.extend(reference_values(record, seat, reviews, reference_bot))
        print(f"game {index + 1}/{options.games}: {len(reviews[options.variants[0]])} decisions, "
              + ", ".join(f"{v} {runs[v]['cpu'][-1]:.2f} s CPU" for v in options.variants),
              file=sys.stderr, flush=True)
    report: dict[str, Any] = {"bench": "review_quality", "games": options.games,
                              "seed": options.seed, "reference": counts}
    for variant, run in runs.items():
        marked = old_mark if variant == "old" else (lambda m: m.mark is not None)
        figures = score(run["moments"], references, marked)
        figures["cpu_s_per_game"] = round(sum(run["cpu"]) / len(run["cpu"]), 3)
        figures["wall_s_per_game"] = round(sum(run["wall"]) / len(run["wall"]), 3)
        figures["worst_wall_s"] = round(max(run["wall"]), 3)
        report[variant] = figures
        print(f"{variant}: {figures}", file=sys.stderr)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
