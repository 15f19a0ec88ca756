"""Can the game review be trusted? Re-value its decisions on many more samples and count.

    python -m bench.review_quality [--games 10] [--seed 1] [--variants old new] [--details FILE]

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
* ``by_kind`` - the same figures per kind of decision (replace, duel, attack,
  answer), with ``false_marks`` (marked, under 5 points), ``under_10``
  (marked, under 10: no mistake by the reference, though its own noise of a
  point or two puts a few there), ``overstated`` (the marked moves' mean cost
  less the reference's, in points: how far the review's costs are lucky
  picks) and ``missed``;
* ``cpu_s_per_game`` / ``wall_s_per_game`` - the review's time, one seat.

The reference has ``--reference-scale`` (10) times the new review's samples
(1,280 play, 640 duel, 640 exact replacement deals, 320 screening deals, 8
finalists): a reference no better than the review would count its own noise
as the review's errors.

Variants: ``old`` is the review as it was before issue #20 (the frozen hard
level, 32/12/12 samples, 8 screening samples and 3 finalists, the plain best
average, a mistake at 10 points); ``new`` is :func:`tacocat.ai.review.review_game`.
Issue #20's targets: precision >= 0.95, recall >= 0.85, wrong_better <= 0.02,
10 s a game. Progress and the figures per kind to stderr; one JSON line last.
``--details`` writes one JSON line per decision and variant (the review's cost,
error and mark beside the reference's cost of the move and of the better move).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.yardstick.hard_2026_12 import HardBot as OldHard
from tacocat.ai.analysis import observation_seed
from tacocat.ai.hard import Analysis, HardBot
from tacocat.ai.medium import MediumBot
from tacocat.ai.review import MISTAKE, Moment, decisions, kind_of, review_bot, review_game
from tacocat.rules import GameRecord
from tacocat.sim import game_seed, play_game


def reference_counts(scale: int) -> dict[str, Any]:  # keyword arguments of HardBot
    """The reference: ``scale`` times the new review's first samples (ten by default, so
    more than its doubtful decisions get too), ten times its screening, eight finalists."""
    base = review_bot()
    return dict(
        play_samples=base.play_samples * scale,
        duel_samples=base.duel_samples * scale,
        replace_samples=base.replace_samples * scale,
        screen_samples=base.screen_samples * 10,
        finalists=8,
    )


OTHER_SEED = 0x5EED_0F_20


def game(index: int, seed: int) -> tuple[GameRecord, int]:
    """Game ``index``: medium against hard, seats alternating; (record, medium's seat)."""
    hard = HardBot(
        time_budget=None,
        play_samples=96,
        duel_samples=24,
        replace_samples=32,
        screen_samples=16,
        model=False,
    )  # the opponent of issue #20's measurement
    medium = MediumBot(time_budget=None)
    seat = index % 2
    bots = (medium, hard) if seat == 0 else (hard, medium)
    rngs = (random.Random(f"{seed}:{index}:0"), random.Random(f"{seed}:{index}:1"))
    result = play_game(bots, game_seed(seed, index), rngs)
    return GameRecord.from_state(result.final_state), seat


def old_review(record: GameRecord, seat: int) -> list[Moment]:
    """The review before issue #20: plain best average, a mistake at 10 points."""
    bot = OldHard(
        time_budget=None,
        play_samples=32,
        duel_samples=12,
        replace_samples=12,
        screen_samples=8,
        finalists=3,
    )
    moments = []
    for step, observation, legal, action in decisions(record, seat):
        rng = random.Random(observation_seed(observation))
        analysis = bot.analyse(observation, legal, rng, must=(action,))
        best = analysis.best
        moments.append(
            Moment(
                step,
                observation.round_number,
                action,
                best,
                analysis.value_of(action),
                analysis.value_of(best),
            )
        )
    return moments


def old_mark(moment: Moment) -> bool:
    return moment.cost >= MISTAKE


def reference_values(
    record: GameRecord, seat: int, reviews: dict[str, list[Moment]], bot: HardBot
) -> list[dict[Any, float]]:
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


KINDS = ("replace", "duel", "attack", "answer")


def score(moments: list[Moment], reference: list[dict[Any, float]], marked: Any) -> dict[str, Any]:
    """Precision, recall and wrong "better moves" of one variant against the reference,
    over all decisions and per kind of decision (``by_kind``)."""
    tallies: dict[str, Counter[str]] = {kind: Counter() for kind in ("all", *KINDS)}
    for moment, values in zip(moments, reference, strict=True):
        top = max(values.values())
        cost = 100 * (top - values[moment.played])
        is_marked = bool(marked(moment))
        bad = moment.best != moment.played and 100 * (top - values[moment.best]) >= 5
        for kind in ("all", kind_of(moment.played)):
            tallies[kind].update(
                decisions=1,
                marked=is_marked,
                hits=is_marked and cost >= 5,
                under_10=is_marked and cost < 10,
                real=cost >= 10,
                found=cost >= 10 and is_marked,
                wrong=bad,
            )
            if is_marked:  # in hundredths of a point: a Counter adds, a mean needs a sum
                tallies[kind]["over"] += round(100 * (moment.cost - cost))
    figures = _figures(tallies["all"])
    figures["wrong_better_replace"] = _figures(tallies["replace"])["wrong_better"]
    figures["by_kind"] = {kind: _figures(tallies[kind]) for kind in KINDS}
    return figures


def _figures(tally: Counter[str]) -> dict[str, Any]:
    flagged, real, n = tally["marked"], tally["real"], tally["decisions"]
    return {
        "decisions": n,
        "marked": flagged,
        "real_mistakes": real,
        "precision": round(tally["hits"] / flagged, 3) if flagged else None,
        "recall": round(tally["found"] / real, 3) if real else None,
        "wrong_better": round(tally["wrong"] / n, 4) if n else None,
        "false_marks": flagged - tally["hits"],
        "under_10": tally["under_10"],
        "overstated": round(tally["over"] / 100 / flagged, 1) if flagged else None,
        "missed": real - tally["found"],
    }


def detail_rows(
    game_index: int, variant: str, moments: list[Moment], reference: list[dict[Any, float]]
) -> list[dict[str, Any]]:
    """One row per decision for ``--details``: the review's cost and mark beside the
    reference's cost of the move played and of the review's better move (points)."""
    rows = []
    for moment, values in zip(moments, reference, strict=True):
        top = max(values.values())
        rows.append(
            {
                "game": game_index,
                "step": moment.step,
                "variant": variant,
                "kind": kind_of(moment.played),
                "cost": moment.cost,
                "error": moment.cost_error,
                "mark": moment.mark,
                "ref_cost": round(100 * (top - values[moment.played]), 1),
                "ref_better_cost": round(100 * (top - values[moment.best]), 1),
            }
        )
    return rows


def report_line(variant: str, figures: dict[str, Any]) -> str:
    """A variant's figures, one line for all decisions and one per kind."""

    def line(name: str, f: dict[str, Any]) -> str:
        return (
            f"  {name:8} {f['decisions']:4} decisions, {f['marked']:3} marked "
            f"({f['false_marks']} under 5 points, {f['under_10']} under 10, "
            f"overstated {f['overstated']}), {f['real_mistakes']:3} real "
            f"({f['missed']} missed); precision {f['precision']}, recall {f['recall']}, "
            f"wrong_better {f['wrong_better']}"
        )

    return "\n".join(
        [
            f"{variant}: {figures['cpu_s_per_game']} s CPU a game",
            line("all", figures),
            *(line(kind, f) for kind, f in figures["by_kind"].items()),
        ]
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", nargs="*", default=["old", "new"], choices=["old", "new"])
    parser.add_argument(
        "--reference-scale",
        type=int,
        default=10,
        help="the reference's samples, in multiples of the new review's",
    )
    parser.add_argument("--details", type=Path, help="write one JSON line per decision here")
    return parser


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    counts = reference_counts(options.reference_scale)
    runs, references, details = review_games(options, HardBot(time_budget=None, **counts))
    if options.details is not None:
        options.details.write_text("".join(json.dumps(row) + "\n" for row in details))
    report: dict[str, Any] = {
        "bench": "review_quality",
        "games": options.games,
        "seed": options.seed,
        "reference": counts,
    }
    for variant, run in runs.items():
        report[variant] = variant_figures(variant, run, references)
        print(report_line(variant, report[variant]), file=sys.stderr)
    print(json.dumps(report))
    return 0


#: Each variant's reviews: their "moments", and each game's "cpu" and "wall" seconds.
Runs = dict[str, dict[str, list[Any]]]


def review_games(
    options: argparse.Namespace, reference_bot: HardBot
) -> tuple[Runs, list[dict[Any, float]], list[dict[str, Any]]]:
    """Each game played and reviewed by every variant, its decisions valued by the reference:
    (each variant's moments and times, the reference values, the ``--details`` rows)."""
    runs: Runs = {v: {"moments": [], "cpu": [], "wall": []} for v in options.variants}
    references: list[dict[Any, float]] = []
    details: list[dict[str, Any]] = []
    for index in range(options.games):
        record, seat = game(index, options.seed)
        reviews = {
            variant: reviewed(variant, record, seat, runs[variant]) for variant in options.variants
        }
        reference = reference_values(record, seat, reviews, reference_bot)
        references.extend(reference)
        for variant, moments in reviews.items():
            details.extend(detail_rows(index, variant, moments, reference))
        print(
            f"game {index + 1}/{options.games}: {len(reviews[options.variants[0]])} decisions, "
            + ", ".join(f"{v} {runs[v]['cpu'][-1]:.2f} s CPU" for v in options.variants),
            file=sys.stderr,
            flush=True,
        )
    return runs, references, details


def variant_figures(
    variant: str, run: dict[str, list[Any]], references: list[dict[Any, float]]
) -> dict[str, Any]:
    """One variant's scores against the reference, and its times a game."""
    marked = old_mark if variant == "old" else (lambda m: m.mark is not None)
    figures = score(run["moments"], references, marked)
    figures["cpu_s_per_game"] = round(sum(run["cpu"]) / len(run["cpu"]), 3)
    figures["wall_s_per_game"] = round(sum(run["wall"]) / len(run["wall"]), 3)
    figures["worst_wall_s"] = round(max(run["wall"]), 3)
    return figures


def reviewed(
    variant: str, record: GameRecord, seat: int, run: dict[str, list[Any]]
) -> list[Moment]:
    """``variant``'s review of ``record``'s ``seat``, its time and moments kept in ``run``."""
    wall, cpu = time.perf_counter(), time.process_time()
    if variant == "old":
        moments = old_review(record, seat)
    else:
        moments = list(review_game(record, seat).moments)
    run["cpu"].append(time.process_time() - cpu)
    run["wall"].append(time.perf_counter() - wall)
    run["moments"].extend(moments)
    return moments


if __name__ == "__main__":
    sys.exit(main())
