"""Would another play search have attacked or answered better? Valued against the opponent's real replies.

    python -m bench.play_truth --against hard-2026-12 [--games 60] [--seed 5000]
    python -m bench.play_truth --against heuristic --models hard-nofusion

The hard level (fixed samples) plays ``--games`` seeded games against
``--against`` (a tournament player; seats alternating, pairs on one deal). At
each of its attacks and answers, today's choice and each ``--models`` player's
(``bench/play_search.py``; any hard-level tournament player will do) are
made on the same deals. Each distinct choice is then played in a copy of the
real game: the real opponent - with a copy of its random source, so it does
what it would really have done - acts until it is the hard level's turn again
(or the round ends), and that position is valued exactly with both real
hands. A choice's **gain** is its value less today's choice's, in points of a
round's chance: paired, and true to how this opponent really replies, which
``choice_truth.py --phase play`` (an opponent playing by the heuristic's
rules) is only for the heuristic. Per phase and model: ``decisions``,
``differ`` (how often its choice was not today's), ``gain`` and ``gain_se``
(mean and standard error), and ``credit``: the mean of its best value less
today's best value (for ``hard-nofusion``, what strategy fusion credits the
hard level with; never above 0). Progress to stderr; one JSON line last.
"""

from __future__ import annotations

import copy
import json
import math
import random
import sys
from collections.abc import Sequence
from typing import Any

from bench import ai_tournament
from bench.choice_truth import play_value
from tacocat.ai.deadline import Deadline
from tacocat.ai.sampling import tie_value
from tacocat.ai.solver import Solver
from tacocat.rules import Action
from tacocat.rules import events as ev
from tacocat.rules.actions import Attack, Respond

PHASES = {Attack: "attack", Respond: "answer"}


def reply_value(
    solver: Solver, state: Any, seat: int, action: Action, other: Any, other_rng: random.Random
) -> float:
    """``seat``'s value of ``action``: the real opponent replies, then both hands are known."""
    tie = tie_value(state.observation(seat))
    rng = copy.deepcopy(other_rng)
    state, events = state.apply(action)
    while True:
        for event in events:
            if isinstance(event, ev.RoundWon):
                return 1.0 if event.seat == seat else 0.0
            if isinstance(event, ev.RoundTied):
                return tie
        actor = state.to_act[0]
        legal = state.legal_actions(actor)
        if actor != seat:
            state, events = state.apply(other.choose(state.observation(actor), legal, rng))
        elif len(legal) == 1:
            state, events = state.apply(legal[0])
        else:
            observation, real = state.observation(seat), state.observation(1 - seat).hand
            return max(
                play_value(solver, observation, choice, real, tie, False) for choice in legal
            )


def probe(
    hard: Any,
    models: dict[str, Any],
    other: Any,
    state: Any,
    seat: int,
    other_rng: random.Random,
    rng: random.Random,
) -> dict[str, tuple[bool, float, float]]:
    """Per model at one decision: (its choice is not today's, its gain, its best value less today's)."""
    observation, legal = state.observation(seat), state.legal_actions(seat)
    today = hard.analyse(observation, legal, copy.deepcopy(rng), Deadline(None))
    truth = {today.best: reply_value(hard.solver, state, seat, today.best, other, other_rng)}
    found = {}
    for name, model in models.items():
        mine = model.analyse(observation, legal, copy.deepcopy(rng), Deadline(None))
        if mine.best not in truth:
            truth[mine.best] = reply_value(hard.solver, state, seat, mine.best, other, other_rng)
        found[name] = (
            mine.best != today.best,
            truth[mine.best] - truth[today.best],
            max(mine.values) - max(today.values),
        )
    return found


def run(
    against: str, names: Sequence[str], games: int, seed: int
) -> dict[str, dict[str, list[tuple[bool, float, float]]]]:
    """Per phase, per model: every probed decision's (differ, gain, credit)."""
    hard, other = ai_tournament.bot("hard"), ai_tournament.bot(against)
    models = {name: ai_tournament.bot(name) for name in names}
    found: dict[str, dict[str, list[tuple[bool, float, float]]]] = {}
    asked = 0

    def done(index: int) -> None:
        print(f"game {index + 1}/{games}: {asked} decisions", file=sys.stderr, flush=True)

    for index, state, seat, other_rng in ai_tournament.probed_games(hard, other, games, seed, done):
        phase = PHASES.get(type(state.legal_actions(seat)[0]))
        if phase is not None:
            asked += 1
            rng = random.Random(f"{seed}:{index}:{asked}")
            for name, row in probe(hard, models, other, state, seat, other_rng, rng).items():
                found.setdefault(phase, {}).setdefault(name, []).append(row)
    return found


def summary(found: dict[str, dict[str, list[tuple[bool, float, float]]]]) -> dict[str, Any]:
    """Per phase and model: decisions, differ, gain ± se and credit, in points."""
    out: dict[str, Any] = {}
    for phase, rows in found.items():
        out[phase] = {}
        for name, decisions in rows.items():
            n = len(decisions)
            gains = [gain for _, gain, _ in decisions]
            mean = sum(gains) / n
            var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
            out[phase][name] = {
                "decisions": n,
                "differ": sum(d for d, _, _ in decisions),
                "gain": round(100 * mean, 2),
                "gain_se": round(100 * math.sqrt(var / n), 2),
                "credit": round(100 * sum(c for _, _, c in decisions) / n, 2),
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = ai_tournament.probe_parser(__doc__, games=60, seed=5000)
    parser.add_argument(
        "--models",
        type=ai_tournament.player_name,
        nargs="+",
        default=["hard-nofusion", "hard-searchopp"],
    )
    options = ai_tournament.parse_probe(parser, argv)
    for name in options.models:
        if not hasattr(ai_tournament.bot(name), "analyse"):
            parser.error(f"--models: {name} is not a hard-level player (it has no analysis)")
    found = run(options.against, options.models, options.games, options.seed)
    print(
        json.dumps(
            {
                "bench": "play_truth",
                "against": options.against,
                "games": options.games,
                "seed": options.seed,
                "models": options.models,
                **summary(found),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
