"""What more samples could buy the hard level: its decisions re-valued on ten times the samples.

    python -m bench.ai_headroom [--games 6] [--seed 1] [--player hard] [--against hard-2026-12]
                                [--oracle] [--compare hard-nomodel]

Plays ``--games`` seeded games of ``--player`` (the hard level or one of its
tournament variants, fixed samples, no deadline) against ``--against`` (a
tournament player name, seats alternating), then re-values every decision of
the player's seat with the same model (the
hard level's analysis) on a **reference** bot with ``--reference-scale``
times the samples and another seed, as ``bench/review_quality.py`` does. A
decision's **loss** is the reference's best value less the reference's value
of the move played, in points (a point is 1 % of a round's chance). Per
phase (the replacement also by turn: ``replace:first``, ``replace:second``,
``replace:centre``): decisions, the mean loss, and the share of decisions
losing 2 and 5 points or more; ``per_round``: the mean loss summed over a round's decisions.

The reference's best is the largest of noisy averages, so a loss is an upper
bound of what the samples cost: what the hard level would gain, at most, from
playing its own analysis without sampling noise. It says nothing of what its
model of the game misses (the exact solver assumes both players see both
hands, for one). With ``--oracle`` the reference is shown the opponent's
real hand (the draw pile still unknown): the loss is then what not knowing
the hidden hand costs each decision, phase by phase - the most a better read
of the opponent (tacocat.ai.model) could win back. ``--compare P`` asks
player ``P`` too at each of those observations and values its choice the
same way: per phase its mean loss, and the **gain** (P's loss less the
player's, mean and standard error) - a paired comparison of two players'
decisions on the same positions, far less noisy than a tournament.
Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from collections import defaultdict
from typing import Any

from bench import ai_tournament
from bench.review_quality import OTHER_SEED, plain_values, reference_counts
from tacocat.ai.analysis import observation_seed
from tacocat.ai.hard import HardBot
from tacocat.ai.review import decisions, kind_of
from tacocat.rules import Action, GameRecord, Observation
from tacocat.sim import game_seed, play_game


def game(index: int, seed: int, player: str, against: str) -> tuple[GameRecord, int]:
    """Game ``index``: ``player`` against ``against``, seats alternating; (record, its seat)."""
    hard, other = ai_tournament.bot(player), ai_tournament.bot(against)
    seat = index % 2
    bots = (hard, other) if seat == 0 else (other, hard)
    rngs = (random.Random(f"{seed}:{index}:0"), random.Random(f"{seed}:{index}:1"))
    result = play_game(bots, game_seed(seed, index), rngs)
    return GameRecord.from_state(result.final_state), seat


Loss = tuple[str, int, float, float | None]  # phase, round, loss, the --compare player's loss


def losses(
    record: GameRecord, seat: int, reference: HardBot, oracle: bool = False, compare: Any = None
) -> list[Loss]:
    """(phase, round, loss in points, ``compare``'s loss or None) of each of
    ``seat``'s decisions. ``oracle``: the reference is shown the opponent's
    real hand; ``compare``: another bot chooses at the same observation, and
    its choice is valued by the same analysis (a paired comparison)."""
    real = [state.hands[1 - seat] for state, _ in record.steps()] if oracle else []
    out: list[Loss] = []
    for step, observation, legal, action in decisions(record, seat):
        seed = observation_seed(observation)
        other = None if compare is None else compare.choose(observation, legal, random.Random(seed))
        must = (action,) if other is None else (action, other)
        with ai_tournament.peeking(observation, real[step]) if oracle else contextlib.nullcontext():
            analysis = reference.analyse(
                observation, legal, random.Random(seed ^ OTHER_SEED), must=must
            )
        values = plain_values(analysis)
        best = max(values)
        other_loss = None if other is None else 100 * (best - values[analysis.actions.index(other)])
        out.append(
            (
                _phase(observation, action),
                observation.round_number,
                100 * (best - values[analysis.actions.index(action)]),
                other_loss,
            )
        )
    return out


def _phase(observation: Observation, action: Action) -> str:
    """The decision's kind; a replacement also by its seat's turn
    (:func:`ai_tournament.decision_phase`)."""
    kind = kind_of(action)
    return ai_tournament.decision_phase(observation) if kind == "replace" else kind


def summary(found: list[Loss], rounds: int) -> dict[str, Any]:
    by_phase: dict[str, list[Loss]] = defaultdict(list)
    for row in found:
        by_phase[row[0]].append(row)
        if row[0].startswith("replace:"):
            by_phase["replace"].append(row)
    out: dict[str, Any] = {}
    for phase, rows in sorted(by_phase.items()):
        n = len(rows)
        values = [loss for _, _, loss, _ in rows]
        out[phase] = {
            "decisions": n,
            "mean_loss": round(sum(values) / n, 2),
            "share_2": round(sum(v >= 2 for v in values) / n, 3),
            "share_5": round(sum(v >= 5 for v in values) / n, 3),
        }
        others = [other for _, _, _, other in rows if other is not None]
        if len(others) == n:
            gains = [other - loss for loss, other in zip(values, others, strict=True)]
            mean = sum(gains) / n
            spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5 if n > 1 else 0.0
            out[phase].update(
                compare_loss=round(sum(others) / n, 2),
                gain=round(mean, 2),
                gain_se=round(spread / n**0.5, 2),
            )
    out["per_round"] = round(sum(row[2] for row in found) / rounds, 2) if rounds else None
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", type=ai_tournament.player_name, default="hard")
    parser.add_argument("--against", type=ai_tournament.player_name, default="hard-2026-12")
    parser.add_argument(
        "--reference-scale",
        type=int,
        default=10,
        help="the reference's samples, in multiples of the review's",
    )
    parser.add_argument(
        "--oracle",
        action="store_true",
        help="the reference sees the opponent's real hand: what not knowing it costs",
    )
    parser.add_argument(
        "--compare",
        type=ai_tournament.player_name,
        help="another player choosing at the same observations, valued the same way",
    )
    return parser


def run(options: argparse.Namespace, counts: dict[str, Any]) -> tuple[list[Loss], int]:
    """The games played and their decisions valued: every loss found, and the rounds."""
    reference = HardBot(time_budget=None, model=not options.oracle, **counts)
    ai_tournament._OPTIONS.update(ai_tournament.FIXED)  # before any player is made
    compare = None if options.compare is None else ai_tournament.bot(options.compare)
    found: list[Loss] = []
    rounds = 0
    for index in range(options.games):
        record, seat = game(index, options.seed, options.player, options.against)
        mine = losses(record, seat, reference, options.oracle, compare)
        found.extend(mine)
        rounds += len({row[1] for row in mine})
        print(
            f"game {index + 1}/{options.games}: {len(mine)} decisions", file=sys.stderr, flush=True
        )
    return found, rounds


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    counts = reference_counts(options.reference_scale)
    found, rounds = run(options, counts)
    print(
        json.dumps(
            {
                "bench": "ai_headroom",
                "games": options.games,
                "seed": options.seed,
                "player": options.player,
                "against": options.against,
                "reference": counts,
                "oracle": options.oracle,
                "compare": options.compare,
                "rounds": rounds,
                **summary(found, rounds),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
